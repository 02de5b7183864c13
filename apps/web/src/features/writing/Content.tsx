import {
  DownloadOutlined,
  EditOutlined,
  LoadingOutlined,
  RedoOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { PaperContent, PaperContentNode } from '@paperdesk/contracts';
import { Alert, Button, Progress, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { downloadWriting, loadPaperContent, loadWriting, reloadWriting } from './api.ts';
import { toast } from '../../utils/feedback.ts';
import { num, yuan } from '../../shared/format.ts';
import { isActive, STATUS_COLORS } from '../../shared/records/status.ts';
import { citedNumbers } from './cited.ts';
import { confirmPath } from './config.ts';
import '../check/check.css';
import { RecordLoading, RecordNotFound } from './states.tsx';
import './writing.css';
import { usePolledRecord } from '../../shared/records/queries.ts';

/** The first leaf still without text: the one being written while the job runs. */
function firstPending(nodes: PaperContentNode[]): number | null {
  for (const n of nodes) {
    if (n.children.length) {
      const inner = firstPending(n.children);
      if (inner !== null) return inner;
    } else if (n.content === null) return n.sectionId;
  }
  return null;
}

/** Under a written section, the entries of the reference list it cites (the records it was given and used). */
function SectionSources({ text, references }: { text: string; references: string[] }) {
  const { t } = useTranslation('writing');
  const cited = citedNumbers(text, references.length);
  if (cited.length === 0) return null;
  return (
    <div className="wr-sec__sources" data-testid="wr-sec-sources">
      <strong>{t('content.sectionSources')}</strong>
      {cited.map((n) => (
        <div key={n}>
          [{n}] {references[n - 1]}
        </div>
      ))}
    </div>
  );
}

function Sections({
  nodes,
  level,
  writingId,
  references,
}: {
  nodes: PaperContentNode[];
  level: number;
  writingId: number | null;
  references: string[];
}) {
  const { t } = useTranslation('writing');
  return (
    <>
      {nodes.map((n) => {
        const Heading = level === 1 ? 'h2' : level === 2 ? 'h3' : 'h4';
        return (
          <section key={n.sectionId} className={`wr-sec wr-sec--l${level}`} data-testid={`wr-sec-${n.path}`}>
            <Heading className="wr-sec__head">
              <span className="wr-sec__num">{n.path}</span> {n.heading}
            </Heading>
            {n.children.length ? (
              <Sections nodes={n.children} level={level + 1} writingId={writingId} references={references} />
            ) : n.content !== null ? (
              <>
                {n.content.split('\n').map((p, i) => (
                  // paragraphs of one stored section never reorder
                  // biome-ignore lint/suspicious/noArrayIndexKey: the paragraph index is its identity here
                  <p key={i} className="wr-para">
                    {p}
                  </p>
                ))}
                <SectionSources text={n.content} references={references} />
              </>
            ) : (
              <p className={`wr-pending${n.sectionId === writingId ? ' is-writing' : ''}`}>
                {n.sectionId === writingId ? (
                  <>
                    <LoadingOutlined /> {t('content.writing')}
                  </>
                ) : (
                  t('content.pending')
                )}
              </p>
            )}
          </section>
        );
      })}
    </>
  );
}

function Paper({ paper, running }: { paper: PaperContent; running: boolean }) {
  const { t } = useTranslation('writing');
  const writingId = running && paper.abstract !== null ? firstPending(paper.sections) : null;
  return (
    <article className="svc-card wr-paper" data-testid="wr-paper">
      <h1 className="wr-paper__title">{paper.title}</h1>
      <div className="wr-abstract">
        <h2>{t('content.abstract')}</h2>
        {paper.abstract !== null ? (
          <>
            {paper.abstract.split('\n').map((p) => (
              <p key={p} className="wr-para">
                {p}
              </p>
            ))}
            <p className="wr-keywords">
              <strong>{t('content.keywords')}</strong>
              {paper.keywords.join('；')}
            </p>
          </>
        ) : (
          <p className={`wr-pending${running ? ' is-writing' : ''}`}>
            {running ? (
              <>
                <LoadingOutlined /> {t('content.writing')}
              </>
            ) : (
              t('content.pending')
            )}
          </p>
        )}
        {paper.abstractEn && (
          <>
            <h2>{t('content.abstractEn')}</h2>
            <p className="wr-para wr-para--en">{paper.abstractEn}</p>
            <p className="wr-keywords">
              <strong>{t('content.keywordsEn')}</strong>
              {paper.keywordsEn.join('; ')}
            </p>
          </>
        )}
      </div>
      <Sections nodes={paper.sections} level={1} writingId={writingId} references={paper.references} />
      <section className="wr-refs" data-testid="wr-refs">
        <h2 className="wr-sec__head">{t('content.references')}</h2>
        <Alert
          type="warning"
          showIcon
          icon={<WarningOutlined />}
          title={t('content.referencesWarning')}
          description={t('content.referencesNotice')}
          style={{ marginBottom: 12 }}
        />
        {paper.references.length ? (
          <ol className="wr-refs__list">
            {paper.references.map((r, i) => (
              <li key={r}>
                <span className="wr-refs__num">[{i + 1}]</span> {r}
              </li>
            ))}
          </ol>
        ) : (
          <p className="wr-pending">{t('content.referencesPending')}</p>
        )}
      </section>
    </article>
  );
}

/** /paperwirte/content/:id: progress, the paper growing section by section, then the .docx. */
export default function WritingContent() {
  const { t } = useTranslation('writing');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  // the record and the paper in one poll, so the header's counts and the text always agree
  const view = usePolledRecord(
    'writing',
    id,
    async (id) => {
      const record = (await loadWriting(id, true)).result;
      const paper = record.status === 'created' ? null : (await loadPaperContent(id)).result;
      return { record, paper };
    },
    { part: 'view', statusOf: (v) => v.record.status },
  );
  const active = view.data ? isActive(view.data.record.status) : false;

  if (view.isLoading) {
    return <RecordLoading />;
  }
  const r = view.data?.record;
  const paper = view.data?.paper;
  if (!r) {
    return <RecordNotFound />;
  }
  if (r.status === 'created') return <Navigate to={confirmPath(r)} replace />;

  async function download() {
    if (!r) return;
    setBusy(true);
    try {
      await downloadWriting(r.id, `${r.title}.docx`);
      toast().success(t('content.downloaded'));
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }
  async function reload() {
    setBusy(true);
    try {
      await reloadWriting(id);
      toast().success(t('content.reloaded'));
      await view.refetch();
    } catch {
      // 402 / 503: shown by the request layer
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="svc-page wr-page">
      <section className="svc-card wr-status" data-testid="wr-status">
        <div className="svc-split wr-status__head">
          <div style={{ minWidth: 0 }}>
            <h1>{r.title}</h1>
            <div className="svc-muted">
              <Tag color={STATUS_COLORS[r.status]}>{t(`status.${r.status}`)}</Tag>
              {t(`type.${r.paperType}`)} · {num(r.targetWords)} {t('generate.wordsUnit')} · {yuan(r.paidFen)}
            </div>
          </div>
          <div className="ck-actions">
            {r.status === 'done' && (
              <Button
                type="primary"
                size="large"
                icon={<DownloadOutlined />}
                loading={busy}
                onClick={() => void download()}
                data-testid="wr-download"
              >
                {t('content.download')}
              </Button>
            )}
            {r.status === 'failed' && (
              <Button
                type="primary"
                size="large"
                icon={<RedoOutlined />}
                loading={busy}
                onClick={() => void reload()}
              >
                {t('content.reload')}
              </Button>
            )}
            <Button size="large" icon={<EditOutlined />} onClick={() => navigate('/papergc/gc')}>
              {t('content.newPaper')}
            </Button>
          </div>
        </div>
        <Progress
          percent={r.progress}
          status={r.status === 'failed' ? 'exception' : active ? 'active' : 'success'}
          data-testid="wr-progress"
        />
        <div className="wr-status__line">
          <span>
            {t('content.sections', {
              done: r.sectionsDone,
              total: r.sectionsTotal,
              chars: num(r.writtenChars),
            })}
          </span>
          <span className="svc-muted">{r.status === 'failed' ? r.message : t(`content.${r.status}`)}</span>
        </div>
        {r.status === 'failed' && (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 12 }}
            title={t('content.failed')}
            description={t('content.failedHint')}
          />
        )}
      </section>
      {paper ? <Paper paper={paper} running={active} /> : <Skeleton active paragraph={{ rows: 10 }} />}
    </div>
  );
}
