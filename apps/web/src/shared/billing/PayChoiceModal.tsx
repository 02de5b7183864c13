import { CheckCircleFilled, QrcodeOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PayWay } from '@paperdesk/contracts';
import type { RecordArea } from '../records/queries.ts';
import { yuan } from './format.ts';
import { PayChoice, usePayChoice } from './PayChoice.tsx';
import PayDialog from './PayDialog.tsx';

/**
 * The pay choice for services without a confirm page (AIGC检测, PPT): opened for one unpaid record, it shows every
 * way to pay with the cheapest preselected; confirm submits with the chosen way (`onPay`), the QR way opens the pay
 * dialog for the rest after the balance (the paid order submits the record), then `onQrClosed`.
 */
export function PayChoiceModal(props: {
  area: RecordArea;
  recordType: string;
  recordId: number | null;
  title: string;
  onPay: (pay: PayWay) => Promise<void>;
  onQrClosed: (recordId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('order');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [qr, setQr] = useState<number | null>(null);
  const id = props.recordId ?? 0;
  const choice = usePayChoice({
    area: props.area,
    recordType: props.recordType,
    recordId: id,
    enabled: props.recordId !== null,
  });
  const data = choice.data;
  const qrOption = data?.options.find((o) => o.way === 'qr');

  async function confirm() {
    if (!choice.pay) return;
    setBusy(true);
    try {
      await props.onPay(choice.pay);
    } catch {
      void choice.refetch();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Modal
        open={props.recordId !== null && qr === null}
        title={t('choice.modalTitle')}
        onCancel={props.onClose}
        footer={null}
        width={460}
        destroyOnHidden
        centered
      >
        <div data-testid="pay-choice-modal">
          <div className="pay-choice__subject">{props.title}</div>
          {!data ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : (
            <>
              <div className="pay-choice__price">
                {t('choice.price')} <strong data-testid="pay-choice-price">{yuan(data.priceFen)}</strong>
                <span className="pay-choice__detail">{data.breakdown}</span>
              </div>
              <PayChoice data={data} way={choice.way} onChange={choice.setWay} />
              {choice.way === null && <Alert type="warning" showIcon title={t('choice.none')} />}
              {choice.way === 'qr' && qrOption ? (
                <Button
                  type="primary"
                  size="large"
                  block
                  icon={<QrcodeOutlined />}
                  onClick={() => setQr(id)}
                  data-testid="pay-choice-qr"
                >
                  {t('choice.payQr', { amount: yuan(qrOption.qrFen) })}
                </Button>
              ) : choice.way === null ? (
                <div className="ck-actions">
                  <Button type="primary" size="large" onClick={() => navigate('/order/recharge')}>
                    {t('route.recharge')}
                  </Button>
                  <Button size="large" onClick={() => navigate('/order/taocan')}>
                    {t('route.taocan')}
                  </Button>
                </div>
              ) : (
                <Button
                  type="primary"
                  size="large"
                  block
                  icon={<CheckCircleFilled />}
                  loading={busy}
                  onClick={() => void confirm()}
                  data-testid="pay-choice-confirm"
                >
                  {choice.way === 'balance'
                    ? t('choice.confirmBalance', { amount: yuan(data.priceFen) })
                    : choice.way === 'quota'
                      ? t('choice.confirmQuota')
                      : t('choice.confirmFree')}
                </Button>
              )}
            </>
          )}
        </div>
      </Modal>
      <PayDialog
        input={qr === null ? null : { recordType: props.recordType, recordId: qr }}
        onClose={() => {
          const paid = qr;
          setQr(null);
          if (paid !== null) props.onQrClosed(paid);
        }}
      />
    </>
  );
}
