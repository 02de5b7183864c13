import './catalogue.ts';
import type { AdminConfigEntry } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, InputNumber, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import { adminConfig, setAdminConfig } from './api.ts';
import { PageHero } from '../../shared/records/FormParts.tsx';
import './admin.css';

type Price = { unit: string; fen: number; label: string };
const isPrice = (v: unknown): v is Price => typeof v === 'object' && v !== null && 'fen' in v;

/** /admin/prices: every price.* (fen) and limit.* value, edited in place; the server validates and audits. */
export default function PricesAdmin() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [draft, setDraft] = useState<Record<string, number | null>>({});
  const list = useQuery({ queryKey: ['admin', 'config'], queryFn: async () => (await adminConfig()).result });

  async function save(entry: AdminConfigEntry) {
    const n = draft[entry.key];
    if (n === undefined || n === null) return;
    // the label shows the amount in yuan (「普通版 0.5元/千字」): it follows the new price
    const value = isPrice(entry.value)
      ? {
          ...entry.value,
          fen: n,
          label: entry.value.label.replace(`${entry.value.fen / 100}元`, `${n / 100}元`),
        }
      : n;
    try {
      await setAdminConfig(entry.key, value);
      toast().success(t('prices.saved', { key: entry.key }));
      setDraft(({ [entry.key]: _, ...rest }) => rest);
      void qc.invalidateQueries({ queryKey: ['admin', 'config'] });
    } catch {
      // the server's message (e.g. 不能为负数) is shown by the request layer
    }
  }

  return (
    <div className="svc-page adm-page">
      <PageHero title={t('prices.title')} subtitle={t('prices.subtitle')} />
      <section className="svc-card">
        <Table<AdminConfigEntry>
          rowKey="key"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          scroll={{ x: 760 }}
          columns={[
            {
              title: t('prices.key'),
              dataIndex: 'key',
              width: 260,
              render: (k: string) => (
                <Space>
                  <Tag color={k.startsWith('price.') ? 'blue' : 'purple'}>
                    {k.startsWith('price.') ? t('prices.price') : t('prices.limit')}
                  </Tag>
                  <code>{k}</code>
                </Space>
              ),
            },
            {
              title: t('prices.description'),
              key: 'description',
              render: (_: unknown, r) => (isPrice(r.value) ? r.value.label : r.description),
            },
            {
              title: t('prices.value'),
              key: 'value',
              width: 240,
              render: (_: unknown, r) => {
                const current = isPrice(r.value) ? r.value.fen : Number(r.value);
                const changed = draft[r.key] !== undefined && draft[r.key] !== current;
                return (
                  <Space>
                    <InputNumber
                      value={draft[r.key] ?? current}
                      onChange={(v) => setDraft((d) => ({ ...d, [r.key]: v }))}
                      addonAfter={isPrice(r.value) ? t('prices.fen') : undefined}
                      style={{ width: 150 }}
                    />
                    <Button type="primary" disabled={!changed} onClick={() => void save(r)}>
                      {t('prices.save')}
                    </Button>
                  </Space>
                );
              },
            },
            {
              title: t('prices.updatedAt'),
              dataIndex: 'updatedAt',
              width: 150,
              render: (v: string) => formatTime(v, '{y}-{m}-{d} {h}:{i}'),
            },
          ]}
        />
      </section>
    </div>
  );
}
