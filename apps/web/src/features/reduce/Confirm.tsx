import {
  REDUCE_PRICING,
  REPORT_VENDOR_LABELS,
  type ReduceDetail,
  type ReducePath,
  type ReduceTargets,
} from '@paperdesk/contracts';
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
import { choiceActions, PayChoice, usePayChoice } from '../../shared/billing/PayChoice.tsx';
import { reduceSubmit, targetFields } from './api.ts';
import { PathPicker } from './PathPicker.tsx';
import { unitPrices } from './pricing.ts';
import { TargetPicker } from './TargetPicker.tsx';
import { percent } from './targets.ts';
import { useReduceForm } from './useReduceForm.ts';
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
  // the targets a QR order carries (validated when it opens): the paid order runs the record with them
  const [paying, setPaying] = useState<ReduceTargets | null>(null);
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
  // the ways to pay priced for the path chosen on this page (its edition of the kind's price)
  const choice = usePayChoice({
    area: 'reduce',
    recordType: RECORD_TYPE,
    recordId: record.id,
    edition: REDUCE_PRICING[record.kind].edition[path ?? record.path],
    enabled: record.status === 'created',
  });
  const pay = choiceActions(choice, () => {
    const targets = form.validate();
    if (targets && path) setPaying(targets);
  });

  async function submit() {
    const targets = form.validate();
    if (!targets || !path) return;
    setSubmitting(true);
    try {
      await reduceSubmit(record.kind, record.id, { path, targets, pay: choice.pay });
      await qc.invalidateQueries({ queryKey: queryKeys.account });
      onSubmitted();
    } catch (e) {
      toast().error(e instanceof Error ? e.message : String(e));
      void account.refetch();
      void choice.refetch();
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
            {
              label: t('content.source'),
              testId: 'rd-source',
              value: record.fileName ?? t(`content.sourceOrigin.${record.origin}`),
            },
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
            modelFeature={record.kind === 'aigc' ? 'aigc' : 'rewrite'}
            value={path}
            onChange={form.setPath}
            units={unitPrices(record.quotes, undefined)}
            modelAvailable={record.modelAvailable}
            goal={form.targets.goal}
            measured={{ rates: record.successRates, offlineGoals: record.offlineGoals }}
          />
        </SummaryCard>

        <PayCard
          title={t('content.payTitle')}
          ready={!!choice.data}
          box={{
            testId: 'rd-pay-box',
            payableTestId: 'rd-payable',
            labels: {
              price: t('content.priceLine'),
              balance: t('content.balance'),
              payable: t('content.payable'),
            },
            price: path
              ? `${t(`path.${path}`)} · ${num(record.characters)} ${t('content.charUnit')} · ${yuan(priceFen)}`
              : t('content.noPath'),
            balanceFen: pay.balanceFen,
            payableFen: pay.payableFen,
          }}
          lines={choice.data && <PayChoice data={choice.data} way={choice.way} onChange={choice.setWay} />}
          actions={{
            ns: 'reduce',
            keyPrefix: 'content',
            ...pay,
            yuan,
            shortHint: t('content.shortHint'),
            // no path can deliver this goal here (offline refused for it, no model): nothing to pay for
            disabled: path === null,
            submitting,
            onSubmit: () => void submit(),
            testId: 'rd-confirm',
          }}
        />
      </div>
      <PayDialog
        input={
          paying
            ? {
                recordType: RECORD_TYPE,
                recordId: record.id,
                // the QR pays for the path and targets shown here: the record takes them before the order
                // prices it, and the paid order runs it with them
                edition: REDUCE_PRICING[record.kind].edition[path ?? record.path],
                ...targetFields(paying),
              }
            : null
        }
        onClose={() => {
          setPaying(null);
          onSubmitted();
        }}
      />
    </div>
  );
}
