import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type OutlineNode, WRITING_LIMITS } from '@paperdesk/contracts';
import { Button, Input, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

type Path = number[];

/** `nodes` with the list that holds `path`'s node replaced by `change(list, index)`. */
function editList(
  nodes: OutlineNode[],
  path: Path,
  change: (list: OutlineNode[], i: number) => OutlineNode[],
): OutlineNode[] {
  const [head, ...rest] = path;
  if (head === undefined) return nodes;
  if (rest.length === 0) return change(nodes, head);
  return nodes.map((n, i) => {
    if (i !== head) return n;
    const children = editList(n.children ?? [], rest, change);
    // a node whose last child was removed is a leaf again (the job writes its text)
    return children.length ? { ...n, children } : { title: n.title, brief: n.brief };
  });
}

const blank = (): OutlineNode => ({ title: '', brief: '' });

export const outlineActions = {
  set: (o: OutlineNode[], path: Path, patch: Partial<OutlineNode>) =>
    editList(o, path, (list, i) => list.map((n, j) => (j === i ? { ...n, ...patch } : n))),
  remove: (o: OutlineNode[], path: Path) => editList(o, path, (list, i) => list.filter((_, j) => j !== i)),
  move: (o: OutlineNode[], path: Path, by: -1 | 1) =>
    editList(o, path, (list, i) => {
      const j = i + by;
      if (j < 0 || j >= list.length) return list;
      const copy = [...list];
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      return copy;
    }),
  addChild: (o: OutlineNode[], path: Path) =>
    editList(o, path, (list, i) =>
      list.map((n, j) => (j === i ? { ...n, children: [...(n.children ?? []), blank()] } : n)),
    ),
  addChapter: (o: OutlineNode[]) => [...o, blank()],
};

/** A problem that would make the server refuse the outline, as a catalogue key; null when fine. */
export function outlineProblem(o: OutlineNode[]): 'emptyOutline' | 'emptyTitle' | null {
  if (o.length === 0) return 'emptyOutline';
  const bad = (ns: OutlineNode[]): boolean => ns.some((n) => !n.title.trim() || bad(n.children ?? []));
  return bad(o) ? 'emptyTitle' : null;
}

/** The outline as an editable tree: title and brief per node, add / move / remove. */
export default function OutlineEditor({
  value,
  onChange,
}: {
  value: OutlineNode[];
  onChange: (next: OutlineNode[]) => void;
}) {
  const { t } = useTranslation('writing');

  /** The buttons beside a node: add a child (not below the third level), move, remove. */
  const tools = (path: Path, index: number, siblings: number) => [
    ...(path.length < WRITING_LIMITS.maxDepth
      ? [
          {
            key: 'addChild',
            icon: <PlusOutlined />,
            disabled: false,
            apply: () => outlineActions.addChild(value, path),
          },
        ]
      : []),
    {
      key: 'up',
      icon: <ArrowUpOutlined />,
      disabled: index === 0,
      apply: () => outlineActions.move(value, path, -1),
    },
    {
      key: 'down',
      icon: <ArrowDownOutlined />,
      disabled: index === siblings - 1,
      apply: () => outlineActions.move(value, path, 1),
    },
    {
      key: 'remove',
      icon: <DeleteOutlined />,
      disabled: false,
      apply: () => outlineActions.remove(value, path),
    },
  ];

  const rows = (nodes: OutlineNode[], parent: Path, prefix: string) =>
    nodes.map((n, i) => {
      const path = [...parent, i];
      const number = prefix ? `${prefix}.${i + 1}` : String(i + 1);
      const level = path.length;
      return (
        <li key={path.join('-')} className={`wr-node wr-node--l${level}`}>
          <div className="wr-node__row">
            <span className="wr-node__num">{number}</span>
            <div className="wr-node__fields">
              <Input
                value={n.title}
                maxLength={60}
                status={n.title.trim() ? undefined : 'error'}
                placeholder={t('editor.titlePlaceholder')}
                onChange={(e) => onChange(outlineActions.set(value, path, { title: e.target.value }))}
                aria-label={`${number} ${t('editor.titlePlaceholder')}`}
                data-testid={`wr-node-title-${number}`}
              />
              <Input
                value={n.brief}
                maxLength={300}
                variant="filled"
                size="small"
                placeholder={t('editor.briefPlaceholder')}
                onChange={(e) => onChange(outlineActions.set(value, path, { brief: e.target.value }))}
              />
            </div>
            <div className="wr-node__tools">
              {tools(path, i, nodes.length).map((tool) => (
                <Tooltip key={tool.key} title={t(`editor.${tool.key}`)}>
                  <Button
                    size="small"
                    type="text"
                    danger={tool.key === 'remove'}
                    icon={tool.icon}
                    aria-label={t(`editor.${tool.key}`)}
                    disabled={tool.disabled}
                    onClick={() => onChange(tool.apply())}
                  />
                </Tooltip>
              ))}
            </div>
          </div>
          {n.children?.length ? <ul className="wr-tree">{rows(n.children, path, number)}</ul> : null}
        </li>
      );
    });

  return (
    <div data-testid="wr-outline">
      <ul className="wr-tree wr-tree--root">{rows(value, [], '')}</ul>
      <Button
        icon={<PlusOutlined />}
        type="dashed"
        block
        disabled={value.length >= WRITING_LIMITS.maxChapters}
        onClick={() => onChange(outlineActions.addChapter(value))}
      >
        {t('editor.addChapter')}
      </Button>
    </div>
  );
}
