import {
  CopyOutlined,
  DownloadOutlined,
  FileSearchOutlined,
  PlusOutlined,
  RobotOutlined,
} from '@ant-design/icons';
import type { ReduceContent, ReduceDetail, ReduceParagraphResult, ReduceScores } from '@paperdesk/contracts';
import { Alert, Button, Dropdown, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { num, yuan } from '../../shared/format.ts';
import { STATUS_COLORS } from '../../shared/records/status.ts';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import { aigcInit } from '../aigc/api.ts';
import { aigcContentPath } from '../../shared/paths/aigc.ts';
import { checkSubmitPath } from '../../shared/paths/check.ts';
import { downloadReduce, reduceReload, reduceSubmitCheck } from './api.ts';
import { ParagraphView } from './ParagraphView.tsx';
import { reduceContentPath, reducePaths } from '../../shared/paths/reduce.ts';
import { meets, type Metric, offTarget, percent } from './targets.ts';
import { ReportHead } from '../../shared/records/ReportParts.tsx';
import * as Compare from '../../shared/records/Compare.tsx';

/** How many off-target paragraphs the notice names. */
const UNMET_SHOWN = 3;

/** Where a record's kind is started again. */
export const startPathOf = (r: { kind: string; origin: string }) =>
  r.origin === 'report'
    ? reducePaths.cnki
    : r.kind === 'aigc'
      ? reducePaths.aigcdown
      : reducePaths.similarity;

/** One overall score: before → after against its target. */
function ScoreTile({ record, metric }: { record: ReduceDetail; metric: Metric }) {
  const { t } = useTranslation('reduce');
  const target = record.targets[metric];
  const before = record.before?.[metric] ?? null;
  const after = record.after?.[metric] ?? null;
  const ok = meets(after, target);
  return (
    <div
      className={`ck-tile rd-tile${target === null ? '' : ok ? ' is-met' : ' is-unmet'}`}
      data-testid={`rd-tile-${metric}`}
    >
      <span>{t(`content.tiles.${metric}`)}</span>
      <strong>
        <s>{percent(before)}</s> → {percent(after)}
      </strong>
      <small>
        {target === null ? t('content.tiles.notAsked') : t('content.tiles.target', { pct: percent(target) })}
      </small>
    </div>
  );
}

/**
 * The honest account of targets not reached, with the figures, and the model path when it would help. Read
 * from the record's scores as they are now (the user's reverts and edits move them), the server's notes only
 * for whether the model is offered.
 */
function Notes(props: { record: ReduceDetail; content: ReduceContent; onReloaded: () => void }) {
  const { record, onReloaded } = props;
  const { t } = useTranslation('reduce');
  const navigate = useNavigate();
  const [reloading, setReloading] = useState(false);
  const summary = offTarget(record, props.content.paragraphs);
  if (summary.state === 'nothing') return null;
  if (summary.state === 'met')
    return <Alert type="success" showIcon className="rd-notes" title={t('content.allMet')} />;
  const figure = (m: Metric, before: ReduceScores | null, after: ReduceScores | null) =>
    t('content.unmetFigure', {
      metric: t(`metric.${m}`),
      before: percent(before?.[m]),
      after: percent(after?.[m]),
      target: percent(record.targets[m]),
    });
  const byIndex = new Map(props.content.paragraphs.map((p) => [p.index, p]));
  // the whole text's figures when it is over; else the paragraphs still over, the first few by number
  const figures =
    summary.overall.length > 0
      ? summary.overall.map((m) => figure(m, record.before, record.after)).join('；')
      : summary.paragraphs
          .slice(0, UNMET_SHOWN)
          .map(({ index, metrics }) => {
            const p = byIndex.get(index);
            return t('content.paragraphFigure', {
              n: index + 1,
              figures: metrics.map((m) => figure(m, p?.before ?? null, p?.after ?? null)).join('，'),
            });
          })
          .join('；');
  const unmet = summary.unmet;
  const offline = record.path === 'offline';
  const suggest = offline && (record.modelAvailable || record.notes.some((n) => n.suggestModel));
  async function tryModel() {
    setReloading(true);
    try {
      // the unmet paragraphs become a new model-path record, waiting for its payment
      const next = await reduceReload(record.id, 'model');
      if (next.result.id !== record.id) navigate(reduceContentPath(next.result.id));
      else onReloaded();
    } catch {
      // the request layer has shown the message
    } finally {
      setReloading(false);
    }
  }
  return (
    <Alert
      type="warning"
      showIcon
      className="rd-notes"
      data-testid="rd-notes"
      title={unmet > 0 ? t('content.unmetTitle', { n: unmet }) : t('content.overallUnmet')}
      description={t(offline ? 'content.unmetOffline' : 'content.unmetModel', { figures })}
      action={
        suggest ? (
          <Button type="primary" icon={<RobotOutlined />} loading={reloading} onClick={() => void tryModel()}>
            {t('content.tryModel')}
          </Button>
        ) : offline ? (
          <span className="svc-muted">{t('content.modelUnavailable')}</span>
        ) : null
      }
    />
  );
}

/**
 * /papermachine/content/:id once done: scores before → after (overall and per paragraph), rounds, the honest
 * notes, downloads (the user's own .docx, optionally with tracked changes) and the side-by-side paragraphs
 * with accept / revert / edit / redo.
 */
export function Outcome(props: {
  record: ReduceDetail;
  content: ReduceContent;
  onParagraph: (r: ReduceParagraphResult) => void;
  onReloaded: () => void;
}) {
  const { t } = useTranslation('reduce');
  const navigate = useNavigate();
  const { record, content } = props;
  const [view, setView] = useState<Compare.View>('compare');
  const [onlyUnmet, setOnlyUnmet] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [checking, setChecking] = useState(false);

  const metrics = (['similarity', 'aigc'] as const).filter(
    (m) => record.targets[m] !== null || record.before?.[m] != null,
  );
  const rounds = content.paragraphs.reduce((s, p) => s + p.rounds.length, 0);
  const fullText = content.paragraphs.map((p) => p.text).join('\n');
  const shown = onlyUnmet ? content.paragraphs.filter((p) => p.met === false) : content.paragraphs;

  async function download(track: boolean) {
    setDownloading(true);
    try {
      await downloadReduce(
        record.id,
        track,
        `${record.title}-${t(`kind.${record.kind === 'aigc' ? 'aigc' : 'whole'}`)}.docx`,
      );
    } catch {
      // the request layer has shown the message
    } finally {
      setDownloading(false);
    }
  }
  /** Measures the rewritten text (as the user decided it) again: a 查重 or AIGC检测 record, ready to pay. */
  async function verify(metric: Metric) {
    setChecking(true);
    try {
      if (metric === 'similarity') {
        const r = await reduceSubmitCheck(record.id);
        navigate(checkSubmitPath(r.result.id));
      } else {
        const r = await aigcInit({ title: record.title.slice(0, 100), author: '' }, { text: fullText });
        navigate(aigcContentPath(r.result.id));
      }
    } catch {
      // the request layer has shown the message
    } finally {
      setChecking(false);
    }
  }
  // what the record aimed at is what gets verified; a record without targets by its kind
  const asked = (['similarity', 'aigc'] as const).filter((m) => record.targets[m] !== null);
  const verifiable: Metric[] = asked.length > 0 ? asked : [record.kind === 'aigc' ? 'aigc' : 'similarity'];

  return (
    <>
      <ReportHead
        title={record.title}
        titleTestId="rd-result-title"
        meta={
          <>
            {t(`kind.${record.origin === 'report' ? 'cnki' : record.kind === 'aigc' ? 'aigc' : 'whole'}`)} ·{' '}
            {t(`path.${record.path}`)} · {num(record.characters)} {t('content.charUnit')} ·{' '}
            {formatTime(record.finishedAt ?? record.createdAt, '{y}-{m}-{d} {h}:{i}')}{' '}
            <Tag color={STATUS_COLORS[record.status]}>{t(`status.${record.status}`)}</Tag>
          </>
        }
        below={record.keepsDocument && <div className="rd-own-docx">{t('content.ownDocx')}</div>}
        actions={
          <>
            {record.keepsDocument ? (
              <Dropdown
                menu={{
                  items: [
                    { key: 'clean', label: t('content.downloadClean') },
                    {
                      key: 'tracked',
                      label: (
                        <div>
                          <div>{t('content.downloadTracked')}</div>
                          <div className="svc-muted">{t('content.downloadTrackedHint')}</div>
                        </div>
                      ),
                    },
                  ],
                  onClick: ({ key }) => void download(key === 'tracked'),
                }}
              >
                <Button
                  type="primary"
                  icon={<DownloadOutlined />}
                  loading={downloading}
                  data-testid="rd-download"
                >
                  {t('content.download')}
                </Button>
              </Dropdown>
            ) : (
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                loading={downloading}
                onClick={() => void download(false)}
                data-testid="rd-download"
              >
                {t('content.download')}
              </Button>
            )}
            <Button
              icon={<CopyOutlined />}
              onClick={() =>
                void navigator.clipboard.writeText(fullText).then(() => toast().success(t('content.copied')))
              }
            >
              {t('content.copy')}
            </Button>
            {verifiable.length > 1 ? (
              <Dropdown
                menu={{
                  items: verifiable.map((m) => ({
                    key: m,
                    label: t(m === 'aigc' ? 'content.verifyAigc' : 'content.verifyCheck'),
                  })),
                  onClick: ({ key }) => void verify(key as Metric),
                }}
              >
                <Button icon={<FileSearchOutlined />} loading={checking} data-testid="rd-verify">
                  {t('content.verify')}
                </Button>
              </Dropdown>
            ) : (
              <Button
                icon={<FileSearchOutlined />}
                loading={checking}
                onClick={() => void verify(verifiable[0] ?? 'similarity')}
                data-testid="rd-verify"
              >
                {t(verifiable[0] === 'aigc' ? 'content.recheckAigc' : 'content.recheck')}
              </Button>
            )}
            <Button icon={<PlusOutlined />} onClick={() => navigate(startPathOf(record))}>
              {t('content.again')}
            </Button>
          </>
        }
      />

      <section className="svc-card rd-tiles" data-testid="rd-stats">
        {metrics.map((m) => (
          <ScoreTile key={m} record={record} metric={m} />
        ))}
        <div className="ck-tile">
          <span>{t('content.tiles.met')}</span>
          <strong>
            {record.metParagraphs} / {record.targetParagraphs}
          </strong>
        </div>
        <div className="ck-tile">
          <span>{t('content.tiles.rounds')}</span>
          <strong>{t('content.tiles.roundsValue', { n: rounds })}</strong>
        </div>
        {record.settlement && (
          <div className="ck-tile" data-testid="rd-settlement">
            <span>{t('content.tiles.charged')}</span>
            <strong>{yuan(record.settlement.chargedFen)}</strong>
            <small className="svc-muted">
              {t('content.tiles.chargedDetail', {
                billed: record.settlement.billedParagraphs,
                chars: num(record.settlement.billedCharacters),
                unmet: record.settlement.unmetParagraphs,
                kept: record.settlement.untouchedParagraphs,
                refund: yuan(record.settlement.refundFen),
              })}
            </small>
          </div>
        )}
      </section>
      <Notes record={record} content={content} onReloaded={props.onReloaded} />

      <section className="svc-card">
        <Compare.Toolbar view={view} onView={setView}>
          {view === 'compare' && (
            <span className="rd-toolbar__right">
              <span className="svc-muted">
                <Switch size="small" checked={onlyUnmet} onChange={setOnlyUnmet} /> {t('content.onlyUnmet')}
              </span>
              <Compare.Legend />
            </span>
          )}
        </Compare.Toolbar>
        {view === 'compare' ? (
          <div className="rd-pairs" data-testid="rd-compare">
            <Compare.Head />
            {shown.map((p) => (
              <ParagraphView
                key={p.index}
                recordId={record.id}
                p={p}
                targets={record.targets}
                editable
                onChange={props.onParagraph}
              />
            ))}
          </div>
        ) : (
          <div className="rd-text" data-testid="rd-text">
            {content.paragraphs.map((p) => (
              <p key={p.index} className={p.kind === 'heading' ? 'rd-text__heading' : undefined}>
                {p.text}
              </p>
            ))}
          </div>
        )}
      </section>
    </>
  );
}
