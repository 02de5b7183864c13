import './catalogue.ts';
import type { AdminModelStatus, AdminModelTestResult, AdminModelUsage } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Segmented, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modelStatus, modelUsage, testModel } from './api.ts';
import { PageHero } from '../../shared/records/FormParts.tsx';
import './admin.css';

type Feature = AdminModelStatus['features'][number];
type UsageRow = AdminModelUsage['rows'][number];

const COLORS = ['#1677ff', '#722ed1', '#13c2c2', '#fa8c16', '#eb2f96', '#52c41a', '#8c8c8c'];

/** The last `days` UTC days, oldest first, so days without calls still show as empty bars. */
function dayRange(days: number): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--)
    out.push(new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10));
  return out;
}

/** Calls per day stacked by feature, in plain SVG (scales with the card's width). */
function UsageChart({ rows, days, features }: { rows: UsageRow[]; days: number; features: string[] }) {
  const { t } = useTranslation('admin');
  const range = dayRange(days);
  const byDay = new Map(range.map((d) => [d, new Map<string, number>()]));
  for (const r of rows) byDay.get(r.day)?.set(r.feature, r.calls);
  const max = Math.max(1, ...[...byDay.values()].map((m) => [...m.values()].reduce((a, b) => a + b, 0)));
  const W = 720;
  const H = 200;
  const top = 12;
  const bottom = 24;
  const slot = W / range.length;
  const barW = Math.min(32, slot * 0.6);
  const scale = (H - top - bottom) / max;
  const color = (f: string) => COLORS[Math.max(0, features.indexOf(f)) % COLORS.length];
  return (
    <div>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={t('models.calls')}>
        <line x1={0} x2={W} y1={H - bottom} y2={H - bottom} stroke="#d9d9d9" />
        <text x={2} y={top} fontSize={11} fill="#8c8c8c">
          {max}
        </text>
        {range.map((d, i) => {
          let y = H - bottom;
          const x = i * slot + (slot - barW) / 2;
          return (
            <g key={d}>
              {features.map((f) => {
                const n = byDay.get(d)?.get(f) ?? 0;
                if (!n) return null;
                const h = n * scale;
                y -= h;
                return (
                  <rect key={f} x={x} y={y} width={barW} height={h} fill={color(f)} rx={2}>
                    <title>{`${d} ${t(`models.featureOf.${f}`, f)}: ${n}`}</title>
                  </rect>
                );
              })}
              {(range.length <= 14 || i % 2 === 0) && (
                <text x={x + barW / 2} y={H - 8} fontSize={11} textAnchor="middle" fill="#8c8c8c">
                  {d.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <div className="adm-legend">
        {features.map((f) => (
          <span key={f}>
            <i style={{ background: color(f) }} />
            {t(`models.featureOf.${f}`, f)}
          </span>
        ))}
      </div>
    </div>
  );
}

/** /admin/models: endpoint and model per feature (no keys), a connection test, usage and cost per day. */
export default function ModelsAdmin() {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const [days, setDays] = useState(14);
  const [testing, setTesting] = useState<string | null>(null);
  const [tested, setTested] = useState<AdminModelTestResult | null>(null);
  const s = useQuery({
    queryKey: ['admin', 'models'],
    queryFn: async () => (await modelStatus()).result,
  }).data;
  const u = useQuery({
    queryKey: ['admin', 'models', 'usage', days],
    queryFn: async () => (await modelUsage(days)).result,
  }).data;

  async function runTest(feature: string) {
    setTesting(feature);
    try {
      setTested((await testModel(feature)).result);
      await client.invalidateQueries({ queryKey: ['admin', 'models', 'usage'] });
    } finally {
      setTesting(null);
    }
  }

  const rows = u?.rows ?? [];
  const features = [
    ...new Set([...(s?.features.map((f) => f.feature) ?? []), ...rows.map((r) => r.feature)]),
  ];
  const totals = features
    .map((feature) => {
      const mine = rows.filter((r) => r.feature === feature);
      const cost = mine.every((r) => r.costFen === null)
        ? null
        : mine.reduce((n, r) => n + (r.costFen ?? 0), 0);
      return {
        feature,
        calls: mine.reduce((n, r) => n + r.calls, 0),
        failed: mine.reduce((n, r) => n + r.failed, 0),
        tokens: mine.reduce((n, r) => n + r.promptTokens + r.completionTokens, 0),
        cost,
      };
    })
    .filter((r) => r.calls > 0);

  return (
    <div className="svc-page adm-page">
      <PageHero title={t('models.title')} subtitle={t('models.subtitle')} />
      {s && !s.provider && (
        <Alert type="warning" showIcon message={t('models.notConfigured')} className="adm-alert" />
      )}
      <section className="svc-card">
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('models.provider')}>
            {t(`models.providerOf.${s?.provider ?? 'none'}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('models.endpoint')}>{s?.endpoint ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('models.defaultModel')}>{s?.defaultModel || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('models.key')}>
            {s?.keyConfigured ? t('models.keySet') : t('models.keyUnset')}
          </Descriptions.Item>
        </Descriptions>
      </section>
      <section className="svc-card">
        <h2>{t('models.features')}</h2>
        {tested && (
          <Alert
            className="adm-alert"
            showIcon
            closable
            onClose={() => setTested(null)}
            type={tested.ok ? 'success' : 'error'}
            message={
              tested.ok
                ? t('models.testOk', { model: tested.model, reply: tested.reply, ms: tested.durationMs })
                : t('models.testFail', { message: tested.message })
            }
          />
        )}
        <Table<Feature>
          rowKey="feature"
          size="middle"
          pagination={false}
          dataSource={s?.features ?? []}
          scroll={{ x: 560 }}
          columns={[
            {
              title: t('models.feature'),
              dataIndex: 'feature',
              render: (f: string) => t(`models.featureOf.${f}`, f),
            },
            {
              title: t('models.model'),
              dataIndex: 'model',
              render: (m: string, r) => (
                <>
                  {m || '—'} {m && <Tag>{r.overridden ? t('models.overridden') : t('models.inherited')}</Tag>}
                </>
              ),
            },
            {
              title: t('models.state'),
              dataIndex: 'available',
              render: (ok: boolean, r) =>
                ok ? (
                  <Tag color="success">{t('models.ok')}</Tag>
                ) : r.required ? (
                  <Tag color="warning">{r.message}</Tag>
                ) : (
                  <Tag data-testid="model-optional">{t('models.optional')}</Tag>
                ),
            },
            {
              title: '',
              key: 'test',
              width: 120,
              render: (_: unknown, r) => (
                <Button size="small" loading={testing === r.feature} onClick={() => runTest(r.feature)}>
                  {t('models.test')}
                </Button>
              ),
            },
          ]}
        />
      </section>
      <section className="svc-card">
        <div className="adm-toolbar">
          <h2>{t('models.usage', { days })}</h2>
          <Segmented<number>
            value={days}
            onChange={setDays}
            options={[7, 14, 30].map((d) => ({ value: d, label: `${d}` }))}
          />
        </div>
        {rows.length ? (
          <UsageChart rows={rows} days={days} features={features} />
        ) : (
          <p className="adm-empty">{t('models.noUsage')}</p>
        )}
        <Table
          rowKey="feature"
          size="small"
          pagination={false}
          dataSource={totals}
          locale={{ emptyText: t('models.noUsage') }}
          scroll={{ x: 480 }}
          columns={[
            {
              title: t('models.feature'),
              dataIndex: 'feature',
              render: (f: string) => t(`models.featureOf.${f}`, f),
            },
            { title: t('models.calls'), dataIndex: 'calls' },
            { title: t('models.failedCalls'), dataIndex: 'failed' },
            { title: t('models.tokens'), dataIndex: 'tokens', render: (n: number) => n.toLocaleString() },
            {
              title: t('models.cost'),
              dataIndex: 'cost',
              render: (c: number | null) => (c === null ? '—' : `¥${(c / 100).toFixed(2)}`),
            },
          ]}
        />
        {s && s.costPerKTokensFen === null && <p className="adm-note">{t('models.costUnset')}</p>}
      </section>
    </div>
  );
}
