import { DownloadOutlined } from '@ant-design/icons';
import type { AdminOrder } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { yuan } from '../../shared/format.ts';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import { adminOrders, exportOrders, type OrderFilters, refundOrder } from './api.ts';
import './admin.css';

const STATUSES = ['created', 'paid', 'fulfilled', 'expired', 'refunded'] as const;
const KINDS = ['package', 'topup', 'record'] as const;
const STATUS_COLOR: Record<string, string> = {
  fulfilled: 'success',
  paid: 'processing',
  refunded: 'warning',
};

/** /admin/orders: every order, filtered and searched; CSV export; a fulfilled order refunded once. */
export default function OrdersAdmin() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [filters, setFilters] = useState<OrderFilters>({});
  const list = useQuery({
    queryKey: ['admin', 'orders', paging, filters],
    queryFn: async () => (await adminOrders(paging, filters)).result,
  });
  const filter = (f: OrderFilters) => {
    setFilters((old) => ({ ...old, ...f }));
    setPaging((p) => ({ ...p, pageNo: 1 }));
  };

  return (
    <div className="svc-page adm-page">
      <header className="svc-hero">
        <div>
          <h1>{t('orders.title')}</h1>
          <p>{t('orders.subtitle')}</p>
        </div>
      </header>
      <section className="svc-card">
        <div className="adm-toolbar">
          <div className="adm-filters">
            <Input.Search
              allowClear
              placeholder={t('orders.search')}
              onSearch={(v) => filter({ keyword: v.trim() })}
              style={{ width: 240 }}
            />
            <Select
              allowClear
              placeholder={t('orders.status')}
              style={{ width: 130 }}
              onChange={(v?: string) => filter({ status: v })}
              options={STATUSES.map((s) => ({ value: s, label: t(`orders.statusOf.${s}`) }))}
            />
            <Select
              allowClear
              placeholder={t('orders.kind')}
              style={{ width: 130 }}
              onChange={(v?: string) => filter({ kind: v })}
              options={KINDS.map((k) => ({ value: k, label: t(`orders.kindOf.${k}`) }))}
            />
          </div>
          <Button icon={<DownloadOutlined />} onClick={() => void exportOrders(filters).catch(() => {})}>
            {t('orders.export')}
          </Button>
        </div>
        <Table<AdminOrder>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          scroll={{ x: 1000 }}
          pagination={{
            current: paging.pageNo,
            pageSize: paging.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            onChange: (pageNo) => setPaging((p) => ({ ...p, pageNo })),
          }}
          columns={[
            { title: t('orders.orderNo'), dataIndex: 'orderNo', width: 200 },
            { title: t('orders.user'), dataIndex: 'username', width: 130, ellipsis: true },
            { title: t('orders.subject'), dataIndex: 'subject', ellipsis: true },
            { title: t('orders.amount'), dataIndex: 'amountFen', width: 100, render: (v: number) => yuan(v) },
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
                  <Popconfirm
                    title={t('orders.refundConfirm', { amount: yuan(r.amountFen) })}
                    onConfirm={async () => {
                      await refundOrder(r.id, t('orders.refundReason'));
                      toast().success(t('orders.refunded'));
                      void qc.invalidateQueries({ queryKey: ['admin', 'orders'] });
                    }}
                  >
                    <Button danger size="small">
                      {t('orders.refund')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      </section>
    </div>
  );
}
