import { CheckOutlined, EditOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import type {
  ReduceParagraph,
  ReduceParagraphResult,
  ReduceScores,
  ReduceTargets,
} from '@paperdesk/contracts';
import { Button, Input, Tag, Tooltip } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../utils/feedback.ts';
import { decideParagraph, redoParagraph } from './api.ts';
import { diffRuns, side } from './diff.ts';
import { meets, type Metric, percent, refusalSummary } from './targets.ts';

const DECISION_COLORS = {
  pending: 'default',
  accepted: 'green',
  rejected: 'orange',
  edited: 'blue',
} as const;

function Marked({ pieces }: { pieces: { text: string; changed: boolean }[] }) {
  return (
    <>
      {pieces.map((p, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: runs have no identity but their order
        p.changed ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
      )}
    </>
  );
}

/** 复制比 32% → 12% with the after figure coloured by whether it meets its target. */
export function ScoreChange(props: {
  metric: Metric;
  before: ReduceScores | null;
  after: ReduceScores | null;
  target: number | null;
}) {
  const { t } = useTranslation('reduce');
  const b = props.before?.[props.metric] ?? null;
  const a = props.after?.[props.metric] ?? null;
  if (b === null && a === null) return null;
  const ok = meets(a, props.target);
  return (
    <span className={`rd-score${props.target === null ? '' : ok ? ' is-met' : ' is-unmet'}`}>
      {t(`metric.${props.metric}`)} {percent(b)} → <strong>{percent(a)}</strong>
    </span>
  );
}

/**
 * One paragraph of the comparison: the original and the kept text with the changed runs marked, its scores
 * before → after, the rounds it took, and the user's accept / revert / edit / redo (each answers the paragraph
 * re-measured and the record's new overall scores, handed to `onChange`).
 */
export function ParagraphView(props: {
  recordId: number;
  p: ReduceParagraph;
  targets: ReduceTargets;
  editable: boolean;
  onChange: (r: ReduceParagraphResult) => void;
}) {
  const { t } = useTranslation('reduce');
  const { p, targets } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const runs = useMemo(() => diffRuns(p.original, p.text), [p.original, p.text]);

  if (p.kind === 'heading') return <h3 className="rd-heading">{p.text}</h3>;
  if (p.state !== 'done') {
    return (
      <div className="rd-pair cmp-pair is-skipped">
        <div className="rd-pair__single cmp-text">
          {p.original}
          <Tag className="rd-pair__tag">
            {t(p.kind === 'reference' ? 'content.referenceNote' : 'content.kept')}
          </Tag>
        </div>
      </div>
    );
  }

  async function act(kind: string, run: () => Promise<{ result: ReduceParagraphResult }>) {
    setBusy(kind);
    try {
      const r = await run();
      props.onChange(r.result);
      setEditing(null);
      if (kind === 'edit') toast().success(t('content.saved'));
    } catch {
      // the request layer has shown the message
    } finally {
      setBusy(null);
    }
  }
  const decide = (decision: 'accepted' | 'rejected') =>
    act(decision, () => decideParagraph(props.recordId, { index: p.index, decision }));

  const metrics: Metric[] = (['similarity', 'aigc'] as const).filter(
    (m) => targets[m] !== null || p.before?.[m] != null,
  );
  let after: ReactNode;
  if (editing !== null) {
    after = (
      <div className="rd-edit">
        <Input.TextArea
          value={editing}
          onChange={(e) => setEditing(e.target.value)}
          autoSize={{ minRows: 4, maxRows: 14 }}
          data-testid="rd-edit-text"
        />
        <div className="rd-edit__actions">
          <Button
            type="primary"
            size="small"
            loading={busy === 'edit'}
            disabled={!editing.trim()}
            onClick={() =>
              void act('edit', () =>
                decideParagraph(props.recordId, { index: p.index, decision: 'edited', text: editing }),
              )
            }
          >
            {t('content.save')}
          </Button>
          <Button size="small" onClick={() => setEditing(null)}>
            {t('content.cancel')}
          </Button>
        </div>
      </div>
    );
  } else if (p.text === p.original && p.decision !== 'rejected') {
    const refusals = refusalSummary(p.rounds);
    // nothing the rules or the model offered beat the original on every asked score: say so, not a blank copy
    after = (
      <>
        <Marked pieces={side(runs, 'after')} />
        <div className="rd-pair__why">
          {t('content.noBetter')}
          {refusals && ` ${t('content.refusals', { reasons: refusals })}`}
        </div>
      </>
    );
  } else {
    after = <Marked pieces={side(runs, 'after')} />;
  }

  return (
    <div
      className={`rd-pair cmp-pair${p.met === false ? ' is-unmet' : ''}`}
      data-testid="rd-paragraph"
      data-index={p.index}
    >
      <div className="rd-pair__before cmp-text cmp-before">
        <Marked pieces={side(runs, 'before')} />
      </div>
      <div className="rd-pair__after cmp-text cmp-after">{after}</div>
      <div className="rd-pair__foot">
        <div className="rd-pair__scores">
          {metrics.map((m) => (
            <ScoreChange key={m} metric={m} before={p.before} after={p.after} target={targets[m]} />
          ))}
          <Tooltip
            title={p.rounds
              .map(
                (r) =>
                  `${r.round}. ${r.strategyLabel}${r.accepted ? ' ✓' : r.rejected.length ? ` ✗ ${r.rejected.join('、')}` : ''}`,
              )
              .join('\n')}
          >
            <span className="svc-muted">{t('content.rounds', { n: p.rounds.length })}</span>
          </Tooltip>
          {p.strategyLabel && <span className="svc-muted">· {p.strategyLabel}</span>}
          <Tag color={DECISION_COLORS[p.decision]}>{t(`content.decision.${p.decision}`)}</Tag>
          {p.state === 'done' && (
            <Tag color={p.billed ? 'blue' : 'default'} data-testid="rd-billed">
              {t(
                p.billed
                  ? 'content.billed'
                  : p.met === false
                    ? 'content.notBilledUnmet'
                    : 'content.notBilled',
              )}
            </Tag>
          )}
        </div>
        {props.editable && editing === null && (
          <div className="rd-pair__actions">
            <Button
              size="small"
              type="text"
              icon={<CheckOutlined />}
              disabled={p.decision === 'accepted' || p.rewritten === null}
              loading={busy === 'accepted'}
              onClick={() => void decide('accepted')}
            >
              {t('content.accept')}
            </Button>
            <Button
              size="small"
              type="text"
              icon={<UndoOutlined />}
              disabled={p.decision === 'rejected'}
              loading={busy === 'rejected'}
              onClick={() => void decide('rejected')}
              data-testid="rd-reject"
            >
              {t('content.reject')}
            </Button>
            <Button size="small" type="text" icon={<EditOutlined />} onClick={() => setEditing(p.text)}>
              {t('content.edit')}
            </Button>
            <Tooltip title={t('content.redosLeft', { n: p.redosLeft })}>
              <Button
                size="small"
                type="text"
                icon={<RedoOutlined />}
                disabled={p.redosLeft <= 0}
                loading={busy === 'redo'}
                onClick={() => void act('redo', () => redoParagraph(props.recordId, p.index))}
              >
                {t('content.redo')}
              </Button>
            </Tooltip>
          </div>
        )}
      </div>
    </div>
  );
}
