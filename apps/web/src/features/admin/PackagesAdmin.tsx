import './catalogue.ts';
import { type AdminPackage, QuotaKind } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { yuan } from '../../shared/format.ts';
import { toast } from '../../utils/feedback.ts';
import { createPackage, packages, setPackageActive, updatePackage } from './api.ts';
import { PageHero } from '../../shared/records/FormParts.tsx';
import './admin.css';

type Editing = { mode: 'create' } | { mode: 'edit'; pkg: AdminPackage };
type Fields = Omit<AdminPackage, 'id' | 'active' | 'createdAt' | 'priceFen' | 'listPriceFen'> & {
  priceYuan: number;
  listPriceYuan: number;
};

/** /admin/packages: create, edit and retire packages; the server validates and audits each change. */
export default function PackagesAdmin() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = useQuery({ queryKey: ['admin', 'packages'], queryFn: async () => (await packages()).result });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['admin', 'packages'] });

  function open(next: Editing) {
    setEditing(next);
    const p = next.mode === 'edit' ? next.pkg : null;
    form.setFieldsValue(
      p
        ? { ...p, priceYuan: p.priceFen / 100, listPriceYuan: p.listPriceFen / 100 }
        : { service: 'check', edition: 'standard', sort: 0, badge: '', description: '' },
    );
  }

  async function submit() {
    if (!editing) return;
    const { priceYuan, listPriceYuan, code, ...v } = await form.validateFields();
    const fields = {
      ...v,
      priceFen: Math.round(priceYuan * 100),
      listPriceFen: Math.round(listPriceYuan * 100),
    };
    if (editing.mode === 'create') await createPackage({ ...fields, code });
    else await updatePackage({ ...fields, id: editing.pkg.id });
    toast().success(t('packages.saved'));
    setEditing(null);
    form.resetFields();
    refresh();
  }

  return (
    <div className="svc-page adm-page">
      <PageHero title={t('packages.title')} subtitle={t('packages.subtitle')} />
      <section className="svc-card">
        <div className="adm-toolbar">
          <h2>{t('packages.list')}</h2>
          <Button type="primary" onClick={() => open({ mode: 'create' })}>
            {t('packages.create')}
          </Button>
        </div>
        <Table<AdminPackage>
          rowKey="id"
          size="middle"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          scroll={{ x: 820 }}
          columns={[
            {
              title: t('packages.name'),
              dataIndex: 'name',
              render: (n: string, r) => (
                <>
                  {n} {r.badge && <Tag color="red">{r.badge}</Tag>}
                  <div className="adm-note">{r.code}</div>
                </>
              ),
            },
            {
              title: t('packages.service'),
              dataIndex: 'service',
              width: 130,
              render: (s: string, r) => `${t(`quotaKind.${s}`, s)} · ${r.edition}`,
            },
            {
              title: t('packages.quota'),
              dataIndex: 'quotaAmount',
              width: 100,
              render: (n: number) => n.toLocaleString(),
            },
            { title: t('packages.price'), dataIndex: 'priceFen', width: 100, render: (f: number) => yuan(f) },
            {
              title: t('packages.listPrice'),
              dataIndex: 'listPriceFen',
              width: 100,
              render: (f: number) => yuan(f),
            },
            {
              title: t('packages.onSale'),
              dataIndex: 'active',
              width: 90,
              render: (active: boolean, r) => (
                <Switch
                  checked={active}
                  onChange={async (next) => {
                    await setPackageActive(r.id, next);
                    toast().success(next ? t('packages.restored') : t('packages.retired'));
                    refresh();
                  }}
                />
              ),
            },
            {
              title: '',
              key: 'edit',
              width: 80,
              render: (_: unknown, r) => (
                <Button size="small" onClick={() => open({ mode: 'edit', pkg: r })}>
                  {t('packages.edit')}
                </Button>
              ),
            },
          ]}
        />
      </section>
      <Modal
        open={editing !== null}
        title={editing?.mode === 'edit' ? t('packages.edit') : t('packages.create')}
        onOk={submit}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" requiredMark={false}>
          {editing?.mode === 'create' && (
            <Form.Item
              name="code"
              label={t('packages.code')}
              rules={[{ required: true, pattern: /^[a-z][a-z0-9_]{1,39}$/, message: t('packages.codeRule') }]}
            >
              <Input placeholder="check_pro_20" />
            </Form.Item>
          )}
          <Form.Item name="name" label={t('packages.name')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="service" label={t('packages.service')} rules={[{ required: true }]}>
            <Select options={QuotaKind.options.map((k) => ({ value: k, label: t(`quotaKind.${k}`, k) }))} />
          </Form.Item>
          <Form.Item name="edition" label={t('packages.edition')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="quotaAmount"
            label={t('packages.quota')}
            rules={[{ required: true, type: 'number', min: 1, message: t('packages.emptyRule') }]}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="priceYuan"
            label={t('packages.price')}
            rules={[
              { required: true, message: t('packages.priceRequired') },
              { type: 'number', min: 0, message: t('packages.priceRule') },
            ]}
          >
            <InputNumber min={0} precision={2} addonAfter="元" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="listPriceYuan"
            label={t('packages.listPrice')}
            rules={[
              { required: true, message: t('packages.priceRequired') },
              { type: 'number', min: 0, message: t('packages.priceRule') },
            ]}
          >
            <InputNumber min={0} precision={2} addonAfter="元" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="badge" label={t('packages.badge')}>
            <Input maxLength={12} />
          </Form.Item>
          <Form.Item name="description" label={t('packages.description')}>
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
          <Form.Item name="sort" label={t('packages.sort')}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
