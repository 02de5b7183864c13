import {
  DeleteOutlined,
  DownloadOutlined,
  FileSearchOutlined,
  PlusOutlined,
  RedoOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import type { AigcRecord, AigcStatus } from '@paperdesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Pagination, Popconfirm, Progress, Select, Table, Tag } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { aigcReload, deleteAigc, downloadAigcReport, queryAigc } from '../../api/aigc.ts';
import { useAppStore } from '../../store/app.ts';
import { selectLoggedIn, useUserStore } from '../../store/user.ts';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import { isActive, num, pct, STATUS_COLORS } from '../paper/format.ts';
import { BAND_COLORS } from './format.ts';
import '../paper/check.css';
import './aigc.css';

const STATUSES: AigcStatus[] = ['created', 'queued', 'running', 'done', 'failed'];
const POLL_MS = 2000;

/** /aigccheck/list: the user's AIGC checks with live progress (polled while any runs) and their ratio. */
export default function AigcRecords() {
  const { t } = useTranslation('aigc');
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectLoggedIn);
  const openLogin = useAppStore((s) => s.openLogin);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [status, setStatus] = useState<AigcStatus | undefined>(undefined);
  const [keyword, setKeyword] = useState('');

  const list = useQuery({
    queryKey: ['aigcList', paging, status, keyword],
    queryFn: async () =>
      (
        await queryAigc(
          paging,
          { ...(status ? { status } : {}), ...(keyword ? { title: keyword } : {}) },
          true,
        )
      ).result,
    enabled: loggedIn,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.records.some((r) => isActive(r.status)) ? POLL_MS : false),
  });

  if (!loggedIn) {
    return (
      <div className="svc-page">
        <section className="svc-card">
          <Empty description={t('records.loginFirst')}>
            <Button type="primary" onClick={openLogin}>
              {t('records.login')}
            </Button>
          </Empty>
        </section>
      </div>
    );
  }

  const to = (r: AigcRecord) => `/aigccheck/content/${r.id}`;
  const remove = async (r: AigcRecord) => {
    await deleteAigc(r.id);
    toast().success(t('records.deleted'));
    void list.refetch();
  };
  const reload = async (r: AigcRecord) => {
    await aigcReload(r.id);
    toast().success(t('records.reloaded'));
    void list.refetch();
  };
  const statusCell = (r: AigcRecord) =>
    isActive(r.status) ? (
      <div style={{ minWidth: 120 }}>
        <Tag color={STATUS_COLORS[r.status]}>{t(`status.${r.status}`)}</Tag>
        <Progress percent={r.progress} size="small" status="active" />
      </div>
    ) : (
      <Tag color={STATUS_COLORS[r.status]}>{t(`status.${r.status}`)}</Tag>
    );
  const ratioCell = (r: AigcRecord) =>
    r.metrics ? (
      <span
        className="ck-ratio"
        style={{ color: BAND_COLORS[r.metrics.band] }}
        title={t(`band.${r.metrics.band}`)}
      >
        {pct(r.metrics.aiCharRatio)}
      </span>
    ) : (
      <span className="svc-muted">—</span>
    );
  const actions = (r: AigcRecord) => (
    <span className="ck-actions" style={{ gap: 4 }}>
      <Button
        type="link"
        size="small"
        icon={mobile ? <FileSearchOutlined /> : undefined}
        onClick={() => navigate(to(r))}
      >
        {r.status === 'done'
          ? t('records.view')
          : r.status === 'created'
            ? t('records.pay')
            : t('records.progress')}
      </Button>
      {r.status === 'done' && (
        <Button
          type="link"
          size="small"
          icon={mobile ? <DownloadOutlined /> : undefined}
          onClick={() => void downloadAigcReport(r.id, `${r.title}-AIGC检测报告.pdf`).catch(() => {})}
        >
          {t('records.download')}
        </Button>
      )}
      {r.status === 'failed' && (
        <Button
          type="link"
          size="small"
          icon={mobile ? <RedoOutlined /> : undefined}
          onClick={() => void reload(r).catch(() => {})}
        >
          {t('records.reload')}
        </Button>
      )}
      <Popconfirm
        title={t('records.deleteConfirm')}
        onConfirm={() => remove(r)}
        disabled={isActive(r.status)}
        okText={t('records.delete')}
        cancelText={t('records.cancel')}
      >
        <Button
          type="link"
          size="small"
          danger
          icon={mobile ? <DeleteOutlined /> : undefined}
          disabled={isActive(r.status)}
        >
          {t('records.delete')}
        </Button>
      </Popconfirm>
    </span>
  );

  const data = list.data;
  return (
    <div className="svc-page">
      <section className="svc-card">
        <h2>
          {t('records.title')}
          <span className="svc-muted">{data ? t('records.total', { n: data.total }) : ''}</span>
        </h2>
        <div className="ck-toolbar">
          <Input.Search
            allowClear
            placeholder={t('records.search')}
            style={{ width: mobile ? '100%' : 260 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPaging((p) => ({ ...p, pageNo: 1 }));
            }}
          />
          <Select<AigcStatus | 'all'>
            style={{ width: 140 }}
            value={status ?? 'all'}
            onChange={(v) => {
              setStatus(v === 'all' ? undefined : v);
              setPaging((p) => ({ ...p, pageNo: 1 }));
            }}
            options={[
              { value: 'all', label: t('records.allStatus') },
              ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            {t('records.refresh')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/aigccheck/check')}
            style={{ marginLeft: 'auto' }}
          >
            {t('records.new')}
          </Button>
        </div>

        {mobile ? (
          <div className="ck-rec-list">
            {data?.records.length === 0 && <Empty description={t('records.empty')} />}
            {data?.records.map((r) => (
              <div className="ck-rec" key={r.id} data-testid="aigc-record">
                <div className="ck-rec__head">
                  <button type="button" className="link-button ck-rec__title" onClick={() => navigate(to(r))}>
                    {r.title}
                  </button>
                  {ratioCell(r)}
                </div>
                <div className="ck-rec__meta">
                  {num(r.characters)} {t('check.characters')} ·{' '}
                  {formatTime(r.createdAt, '{y}-{m}-{d} {h}:{i}')}
                </div>
                {statusCell(r)}
                <div style={{ marginTop: 6 }}>{actions(r)}</div>
              </div>
            ))}
            {data && data.total > paging.pageSize && (
              <Pagination
                simple
                align="center"
                current={paging.pageNo}
                pageSize={paging.pageSize}
                total={data.total}
                onChange={(pageNo) => setPaging((p) => ({ ...p, pageNo }))}
              />
            )}
          </div>
        ) : (
          <Table<AigcRecord>
            rowKey="id"
            loading={list.isLoading}
            dataSource={data?.records ?? []}
            locale={{ emptyText: <Empty description={t('records.empty')} /> }}
            onRow={() => ({ 'data-testid': 'aigc-record' }) as HTMLAttributes<HTMLElement>}
            pagination={{
              current: paging.pageNo,
              pageSize: paging.pageSize,
              total: data?.total ?? 0,
              showSizeChanger: true,
              onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
            }}
            columns={[
              {
                title: t('records.col.title'),
                dataIndex: 'title',
                ellipsis: true,
                render: (_: string, r) => <Link to={to(r)}>{r.title}</Link>,
              },
              {
                title: t('records.col.characters'),
                dataIndex: 'characters',
                width: 90,
                align: 'right',
                render: (n: number) => num(n),
              },
              {
                title: t('records.col.status'),
                key: 'status',
                width: 140,
                render: (_: unknown, r) => statusCell(r),
              },
              {
                title: t('records.col.ratio'),
                key: 'ratio',
                width: 140,
                align: 'right',
                render: (_: unknown, r) => ratioCell(r),
              },
              {
                title: t('records.col.time'),
                dataIndex: 'createdAt',
                width: 140,
                render: (v: string) => formatTime(v, '{y}-{m}-{d} {h}:{i}'),
              },
              {
                title: t('records.col.actions'),
                key: 'actions',
                width: 230,
                render: (_: unknown, r) => actions(r),
              },
            ]}
          />
        )}
      </section>
    </div>
  );
}
