import { CloseCircleFilled, DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import type { AigcBand, AigcParagraph, AigcRecord, AigcReport } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton, Table, Tag } from 'antd';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { aigcReload, aigcReport, downloadAigcReport, loadAigc } from './api.ts';
import { ReduceButton, ReducedBanner } from '../reduce/entry.tsx';
import { useAppStore } from '../../store/app.ts';
import { formatTime } from '../../utils/time.ts';
import { num, pct } from '../../shared/format.ts';
import { isActive, STATUS_COLORS } from '../../shared/records/status.ts';
import { BAND_COLORS, BAND_TAG_COLORS } from './format.ts';
import { useSubmit } from './useSubmit.tsx';
import '../check/check.css';
import './aigc.css';
import { queryKeys, usePolledRecord } from '../../shared/records/queries.ts';
import { ProgressCard, ReportChapters } from '../../shared/records/ReportChapters.tsx';
import { chapterColumns, RatioBar, RatioRing } from '../../shared/records/ReportFigures.tsx';

const SUSPECT: AigcBand[] = ['high', 'medium', 'light'];

function Ring({ ratio, band }: { ratio: number; band: AigcBand }) {
  const { t } = useTranslation('aigc');
  return <RatioRing ratio={ratio} color={BAND_COLORS[band]} label={t('report.ratio')} testId="ai-ratio" />;
}

/** A paragraph with its flagged sentences marked by band (spans are sorted sentences that never overlap). */
function Paragraph({ p }: { p: AigcParagraph }) {
  const { t } = useTranslation('aigc');
  if (p.kind === 'heading')
    return (
      <div className="ck-para">
        <h3>{p.text}</h3>
      </div>
    );
  const pieces: ReactNode[] = [];
  let at = 0;
  for (const s of p.spans) {
    if (s.start > at) pieces.push(<Fragment key={`t${at}`}>{p.text.slice(at, s.start)}</Fragment>);
    pieces.push(
      <mark
        key={`s${s.start}`}
        className={`ag-${s.band}`}
        data-band={s.band}
        title={`${t(`band.${s.band}`)} · ${pct(s.probability)}`}
      >
        {p.text.slice(Math.max(at, s.start), s.end)}
      </mark>,
    );
    at = Math.max(at, s.end);
  }
  if (at < p.text.length) pieces.push(<Fragment key={`t${at}`}>{p.text.slice(at)}</Fragment>);
  const band = p.reliable && p.band ? p.band : null;
  const hints = band && band !== 'none' ? (p.hints ?? []) : [];
  const unscored = p.unscored === 'caption' || p.unscored === 'formula' ? p.unscored : null;
  return (
    <div
      className={`ck-para ag-para${band ? ` band-${band}` : ''}${p.kind === 'reference' ? ' is-reference' : ''}`}
      data-testid="ag-paragraph"
      data-band={band ?? ''}
    >
      {p.kind === 'reference' ? (
        <div className="ag-para__tag svc-muted">{t('report.reference')}</div>
      ) : unscored ? (
        <div className="ag-para__tag svc-muted">{t(`report.unscored.${unscored}`)}</div>
      ) : band && band !== 'none' ? (
        <div className="ag-para__tag" style={{ color: BAND_COLORS[band], fontWeight: 600 }}>
          {t('report.paraTag', { band: t(`band.${band}`), p: pct(p.probability ?? 0) })}
        </div>
      ) : !p.reliable ? (
        <div className="ag-para__tag svc-muted">{t('report.tooShort')}</div>
      ) : null}
      <div>{pieces}</div>
      {hints.length > 0 && (
        <div className="ag-hints" data-testid="ag-hints">
          <span>{t('report.hints')}</span>
          {hints.map((h) => (
            <span key={h.kind} className="ag-hint">
              {t(`report.hint.${h.kind}`)}
              {h.examples.length > 0 && <em>（{h.examples.slice(0, 3).join('、')}）</em>}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

/** The measured error rates behind the thresholds, in plain words (absent for reports of older models). */
function ErrorRates({ report }: { report: AigcReport }) {
  const { t } = useTranslation('aigc');
  const rates = report.model.errorRates;
  if (!rates) return null;
  const whole = (x: number) => `${Math.round(x * 100)}%`;
  const zs = report.model.zeroShot;
  return (
    <Alert
      type="info"
      showIcon
      className="ag-error-rates"
      data-testid="ag-error-rates"
      title={t('report.errorRates.lead', {
        significant: whole(rates.short.significantFpr),
        suspect: whole(rates.short.suspectFpr),
      })}
      description={
        <>
          <div>
            {t('report.errorRates.detail', {
              maxShort: rates.maxShortChars,
              shortSig: pct(rates.short.significantFpr),
              shortSus: pct(rates.short.suspectFpr),
              shortN: num(rates.short.humanTexts),
              longSig: pct(rates.long.significantFpr),
              longSus: pct(rates.long.suspectFpr),
              longN: num(rates.long.humanTexts),
            })}
          </div>
          <div>{t('report.errorRates.missed')}</div>
          {zs && zs.windows > 0 && (
            <div>{t('report.errorRates.zeroShot', { windows: zs.windows, of: zs.of })}</div>
          )}
        </>
      }
    />
  );
}

function ReportBody({ record, report }: { record: AigcRecord; report: AigcReport }) {
  const { t } = useTranslation('aigc');
  const navigate = useNavigate();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [onlySuspect, setOnlySuspect] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const m = report.metrics;
  const byChapter = useMemo(() => {
    const map = new Map<number, AigcParagraph[]>();
    for (const p of report.paragraphs) map.set(p.chapter, [...(map.get(p.chapter) ?? []), p]);
    return map;
  }, [report]);
  const flag = report.model.flagThreshold;

  const dl = async () => {
    setDownloading(true);
    try {
      await downloadAigcReport(record.id, `${record.title}-AIGC检测报告.pdf`);
    } catch {
      // shown by the request layer
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <section className="svc-card">
        <div className="ck-report-head">
          <div>
            <h1>{record.title}</h1>
            <div className="svc-muted">
              {record.author ? `${record.author} · ` : ''}
              {t('report.checkedAt', { time: formatTime(report.checkedAt, '{y}-{m}-{d} {h}:{i}') })} ·{' '}
              {t('report.model', { version: report.model.version })}
            </div>
          </div>
          <div className="ck-actions">
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={downloading}
              onClick={() => void dl()}
              data-testid="ag-download"
            >
              {t('report.download')}
            </Button>
            <ReduceButton from="aigc" recordId={record.id} />
            <Button onClick={() => navigate('/aigccheck/check')}>{t('report.again')}</Button>
          </div>
        </div>
      </section>
      <ReducedBanner aigcId={record.id} />

      <section className="svc-card ck-metrics">
        <Ring ratio={m.aiCharRatio} band={m.band} />
        <div>
          {!m.reliable && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('report.unreliable')}
              description={report.note}
            />
          )}
          <div className="ck-tiles">
            <div className="ck-tile">
              <span>{t('report.conclusion')}</span>
              <strong style={{ color: BAND_COLORS[m.band] }} data-testid="ag-band">
                {t(`band.${m.band}`)}
              </strong>
            </div>
            <div className="ck-tile">
              <span>{t('report.probability')}</span>
              <strong>{pct(m.probability)}</strong>
            </div>
            <div className="ck-tile">
              <span>{t('report.aiChars')}</span>
              <strong>{num(m.aiChars)}</strong>
              <small>{t('report.ofScored', { n: num(m.scoredChars) })}</small>
            </div>
            {m.suspectChars !== undefined && (
              <div className="ck-tile" data-testid="ag-suspect-chars">
                <span>{t('report.suspectChars')}</span>
                <strong style={{ color: m.suspectChars > 0 ? BAND_COLORS.light : undefined }}>
                  {num(m.suspectChars)}
                </strong>
                <small>{pct(m.suspectCharRatio ?? 0)}</small>
              </div>
            )}
            {SUSPECT.map((b) => (
              <div className="ck-tile" key={b}>
                <span>{t('report.counts', { band: t(`band.${b}`) })}</span>
                <strong style={{ color: m.bandCounts[b] > 0 ? BAND_COLORS[b] : undefined }}>
                  {t('report.paragraphsUnit', { n: m.bandCounts[b] })}
                </strong>
              </div>
            ))}
          </div>
          <ErrorRates report={report} />
        </div>
      </section>

      <section className="svc-card">
        <h2>{t('report.chapters')}</h2>
        <Table
          size="small"
          rowKey="index"
          pagination={false}
          dataSource={report.chapters}
          columns={[
            ...chapterColumns<AigcReport['chapters'][number]>(
              { chapter: t('report.col.chapter'), chars: t('report.col.chars') },
              mobile,
              90,
            ),
            {
              title: t('report.col.ratio'),
              key: 'ratio',
              width: mobile ? 120 : 180,
              render: (_: unknown, c) => (
                <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                  <RatioBar ratio={c.aiCharRatio} color={BAND_COLORS[c.band ?? 'none']} />
                  <span className="ck-ratio" style={{ minWidth: 48, textAlign: 'right' }}>
                    {c.scoredChars > 0 ? pct(c.aiCharRatio) : '—'}
                  </span>
                </div>
              ),
            },
            {
              title: t('report.col.band'),
              key: 'band',
              width: mobile ? 86 : 100,
              render: (_: unknown, c) =>
                c.band ? <Tag color={BAND_TAG_COLORS[c.band]}>{t(`band.${c.band}`)}</Tag> : '—',
            },
          ]}
        />
      </section>

      <ReportChapters
        title={t('report.fullText')}
        onlySuspectLabel={t('report.onlySuspect')}
        onlySuspect={onlySuspect}
        onOnlySuspect={setOnlySuspect}
        legend={SUSPECT.map((b) => (
          <span key={b}>
            <mark className={`ag-${b}`}>{t(`report.legend.${b}`)}</mark>
          </span>
        ))}
        chapters={report.chapters}
        paragraphsOf={(c) =>
          (byChapter.get(c.index) ?? []).filter(
            (p) =>
              // the chapter band shows its own heading, the page head the paper's title
              !(p.kind === 'heading' && (p.level === 0 || p.text.trim() === c.title.trim())) &&
              (!onlySuspect || (p.reliable && p.band !== null && p.band !== 'none')),
          )
        }
        figure={(c) => ({
          color: BAND_COLORS[c.band ?? 'none'],
          text: c.scoredChars > 0 ? pct(c.aiCharRatio) : '',
        })}
        paragraph={(p) => <Paragraph key={p.index} p={p} />}
      >
        <h3 style={{ marginTop: 22 }}>{t('report.aboutTitle')}</h3>
        <ul className="ag-about">
          {(
            t('report.about', {
              returnObjects: true,
              flag: pct(flag),
              half: pct(report.model.suspectThreshold ?? flag / 2),
              maxShort: report.model.errorRates?.maxShortChars ?? 300,
            }) as unknown as string[]
          ).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </ReportChapters>
    </>
  );
}

/** /aigccheck/content/:id: pay if unpaid, live progress while the check runs, then the report. */
export default function AigcContent() {
  const { t } = useTranslation('aigc');
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const qc = useQueryClient();
  const { submit, submitting, dialog } = useSubmit();
  const [reloading, setReloading] = useState(false);
  const record = usePolledRecord('aigc', id, async (id) => (await loadAigc(id, true)).result, {
    retry: false,
  });
  const done = record.data?.status === 'done';
  const report = useQuery({
    queryKey: queryKeys.recordPart('aigc', id, 'report', record.data?.finishedAt),
    queryFn: async () => (await aigcReport(id)).result,
    enabled: done,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const reload = async () => {
    setReloading(true);
    try {
      qc.setQueryData(queryKeys.record('aigc', id), (await aigcReload(id)).result);
      await qc.invalidateQueries({ queryKey: queryKeys.account });
    } catch {
      // shown by the request layer
    } finally {
      setReloading(false);
    }
  };

  const r = record.data;
  let body: ReactNode;
  if (record.isLoading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!r)
    body = (
      <Result
        status="404"
        title={t('report.notFound')}
        extra={<Link to="/aigccheck/list">{t('report.toRecords')}</Link>}
      />
    );
  else if (r.status === 'created')
    body = (
      <Result
        status="info"
        title={t('report.notPaid')}
        subTitle={`${r.title} · ${num(r.characters)} ${t('check.characters')}`}
        extra={
          <Button
            type="primary"
            loading={submitting}
            onClick={() => void submit(r.id)}
            data-testid="ag-pay-now"
          >
            {t('report.payNow')}
          </Button>
        }
      />
    );
  else if (r.status === 'failed')
    body = (
      <Result
        status="error"
        icon={<CloseCircleFilled />}
        title={t('report.failed')}
        subTitle={r.message}
        extra={
          <Button type="primary" icon={<RedoOutlined />} loading={reloading} onClick={() => void reload()}>
            {t('report.reload')}
          </Button>
        }
      />
    );
  else if (isActive(r.status))
    body = (
      <ProgressCard
        testId="ag-progress"
        percent={r.progress}
        statusLabel={t(`status.${r.status}`)}
        waiting={t('report.waiting', { title: r.title })}
        tag={
          <Tag color={STATUS_COLORS[r.status]}>
            {t('check.characters')} {num(r.characters)}
          </Tag>
        }
      />
    );
  else if (report.data)
    return (
      <div className="svc-page">
        <ReportBody record={r} report={report.data} />
      </div>
    );
  else body = <Skeleton active paragraph={{ rows: 8 }} />;

  return (
    <div className="svc-page">
      <section className="svc-card">{body}</section>
      {dialog}
    </div>
  );
}
