import type { SystemStatus } from '@paperdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../utils/time.ts';
import { systemStatus } from './api.ts';
import './admin.css';

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
const gb = (bytes: number) => `${(bytes / 1073741824).toFixed(1)} GB`;

/** /admin/system: work per service (the queue), the latest failures and why, database and disk size. */
export default function SystemAdmin() {
  const { t } = useTranslation('admin');
  const s = useQuery({
    queryKey: ['admin', 'system'],
    queryFn: async () => (await systemStatus()).result,
    refetchInterval: 5000,
  }).data;
  type Service = SystemStatus['services'][number];
  type Failure = SystemStatus['failures'][number];
  return (
    <div className="svc-page adm-page">
      <header className="svc-hero">
        <div>
          <h1>{t('system.title')}</h1>
          <p>{s ? t(`system.jobs.${s.jobs}`) : t('system.subtitle')}</p>
        </div>
      </header>
      <section className="adm-stats">
        <div className="svc-card">
          <Statistic
            title={t('system.queued')}
            value={s?.services.reduce((n, x) => n + x.queued + x.running, 0) ?? 0}
          />
        </div>
        <div className="svc-card">
          <Statistic
            title={t('system.database', { dialect: s?.database.dialect ?? '' })}
            value={mb(s?.database.bytes ?? 0)}
          />
        </div>
        <div className="svc-card">
          <Statistic
            title={t('system.disk')}
            value={s ? `${gb(s.disk.freeBytes)} / ${gb(s.disk.totalBytes)}` : '—'}
          />
        </div>
        <div className="svc-card">
          <Statistic
            title={t('system.process', { pid: s?.process.pid ?? '' })}
            value={mb(s?.process.rssBytes ?? 0)}
          />
        </div>
      </section>
      <section className="svc-card">
        <h2>{t('system.services')}</h2>
        <Table<Service>
          rowKey="kind"
          size="middle"
          pagination={false}
          dataSource={s?.services ?? []}
          scroll={{ x: 520 }}
          columns={[
            { title: t('system.service'), dataIndex: 'kind', render: (k: string) => t(`system.kindOf.${k}`) },
            {
              title: t('system.q'),
              dataIndex: 'queued',
              render: (n: number) => <Tag color={n ? 'processing' : 'default'}>{n}</Tag>,
            },
            { title: t('system.running'), dataIndex: 'running' },
            {
              title: t('system.failed'),
              dataIndex: 'failed',
              render: (n: number) => <Tag color={n ? 'error' : 'default'}>{n}</Tag>,
            },
            { title: t('system.done'), dataIndex: 'done' },
          ]}
        />
      </section>
      <section className="svc-card">
        <h2>{t('system.failures')}</h2>
        <Table<Failure>
          rowKey={(r) => `${r.kind}-${r.id}`}
          size="middle"
          pagination={false}
          dataSource={s?.failures ?? []}
          locale={{ emptyText: t('system.noFailures') }}
          scroll={{ x: 640 }}
          columns={[
            {
              title: t('system.service'),
              dataIndex: 'kind',
              width: 110,
              render: (k: string) => t(`system.kindOf.${k}`),
            },
            { title: t('system.record'), dataIndex: 'title', ellipsis: true },
            { title: t('system.reason'), dataIndex: 'message' },
            {
              title: t('system.time'),
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
