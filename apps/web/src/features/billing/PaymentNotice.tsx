import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePaymentFeature } from '../../hooks/usePublicFeature.ts';

/** The pay pages' banner while payments are simulated (测试支付) or not offered at all. */
export default function PaymentNotice() {
  const { t } = useTranslation('order');
  const payment = usePaymentFeature();
  if (!payment) return null;
  if (payment.sandbox)
    return (
      <Alert type="warning" showIcon banner message={t('pay.sandboxBanner')} data-testid="sandbox-banner" />
    );
  if (!payment.providers.length) return <Alert type="info" showIcon banner message={t('pay.unavailable')} />;
  return null;
}
