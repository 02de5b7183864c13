import {
  DeleteOutlined,
  EditOutlined,
  FileSearchOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import type { CheckRecord, CheckStatus } from '@paperdesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Modal, Pagination, Popconfirm, Progress, Select, Table, Tag } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { deleteCheck, queryChecks, updateTitle } from '../../api/check.ts';
import { useAppStore } from '../../store/app.ts';
import { selectLoggedIn, useUserStore } from '../../store/user.ts';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import { isActive, LEVEL_COLORS, level, num, pct, STATUS_COLORS, yuan } from './format.ts';
import './check.css';

const STATUSES: CheckStatus[] = ['created', 'queued', 'running', 'done', 'failed'];
const POLL_MS = 2000;

/** /paper/report: the user's checks with status and live progress (polled while any is running). */
export default function CheckRecords() {
  const { t } = useTranslation('check');
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectLoggedIn);
  const openLogin = useAppStore((s) => s.openLogin);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [status, setStatus] = useState<CheckStatus | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [renaming, setRenaming] = useState<CheckRecord | null>(null);
  const [newTitle, setNewTitle] = useState('');

  const list = useQuery({
    queryKey: ['checks', paging, status, keyword],
    queryFn: async () =>
      (
        await queryChecks(
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

  const open = (r: CheckRecord) =>
    navigate(r.status === 'created' ? `/paper/submit/${r.id}` : `/paper/report/${r.id}`);
  const remove = async (r: CheckRecord) => {
    await deleteCheck(r.id);
    toast().success(t('records.deleted'));
    void list.refetch();
  };
  const statusCell = (r: CheckRecord) =>
    isActive(r.status) ? (
      <div style={{ minWidth: 120 }}>
        <Tag color={STATUS_COLORS[r.status]}>{t(`status.${r.status}`)}</Tag>
        <Progress percent={r.progress} size="small" status="active" />
      </div>
    ) : (
      <Tag color={STATUS_COLORS[r.status]}>{t(`status.${r.status}`)}</Tag>
    );
  const ratioCell = (r: CheckRecord) =>
    r.metrics ? (
      <span className="ck-ratio" style={{ color: LEVEL_COLORS[level(r.metrics.totalRatio)] }}>
        {pct(r.metrics.totalRatio)}
      </span>
    ) : (
      <span className="svc-muted">—</span>
    );
  const actions = (r: CheckRecord) => (
    <span className="ck-actions" style={{ gap: 4 }}>
      {r.status === 'created' ? (
        <Button type="link" size="small" onClick={() => open(r)}>
          {t('records.pay')}
        </Button>
      ) : (
        <Button
          type="link"
          size="small"
          icon={mobile ? <FileSearchOutlined /> : undefined}
          onClick={() => open(r)}
        >
          {r.status === 'done' ? t('records.view') : t('records.progress')}
        </Button>
      )}
      <Button
        type="link"
        size="small"
        icon={mobile ? <EditOutlined /> : undefined}
        onClick={() => {
          setRenaming(r);
          setNewTitle(r.title);
        }}
      >
        {t('records.rename')}
      </Button>
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
          <Select<CheckStatus | 'all'>
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
            onClick={() => navigate('/papercheck/check')}
            style={{ marginLeft: 'auto' }}
          >
            {t('records.new')}
          </Button>
        </div>

        {mobile ? (
          <div className="ck-rec-list">
            {data?.records.length === 0 && <Empty description={t('records.empty')} />}
            {data?.records.map((r) => (
              <div className="ck-rec" key={r.id} data-testid="check-record">
                <div className="ck-rec__head">
                  <button type="button" className="link-button ck-rec__title" onClick={() => open(r)}>
                    {r.title}
                  </button>
                  {ratioCell(r)}
                </div>
                <div className="ck-rec__meta">
                  {t(`edition.${r.edition}`)} · {num(r.characters)} {t('submit.charUnit')} ·{' '}
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
          <Table<CheckRecord>
            rowKey="id"
            loading={list.isLoading}
            dataSource={data?.records ?? []}
            locale={{ emptyText: <Empty description={t('records.empty')} /> }}
            onRow={() => ({ 'data-testid': 'check-record' }) as HTMLAttributes<HTMLElement>}
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
                render: (_: string, r) => (
                  <Link to={r.status === 'created' ? `/paper/submit/${r.id}` : `/paper/report/${r.id}`}>
                    {r.title}
                  </Link>
                ),
              },
              {
                title: t('records.col.edition'),
                dataIndex: 'edition',
                width: 80,
                render: (e: string) => t(`edition.${e}`),
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
                width: 130,
                render: (_: unknown, r) => statusCell(r),
              },
              {
                title: t('records.col.ratio'),
                key: 'ratio',
                width: 124,
                align: 'right',
                render: (_: unknown, r) => ratioCell(r),
              },
              {
                title: t('records.col.paid'),
                key: 'paid',
                width: 80,
                align: 'right',
                render: (_: unknown, r) =>
                  r.free ? (
                    <Tag color="green">{t('records.free')}</Tag>
                  ) : r.submittedAt ? (
                    yuan(r.paidFen)
                  ) : (
                    '—'
                  ),
              },
              {
                title: t('records.col.time'),
                dataIndex: 'createdAt',
                width: 130,
                render: (v: string) => formatTime(v, '{y}-{m}-{d} {h}:{i}'),
              },
              {
                title: t('records.col.actions'),
                key: 'actions',
                width: 220,
                render: (_: unknown, r) => actions(r),
              },
            ]}
          />
        )}
      </section>
      <Modal
        open={!!renaming}
        title={t('records.renameTitle')}
        okText={t('records.save')}
        cancelText={t('records.cancel')}
        onCancel={() => setRenaming(null)}
        onOk={async () => {
          if (!renaming || !newTitle.trim()) return;
          await updateTitle(renaming.id, newTitle.trim());
          setRenaming(null);
          void list.refetch();
        }}
      >
        <Input value={newTitle} maxLength={200} onChange={(e) => setNewTitle(e.target.value)} />
      </Modal>
    </div>
  );
}
