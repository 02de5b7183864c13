import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { MachineRecord, MachineStatus } from '@paperdesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Pagination, Popconfirm, Progress, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteMachine, queryMachines } from '../../api/machine.ts';
import { useAppStore } from '../../store/app.ts';
import { selectLoggedIn, useUserStore } from '../../store/user.ts';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import { isActive, num, pct, STATUS_COLORS, yuan } from '../paper/format.ts';
import '../paper/check.css';
import './machine.css';

const STATUSES: MachineStatus[] = ['created', 'queued', 'running', 'done', 'failed'];
const POLL_MS = 2000;

/** /machine/list: the user's 降重 records with status and live progress (polled while any runs). */
export default function RewriteRecords() {
  const { t } = useTranslation('machine');
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectLoggedIn);
  const openLogin = useAppStore((s) => s.openLogin);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [status, setStatus] = useState<MachineStatus | undefined>(undefined);
  const [keyword, setKeyword] = useState('');

  const list = useQuery({
    queryKey: ['machines', paging, status, keyword],
    queryFn: async () =>
      (
        await queryMachines(
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

  const open = (r: MachineRecord) =>
    navigate(r.status === 'created' ? `/machine/submit/${r.id}` : `/machine/content/${r.id}`);
  const remove = async (r: MachineRecord) => {
    await deleteMachine(r.id);
    toast().success(t('records.deleted'));
    void list.refetch();
  };
  const statusCell = (r: MachineRecord) => (
    <div style={{ minWidth: 110 }}>
      <Tag color={STATUS_COLORS[r.status]}>{t(`status.${r.status}`)}</Tag>
      {isActive(r.status) ? (
        <Progress percent={r.progress} size="small" status="active" />
      ) : r.stats ? (
        <span className="svc-muted">{t('records.changeRatio', { pct: pct(r.stats.changeRatio) })}</span>
      ) : null}
    </div>
  );
  const actions = (r: MachineRecord) => (
    <span className="mc-row-actions">
      <Button type="link" size="small" onClick={() => open(r)}>
        {r.status === 'created' ? t('records.pay') : t('records.view')}
      </Button>
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
        <div className="mc-toolbar">
          <h2 style={{ margin: 0 }}>{t('records.title')}</h2>
          <div className="mc-toolbar__filters">
            <Select<MachineStatus | 'all'>
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
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/nlp/machine')}>
              {t('records.new')}
            </Button>
          </div>
        </div>
        {records.length === 0 && !list.isLoading ? (
          <Empty description={t('records.empty')} />
        ) : mobile ? (
          <div className="mc-cards">
            {records.map((r) => (
              <div key={r.id} className="mc-card-row">
                <button type="button" className="mc-card-row__title" onClick={() => open(r)}>
                  {r.title}
                </button>
                <div className="svc-muted">
                  {t(`edition.${r.edition}`)} · {num(r.characters)} · {formatTime(r.createdAt)}
                </div>
                <div className="mc-card-row__foot">
                  {statusCell(r)}
                  {actions(r)}
                </div>
              </div>
            ))}
          </div>
        ) : (
          <Table<MachineRecord>
            rowKey="id"
            loading={list.isFetching && !list.data}
            dataSource={records}
            pagination={false}
            scroll={{ x: 760 }}
            columns={[
              {
                title: t('records.colTitle'),
                dataIndex: 'title',
                render: (_, r) => (
                  <Button type="link" onClick={() => open(r)} style={{ padding: 0 }}>
                    {r.title}
                  </Button>
                ),
              },
              { title: t('records.colEdition'), width: 130, render: (_, r) => t(`edition.${r.edition}`) },
              { title: t('records.colChars'), width: 90, render: (_, r) => num(r.characters) },
              {
                title: t('records.colPaid'),
                width: 80,
                render: (_, r) => (r.status === 'created' ? '—' : yuan(r.paidFen)),
              },
              { title: t('records.colStatus'), width: 150, render: (_, r) => statusCell(r) },
              {
                title: t('records.colCreated'),
                width: 150,
                render: (_, r) => formatTime(r.createdAt, '{y}-{m}-{d} {h}:{i}'),
              },
              { title: t('records.colActions'), width: 150, render: (_, r) => actions(r) },
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
