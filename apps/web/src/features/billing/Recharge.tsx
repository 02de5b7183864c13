import { CheckCircleOutlined, WalletOutlined } from '@ant-design/icons';
import { TopUpLimits } from '@paperdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadById } from '../../shared/api/sysConfig.ts';
import { yuan } from '../../shared/billing/format.ts';
import PayDialog from '../../shared/billing/PayDialog.tsx';
import PaymentNotice from './PaymentNotice.tsx';
import './order.css';
import { queryKeys } from '../../shared/records/queries.ts';
import { useAccount } from '../../shared/account/hooks.ts';
import { PageHero } from '../../shared/records/FormParts.tsx';

const FALLBACK: TopUpLimits = { presets: [1000, 3000, 5000, 10000, 20000], minFen: 100, maxFen: 500_000 };

/** /order/recharge: preset amounts or a custom one (yuan, to the fen), paid through the QR dialog. */
export default function Recharge() {
  const { t } = useTranslation('order');
  const account = useAccount();
  const limitsQuery = useQuery({
    queryKey: queryKeys.sysConfig('limit.topup'),
    queryFn: async () => {
      const parsed = TopUpLimits.safeParse((await loadById('limit.topup', { silent: true })).result.value);
      return parsed.success ? parsed.data : FALLBACK;
    },
  });
  const limits = limitsQuery.data ?? FALLBACK;
  const [preset, setPreset] = useState<number | null>(3000);
  const [custom, setCustom] = useState<number | null>(null);
  const [paying, setPaying] = useState<number | null>(null);

  const fen = custom !== null ? Math.round(custom * 100) : preset;
  const valid = fen !== null && Number.isInteger(fen) && fen >= limits.minFen && fen <= limits.maxFen;
  const range = { min: limits.minFen / 100, max: limits.maxFen / 100 };
  const notes = t('recharge.notes', { returnObjects: true }) as unknown as string[];

  return (
    <div className="svc-page order-page">
      <PageHero title={t('recharge.title')} subtitle={t('recharge.subtitle')} />
      <PaymentNotice />
      <div className="recharge-layout">
        <section className="svc-card">
          <div className="recharge-balance">
            <WalletOutlined />
            <span>{t('recharge.current')}</span>
            <strong data-testid="recharge-balance">{account.data ? yuan(account.data.balance) : '—'}</strong>
          </div>
          <h2>{t('recharge.choose')}</h2>
          <div className="amount-grid">
            {limits.presets.map((p) => (
              <button
                key={p}
                type="button"
                aria-pressed={custom === null && preset === p}
                className={`amount-option${custom === null && preset === p ? ' is-active' : ''}`}
                onClick={() => {
                  setPreset(p);
                  setCustom(null);
                }}
              >
                <strong>{yuan(p)}</strong>
              </button>
            ))}
          </div>
          <h2>{t('recharge.custom')}</h2>
          <InputNumber
            className="amount-custom"
            size="large"
            min={0}
            step={1}
            precision={2}
            prefix="¥"
            suffix={t('recharge.yuan')}
            placeholder={t('recharge.customPlaceholder')}
            value={custom}
            onChange={(v) => setCustom(typeof v === 'number' ? v : null)}
            data-testid="recharge-custom"
          />
          <p className={`svc-muted${custom !== null && !valid ? ' is-error' : ''}`}>
            {custom !== null && !valid ? t('recharge.invalid', range) : t('recharge.range', range)}
          </p>
          <Button type="primary" size="large" block disabled={!valid} onClick={() => valid && setPaying(fen)}>
            {t('recharge.pay', { amount: valid ? yuan(fen) : '' })}
          </Button>
        </section>
        <aside className="svc-card recharge-notes">
          <ul>
            {Array.isArray(notes) &&
              notes.map((n) => (
                <li key={n}>
                  <CheckCircleOutlined /> {n}
                </li>
              ))}
          </ul>
        </aside>
      </div>
      <PayDialog input={paying === null ? null : { topUpFen: paying }} onClose={() => setPaying(null)} />
    </div>
  );
}
