import './catalogue.ts';
import { DownloadOutlined } from '@ant-design/icons';
import type { AdminOrder } from '@paperdesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { yuan } from '../../shared/format.ts';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import { adminOrders, exportOrders, type OrderFilters, refundOrder } from './api.ts';
import { FilterBar } from './FilterBar.tsx';
import { PagedTable, usePagedList } from './tables.tsx';
import { PageHero } from '../../shared/records/FormParts.tsx';
import './admin.css';

const STATUSES = ['created', 'paid', 'fulfilled', 'expired', 'refunded'] as const;
const KINDS = ['package', 'topup', 'record'] as const;
const STATUS_COLOR: Record<string, string> = {
  fulfilled: 'success',
  paid: 'processing',
  refunded: 'warning',
};

/** /admin/orders: every order, filtered and searched; CSV export; whole or partial refunds. */
export default function OrdersAdmin() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const paged = usePagedList<OrderFilters, AdminOrder>('orders', adminOrders, {});
  const { filters, filter } = paged;
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);

  return (
    <div className="svc-page adm-page">
      <PageHero title={t('orders.title')} subtitle={t('orders.subtitle')} />
      <section className="svc-card">
        <FilterBar
          search={{ placeholder: t('orders.search') }}
          choices={[
            {
              name: 'status',
              placeholder: t('orders.status'),
              options: STATUSES.map((v) => ({ value: v, label: t(`orders.statusOf.${v}`) })),
            },
            {
              name: 'kind',
              placeholder: t('orders.kind'),
              options: KINDS.map((k) => ({ value: k, label: t(`orders.kindOf.${k}`) })),
            },
          ]}
          onChange={(name, v) => filter({ [name]: v })}
          actions={
            <Button icon={<DownloadOutlined />} onClick={() => void exportOrders(filters).catch(() => {})}>
              {t('orders.export')}
            </Button>
          }
        />
        <PagedTable<AdminOrder>
          paged={paged}
          scroll={{ x: 1000 }}
          columns={[
            { title: t('orders.orderNo'), dataIndex: 'orderNo', width: 200 },
            { title: t('orders.user'), dataIndex: 'username', width: 130, ellipsis: true },
            { title: t('orders.subject'), dataIndex: 'subject', ellipsis: true },
            { title: t('orders.amount'), dataIndex: 'amountFen', width: 100, render: (v: number) => yuan(v) },
            {
              title: t('orders.refundedSum'),
              dataIndex: 'refundedFen',
              width: 90,
              render: (v: number) => (v > 0 ? yuan(v) : '—'),
            },
            {
              title: t('orders.status'),
              dataIndex: 'status',
              width: 100,
              render: (v: string) => (
                <Tag color={STATUS_COLOR[v] ?? 'default'}>{t(`orders.statusOf.${v}`)}</Tag>
              ),
            },
            {
              title: t('orders.createdAt'),
              dataIndex: 'createdAt',
              width: 150,
              render: (v: string) => formatTime(v, '{y}-{m}-{d} {h}:{i}'),
            },
            {
              title: '',
              key: 'actions',
              width: 90,
              render: (_: unknown, r) =>
                r.status === 'fulfilled' && (
                  <Button danger size="small" onClick={() => setRefunding(r)}>
                    {t('orders.refund')}
                  </Button>
                ),
            },
          ]}
        />
      </section>
      <RefundDialog
        order={refunding}
        onClose={(done) => {
          setRefunding(null);
          if (done) void qc.invalidateQueries({ queryKey: ['admin', 'orders'] });
        }}
      />
    </div>
  );
}

/**
 * Whole or partial refund of one order: the amount defaults to what is left; one request key per opened dialog,
 * so a double click or a retried request refunds once.
 */
function RefundDialog({ order, onClose }: { order: AdminOrder | null; onClose: (done: boolean) => void }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ yuan: number; reason: string }>();
  const [busy, setBusy] = useState(false);
  const requestKey = useMemo(() => (order ? `${order.id}-${crypto.randomUUID()}` : ''), [order]);
  const leftFen = order ? order.amountFen - order.refundedFen : 0;

  async function submit() {
    if (!order) return;
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await refundOrder({
        orderId: order.id,
        amountFen: Math.round(v.yuan * 100),
        reason: v.reason.trim(),
        requestKey,
      });
      if (r.result.replayed) toast().info(t('orders.refundReplayed'));
      else toast().success(t('orders.refunded', { amount: yuan(r.result.amountFen) }));
      onClose(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={order !== null}
      title={t('orders.refundTitle', { orderNo: order?.orderNo ?? '' })}
      onCancel={() => onClose(false)}
      onOk={() => void submit().catch(() => {})}
      okText={t('orders.refundOk')}
      okButtonProps={{ danger: true, loading: busy }}
      destroyOnHidden
    >
      {order && (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ yuan: leftFen / 100, reason: t('orders.refundReason') }}
        >
          <p className="svc-muted">
            {t('orders.refundPaid', {
              paid: yuan(order.amountFen),
              refunded: yuan(order.refundedFen),
              left: yuan(leftFen),
            })}
          </p>
          <Form.Item
            name="yuan"
            label={t('orders.refundAmount')}
            extra={t('orders.refundAmountHint')}
            rules={[
              {
                required: true,
                type: 'number',
                min: 0.01,
                max: leftFen / 100,
                message: t('orders.refundAmountRule'),
              },
            ]}
          >
            <InputNumber precision={2} style={{ width: '100%' }} addonAfter="¥" />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('orders.refundReasonLabel')}
            rules={[{ required: true, min: 2, message: t('orders.refundReasonRule') }]}
          >
            <Input maxLength={80} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
