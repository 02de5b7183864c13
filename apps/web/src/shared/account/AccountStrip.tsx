import { GiftOutlined, WalletOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { quotaText, SERVICES, yuan } from '../billing/format.ts';
import { useAccount } from './hooks.ts';

/** Balance, the quotas the user holds and the free-check state, shown above the purchase pages. */
export default function AccountStrip() {
  const { t } = useTranslation('order');
  const account = useAccount();
  if (account.isPending) return <Skeleton active paragraph={false} className="order-strip" />;
  if (!account.data) return null;
  const a = account.data;
  const held = SERVICES.filter((k) => (a.quotas[k] ?? 0) > 0);
  return (
    <div className="order-strip" data-testid="account-strip">
      <div className="order-strip__item">
        <WalletOutlined />
        <span>{t('taocan.yourBalance')}</span>
        <strong data-testid="strip-balance">{yuan(a.balance)}</strong>
        <Link to="/order/recharge">{t('taocan.toRecharge')}</Link>
      </div>
      {held.length > 0 && (
        <div className="order-strip__item order-strip__quotas">
          <span>{t('taocan.yourQuota')}</span>
          {held.map((k) => (
            <span key={k} className="order-strip__chip">
              {t(`service.${k}`)} {quotaText(t, k, a.quotas[k] ?? 0)}
            </span>
          ))}
        </div>
      )}
      {a.freeCheck.eligible && (
        <div className="order-strip__item">
          <GiftOutlined />
          <span>{t('account.freeCheck')}</span>
          <strong className={a.freeCheck.availableToday ? 'is-ok' : ''}>
            {a.freeCheck.availableToday ? t('account.freeAvailable') : t('account.freeUsed')}
          </strong>
        </div>
      )}
      <Link to="/order/account" className="order-strip__link">
        {t('taocan.toAccount')}
      </Link>
    </div>
  );
}
