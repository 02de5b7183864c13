import { FilePdfOutlined } from '@ant-design/icons';
import type { CheckRecord, ReduceWordCount } from '@paperdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pct } from '../../shared/format.ts';
import { PageHero, SubmitButton } from '../../shared/records/FormParts.tsx';
import { useGuardedSubmit } from '../../shared/records/useGuardedSubmit.ts';
import { PaperSourceInput, usePaperSource } from '../../shared/records/PaperSource.tsx';
import { FileDrop } from '../../shared/records/SourceInput.tsx';
import { queryKeys } from '../../shared/records/queries.ts';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import { queryChecks } from '../check/api.ts';
import { reduceFromCheck, reduceInit, reduceWordCount } from './api.ts';
import { unitPrices, usePublicPrices } from './pricing.ts';
import { reduceContentPath } from '../../shared/paths/reduce.ts';
import { PathWordCount, SubmitSide } from './SubmitPage.tsx';
import { SubmitChoices } from './SubmitChoices.tsx';
import { useModelAvailable } from './useModelAvailable.ts';
import { useReduceForm } from './useReduceForm.ts';
import '../check/check.css';
import './reduce.css';

type ReportMode = 'upload' | 'ours';
const REPORT_ACCEPT = '.pdf,.html,.htm,.mht,.mhtml';

/** The user's finished checks, newest first, to pick one as the report. */
function useDoneChecks(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.records('check', 'done-for-reduce'),
    enabled,
    queryFn: async () =>
      (await queryChecks({ pageNo: 1, pageSize: 50 }, { status: 'done' }, true)).result.records,
  });
}

/**
 * /papermachine/cnki: rewriting aimed at a 知网 report. Either upload a 知网 / 维普 / 万方 / PaperPass report
 * (PDF or HTML) with the paper, or pick one of our checks; only the flagged spans' paragraphs are rewritten.
 * A report that is not a checker's report, or whose text does not match the paper, is refused by the server
 * with its reason before anything is charged.
 */
export default function CnkiReduce() {
  const { t } = useTranslation('reduce');
  const navigate = useNavigate();
  const { loggedIn, submitting, run } = useGuardedSubmit(t('submit.loginFirst'));
  const form = useReduceForm('similarity', 'similarity');
  const [mode, setMode] = useState<ReportMode>('upload');
  const [report, setReport] = useState<File | null>(null);
  const [checkId, setCheckId] = useState<number | null>(null);
  const checks = useDoneChecks(loggedIn && mode === 'ours');
  const paper = usePaperSource<ReduceWordCount>({
    initialMode: 'upload',
    count: (source, opts) => reduceWordCount('similarity', source, opts),
    typingDelayMs: 600,
  });
  const modelAvailable = useModelAvailable(paper.count.result);
  const path = modelAvailable ? form.path : 'offline';
  const units = unitPrices(paper.count.result?.quotes, usePublicPrices('similarity'));
  const ready = mode === 'ours' ? checkId !== null : !!report && paper.ready;

  async function next() {
    const targets = form.validate();
    if (!targets) return;
    // the request layer shows the server's reason (not a report, report and paper do not match …)
    await run(async () => {
      const r =
        mode === 'ours' && checkId !== null
          ? await reduceFromCheck(checkId, { path, targets })
          : report && paper.sent
            ? await reduceInit({ title: '', kind: 'similarity', path, targets }, paper.sent, report)
            : null;
      if (r) navigate(reduceContentPath(r.result.id));
      else toast().warning(t('cnki.needReport'));
    });
  }

  const checkLabel = (c: CheckRecord) =>
    `${c.title} · ${c.metrics ? pct(c.metrics.totalRatio) : '—'} · ${formatTime(c.createdAt, '{y}-{m}-{d}')}`;
  return (
    <div className="svc-page rd-page mc-cnki">
      <PageHero
        title={t('cnki.title')}
        subtitle={t('cnki.subtitle')}
        chips={['知网', '维普', '万方', 'PaperPass']}
      />
      <div className="ck-grid">
        <section className="svc-card">
          <div className="ck-field">
            <span className="ck-label">{t('cnki.reportStep')}</span>
            <Segmented<ReportMode>
              block
              className="rd-report-mode"
              value={mode}
              onChange={setMode}
              options={[
                { value: 'upload', label: t('cnki.reportMode.upload') },
                { value: 'ours', label: t('cnki.reportMode.ours') },
              ]}
            />
            {mode === 'upload' ? (
              <FileDrop
                accept={REPORT_ACCEPT}
                file={report}
                onFile={setReport}
                icon={<FilePdfOutlined />}
                text={t('cnki.reportDrag')}
                hints={[t('cnki.reportHint')]}
                testId="rd-report-upload"
              />
            ) : (
              <>
                <Select<number>
                  size="large"
                  style={{ width: '100%' }}
                  placeholder={t('cnki.oursPlaceholder')}
                  loading={checks.isLoading}
                  value={checkId ?? undefined}
                  onChange={setCheckId}
                  notFoundContent={t('cnki.oursEmpty')}
                  options={(checks.data ?? []).map((c) => ({ value: c.id, label: checkLabel(c) }))}
                  data-testid="rd-check-select"
                />
                <p className="svc-muted rd-report-info">{t('cnki.oursNote')}</p>
              </>
            )}
          </div>

          {mode === 'upload' && (
            <div className="ck-field">
              <span className="ck-label">{t('cnki.paperStep')}</span>
              <PaperSourceInput
                state={paper}
                ns="reduce"
                keyPrefix="submit"
                testId="rd"
                dragHint={t('cnki.paperNote')}
              />
              <PathWordCount paper={paper} path={path} />
            </div>
          )}

          <span className="ck-label">{t('cnki.targetStep')}</span>
          <SubmitChoices form={form} path={path} units={units} modelAvailable={modelAvailable} />
          {mode === 'upload' && !report && paper.ready && (
            <Alert type="info" showIcon title={t('cnki.needReport')} style={{ marginBottom: 12 }} />
          )}
          <SubmitButton
            testId="rd-next"
            disabled={!ready || submitting}
            loading={submitting}
            onClick={() => void next()}
            foot={t('submit.noChargeYet')}
          >
            {t('cnki.next')}
          </SubmitButton>
        </section>
        <SubmitSide units={units} />
      </div>
    </div>
  );
}
