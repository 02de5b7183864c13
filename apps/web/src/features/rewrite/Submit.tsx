import { useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { loadMachine, machineSubmit } from './api.ts';
import { formatTime } from '../../utils/time.ts';
import PayDialog from '../../shared/billing/PayDialog.tsx';
import { choiceActions, PayChoice, usePayChoice } from '../../shared/billing/PayChoice.tsx';
import { num, yuan } from '../../shared/format.ts';
import '../check/check.css';
import './machine.css';
import { RecordLoading, RecordNotFound } from './states.tsx';
import { queryKeys, usePolledRecord } from '../../shared/records/queries.ts';
import { AlreadySubmitted, PayCard, SummaryCard } from '../../shared/records/ConfirmParts.tsx';
import { PageHero } from '../../shared/records/FormParts.tsx';
import { useAccount } from '../../shared/account/hooks.ts';

/**
 * /machine/submit/:id: confirm and pay. The `rewrite` package quota (characters) covers what it can and the
 * balance the rest; when that is short, this one record is paid by QR (the paid order submits it) or the
 * user tops up or buys a package.
 */
export default function SubmitRewrite() {
  const { t } = useTranslation('machine');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [paying, setPaying] = useState(false);

  const record = usePolledRecord('machine', id, async (id) => (await loadMachine(id)).result, {
    poll: false,
  });
  const account = useAccount();
  const choice = usePayChoice({
    area: 'machine',
    recordType: 'rewrite',
    recordId: id,
    enabled: record.data?.status === 'created',
  });

  async function submit() {
    const r = record.data;
    if (!r) return;
    setSubmitting(true);
    try {
      const submitted = await machineSubmit(r.edition, id, undefined, choice.pay);
      qc.setQueryData(queryKeys.record('machine', id), { ...r, ...submitted.result });
      await qc.invalidateQueries({ queryKey: queryKeys.account });
      navigate(`/machine/content/${id}`);
    } catch {
      // 402 and others: the request layer shows the message; refresh the wallet
      void account.refetch();
      void choice.refetch();
    } finally {
      setSubmitting(false);
    }
  }

  if (record.isLoading) return <RecordLoading />;
  const r = record.data;
  if (!r) return <RecordNotFound />;
  // paid by QR while the dialog is open: the record is submitted, so its result page is where the user goes next
  if (r.status !== 'created' && paying) return <Navigate to={`/machine/content/${r.id}`} replace />;
  if (r.status !== 'created') {
    return (
      <AlreadySubmitted
        title={t('submit.already')}
        status={t(`status.${r.status}`)}
        action={t('submit.viewResult')}
        onOpen={() => navigate(`/machine/content/${r.id}`)}
      />
    );
  }

  const pay = choiceActions(choice, () => setPaying(true));
  const blocked = r.edition === 'cnki' && !r.modelAvailable;

  return (
    <div className="svc-page">
      <PageHero title={t('submit.title')} subtitle={t('submit.subtitle')} />
      <div className="ck-grid">
        <SummaryCard
          title={t('submit.text')}
          status={r.status}
          statusLabel={t(`status.${r.status}`)}
          before={
            r.origin === 'check' && (
              <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('start.fromCheck')} />
            )
          }
          rows={[
            { label: t('submit.titleLabel'), value: r.title, testId: 'mc-submit-title' },
            { label: t('submit.edition'), value: t(`edition.${r.edition}`) },
            { label: t('submit.source'), value: r.fileName ?? t(`submit.origin.${r.origin}`) },
            {
              label: t('submit.paragraphs'),
              value: t('submit.paragraphsValue', { all: r.paragraphs, target: r.targetParagraphs }),
            },
            {
              label: t('submit.characters'),
              value: (
                <>
                  <strong>{num(r.characters)}</strong> {t('submit.charUnit')}
                </>
              ),
            },
            { label: t('common:records.colCreated'), value: formatTime(r.createdAt, '{y}-{m}-{d} {h}:{i}') },
          ]}
        />

        <PayCard
          title={t('submit.payTitle')}
          ready={!!choice.data}
          box={{
            testId: 'mc-pay-box',
            payableTestId: 'mc-payable',
            labels: { price: t('submit.price'), balance: t('submit.balance'), payable: t('submit.payable') },
            price: `${num(r.characters)} ${t('submit.charUnit')} · ${yuan(r.priceFen)}`,
            balanceFen: pay.balanceFen,
            payableFen: pay.payableFen,
          }}
          lines={choice.data && <PayChoice data={choice.data} way={choice.way} onChange={choice.setWay} />}
          between={
            blocked && (
              <Alert type="error" showIcon style={{ marginBottom: 14 }} title={t('submit.modelMissing')} />
            )
          }
          actions={{
            ns: 'machine',
            keyPrefix: 'submit',
            ...pay,
            yuan,
            shortHint: t('submit.shortHint'),
            disabled: blocked,
            submitting,
            onSubmit: () => void submit(),
            testId: 'mc-confirm',
          }}
        />
      </div>
      <PayDialog
        input={paying ? { recordType: 'rewrite', recordId: id } : null}
        onClose={() => {
          setPaying(false);
          void record.refetch().then((x) => {
            if (x.data && x.data.status !== 'created') navigate(`/machine/content/${id}`);
            else {
              void account.refetch();
              void choice.refetch();
            }
          });
        }}
      />
    </div>
  );
}
