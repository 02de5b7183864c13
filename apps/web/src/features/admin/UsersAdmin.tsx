import './catalogue.ts';
import type { AdminOrder, AdminUser, LedgerEntry } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Form, Input, InputNumber, Modal, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { num, yuan } from '../../shared/format.ts';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import { adjustBalance, adminUsers, resetPassword, setUserDisabled, userDetail } from './api.ts';
import { FilterBar } from './FilterBar.tsx';
import { PagedTable, usePagedList } from './tables.tsx';
import { PageHero } from '../../shared/records/FormParts.tsx';
import './admin.css';

/** /admin/users: search accounts, view one (balance, quotas, orders, ledger), adjust a balance (always with a reason, written to the ledger), disable. */
export default function UsersAdmin() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const paged = usePagedList('users', (paging, f) => adminUsers(paging, f.keyword), { keyword: '' });
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const [resetForm] = Form.useForm<{ password: string }>();
  const [form] = Form.useForm<{ yuan: number; reason: string }>();
  const refresh = () => void qc.invalidateQueries({ queryKey: ['admin', 'users'] });

  async function submitReset() {
    if (!resetting) return;
    const v = await resetForm.validateFields();
    await resetPassword(resetting.id, v.password);
    toast().success(t('users.resetDone', { name: resetting.loginName }));
    setResetting(null);
  }

  async function submitAdjust() {
    if (!adjusting) return;
    const v = await form.validateFields();
    const r = await adjustBalance(adjusting.id, Math.round(v.yuan * 100), v.reason.trim());
    toast().success(t('users.adjusted', { balance: yuan(r.result.balanceFen) }));
    setAdjusting(null);
    form.resetFields();
  }

  return (
    <div className="svc-page adm-page">
      <PageHero title={t('users.title')} subtitle={t('users.subtitle')} />
      <section className="svc-card">
        <FilterBar
          search={{ placeholder: t('users.search'), width: 320 }}
          onChange={(_, v) => paged.filter({ keyword: v ?? '' })}
        />
        <PagedTable<AdminUser>
          paged={paged}
          scroll={{ x: 760 }}
          columns={[
            { title: 'ID', dataIndex: 'id', width: 70 },
            { title: t('users.name'), dataIndex: 'loginName', width: 160 },
            {
              title: t('users.role'),
              dataIndex: 'role',
              width: 100,
              render: (v: string) => (
                <Tag color={v === 'admin' ? 'gold' : 'default'}>{t(`users.roleOf.${v}`)}</Tag>
              ),
            },
            {
              title: t('users.methods'),
              dataIndex: 'loginMethods',
              width: 160,
              render: (v: string[]) => v.map((m) => <Tag key={m}>{t(`users.methodOf.${m}`)}</Tag>),
            },
            {
              title: t('users.createdAt'),
              dataIndex: 'createdAt',
              width: 150,
              render: (v: string) => formatTime(v, '{y}-{m}-{d} {h}:{i}'),
            },
            {
              title: t('users.enabled'),
              dataIndex: 'disabled',
              width: 90,
              render: (disabled: boolean, r) => (
                <Switch
                  checked={!disabled}
                  onChange={async (on) => {
                    await setUserDisabled(r.id, !on);
                    refresh();
                  }}
                />
              ),
            },
            {
              title: '',
              key: 'actions',
              width: 290,
              render: (_: unknown, r) => (
                <span className="adm-filters">
                  <Button onClick={() => setViewing(r)}>{t('users.detail')}</Button>
                  <Button onClick={() => setAdjusting(r)}>{t('users.adjust')}</Button>
                  <Button onClick={() => setResetting(r)}>{t('users.resetPassword')}</Button>
                </span>
              ),
            },
          ]}
        />
      </section>
      <Modal
        open={resetting !== null}
        title={t('users.resetTitle', { name: resetting?.loginName ?? '' })}
        onCancel={() => setResetting(null)}
        onOk={() => void submitReset().catch(() => {})}
        okText={t('users.resetConfirm')}
        destroyOnHidden
      >
        <Form form={resetForm} layout="vertical" preserve={false}>
          <Form.Item
            name="password"
            label={t('users.tempPassword')}
            extra={t('users.tempPasswordHint')}
            rules={[{ required: true, min: 8, message: t('users.tempPasswordRule') }]}
          >
            <Input maxLength={128} autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={adjusting !== null}
        title={t('users.adjustTitle', { name: adjusting?.loginName ?? '' })}
        onCancel={() => setAdjusting(null)}
        onOk={() => void submitAdjust().catch(() => {})}
        okText={t('users.confirm')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="yuan"
            label={t('users.amount')}
            extra={t('users.amountHint')}
            rules={[{ required: true, message: t('users.amountRequired') }]}
          >
            <InputNumber precision={2} style={{ width: '100%' }} addonAfter="¥" />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('users.reason')}
            rules={[{ required: true, min: 2, message: t('users.reasonRequired') }]}
          >
            <Input maxLength={80} placeholder={t('users.reasonPlaceholder')} />
          </Form.Item>
        </Form>
      </Modal>
      <UserDrawer user={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

/** One user's balance, every quota, latest orders and ledger rows (a drawer over the list). */
function UserDrawer({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const detail = useQuery({
    queryKey: ['admin', 'users', 'detail', user?.id],
    queryFn: async () => (await userDetail(user!.id)).result,
    enabled: user !== null,
  });
  const d = detail.data;
  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      title={t('users.detailTitle', { name: user?.loginName ?? '' })}
      width="min(760px, 100vw)"
      destroyOnHidden
    >
      {d && (
        <div className="adm-detail">
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label="ID">{d.user.id}</Descriptions.Item>
            <Descriptions.Item label={t('users.balance')}>{yuan(d.balanceFen)}</Descriptions.Item>
            <Descriptions.Item label={t('users.role')}>{t(`users.roleOf.${d.user.role}`)}</Descriptions.Item>
            <Descriptions.Item label={t('users.createdAt')}>
              {formatTime(d.user.createdAt, '{y}-{m}-{d} {h}:{i}')}
            </Descriptions.Item>
          </Descriptions>
          <h2>{t('users.quotas')}</h2>
          <div className="adm-quotas">
            {d.quotas.map((q) => (
              <Tag key={q.kind} color={q.amount > 0 ? 'blue' : 'default'}>
                {t(`quotaKind.${q.kind}`)} {num(q.amount)}
              </Tag>
            ))}
          </div>
          <h2>{t('users.recentOrders', { total: d.ordersTotal })}</h2>
          <Table<AdminOrder>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={d.orders}
            scroll={{ x: 560 }}
            columns={[
              { title: t('orders.orderNo'), dataIndex: 'orderNo', width: 190, ellipsis: true },
              { title: t('orders.subject'), dataIndex: 'subject', ellipsis: true },
              {
                title: t('orders.amount'),
                dataIndex: 'amountFen',
                width: 90,
                render: (v: number) => yuan(v),
              },
              {
                title: t('orders.status'),
                dataIndex: 'status',
                width: 90,
                render: (v: string) => t(`orders.statusOf.${v}`),
              },
            ]}
          />
          <h2>{t('users.recentLedger', { total: d.ledgerTotal })}</h2>
          <Table<LedgerEntry>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={d.ledger}
            scroll={{ x: 560 }}
            columns={[
              {
                title: t('audit.time'),
                dataIndex: 'createdAt',
                width: 140,
                render: (v: string) => formatTime(v, '{y}-{m}-{d} {h}:{i}'),
              },
              {
                title: t('users.account'),
                dataIndex: 'account',
                width: 100,
                render: (v: string) => (v === 'balance' ? t('users.balance') : t(`quotaKind.${v}`)),
              },
              {
                title: t('users.delta'),
                dataIndex: 'delta',
                width: 90,
                render: (v: number, r) => (r.account === 'balance' ? yuan(v) : num(v)),
              },
              {
                title: t('users.ledgerReason'),
                dataIndex: 'reason',
                width: 100,
                render: (v: string) => t(`users.reasonOf.${v}`),
              },
              { title: t('users.note'), dataIndex: 'note', ellipsis: true },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
