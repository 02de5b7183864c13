import {
  CopyOutlined,
  DownloadOutlined,
  FileSearchOutlined,
  LoadingOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { MachineChange, MachineDetail, MachineParagraph } from '@paperdesk/contracts';
import { Button, Progress, Result, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextHandover } from '../../shared/paths/handover.ts';
import { useNavigate, useParams } from 'react-router';
import { downloadMachine, loadMachine } from './api.ts';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import { num, pct } from '../../shared/format.ts';
import { isActive, STATUS_COLORS } from '../../shared/records/status.ts';
import '../check/check.css';
import '../../shared/records/records.css';
import './machine.css';
import { ReportHead } from '../../shared/records/ReportParts.tsx';
import * as Compare from '../../shared/records/Compare.tsx';
import { RecordLoading, RecordNotFound } from './states.tsx';
import { usePolledRecord } from '../../shared/records/queries.ts';

/** The original with the replaced runs marked, or the rewrite with the replacements marked. */
function marked(p: MachineParagraph, side: 'before' | 'after'): ReactNode[] {
  const out: ReactNode[] = [];
  let pos = 0;
  p.changes.forEach((c: MachineChange) => {
    if (c.start > pos) out.push(p.original.slice(pos, c.start));
    const piece = side === 'before' ? p.original.slice(c.start, c.end) : c.replacement;
    if (piece) out.push(<mark key={`${c.start}-${c.end}`}>{piece}</mark>);
    pos = c.end;
  });
  out.push(p.original.slice(pos));
  return out;
}

function Paragraphs({ record }: { record: MachineDetail }) {
  const { t } = useTranslation('machine');
  return (
    <div className="mc-pairs" data-testid="mc-compare">
      <Compare.Head />
      {(record.result ?? []).map((p) =>
        p.kind === 'heading' ? (
          <h3 key={p.index} className="mc-heading">
            {p.text}
          </h3>
        ) : (
          <div key={p.index} className={`mc-pair cmp-pair${p.method === 'kept' ? ' is-kept' : ''}`}>
            <div className="mc-pair__before cmp-text cmp-before">{marked(p, 'before')}</div>
            <div className="mc-pair__after cmp-text cmp-after">
              {marked(p, 'after')}
              <Tag
                className="mc-method"
                color={p.method === 'fallback' ? 'orange' : p.method === 'kept' ? 'default' : 'blue'}
              >
                {t(`method.${p.method}`)}
              </Tag>
            </div>
          </div>
        ),
      )}
    </div>
  );
}

/** /machine/content/:id: progress paragraph by paragraph, then the before/after comparison, the text and the .docx. */
export default function RewriteResult() {
  const { t } = useTranslation('machine');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const [view, setView] = useState<Compare.View>('compare');
  const [downloading, setDownloading] = useState(false);

  const record = usePolledRecord('machine', id, async (id) => (await loadMachine(id, true)).result);

  if (record.isLoading) return <RecordLoading />;
  const r = record.data;
  if (!r) return <RecordNotFound />;
  if (r.status === 'created') {
    navigate(`/machine/submit/${r.id}`, { replace: true });
    return null;
  }
  const startPage = r.edition === 'cnki' ? '/cnki/cnki' : '/nlp/machine';
  if (r.status === 'failed') {
    return (
      <div className="svc-page">
        <Result
          status="error"
          title={t('result.failed')}
          subTitle={
            <>
              <div>{r.message}</div>
              <div>{t('result.failedHint')}</div>
            </>
          }
          extra={
            <Button type="primary" onClick={() => navigate(startPage)}>
              {t('result.retry')}
            </Button>
          }
        />
      </div>
    );
  }

  const rewritten = (r.result ?? []).map((p) => p.text).join('\n');
  async function copy() {
    await navigator.clipboard.writeText(rewritten);
    toast().success(t('result.copied'));
  }
  async function download() {
    setDownloading(true);
    try {
      await downloadMachine(id, `${r?.title ?? 'rewrite'}-降重结果.docx`);
    } catch {
      // the request layer has shown the message
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="svc-page">
      <ReportHead
        title={r.title}
        titleTestId="mc-result-title"
        meta={
          <>
            {t(`edition.${r.edition}`)} · {num(r.characters)} {t('submit.charUnit')} ·{' '}
            {formatTime(r.finishedAt ?? r.createdAt, '{y}-{m}-{d} {h}:{i}')}{' '}
            <Tag color={STATUS_COLORS[r.status]}>{t(`status.${r.status}`)}</Tag>
          </>
        }
        actions={
          r.status === 'done' && (
            <>
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                loading={downloading}
                onClick={() => void download()}
                data-testid="mc-download"
              >
                {t('result.download')}
              </Button>
              <Button icon={<CopyOutlined />} onClick={() => void copy()}>
                {t('result.copy')}
              </Button>
              <Button
                icon={<FileSearchOutlined />}
                onClick={() =>
                  navigate('/papercheck/check', {
                    state: { text: rewritten, title: r.title } satisfies TextHandover,
                  })
                }
              >
                {t('result.check')}
              </Button>
              <Button icon={<PlusOutlined />} onClick={() => navigate(startPage)}>
                {t('result.again')}
              </Button>
            </>
          )
        }
      />

      {isActive(r.status) ? (
        <section className="svc-card mc-progress" data-testid="mc-progress">
          <LoadingOutlined className="mc-progress__icon" />
          <div>
            <strong>
              {r.status === 'queued'
                ? t('result.queued')
                : t('result.progress', { done: r.doneParagraphs, total: r.targetParagraphs })}
            </strong>
            <Progress percent={r.progress} status="active" />
          </div>
        </section>
      ) : (
        <>
          {r.stats && (
            <section className="svc-card mc-stats" data-testid="mc-stats">
              <div className="ck-tile">
                <span>{t('result.stats.changeRatio')}</span>
                <strong>{pct(r.stats.changeRatio)}</strong>
              </div>
              <div className="ck-tile">
                <span>{t('result.stats.changedChars')}</span>
                <strong>{num(r.stats.changedChars)}</strong>
              </div>
              <div className="ck-tile">
                <span>{t('result.stats.paragraphs')}</span>
                <strong>
                  {r.stats.rewrittenParagraphs} / {r.paragraphs}
                </strong>
              </div>
              {r.edition === 'cnki' && (
                <div className="ck-tile">
                  <span>{t('result.stats.fallback')}</span>
                  <strong>{r.stats.fallbackParagraphs}</strong>
                </div>
              )}
            </section>
          )}
          <section className="svc-card">
            <Compare.Toolbar view={view} onView={setView}>
              <Compare.Legend />
            </Compare.Toolbar>
            {view === 'compare' ? (
              <Paragraphs record={r} />
            ) : (
              <div className="mc-text" data-testid="mc-text">
                {(r.result ?? []).map((p) => (
                  <p key={p.index} className={p.kind === 'heading' ? 'mc-text__heading' : undefined}>
                    {p.text}
                  </p>
                ))}
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
