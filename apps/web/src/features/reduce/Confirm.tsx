import { REPORT_VENDOR_LABELS, type ReduceDetail, type ReducePath } from '@paperdesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { num, yuan } from '../../shared/format.ts';
import { PayCard, SummaryCard } from '../../shared/records/ConfirmParts.tsx';
import { PageHero } from '../../shared/records/FormParts.tsx';
import { queryKeys } from '../../shared/records/queries.ts';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import PayDialog from '../../shared/billing/PayDialog.tsx';
import { reduceSubmit } from './api.ts';
import { PathPicker } from './PathPicker.tsx';
import { REDUCE_PRICING, unitPrices } from './pricing.ts';
import { TargetPicker } from './TargetPicker.tsx';
import { percent } from './targets.ts';
import { useReduceForm } from './useReduceForm.ts';
import { PayLine } from '../../shared/records/PayBox.tsx';
import { useAccount } from '../../shared/account/hooks.ts';

/** The billing record type of a 降重 / 降AIGC record, for a QR payment of this one record. */
const RECORD_TYPE = 'reduce';

/**
 * /papermachine/content/:id while unpaid: what will be rewritten, the targets and path (still changeable),
 * the price, and confirm-and-pay (balance, else a QR payment for this record, top-up or packages).
 */
export function Confirm({ record, onSubmitted }: { record: ReduceDetail; onSubmitted: () => void }) {
  const { t } = useTranslation('reduce');
  const qc = useQueryClient();
  const form = useReduceForm(record.kind, record.goal, { targets: record.targets, path: record.path });
  const [submitting, setSubmitting] = useState(false);
  const [paying, setPaying] = useState(false);
  const account = useAccount();
  const offlineOffered = record.offlineGoals.includes(form.targets.goal);
  // the offline path only where it measurably reaches the goal; the model path only with a model
  const path: ReducePath | null = record.modelAvailable
    ? offlineOffered
      ? form.path
      : 'model'
    : offlineOffered
      ? 'offline'
      : null;
  const quote = record.quotes.find((q) => q.path === (path ?? record.path));
  const priceFen = quote?.priceFen ?? record.priceFen;
  const wallet = account.data;
  const balanceFen = wallet?.balance ?? 0;
  // the kind's character package covers what it can, the balance the rest (per started thousand)
  const quotaLeft = wallet?.quotas[REDUCE_PRICING[record.kind].service] ?? 0;
  const quotaUse = Math.min(quotaLeft, record.characters);
  const rest = record.characters - quotaUse;
  const payableFen =
    quotaUse === 0 ? priceFen : rest > 0 ? Math.ceil(rest / 1000) * (quote?.unitPriceFen ?? 0) : 0;
  const how = !wallet
    ? null
    : payableFen === 0
      ? quotaUse > 0
        ? 'quota'
        : 'free'
      : balanceFen >= payableFen
        ? 'balance'
        : 'short';

  async function submit() {
    const targets = form.validate();
    if (!targets || !path) return;
    setSubmitting(true);
    try {
      await reduceSubmit(record.kind, record.id, { path, targets });
      await qc.invalidateQueries({ queryKey: queryKeys.account });
      onSubmitted();
    } catch (e) {
      toast().error(e instanceof Error ? e.message : String(e));
      void account.refetch();
    } finally {
      setSubmitting(false);
    }
  }

  const report = record.report;
  return (
    <div className="svc-page rd-page">
      <PageHero title={t('content.confirmTitle')} subtitle={record.title} />
      <div className="ck-grid">
        <SummaryCard
          title={t('content.summary')}
          status={record.status}
          statusLabel={t(`status.${record.status}`)}
          rows={[
            {
              label: t('records.colKind'),
              value: t(
                `kind.${record.origin === 'report' ? 'cnki' : record.kind === 'aigc' ? 'aigc' : 'whole'}`,
              ),
            },
            { label: t('content.source'), value: record.fileName ?? t('content.sourceText') },
            report && {
              label: t('content.report'),
              testId: 'rd-report-info',
              value: t('content.reportValue', {
                vendor: REPORT_VENDOR_LABELS[report.vendor],
                total: percent(report.totalPercent),
                spans: report.flaggedSpans,
                paragraphs: report.matchedParagraphs,
              }),
            },
            {
              label: t('content.paragraphs'),
              value: t('content.paragraphsValue', {
                all: record.paragraphs,
                target: record.targetParagraphs,
              }),
            },
            {
              label: t('content.characters'),
              value: (
                <>
                  <strong>{num(record.characters)}</strong> {t('content.charUnit')}
                </>
              ),
            },
            { label: t('content.created'), value: formatTime(record.createdAt, '{y}-{m}-{d} {h}:{i}') },
          ]}
        >
          <div className="rd-confirm-form">
            <TargetPicker value={form.targets} onChange={form.setTargets} errors={form.errors} />
          </div>
          <PathPicker
            value={path ?? record.path}
            onChange={form.setPath}
            units={unitPrices(record.quotes, undefined)}
            modelAvailable={record.modelAvailable}
            goal={form.targets.goal}
            measured={{ rates: record.successRates, offlineGoals: record.offlineGoals }}
          />
        </SummaryCard>

        <PayCard
          title={t('content.payTitle')}
          ready={!!wallet}
          box={{
            testId: 'rd-pay-box',
            payableTestId: 'rd-payable',
            labels: {
              price: t('content.priceLine'),
              balance: t('content.balance'),
              payable: t('content.payable'),
            },
            price: `${t(`path.${path ?? record.path}`)} · ${num(record.characters)} ${t('content.charUnit')} · ${yuan(priceFen)}`,
            balanceFen,
            payableFen,
          }}
          lines={
            quotaUse > 0 && (
              <PayLine
                className="rd-quota"
                label={t('content.useQuota', { use: num(quotaUse) })}
                value={t('content.quota', { left: num(quotaLeft) })}
              />
            )
          }
          actions={{
            ns: 'reduce',
            keyPrefix: 'content',
            how,
            payableFen,
            balanceFen,
            yuan,
            shortHint: t('content.shortHint'),
            payQr: { amountFen: priceFen, open: () => setPaying(true) },
            submitting,
            onSubmit: () => void submit(),
            testId: 'rd-confirm',
          }}
        />
      </div>
      <PayDialog
        input={paying ? { recordType: RECORD_TYPE, recordId: record.id } : null}
        onClose={() => {
          setPaying(false);
          onSubmitted();
        }}
      />
    </div>
  );
}
