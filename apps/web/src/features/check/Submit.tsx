import { GiftOutlined } from '@ant-design/icons';
import type { CheckEdition } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Segmented, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { checkCost, checkSubmit, loadCheck } from './api.ts';
import { formatTime } from '../../utils/time.ts';
import PayDialog from '../billing/PayDialog.tsx';
import { num, yuan } from '../../shared/format.ts';
import { STATUS_COLORS } from '../../shared/records/status.ts';
import './check.css';
import { queryKeys } from '../../shared/records/queries.ts';
import { PayActions } from '../../shared/records/PayActions.tsx';
import { PayBox, PayLine } from '../../shared/records/PayBox.tsx';

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

  const record = useQuery({
    queryKey: queryKeys.record('check', id),
    queryFn: async () => (await loadCheck(id)).result,
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
  const current = edition ?? record.data?.edition;
  const cost = useQuery({
    queryKey: queryKeys.recordPart('check', id, 'cost', current),
    queryFn: async () => (await checkCost(id, current)).result,
    enabled: record.data?.status === 'created' && !!current,
  });

  async function submit() {
    setSubmitting(true);
    try {
      const submitted = await checkSubmit(id, current ? { edition: current } : {});
      // the report page reads this record: hand it the submitted state so it starts polling at once
      qc.setQueryData(queryKeys.record('check', id), submitted.result);
      await qc.invalidateQueries({ queryKey: queryKeys.account });
      navigate(`/paper/report/${id}`);
    } catch {
      // 402 and others: the request layer shows the message; refresh the quote
      void cost.refetch();
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
  if (r.status !== 'created') {
    return (
      <div className="svc-page">
        <Result
          status="success"
          title={t('submit.already')}
          subTitle={t(`status.${r.status}`)}
          extra={
            <Button type="primary" onClick={() => navigate(`/paper/report/${r.id}`)}>
              {t('submit.viewProgress')}
            </Button>
          }
        />
      </div>
    );
  }

  const c = cost.data;
  const how = !c
    ? null
    : c.freeCheck.applies
      ? 'free'
      : c.quotaAvailable >= c.quotaNeeded
        ? 'quota'
        : c.sufficient
          ? 'balance'
          : 'short';

  return (
    <div className="svc-page">
      <header className="svc-hero">
        <div>
          <h1>{t('submit.title')}</h1>
          <p>{t('submit.subtitle')}</p>
        </div>
      </header>
      <div className="ck-grid">
        <section className="svc-card">
          <h2>
            {t('submit.paper')} <Tag color={STATUS_COLORS[r.status]}>{t(`status.${r.status}`)}</Tag>
          </h2>
          <dl className="ck-summary">
            <dt>{t('submit.paperTitle')}</dt>
            <dd data-testid="submit-title">{r.title}</dd>
            <dt>{t('submit.author')}</dt>
            <dd>{r.author || '—'}</dd>
            <dt>{t('submit.source')}</dt>
            <dd>{r.fileName ?? t('submit.pasted')}</dd>
            <dt>{t('submit.characters')}</dt>
            <dd>
              <strong>{num(r.characters)}</strong> {t('submit.charUnit')}
            </dd>
            <dt>{t('submit.created')}</dt>
            <dd>{formatTime(r.createdAt, '{y}-{m}-{d} {h}:{i}')}</dd>
            <dt>{t('submit.library')}</dt>
            <dd>{r.addToLibrary ? t('submit.libraryYes') : t('submit.libraryNo')}</dd>
          </dl>
        </section>

        <section className="svc-card">
          <h2>{t('submit.payTitle')}</h2>
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
          {!c ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : (
            <PayBox
              testId="pay-box"
              payableTestId="payable"
              labels={{
                price: t('submit.price'),
                balance: t('submit.balance'),
                payable: t('submit.payable'),
              }}
              price={`${num(c.characters)} ${t('submit.charUnit')} · ${yuan(c.priceFen)}`}
              balanceFen={c.balanceFen}
              payableFen={c.payableFen}
            >
              {how === 'free' && (
                <PayLine
                  discount
                  label={
                    <>
                      <GiftOutlined /> {t('submit.freeApplies')}
                    </>
                  }
                  value={`-${yuan(c.priceFen)}`}
                />
              )}
              {how === 'quota' && (
                <PayLine
                  discount
                  label={t('submit.useQuota', { need: c.quotaNeeded, left: c.quotaAvailable })}
                  value={`-${yuan(c.priceFen)}`}
                />
              )}
            </PayBox>
          )}
          <PayActions
            ns="check"
            keyPrefix="submit"
            how={how}
            payableFen={c?.payableFen ?? 0}
            balanceFen={c?.balanceFen ?? 0}
            yuan={yuan}
            shortHint={
              c?.freeCheck.eligible && !c.freeCheck.availableToday
                ? t('submit.freeUsedToday')
                : t('submit.shortHint')
            }
            payQr={c ? { amountFen: c.payableFen, open: () => setPaying(true) } : undefined}
            submitting={submitting}
            onSubmit={() => void submit()}
            testId="confirm-submit"
          />
        </section>
      </div>
      <PayDialog
        input={paying ? { recordType: 'check', recordId: id } : null}
        onClose={() => {
          setPaying(false);
          void record.refetch().then((x) => {
            if (x.data && x.data.status !== 'created') navigate(`/paper/report/${id}`);
            else void cost.refetch();
          });
        }}
      />
    </div>
  );
}
