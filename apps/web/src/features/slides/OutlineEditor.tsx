import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PPT_OUTLINE_LIMITS, type PptOutlineSection } from '@paperdesk/contracts';
import { Button, Input, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

type Sections = PptOutlineSection[];

const swap = <T,>(list: T[], i: number, j: number): T[] => {
  if (j < 0 || j >= list.length) return list;
  const copy = [...list];
  [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  return copy;
};

/** A problem that would make the server refuse the outline, as a catalogue key; null when fine. */
export function outlineProblem(sections: Sections): 'empty' | 'emptyTitle' | null {
  if (sections.length === 0) return 'empty';
  return sections.some((s) => !s.title.trim() || s.points.some((p) => !p.trim())) ? 'emptyTitle' : null;
}

function Tool(props: {
  title: string;
  icon: React.ReactNode;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <Tooltip title={props.title}>
      <Button
        size="small"
        type="text"
        icon={props.icon}
        aria-label={props.title}
        disabled={props.disabled ?? false}
        danger={props.danger ?? false}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

/** The outline as editable sections, each with its points: add / move / remove. */
export default function OutlineEditor({
  value,
  onChange,
}: {
  value: Sections;
  onChange: (next: Sections) => void;
}) {
  const { t } = useTranslation('ppt');
  const setSection = (i: number, patch: Partial<PptOutlineSection>) =>
    onChange(value.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  return (
    <div data-testid="pp-outline">
      <ol className="pp-sections">
        {value.map((s, i) => (
          // sections have no id; the position is their identity while editing
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i} className="pp-section" data-testid={`pp-section-${i + 1}`}>
            <div className="pp-section__head">
              <span className="pp-section__num">{String(i + 1).padStart(2, '0')}</span>
              <Input
                value={s.title}
                maxLength={PPT_OUTLINE_LIMITS.text}
                status={s.title.trim() ? undefined : 'error'}
                placeholder={t('outline.section')}
                aria-label={`${i + 1} ${t('outline.section')}`}
                onChange={(e) => setSection(i, { title: e.target.value })}
              />
              <div className="pp-tools">
                <Tool
                  title={t('outline.up')}
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  onClick={() => onChange(swap(value, i, i - 1))}
                />
                <Tool
                  title={t('outline.down')}
                  icon={<ArrowDownOutlined />}
                  disabled={i === value.length - 1}
                  onClick={() => onChange(swap(value, i, i + 1))}
                />
                <Tool
                  title={t('outline.remove')}
                  icon={<DeleteOutlined />}
                  danger
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                />
              </div>
            </div>
            <ul className="pp-points">
              {s.points.map((p, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: points are edited in place by position
                <li key={k} className="pp-point">
                  <Input
                    size="small"
                    variant="filled"
                    value={p}
                    maxLength={PPT_OUTLINE_LIMITS.text}
                    status={p.trim() ? undefined : 'error'}
                    placeholder={t('outline.point')}
                    aria-label={`${i + 1}.${k + 1} ${t('outline.point')}`}
                    onChange={(e) =>
                      setSection(i, { points: s.points.map((x, m) => (m === k ? e.target.value : x)) })
                    }
                  />
                  <div className="pp-tools">
                    <Tool
                      title={t('outline.pointUp')}
                      icon={<ArrowUpOutlined />}
                      disabled={k === 0}
                      onClick={() => setSection(i, { points: swap(s.points, k, k - 1) })}
                    />
                    <Tool
                      title={t('outline.pointRemove')}
                      icon={<DeleteOutlined />}
                      danger
                      onClick={() => setSection(i, { points: s.points.filter((_, m) => m !== k) })}
                    />
                  </div>
                </li>
              ))}
            </ul>
            {s.points.length < PPT_OUTLINE_LIMITS.points && (
              <Button
                size="small"
                type="link"
                icon={<PlusOutlined />}
                onClick={() => setSection(i, { points: [...s.points, ''] })}
              >
                {t('outline.addPoint')}
              </Button>
            )}
          </li>
        ))}
      </ol>
      <Button
        icon={<PlusOutlined />}
        type="dashed"
        block
        disabled={value.length >= PPT_OUTLINE_LIMITS.sections}
        onClick={() => onChange([...value, { title: '', points: [] }])}
      >
        {t('outline.addSection')}
      </Button>
    </div>
  );
}
