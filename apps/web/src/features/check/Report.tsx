import { DownloadOutlined, EditOutlined, FileTextOutlined, SwapOutlined } from '@ant-design/icons';
import {
  type CheckRecord,
  type CheckReport,
  type ReportParagraph,
  type ReportSpan,
  SMALL_LIBRARY_DOCUMENTS,
} from '@paperdesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Dropdown, Empty, Popconfirm, Tag, Tooltip } from 'antd';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { cancelCheck, checkMachineSubmit, downloadReport, loadCheck, reportParagraphs } from './api.ts';
import { IntegrityFlags } from './IntegrityFlags.tsx';
import { ReferenceChapter } from './ReferenceChapter.tsx';
import { ReduceButton } from '../reduce/entry.tsx';
import { formatTime } from '../../utils/time.ts';
import { LEVEL_COLORS, level, num, pct } from '../../shared/format.ts';
import { STATUS_COLORS } from '../../shared/records/status.ts';
import './check.css';
import { queryKeys, useReportedRecord } from '../../shared/records/queries.ts';
import { ReportChapters } from '../../shared/records/ReportChapters.tsx';
import { ChapterTable, RatioRing } from '../../shared/records/ReportFigures.tsx';
import {
  HeadingParagraph,
  MetricTile,
  ReportFrame,
  ReportHead,
  useByChapter,
  useBusy,
} from '../../shared/records/ReportParts.tsx';

function Ring({ ratio }: { ratio: number }) {
  const { t } = useTranslation('check');
  return (
    <RatioRing
      ratio={ratio}
      color={LEVEL_COLORS[level(ratio)]}
      label={t('report.total')}
      testId="total-ratio"
    />
  );
}

/** Cuts a paragraph into plain / copy / quote runs (spans are sorted and never overlap). */
function runs(p: ReportParagraph): { text: string; span?: ReportSpan; key: string }[] {
  const out: { text: string; span?: ReportSpan; key: string }[] = [];
  let at = 0;
  for (const s of [...p.spans].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, s.start);
    if (s.end <= start) continue;
    if (start > at) out.push({ text: p.text.slice(at, start), key: `t${at}` });
    out.push({ text: p.text.slice(start, s.end), span: s, key: `s${start}` });
    at = s.end;
  }
  if (at < p.text.length) out.push({ text: p.text.slice(at), key: `t${at}` });
  return out;
}

function Paragraph({
  report,
  p,
  open,
  onToggle,
}: {
  report: CheckReport;
  p: ReportParagraph;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('check');
  if (p.kind === 'heading') return <HeadingParagraph text={p.text} />;
  const lv = level(p.ratio);
  const copies = p.spans.filter((s) => s.kind === 'copy');
  return (
    <div className={`ck-para lv-${lv}${open ? ' is-open' : ''}`} data-testid="report-paragraph">
      {(p.overlapChars > 0 || p.quotedChars > 0) && (
        <div className="ck-para__tag">
          <span style={{ color: LEVEL_COLORS[lv], fontWeight: 600 }}>
            {t('report.paraRatio', { ratio: pct(p.ratio) })}
          </span>
          <span className="svc-muted">{t('report.paraOverlap', { n: num(p.overlapChars) })}</span>
          {copies.length > 0 && (
            <button type="button" className="link-button" onClick={onToggle}>
              <SwapOutlined />{' '}
              {open ? t('report.hideSources') : t('report.showSources', { n: copies.length })}
            </button>
          )}
        </div>
      )}
      <div>
        {runs(p).map((r) =>
          r.span ? (
            <mark
              key={r.key}
              className={r.span.kind === 'copy' ? 'ck-copy' : 'ck-quote'}
              title={
                r.span.kind === 'copy' && r.span.source !== null
                  ? `${report.sources[r.span.source]?.title ?? ''}`
                  : t('legend.quote')
              }
              data-kind={r.span.kind}
            >
              {r.text}
            </mark>
          ) : (
            <Fragment key={r.key}>{r.text}</Fragment>
          ),
        )}
      </div>
      {open && copies.length > 0 && (
        <div className="ck-pairs">
          {copies.map((s) => {
            const src = s.source === null ? undefined : report.sources[s.source];
            return (
              <div className="ck-pair" key={`${s.start}-${s.end}`} data-testid="source-pair">
                <div className="ck-pair__mine">
                  <span className="ck-pair__label">{t('report.mine')}</span>
                  {p.text.slice(s.start, s.end)}
                </div>
                <div className="ck-pair__src">
                  <span className="ck-pair__label">
                    {src
                      ? `《${src.title}》 ${[src.author, src.source, src.year].filter(Boolean).join(' · ')}`
                      : t('report.source')}
                    {s.similarity < 1 ? ` · ${t('report.similarity', { ratio: pct(s.similarity) })}` : ''}
                  </span>
                  {s.sourceText}
                </div>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

function ReportBody({ record, report }: { record: CheckRecord; report: CheckReport }) {
  const { t } = useTranslation('check');
  const navigate = useNavigate();
  const m = report.metrics;
  const [open, setOpen] = useState<Set<number>>(() => {
    // the most copied paragraph starts open so its source is visible side by side
    const top = [...report.paragraphs]
      .filter((p) => p.spans.some((s) => s.kind === 'copy'))
      .sort((a, b) => b.ratio - a.ratio)[0];
    return new Set(top ? [top.index] : []);
  });
  const download = useBusy<'simple' | 'full' | 'html'>();
  const byChapter = useByChapter(report.paragraphs);

  const dl = (type: 'simple' | 'full' | 'html') =>
    download.run(type, () =>
      downloadReport(
        record.id,
        type,
        `${record.title}-${t(`download.${type}`)}.${type === 'html' ? 'html' : 'pdf'}`,
      ),
    );
  const src = m.maxSingleSource;

  return (
    <>
      <ReportHead
        title={record.title}
        meta={
          <>
            {record.author ? `${record.author} · ` : ''}
            {t(`edition.${record.edition}`)} ·{' '}
            {t('report.checkedAt', { time: formatTime(report.checkedAt, '{y}-{m}-{d} {h}:{i}') })} ·{' '}
            {t(report.library.name ? 'report.libraryNamed' : 'report.library', {
              name: report.library.name,
              docs: num(report.library.documents),
              chars: num(report.library.characters),
            })}
            {report.library.personal &&
              ` + ${t('report.personalLibrary', { docs: num(report.library.personal.documents) })}`}
          </>
        }
        actions={
          <>
            <Dropdown
              menu={{
                items: (['simple', 'full', 'html'] as const).map((k) => ({
                  key: k,
                  icon: k === 'html' ? <FileTextOutlined /> : <DownloadOutlined />,
                  label: t(`download.${k}`),
                })),
                onClick: ({ key }) => void dl(key as 'simple' | 'full' | 'html'),
              }}
            >
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                loading={download.busy !== null}
                data-testid="download"
              >
                {t('download.button')}
              </Button>
            </Dropdown>
            {/* one one-click entry, as on the AIGC report; the paragraph tool is the other, named for what it is */}
            <ReduceButton from="check" recordId={record.id} />
            <Tooltip title={t('report.rewriteHint')}>
              <Button
                icon={<EditOutlined />}
                onClick={() =>
                  void checkMachineSubmit(record.id)
                    .then((r) => navigate(`/machine/submit/${r.result.id}`))
                    .catch(() => {})
                }
                data-testid="to-rewrite"
              >
                {t('report.rewrite')}
              </Button>
            </Tooltip>
            <Button onClick={() => navigate('/papercheck/check')}>{t('report.again')}</Button>
          </>
        }
      />
      {report.library.documents < SMALL_LIBRARY_DOCUMENTS && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="ck-small-library"
          title={t('report.smallLibrary.title', { docs: num(report.library.documents) })}
          description={t('report.smallLibrary.body', {
            docs: num(report.library.documents),
            chars: num(report.library.characters),
            ratio: pct(m.totalRatio),
          })}
        />
      )}

      <section className="svc-card ck-metrics">
        <Ring ratio={m.totalRatio} />
        <div className="ck-tiles">
          <MetricTile
            label={t('report.noQuotes')}
            value={pct(m.excludingQuotesRatio)}
            color={LEVEL_COLORS[level(m.excludingQuotesRatio)]}
          />
          <MetricTile
            label={t('report.noOwn')}
            value={pct(m.excludingOwnRatio)}
            color={LEVEL_COLORS[level(m.excludingOwnRatio)]}
          />
          <MetricTile
            label={t('report.maxSingle')}
            value={pct(m.maxSingleRatio)}
            color={LEVEL_COLORS[level(m.maxSingleRatio)]}
            note={
              <Tooltip
                title={
                  src
                    ? `${src.title}（${[src.author, src.source, src.year].filter(Boolean).join(' · ')}）`
                    : ''
                }
              >
                <span>{src ? `《${src.title}》` : t('report.none')}</span>
              </Tooltip>
            }
          />
          <MetricTile
            label={t('report.overlap')}
            value={num(m.overlapChars)}
            valueTestId="overlap-chars"
            note={t('report.ofTotal', { n: num(m.totalChars) })}
          />
          <MetricTile label={t('report.quoted')} value={num(m.quotedChars)} />
          <MetricTile
            label={t('report.suspect')}
            value={`${m.suspectParagraphCount} / ${m.paragraphCount}`}
          />
        </div>
      </section>

      <IntegrityFlags report={report} />
      <ReferenceChapter report={report} />

      <div className="ck-grid">
        <ChapterTable
          ns="check"
          chapters={report.chapters}
          charsWidth={80}
          ratioWidth={[120, 150]}
          ratio={(c) => ({ ratio: c.ratio, color: LEVEL_COLORS[level(c.ratio)], text: pct(c.ratio) })}
          colorText
          before={(mobile) => [
            {
              title: t('report.col.overlap'),
              dataIndex: 'overlapChars',
              width: mobile ? 76 : 90,
              align: 'right',
              render: (n: number) => num(n),
            },
          ]}
        />
        <section className="svc-card">
          <h2>
            {t('report.sources')} <span className="svc-muted">{report.sources.length}</span>
          </h2>
          {report.sources.length === 0 ? (
            <Empty description={t('report.noSources')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <div className="ck-sources">
              {report.sources.slice(0, 12).map((s, i) => (
                <div className="ck-source" key={s.documentId} data-testid="similar-source">
                  <span className="ck-source__no">{i + 1}</span>
                  <div style={{ minWidth: 0 }}>
                    <div className="ck-source__title" title={s.title}>
                      {s.title}{' '}
                      {s.own &&
                        (s.ownByDeclaration ? (
                          <Tag color="blue" title={t('report.ownDeclaredHint')}>
                            {t('report.ownDeclared')}
                          </Tag>
                        ) : (
                          <Tag color="blue">{t('report.own')}</Tag>
                        ))}
                      {s.cited && <Tag color="gold">{t('report.cited')}</Tag>}
                      {s.personal && <Tag color="purple">{t('report.personalSource')}</Tag>}
                    </div>
                    <div className="ck-source__meta">
                      {[s.author, s.source, s.year].filter(Boolean).join(' · ')}
                    </div>
                  </div>
                  <div className="ck-source__ratio">
                    <div className="ck-ratio" style={{ color: LEVEL_COLORS[level(s.ratio)] }}>
                      {pct(s.ratio)}
                    </div>
                    <div className="svc-muted">{t('report.chars', { n: num(s.overlapChars) })}</div>
                  </div>
                </div>
              ))}
            </div>
          )}
        </section>
      </div>

      <ReportChapters
        ns="check"
        legend={
          <>
            <span>
              <mark className="ck-copy">{t('legend.copyMark')}</mark> {t('legend.copy')}
            </span>
            <span>
              <mark className="ck-quote">{t('legend.quoteMark')}</mark> {t('legend.quote')}
            </span>
          </>
        }
        chapters={report.chapters}
        paragraphsOf={(c, onlySuspect) =>
          (byChapter.get(c.index) ?? []).filter(
            (p) =>
              !(p.kind === 'heading' && p.text.trim() === c.title.trim()) &&
              (!onlySuspect || p.overlapChars > 0 || p.quotedChars > 0),
          )
        }
        figure={(c) => ({ color: LEVEL_COLORS[level(c.ratio)], text: pct(c.ratio) })}
        paragraph={(p) => (
          <Paragraph
            key={p.index}
            report={report}
            p={p}
            open={open.has(p.index)}
            onToggle={() =>
              setOpen((s) => {
                const next = new Set(s);
                if (next.has(p.index)) next.delete(p.index);
                else next.add(p.index);
                return next;
              })
            }
          />
        )}
      >
        <p className="svc-muted" style={{ marginTop: 18 }}>
          {t('report.disclaimer')}
        </p>
      </ReportChapters>
    </>
  );
}

/** /paper/report/:id: live progress while the check runs, then the report. */
export default function CheckReportPage() {
  const { t } = useTranslation('check');
  const id = Number(useParams().id);
  const { record, report } = useReportedRecord('check', id, (id) => loadCheck(id, true), reportParagraphs);
  const queryClient = useQueryClient();
  const cancelling = useBusy();
  const cancel = () =>
    cancelling.run('file', async () => {
      queryClient.setQueryData(queryKeys.record('check', id), (await cancelCheck(id)).result);
    });

  return (
    <ReportFrame
      ns="check"
      record={record}
      notFound={{ title: t('submit.notFound'), back: t('submit.toRecords'), to: '/paper/report' }}
      notPaid={(r) => ({
        action: (
          <Link to={`/paper/submit/${r.id}`}>
            <Button type="primary">{t('records.pay')}</Button>
          </Link>
        ),
      })}
      failedAction={<Link to="/papercheck/check">{t('report.again')}</Link>}
      progressTestId="check-progress"
      tag={(r) => <Tag color={STATUS_COLORS[r.status]}>{t(`edition.${r.edition}`)}</Tag>}
      running={
        <div style={{ marginTop: 16 }}>
          <Popconfirm title={t('report.cancelConfirm')} onConfirm={cancel}>
            <Button loading={cancelling.busy !== null} data-testid="check-cancel">
              {t('report.cancel')}
            </Button>
          </Popconfirm>
        </div>
      }
      report={(r) => report.data && <ReportBody record={r} report={report.data} />}
    />
  );
}
