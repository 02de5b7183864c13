import { GiftOutlined, ShoppingOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import {
  type LedgerEntry,
  type LedgerFilter,
  type LedgerReason,
  LedgerReason as LedgerReasons,
  type OrderFilter,
  type OrderStatus,
  OrderStatus as OrderStatuses,
  type OrderView,
  type Page,
  type WalletAccount,
} from '@paperdesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select, Skeleton, Table, type TableProps, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getAccount } from '../../shared/api/account.ts';
import { changePassword } from '../../shared/api/login.ts';
import { queryLedger, queryOrders } from '../../shared/api/order.ts';
import { toast } from '../../utils/feedback.ts';
import { RequestError } from '../../utils/request.ts';
import { parseTime } from '../../utils/time.ts';
import { isQuotaKind, quotaText, SERVICES, unitLabel, yuan } from '../../shared/billing/format.ts';
import '../billing/order.css';
import { queryKeys } from '../../shared/records/queries.ts';

const STATUS_COLORS: Record<OrderStatus, string> = {
  created: 'gold',
  paid: 'blue',
  fulfilled: 'green',
  expired: 'default',
  refunded: 'purple',
};

const time = (iso: string) => parseTime(iso) ?? iso;

type Paging = { pageNo: number; pageSize: number };

/**
 * The server-paged query behind both account tables: its `table` props (loading, rows, pagination) go
 * straight to <Table>, and `filtered(set)` wraps a filter setter so a new filter starts again at page 1.
 */
function usePagedTable<T, F>(
  name: 'orders' | 'ledger',
  filter: F,
  fetch: (paging: Paging, filter: F) => Promise<{ result: Page<T> }>,
) {
  const [paging, setPaging] = useState<Paging>({ pageNo: 1, pageSize: 10 });
  const q = useQuery({
    queryKey: [name, paging, filter],
    queryFn: async () => (await fetch(paging, filter)).result,
    placeholderData: keepPreviousData,
  });
  const table = {
    rowKey: 'id',
    size: 'middle',
    loading: q.isFetching,
    dataSource: q.data?.records ?? [],
    scroll: { x: 760 },
    pagination: {
      current: paging.pageNo,
      pageSize: paging.pageSize,
      total: q.data?.total ?? 0,
      showSizeChanger: true,
      onChange: (pageNo: number, pageSize: number) => setPaging({ pageNo, pageSize }),
    },
  } satisfies TableProps<T>;
  const filtered =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPaging((p) => ({ ...p, pageNo: 1 }));
    };
  return { table, filtered };
}

/** An optional filter above an account table (cleared = no filter). */
function FilterSelect<V extends string>(props: {
  placeholder: string;
  width: number;
  value: V | undefined;
  onChange: (v: V | undefined) => void;
  options: { value: V; label: string }[];
}) {
  const { width, ...rest } = props;
  return <Select<V> allowClear style={{ width }} {...rest} />;
}

const timeColumn = (title: string) => ({
  title,
  dataIndex: 'createdAt',
  width: 170,
  render: (v: string) => time(v),
});

function Orders() {
  const { t } = useTranslation('order');
  const [status, setStatus] = useState<OrderStatus | undefined>();
  const { table, filtered } = usePagedTable<OrderView, OrderFilter>(
    'orders',
    status ? { status } : {},
    queryOrders,
  );
  return (
    <>
      <div className="order-filters">
        <FilterSelect
          placeholder={t('account.orders.statusFilter')}
          width={160}
          value={status}
          onChange={filtered(setStatus)}
          options={OrderStatuses.options.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
      </div>
      <Table<OrderView>
        {...table}
        locale={{ emptyText: t('account.orders.empty') }}
        columns={[
          timeColumn(t('account.orders.createdAt')),
          { title: t('account.orders.subject'), dataIndex: 'subject', ellipsis: true },
          {
            title: t('account.orders.amount'),
            dataIndex: 'amountFen',
            width: 100,
            align: 'right',
            render: (v: number) => yuan(v),
          },
          {
            title: t('account.orders.provider'),
            dataIndex: 'providerLabel',
            width: 100,
            render: (v: string, r) => (r.provider === 'sandbox' ? <Tag color="orange">{v}</Tag> : v),
          },
          {
            title: t('account.orders.status'),
            dataIndex: 'status',
            width: 90,
            render: (s: OrderStatus) => <Tag color={STATUS_COLORS[s]}>{t(`status.${s}`)}</Tag>,
          },
          { title: t('account.orders.orderNo'), dataIndex: 'orderNo', width: 250, className: 'order-mono' },
        ]}
      />
    </>
  );
}

function Ledger() {
  const { t } = useTranslation('order');
  const [account, setAccount] = useState<WalletAccount | undefined>();
  const [reason, setReason] = useState<LedgerReason | undefined>();
  const [range, setRange] = useState<[string, string] | null>(null);
  const filter = {
    ...(account ? { account } : {}),
    ...(reason ? { reason } : {}),
    ...(range ? { from: range[0], to: range[1] } : {}),
  };
  const { table, filtered } = usePagedTable<LedgerEntry, LedgerFilter>('ledger', filter, queryLedger);
  const accountLabel = (a: string) => (a === 'balance' ? t('account.ledger.balance') : t(`service.${a}`));
  const amount = (a: string, v: number) =>
    a === 'balance' ? yuan(v) : isQuotaKind(a) ? quotaText(t, a, v) : String(v);
  const pickRange = filtered(setRange);
  return (
    <>
      <div className="order-filters">
        <FilterSelect
          placeholder={t('account.ledger.allAccounts')}
          width={150}
          value={account}
          onChange={filtered(setAccount)}
          options={(['balance', ...SERVICES] as const).map((a) => ({ value: a, label: accountLabel(a) }))}
        />
        <FilterSelect
          placeholder={t('account.ledger.allReasons')}
          width={150}
          value={reason}
          onChange={filtered(setReason)}
          options={LedgerReasons.options.map((r) => ({ value: r, label: t(`reason.${r}`) }))}
        />
        <DatePicker.RangePicker
          onChange={(v) => {
            const [a, b] = v ?? [];
            pickRange(a && b ? [a.startOf('day').toISOString(), b.endOf('day').toISOString()] : null);
          }}
        />
      </div>
      <Table<LedgerEntry>
        {...table}
        locale={{ emptyText: t('account.ledger.empty') }}
        columns={[
          timeColumn(t('account.ledger.time')),
          {
            title: t('account.ledger.account'),
            dataIndex: 'account',
            width: 110,
            render: (a: string) => accountLabel(a),
          },
          {
            title: t('account.ledger.delta'),
            dataIndex: 'delta',
            width: 130,
            align: 'right',
            render: (v: number, r) => (
              <span className={v > 0 ? 'delta-plus' : v < 0 ? 'delta-minus' : ''}>
                {v > 0 ? '+' : v < 0 ? '−' : ''}
                {amount(r.account, Math.abs(v))}
              </span>
            ),
          },
          {
            title: t('account.ledger.after'),
            dataIndex: 'balanceAfter',
            width: 130,
            align: 'right',
            render: (v: number, r) => amount(r.account, v),
          },
          {
            title: t('account.ledger.reason'),
            dataIndex: 'reason',
            width: 120,
            render: (r: LedgerReason) => <Tag>{t(`reason.${r}`)}</Tag>,
          },
          { title: t('account.ledger.note'), dataIndex: 'note', ellipsis: true },
        ]}
      />
    </>
  );
}

function PasswordForm() {
  const { t } = useTranslation('order');
  const [form] = Form.useForm<{ oldPassword: string; newPassword: string; confirm: string }>();
  const [saving, setSaving] = useState(false);
  return (
    <Form
      form={form}
      layout="vertical"
      className="password-form"
      onFinish={async (v) => {
        setSaving(true);
        try {
          await changePassword({ oldPassword: v.oldPassword, newPassword: v.newPassword });
          toast().success(t('account.password.done'));
          form.resetFields();
        } catch (e) {
          if (!(e instanceof RequestError)) throw e;
        } finally {
          setSaving(false);
        }
      }}
    >
      <p className="svc-muted">{t('account.password.noPasswordHint')}</p>
      <Form.Item
        name="oldPassword"
        label={t('account.password.old')}
        rules={[{ required: true, message: t('account.password.required') }]}
      >
        <Input.Password autoComplete="current-password" placeholder={t('account.password.oldPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('account.password.new')}
        rules={[
          { required: true, message: t('account.password.required') },
          { min: 8, message: t('account.password.tooShort') },
          { max: 128 },
        ]}
      >
        <Input.Password autoComplete="new-password" placeholder={t('account.password.newPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('account.password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('account.password.required') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue('newPassword') === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('account.password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" placeholder={t('account.password.confirmPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('account.password.submit')}
      </Button>
    </Form>
  );
}

/** /order/account: balance, quotas, free check, orders, ledger and password. */
export default function Account() {
  const { t } = useTranslation('order');
  const navigate = useNavigate();
  const account = useQuery({ queryKey: queryKeys.account, queryFn: async () => (await getAccount()).result });
  const a = account.data;
  return (
    <div className="svc-page order-page">
      {!a ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <div className="account-top">
          <section className="svc-card account-user">
            <div className="account-user__avatar">
              <UserOutlined />
            </div>
            <div>
              <div className="account-user__name">{a.loginName}</div>
              <div className="svc-muted">{t('account.userId', { id: a.userId })}</div>
              <div className="svc-muted">{t('account.since', { time: time(a.createdAt) })}</div>
            </div>
          </section>
          <section className="svc-card account-balance">
            <div className="account-label">
              <WalletOutlined /> {t('account.balance')}
            </div>
            <div className="account-balance__value" data-testid="account-balance">
              {yuan(a.balance)}
            </div>
            <div className="account-actions">
              <Button type="primary" onClick={() => navigate('/order/recharge')}>
                {t('account.recharge')}
              </Button>
              <Button icon={<ShoppingOutlined />} onClick={() => navigate('/order/taocan')}>
                {t('account.buy')}
              </Button>
            </div>
          </section>
          <section className="svc-card account-free">
            <div className="account-label">
              <GiftOutlined /> {t('account.freeCheck')}
            </div>
            <div className="account-free__state" data-testid="free-check">
              {a.freeCheck.eligible ? (
                <Tag color={a.freeCheck.availableToday ? 'green' : 'default'}>
                  {a.freeCheck.availableToday ? t('account.freeAvailable') : t('account.freeUsed')}
                </Tag>
              ) : (
                <Tag>{t('account.freeIneligible')}</Tag>
              )}
            </div>
            <div className="svc-muted" data-testid="free-check-reason">
              {a.freeCheck.reason ?? t('account.freeDesc')}
            </div>
          </section>
        </div>
      )}
      {a && (
        <section className="svc-card">
          <h2>{t('account.quotas')}</h2>
          <div className="quota-grid">
            {SERVICES.map((k) => (
              <div
                key={k}
                className={`quota-item${(a.quotas[k] ?? 0) > 0 ? ' has-quota' : ''}`}
                data-testid={`quota-${k}`}
              >
                <span className="quota-item__name">{t(`service.${k}`)}</span>
                <strong>{(a.quotas[k] ?? 0).toLocaleString('en-US')}</strong>
                <span className="quota-item__unit">{unitLabel(t, k)}</span>
              </div>
            ))}
          </div>
        </section>
      )}
      <section className="svc-card">
        <Tabs
          items={[
            { key: 'orders', label: t('account.tabs.orders'), children: <Orders /> },
            { key: 'ledger', label: t('account.tabs.ledger'), children: <Ledger /> },
            { key: 'password', label: t('account.tabs.password'), children: <PasswordForm /> },
          ]}
        />
      </section>
    </div>
  );
}
