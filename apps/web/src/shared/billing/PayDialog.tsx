import { CheckCircleFilled, ClockCircleOutlined, ExportOutlined, LoadingOutlined } from '@ant-design/icons';
import type { CreateOrderInput, OrderCreated, OrderView } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Result, Spin, Tag } from 'antd';
import QRCode from 'qrcode';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createOrder, loadOrder } from '../api/order.ts';
import { RequestError } from '../../utils/request.ts';
import { yuan } from './format.ts';
import { isRecordQuery, POLL_MS, queryKeys } from '../records/queries.ts';
import './pay-dialog.css';

function useCountdown(until: string | undefined): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return '';
  const left = Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
  return `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
}

/**
 * Creates the order when opened, shows its payment QR (测试支付 clearly marked), polls the order
 * until it is credited, then shows what arrived. Closing stops the polling; an unpaid order simply
 * expires after 15 minutes.
 */
export default function PayDialog({
  input,
  onClose,
}: {
  input: CreateOrderInput | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('order');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [order, setOrder] = useState<OrderCreated | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [qr, setQr] = useState<string>('');
  const [attempt, setAttempt] = useState(0);
  const started = useRef<string>('');

  useEffect(() => {
    if (!input) {
      setOrder(null);
      setError(null);
      setQr('');
      started.current = '';
      return;
    }
    const key = `${JSON.stringify(input)}#${attempt}`;
    if (started.current === key) return;
    started.current = key;
    setOrder(null);
    setError(null);
    setQr('');
    createOrder(input).then(
      async (res) => {
        setOrder(res.result);
        setQr(
          await QRCode.toDataURL(res.result.qrCode, { width: 232, margin: 2, errorCorrectionLevel: 'M' }),
        );
      },
      (e: unknown) => setError(e instanceof RequestError ? e.message : String(e)),
    );
  }, [input, attempt]);

  const status = useQuery({
    queryKey: queryKeys.order(order?.id),
    enabled: !!order,
    queryFn: async () => (await loadOrder(order!.id, { silent: true })).result,
    refetchInterval: (q) => {
      const s = (q.state.data as OrderView | undefined)?.status ?? 'created';
      return s === 'created' || s === 'paid' ? POLL_MS.payment : false;
    },
    refetchIntervalInBackground: true,
  });
  const current = status.data ?? order;
  const countdown = useCountdown(current?.status === 'created' ? current.expiresAt : undefined);

  useEffect(() => {
    if (current?.status === 'fulfilled') {
      void qc.invalidateQueries({ queryKey: queryKeys.account });
      void qc.invalidateQueries({ queryKey: queryKeys.orders });
      void qc.invalidateQueries({ queryKey: queryKeys.ledger });
      // a paid record changes state on whatever page opened the dialog: its list, its page and its cost; asked
      // again a moment later, as the order's fulfilment submits the record just after it is marked paid
      if (input?.recordType) {
        const refresh = () => void qc.invalidateQueries({ predicate: (q) => isRecordQuery(q.queryKey) });
        refresh();
        const again = setTimeout(refresh, 1500);
        return () => clearTimeout(again);
      }
    }
  }, [current?.status, qc, input?.recordType]);

  let body: ReactNode;
  if (error) {
    body = (
      <Result
        status="error"
        title={t('pay.failedTitle')}
        subTitle={error}
        extra={<Button onClick={() => setAttempt((a) => a + 1)}>{t('pay.retry')}</Button>}
      />
    );
  } else if (!order || !current) {
    body = (
      <div className="pay-dialog__loading">
        <Spin />
        <span>{t('pay.creating')}</span>
      </div>
    );
  } else if (current.status === 'fulfilled') {
    body = (
      <Result
        status="success"
        icon={<CheckCircleFilled />}
        title={t('pay.successTitle')}
        subTitle={
          <div className="pay-dialog__credits" data-testid="pay-credited">
            <div>{t('pay.successDesc')}</div>
            {current.credits.map((c) => (
              <div key={c.account} className="pay-dialog__credit">
                {c.label}
              </div>
            ))}
          </div>
        }
        extra={[
          <Button key="account" type="primary" onClick={() => navigate('/order/account')}>
            {t('pay.toAccount')}
          </Button>,
          <Button key="more" onClick={onClose}>
            {t('pay.continue')}
          </Button>,
        ]}
      />
    );
  } else if (current.status === 'expired' || current.status === 'refunded') {
    body = (
      <Result
        status="warning"
        icon={<ClockCircleOutlined />}
        title={t('pay.expiredTitle')}
        subTitle={t('pay.expiredDesc')}
        extra={<Button onClick={() => setAttempt((a) => a + 1)}>{t('pay.retry')}</Button>}
      />
    );
  } else {
    body = (
      <div className="pay-dialog">
        {order.sandbox && (
          <div className="pay-dialog__banner" role="alert" data-testid="sandbox-banner">
            {t('pay.sandboxBanner')}
          </div>
        )}
        <div className="pay-dialog__subject">{order.subject}</div>
        <div className="pay-dialog__amount">
          <span>{t('pay.amount')}</span>
          <strong data-testid="pay-amount">{yuan(order.amountFen)}</strong>
        </div>
        <div className="pay-dialog__qr">
          {qr ? <img src={qr} alt={t('pay.title')} width={232} height={232} /> : <Spin />}
          {order.sandbox && <span className="pay-dialog__ribbon">{t('pay.sandboxTag')}</span>}
        </div>
        <div className="pay-dialog__provider">
          {order.sandbox ? (
            <Tag color="orange">{t('pay.sandboxTag')}</Tag>
          ) : (
            <Tag color="blue">{order.providerLabel}</Tag>
          )}
          {t('pay.scanWith', { provider: order.providerLabel })}
        </div>
        <div className="pay-dialog__state">
          {current.status === 'paid' ? (
            <>
              <LoadingOutlined /> {t('pay.paid')}
            </>
          ) : (
            <>
              <LoadingOutlined /> {t('pay.waiting')} · {t('pay.expiresIn', { time: countdown })}
            </>
          )}
        </div>
        {order.sandbox && (
          <div className="pay-dialog__sandbox">
            <p>{t('pay.sandboxNote')}</p>
            <a href={order.qrCode} target="_blank" rel="noreferrer" data-testid="sandbox-pay-link">
              {t('pay.openPage')} <ExportOutlined />
            </a>
          </div>
        )}
        <div className="pay-dialog__no">
          {t('pay.orderNo')} {order.orderNo}
        </div>
      </div>
    );
  }

  return (
    <Modal
      open={!!input}
      title={t('pay.title')}
      onCancel={onClose}
      footer={null}
      width={420}
      destroyOnHidden
      centered
    >
      {body}
    </Modal>
  );
}
