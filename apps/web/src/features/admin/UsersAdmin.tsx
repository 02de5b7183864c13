import type { AdminUser } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { yuan } from '../../shared/format.ts';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import { adjustBalance, adminUsers, resetPassword, setUserDisabled } from './api.ts';
import './admin.css';

/** /admin/users: search accounts, adjust a balance (always with a reason, written to the ledger), disable. */
export default function UsersAdmin() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [keyword, setKeyword] = useState('');
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [resetForm] = Form.useForm<{ password: string }>();
  const [form] = Form.useForm<{ yuan: number; reason: string }>();
  const list = useQuery({
    queryKey: ['admin', 'users', paging, keyword],
    queryFn: async () => (await adminUsers(paging, keyword)).result,
  });
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
      <header className="svc-hero">
        <div>
          <h1>{t('users.title')}</h1>
          <p>{t('users.subtitle')}</p>
        </div>
      </header>
      <section className="svc-card">
        <div className="adm-toolbar">
          <Input.Search
            allowClear
            placeholder={t('users.search')}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPaging((p) => ({ ...p, pageNo: 1 }));
            }}
            style={{ maxWidth: 320 }}
          />
        </div>
        <Table<AdminUser>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          scroll={{ x: 760 }}
          pagination={{
            current: paging.pageNo,
            pageSize: paging.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            onChange: (pageNo) => setPaging((p) => ({ ...p, pageNo })),
          }}
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
              width: 200,
              render: (_: unknown, r) => (
                <span className="adm-filters">
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
    </div>
  );
}
