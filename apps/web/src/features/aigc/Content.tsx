import { DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import {
  type AigcBand,
  type AigcMeasuredRate,
  type AigcParagraph,
  type AigcRecord,
  type AigcReport,
  aigcRatioBand,
} from '@paperdesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Tag } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { aigcReload, aigcReport, downloadAigcReport, loadAigc } from './api.ts';
import { ReduceButton, ReducedBanner } from '../reduce/entry.tsx';
import { formatTime } from '../../utils/time.ts';
import { num, pct } from '../../shared/format.ts';
import { STATUS_COLORS } from '../../shared/records/status.ts';
import { BAND_COLORS, BAND_TAG_COLORS } from './format.ts';
import { useSubmit } from './useSubmit.tsx';
import '../check/check.css';
import './aigc.css';
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

const SUSPECT: AigcBand[] = ['high', 'medium', 'light'];

/**
 * A chapter's conclusion from the 疑似度 shown beside it (a report stored before the bands followed the figure
 * carries the mean probability's band).
 */
const chapterBand = (c: { scoredChars: number; aiCharRatio: number }): AigcBand | null =>
  c.scoredChars > 0 ? aigcRatioBand(c.aiCharRatio) : null;

/** The page's one headline: 总体疑似度 with the paper's band beneath it, so no other percentage reads as the verdict. */
function Headline({ ratio, band }: { ratio: number; band: AigcBand }) {
  const { t } = useTranslation('aigc');
  return (
    <div className="ag-headline">
      <RatioRing ratio={ratio} color={BAND_COLORS[band]} label={t('report.ratio')} testId="ai-ratio" />
      <Tag color={BAND_TAG_COLORS[band]} className="ag-headline__band" data-testid="ag-band">
        {t('report.conclusionBand', { band: t(`band.${band}`) })}
      </Tag>
    </div>
  );
}

/** A paragraph with its flagged sentences marked by band (spans are sorted sentences that never overlap). */
function Paragraph({ p }: { p: AigcParagraph }) {
  const { t } = useTranslation('aigc');
  if (p.kind === 'heading') return <HeadingParagraph text={p.text} />;
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
          {p.aiTrace && (
            <span className={`ag-trace ag-trace--${p.aiTrace}`} data-testid="ag-trace">
              {t(`report.trace.${p.aiTrace}`)}
            </span>
          )}
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

/** Held-out rates by text kind, as the model stored them when it was trained: misjudged human text, caught AI text. */
function MeasuredRates({ rates }: { rates: readonly AigcMeasuredRate[] }) {
  const { t } = useTranslation('aigc');
  return (
    <div className="ag-measured" data-testid="ag-measured">
      <div>{t('report.errorRates.byKind')}</div>
      <table>
        <thead>
          <tr>
            <th>{t('report.errorRates.col.kind')}</th>
            <th>{t('report.errorRates.col.texts')}</th>
            <th>{t('report.errorRates.col.significant')}</th>
            <th>{t('report.errorRates.col.suspect')}</th>
          </tr>
        </thead>
        <tbody>
          {rates.map((r) => (
            <tr key={r.kind}>
              <td>
                {t(`report.errorRates.kind.${r.kind}`, { defaultValue: r.kind })}（
                {t(r.label === 0 ? 'report.errorRates.human' : 'report.errorRates.ai')}）
              </td>
              <td>{num(r.texts)}</td>
              <td>{pct(r.significant)}</td>
              <td>{pct(r.suspect)}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
          {rates.measured && rates.measured.length > 0 && <MeasuredRates rates={rates.measured} />}
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
  const download = useBusy();
  const m = report.metrics;
  const byChapter = useByChapter(report.paragraphs);
  const flag = report.model.flagThreshold;

  return (
    <>
      <ReportHead
        title={record.title}
        meta={
          <>
            {record.author ? `${record.author} · ` : ''}
            {t('report.checkedAt', { time: formatTime(report.checkedAt, '{y}-{m}-{d} {h}:{i}') })} ·{' '}
            {t('report.model', { version: report.model.version })}
          </>
        }
        actions={
          <>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={download.busy !== null}
              onClick={() =>
                void download.run('file', () =>
                  downloadAigcReport(record.id, `${record.title}-AIGC检测报告.pdf`),
                )
              }
              data-testid="ag-download"
            >
              {t('report.download')}
            </Button>
            <ReduceButton from="aigc" recordId={record.id} />
            <Button onClick={() => navigate('/aigccheck/check')}>{t('report.again')}</Button>
          </>
        }
      />
      <ReducedBanner aigcId={record.id} />

      <section className="svc-card ck-metrics">
        <Headline ratio={m.aiCharRatio} band={aigcRatioBand(m.aiCharRatio, m.reliable)} />
        <div>
          {m.reliable && m.mixedAuthorship && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              data-testid="ag-mixed"
              title={t('report.mixed.title')}
              description={t('report.mixed.body')}
            />
          )}
          {!m.reliable && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('report.unreliable')}
              description={report.note}
            />
          )}
          <div className="ag-detail-title">{t('report.detailTitle')}</div>
          <div className="ck-tiles">
            <MetricTile
              testId="ag-probability"
              label={t('report.probability')}
              value={pct(m.probability)}
              note={t('report.probabilityNote')}
            />
            <MetricTile
              label={t('report.aiChars')}
              value={num(m.aiChars)}
              note={t('report.ofScored', { n: num(m.scoredChars) })}
            />
            {m.suspectChars !== undefined && (
              <MetricTile
                testId="ag-suspect-chars"
                label={t('report.suspectChars')}
                value={num(m.suspectChars)}
                color={m.suspectChars > 0 ? BAND_COLORS.light : undefined}
                note={pct(m.suspectCharRatio ?? 0)}
              />
            )}
            {SUSPECT.map((b) => (
              <MetricTile
                key={b}
                label={t('report.counts', { band: t(`band.${b}`) })}
                value={t('report.paragraphsUnit', { n: m.bandCounts[b] })}
                color={m.bandCounts[b] > 0 ? BAND_COLORS[b] : undefined}
              />
            ))}
          </div>
          <ErrorRates report={report} />
        </div>
      </section>

      <ChapterTable
        ns="aigc"
        chapters={report.chapters}
        charsWidth={90}
        ratioWidth={[120, 180]}
        ratio={(c) => ({
          ratio: c.aiCharRatio,
          color: BAND_COLORS[chapterBand(c) ?? 'none'],
          text: c.scoredChars > 0 ? pct(c.aiCharRatio) : '—',
        })}
        after={(mobile) => [
          {
            title: t('report.col.band'),
            key: 'band',
            width: mobile ? 86 : 100,
            render: (_: unknown, c) => {
              const band = chapterBand(c);
              return band ? <Tag color={BAND_TAG_COLORS[band]}>{t(`band.${band}`)}</Tag> : '—';
            },
          },
        ]}
      />

      <ReportChapters
        ns="aigc"
        legend={SUSPECT.map((b) => (
          <span key={b}>
            <mark className={`ag-${b}`}>{t(`report.legend.${b}`)}</mark>
          </span>
        ))}
        chapters={report.chapters}
        paragraphsOf={(c, onlySuspect) =>
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
  const reloading = useBusy();
  const { record, report } = useReportedRecord('aigc', id, (id) => loadAigc(id, true), aigcReport, {
    retry: false,
  });
  const reload = () =>
    reloading.run('file', async () => {
      qc.setQueryData(queryKeys.record('aigc', id), (await aigcReload(id)).result);
      await qc.invalidateQueries({ queryKey: queryKeys.account });
    });

  return (
    <ReportFrame
      ns="aigc"
      record={record}
      notFound={{ title: t('report.notFound'), back: t('report.toRecords'), to: '/aigccheck/list' }}
      notPaid={(r) => ({
        detail: `${r.title} · ${num(r.characters)} ${t('check.characters')}`,
        action: (
          <Button
            type="primary"
            loading={submitting}
            onClick={() => void submit(r.id)}
            data-testid="ag-pay-now"
          >
            {t('report.payNow')}
          </Button>
        ),
      })}
      failedAction={
        <Button
          type="primary"
          icon={<RedoOutlined />}
          loading={reloading.busy !== null}
          onClick={() => void reload()}
        >
          {t('report.reload')}
        </Button>
      }
      progressTestId="ag-progress"
      tag={(r) => (
        <Tag color={STATUS_COLORS[r.status]}>
          {t('check.characters')} {num(r.characters)}
        </Tag>
      )}
      report={(r) => report.data && <ReportBody record={r} report={report.data} />}
      after={dialog}
    />
  );
}
