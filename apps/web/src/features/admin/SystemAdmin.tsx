import './catalogue.ts';
import { type FailedJob, JobServiceKind, type SystemStatus } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import { failedJobs, retryJob, systemStatus } from './api.ts';
import { FilterBar } from './FilterBar.tsx';
import { confirmedAction } from './tables.tsx';
import { PageHero } from '../../shared/records/FormParts.tsx';
import './admin.css';

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
const gb = (bytes: number) => `${(bytes / 1073741824).toFixed(1)} GB`;
/** h:mm, or m min under an hour: how long a worker has been consuming. */
const uptime = (s: number) =>
  s < 3600
    ? `${Math.floor(s / 60)} min`
    : `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} h`;

/**
 * /admin/system: work per service (the queue), the processes consuming it, the latest failures and why, database
 * and disk size.
 */
export default function SystemAdmin() {
  const { t } = useTranslation('admin');
  const s = useQuery({
    queryKey: ['admin', 'system'],
    queryFn: async () => (await systemStatus()).result,
    refetchInterval: 5000,
  }).data;
  type Service = SystemStatus['services'][number];
  return (
    <div className="svc-page adm-page">
      <PageHero title={t('system.title')} subtitle={s ? t(`system.jobs.${s.jobs}`) : t('system.subtitle')} />
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
        <h2>{t('system.workers', { count: s?.workers.length ?? 0 })}</h2>
        {s && s.workers.length === 0 ? (
          <p className="svc-muted">{t('system.noWorkers')}</p>
        ) : (
          <div className="adm-workers">
            {(s?.workers ?? []).map((w) => (
              <Tag key={w.name} color="green">
                {t('system.worker', { name: w.name, age: uptime(w.ageSeconds) })}
              </Tag>
            ))}
          </div>
        )}
      </section>
      {s && s.shards.length > 0 && <Shards shards={s.shards} />}
      <FailedJobs latest={s?.failures ?? []} />
    </div>
  );
}

type Shard = SystemStatus['shards'][number];
const SHARD_COLOR: Record<Shard['state'], string> = {
  ready: 'green',
  loading: 'processing',
  building: 'processing',
  down: 'error',
};

/** The library's shards (LIBRARY_SHARDS > 1): one row each, as its worker last reported. */
function Shards({ shards }: { shards: Shard[] }) {
  const { t } = useTranslation('admin');
  return (
    <section className="svc-card">
      <h2>{t('system.shards', { count: shards.length })}</h2>
      <p className="svc-muted">{t('system.shardsHint')}</p>
      <Table<Shard>
        rowKey="shard"
        size="middle"
        pagination={false}
        dataSource={shards}
        scroll={{ x: 720 }}
        columns={[
          { title: t('system.shard'), dataIndex: 'shard', width: 70 },
          {
            title: t('system.shardState'),
            dataIndex: 'state',
            render: (v: Shard['state']) => <Tag color={SHARD_COLOR[v]}>{t(`system.shardStateOf.${v}`)}</Tag>,
          },
          {
            title: t('system.shardDocuments'),
            dataIndex: 'documents',
            render: (n: number) => n.toLocaleString(),
          },
          {
            title: t('system.shardCharacters'),
            dataIndex: 'characters',
            render: (n: number) => n.toLocaleString(),
          },
          { title: t('system.shardMemory'), dataIndex: 'rssBytes', render: (n: number) => mb(n) },
          { title: t('system.shardProcess'), dataIndex: 'name', render: (v: string | null) => v ?? '—' },
          {
            title: t('system.shardUpdated'),
            dataIndex: 'updatedAt',
            render: (v: string | null) => (v ? formatTime(v) : '—'),
          },
        ]}
      />
    </section>
  );
}

const KINDS = JobServiceKind.options;
const isKind = (v: string | undefined): v is FailedJob['kind'] => KINDS.some((k) => k === v);

/** Failed records with their errors: the latest of every service, or one service's all; each can be retried. */
function FailedJobs({ latest }: { latest: FailedJob[] }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [kind, setKind] = useState<FailedJob['kind'] | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const perKind = useQuery({
    queryKey: ['admin', 'system', 'failed', kind, pageNo],
    queryFn: async () => (kind ? (await failedJobs(kind, { pageNo, pageSize: 10 })).result : null),
    enabled: kind !== '',
  });
  const rows = kind ? (perKind.data?.records ?? []) : latest;
  return (
    <section className="svc-card">
      <div className="adm-toolbar">
        <h2>{t('system.failures')}</h2>
        <FilterBar
          choices={[
            {
              name: 'kind',
              placeholder: t('system.service'),
              value: kind,
              width: 160,
              options: [
                { value: '', label: t('system.latestAll') },
                ...KINDS.map((k) => ({ value: k, label: t(`system.kindOf.${k}`) })),
              ],
            },
          ]}
          onChange={(_, v) => {
            setKind(isKind(v) ? v : '');
            setPageNo(1);
          }}
        />
      </div>
      <p className="svc-muted">{t('system.failuresHint')}</p>
      <Table<FailedJob>
        rowKey={(r) => `${r.kind}-${r.id}`}
        size="middle"
        loading={kind !== '' && perKind.isLoading}
        dataSource={rows}
        locale={{ emptyText: t('system.noFailures') }}
        scroll={{ x: 720 }}
        pagination={
          kind
            ? {
                current: pageNo,
                pageSize: 10,
                total: perKind.data?.total ?? 0,
                showSizeChanger: false,
                onChange: setPageNo,
              }
            : false
        }
        columns={[
          {
            title: t('system.service'),
            dataIndex: 'kind',
            width: 110,
            render: (k: string) => t(`system.kindOf.${k}`),
          },
          { title: t('system.record'), dataIndex: 'title', width: 160, ellipsis: true },
          { title: t('system.reason'), dataIndex: 'message' },
          {
            title: t('system.time'),
            dataIndex: 'updatedAt',
            width: 140,
            render: (v: string) => formatTime(v, '{y}-{m}-{d} {h}:{i}'),
          },
          confirmedAction<FailedJob>(
            80,
            t('system.retryConfirm'),
            async (r) => {
              await retryJob(r.kind, r.id);
              toast().success(t('system.retried'));
              void qc.invalidateQueries({ queryKey: ['admin', 'system'] });
            },
            <Button size="small">{t('system.retry')}</Button>,
          ),
        ]}
      />
    </section>
  );
}
