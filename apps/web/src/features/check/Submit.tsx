import type { CheckEdition } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Result, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { checkCost, checkSubmit, loadCheck } from './api.ts';
import { formatTime } from '../../utils/time.ts';
import PayDialog from '../../shared/billing/PayDialog.tsx';
import { choiceActions, PayChoice, usePayChoice } from '../../shared/billing/PayChoice.tsx';
import { num, yuan } from '../../shared/format.ts';
import './check.css';
import { queryKeys, usePolledRecord } from '../../shared/records/queries.ts';
import { AlreadySubmitted, PayCard, SummaryCard } from '../../shared/records/ConfirmParts.tsx';
import { PageHero } from '../../shared/records/FormParts.tsx';

/**
 * /paper/submit/:id: confirm and pay. Shows what will be checked and how it is paid — today's free
 * 专业版 check, the package quota, or the balance — and, when that is not enough, pays this one record
 * by QR (the order submits the check once paid) or leads to top-up and packages.
 */
export default function SubmitCheck() {
  const { t } = useTranslation('check');
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [edition, setEdition] = useState<CheckEdition | undefined>(undefined);
  const [submitting, setSubmitting] = useState(false);
  const [paying, setPaying] = useState(false);

  const record = usePolledRecord('check', id, async (id) => (await loadCheck(id)).result, { poll: false });
  const current = edition ?? record.data?.edition;
  const cost = useQuery({
    queryKey: queryKeys.recordPart('check', id, 'cost', current),
    queryFn: async () => (await checkCost(id, current)).result,
    enabled: record.data?.status === 'created' && !!current,
  });
  const choice = usePayChoice({
    area: 'check',
    recordType: 'check',
    recordId: id,
    edition: current,
    enabled: record.data?.status === 'created' && !!current,
  });

  async function submit() {
    setSubmitting(true);
    try {
      const submitted = await checkSubmit(id, {
        ...(current ? { edition: current } : {}),
        ...(choice.pay ? { pay: choice.pay } : {}),
      });
      // the report page reads this record: hand it the submitted state so it starts polling at once
      qc.setQueryData(queryKeys.record('check', id), submitted.result);
      await qc.invalidateQueries({ queryKey: queryKeys.account });
      navigate(`/paper/report/${id}`);
    } catch {
      // 402 and others: the request layer shows the message; refresh the quote
      void cost.refetch();
      void choice.refetch();
    } finally {
      setSubmitting(false);
    }
  }

  if (record.isLoading) {
    return (
      <div className="svc-page">
        <section className="svc-card">
          <Skeleton active paragraph={{ rows: 6 }} />
        </section>
      </div>
    );
  }
  const r = record.data;
  if (!r) {
    return (
      <div className="svc-page">
        <Result
          status="404"
          title={t('submit.notFound')}
          extra={<Link to="/paper/report">{t('submit.toRecords')}</Link>}
        />
      </div>
    );
  }
  // paid by QR while the dialog is open: the record is submitted, so its report is where the user goes next
  if (r.status !== 'created' && paying) return <Navigate to={`/paper/report/${r.id}`} replace />;
  if (r.status !== 'created') {
    return (
      <AlreadySubmitted
        title={t('submit.already')}
        status={t(`status.${r.status}`)}
        action={t('submit.viewProgress')}
        onOpen={() => navigate(`/paper/report/${r.id}`)}
      />
    );
  }

  const c = cost.data;
  const pay = choiceActions(choice, () => setPaying(true));
  return (
    <div className="svc-page">
      <PageHero title={t('submit.title')} subtitle={t('submit.subtitle')} />
      <div className="ck-grid">
        <SummaryCard
          title={t('submit.paper')}
          status={r.status}
          statusLabel={t(`status.${r.status}`)}
          rows={[
            { label: t('submit.paperTitle'), value: r.title, testId: 'submit-title' },
            { label: t('submit.author'), value: r.author || '—' },
            { label: t('submit.source'), value: r.fileName ?? t('submit.pasted') },
            {
              label: t('submit.characters'),
              value: (
                <>
                  <strong>{num(r.characters)}</strong> {t('submit.charUnit')}
                </>
              ),
            },
            { label: t('submit.created'), value: formatTime(r.createdAt, '{y}-{m}-{d} {h}:{i}') },
            {
              label: t('submit.library'),
              value: r.addToLibrary ? t('submit.libraryYes') : t('submit.libraryNo'),
            },
          ]}
        />

        <PayCard
          title={t('submit.payTitle')}
          ready={!!c && !!choice.data}
          box={{
            testId: 'pay-box',
            payableTestId: 'payable',
            labels: { price: t('submit.price'), balance: t('submit.balance'), payable: t('submit.payable') },
            price: c ? `${num(c.characters)} ${t('submit.charUnit')} · ${yuan(c.priceFen)}` : '',
            balanceFen: choice.data?.balanceFen ?? 0,
            payableFen: choice.payableFen,
          }}
          lines={choice.data && <PayChoice data={choice.data} way={choice.way} onChange={choice.setWay} />}
          actions={{
            ns: 'check',
            keyPrefix: 'submit',
            ...pay,
            yuan,
            shortHint:
              c?.freeCheck.eligible && !c.freeCheck.availableToday
                ? t('submit.freeUsedToday')
                : t('submit.shortHint'),
            submitting,
            onSubmit: () => void submit(),
            testId: 'confirm-submit',
          }}
        >
          <Segmented<CheckEdition>
            block
            value={current}
            onChange={(v) => setEdition(v)}
            options={[
              { value: 'standard', label: t('edition.standard') },
              { value: 'professional', label: t('edition.professional') },
            ]}
          />
          <p className="svc-muted" style={{ margin: '8px 0 0' }}>
            {current ? t(`upload.editionDesc.${current}`) : ''}
          </p>
        </PayCard>
      </div>
      <PayDialog
        input={
          paying ? { recordType: 'check', recordId: id, ...(current ? { edition: current } : {}) } : null
        }
        onClose={() => {
          setPaying(false);
          // the paid order submits the record as it is credited: ask a few times before showing the bill again
          const settle = (tries: number) =>
            void record.refetch().then((x) => {
              if (x.data && x.data.status !== 'created') navigate(`/paper/report/${id}`);
              else if (tries > 0) setTimeout(() => settle(tries - 1), 1000);
              else {
                void cost.refetch();
                void choice.refetch();
              }
            });
          settle(3);
        }}
      />
    </div>
  );
}
