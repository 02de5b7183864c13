import { DeleteOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { WritingRecord, WritingStatus } from '@paperdesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Pagination, Popconfirm, Progress, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteWriting, downloadWriting, queryWritings } from '../../api/paperInfo.ts';
import { useAppStore } from '../../store/app.ts';
import { selectLoggedIn, useUserStore } from '../../store/user.ts';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import { isActive, num, STATUS_COLORS, yuan } from '../paper/format.ts';
import { confirmPath, contentPath } from './config.ts';
import '../paper/check.css';
import './writing.css';

const STATUSES: WritingStatus[] = ['created', 'queued', 'running', 'done', 'failed'];
const POLL_MS = 2000;

/** /paperwirte/report: the user's papers with status and live progress (polled while any is being written). */
export default function WritingRecords() {
  const { t } = useTranslation('writing');
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectLoggedIn);
  const openLogin = useAppStore((s) => s.openLogin);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [status, setStatus] = useState<WritingStatus | undefined>(undefined);
  const [keyword, setKeyword] = useState('');

  const list = useQuery({
    queryKey: ['writings', paging, status, keyword],
    queryFn: async () =>
      (
        await queryWritings(
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

  const open = (r: WritingRecord) => navigate(r.status === 'created' ? confirmPath(r) : contentPath(r.id));
  const remove = async (r: WritingRecord) => {
    await deleteWriting(r.id);
    toast().success(t('records.deleted'));
    void list.refetch();
  };
  const statusCell = (r: WritingRecord) => (
    <div style={{ minWidth: 120 }}>
      <Tag color={STATUS_COLORS[r.status]}>{t(`status.${r.status}`)}</Tag>
      {isActive(r.status) && <Progress percent={r.progress} size="small" status="active" />}
      {r.sectionsTotal > 0 && (
        <div className="svc-muted">
          {t('records.sections', { done: r.sectionsDone, total: r.sectionsTotal })}
        </div>
      )}
    </div>
  );
  const actions = (r: WritingRecord) => (
    <span className="wr-row-actions">
      <Button type="link" size="small" onClick={() => open(r)}>
        {r.status === 'created' ? t('records.confirm') : t('records.view')}
      </Button>
      {r.status === 'done' && (
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          onClick={() => void downloadWriting(r.id, `${r.title}.docx`).catch(() => {})}
        >
          {t('records.download')}
        </Button>
      )}
      <Popconfirm
        title={t('records.deleteConfirm')}
        onConfirm={() => void remove(r)}
        disabled={isActive(r.status)}
      >
        <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={isActive(r.status)}>
          {t('records.delete')}
        </Button>
      </Popconfirm>
    </span>
  );
  const records = list.data?.records ?? [];

  return (
    <div className="svc-page">
      <section className="svc-card">
        <div className="wr-toolbar">
          <h2 style={{ margin: 0 }}>{t('records.title')}</h2>
          <div className="wr-toolbar__filters">
            <Select<WritingStatus | 'all'>
              value={status ?? 'all'}
              style={{ width: 130 }}
              onChange={(v) => {
                setStatus(v === 'all' ? undefined : v);
                setPaging((p) => ({ ...p, pageNo: 1 }));
              }}
              options={[
                { value: 'all', label: t('records.allStatus') },
                ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
              ]}
            />
            <Input.Search
              allowClear
              placeholder={t('records.search')}
              style={{ width: 180 }}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPaging((p) => ({ ...p, pageNo: 1 }));
              }}
            />
            <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
              {t('records.refresh')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/papergc/gc')}>
              {t('records.new')}
            </Button>
          </div>
        </div>
        {records.length === 0 && !list.isLoading ? (
          <Empty description={t('records.empty')} />
        ) : mobile ? (
          <div className="wr-cards">
            {records.map((r) => (
              <div key={r.id} className="wr-card-row" data-testid="wr-record">
                <button type="button" className="wr-card-row__title" onClick={() => open(r)}>
                  {r.title}
                </button>
                <div className="svc-muted">
                  {t(`type.${r.paperType}`)} · {num(r.targetWords)} {t('generate.wordsUnit')} ·{' '}
                  {formatTime(r.createdAt)}
                </div>
                <div className="wr-card-row__foot">
                  {statusCell(r)}
                  {actions(r)}
                </div>
              </div>
            ))}
          </div>
        ) : (
          <Table<WritingRecord>
            rowKey="id"
            loading={list.isFetching && !list.data}
            dataSource={records}
            pagination={false}
            scroll={{ x: 820 }}
            onRow={() => ({ 'data-testid': 'wr-record' }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              {
                title: t('records.colTitle'),
                dataIndex: 'title',
                render: (_, r) => (
                  <Button
                    type="link"
                    onClick={() => open(r)}
                    style={{ padding: 0, whiteSpace: 'normal', textAlign: 'left' }}
                  >
                    {r.title}
                  </Button>
                ),
              },
              { title: t('records.colType'), width: 100, render: (_, r) => t(`type.${r.paperType}`) },
              { title: t('records.colWords'), width: 90, render: (_, r) => num(r.targetWords) },
              {
                title: t('records.colPaid'),
                width: 80,
                render: (_, r) => (r.status === 'created' ? '—' : yuan(r.paidFen)),
              },
              { title: t('records.colStatus'), width: 160, render: (_, r) => statusCell(r) },
              {
                title: t('records.colCreated'),
                width: 150,
                render: (_, r) => formatTime(r.createdAt, '{y}-{m}-{d} {h}:{i}'),
              },
              { title: t('records.colActions'), width: 210, render: (_, r) => actions(r) },
            ]}
          />
        )}
        {(list.data?.total ?? 0) > paging.pageSize && (
          <Pagination
            style={{ marginTop: 16, textAlign: 'right' }}
            current={paging.pageNo}
            pageSize={paging.pageSize}
            total={list.data?.total ?? 0}
            onChange={(pageNo, pageSize) => setPaging({ pageNo, pageSize })}
          />
        )}
      </section>
    </div>
  );
}
