import { DeleteOutlined, DownloadOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { PptStatus } from '@paperdesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Pagination, Popconfirm, Progress, Select, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deletePpt, downloadPpt, getTemplateList, queryPpts } from '../../api/ppt.ts';
import { useAppStore } from '../../store/app.ts';
import { selectLoggedIn, useUserStore } from '../../store/user.ts';
import { toast } from '../../utils/feedback.ts';
import { formatTime } from '../../utils/time.ts';
import { isActive, STATUS_COLORS } from '../paper/format.ts';
import { svgSrc } from './TemplateGallery.tsx';
import './aippt.css';

const STATUSES: PptStatus[] = ['created', 'queued', 'running', 'done', 'failed'];
const POLL_MS = 2000;

/** /aippt/list: the user's decks with status and live progress (polled while any is being generated). */
export default function PptRecords() {
  const { t } = useTranslation('ppt');
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectLoggedIn);
  const openLogin = useAppStore((s) => s.openLogin);
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [status, setStatus] = useState<PptStatus | undefined>(undefined);
  const [keyword, setKeyword] = useState('');

  const templates = useQuery({
    queryKey: ['pptTemplates'],
    queryFn: async () => (await getTemplateList()).result,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const list = useQuery({
    queryKey: ['ppts', paging, status, keyword],
    queryFn: async () =>
      (
        await queryPpts(
          paging,
          { ...(status ? { status } : {}), ...(keyword ? { topic: keyword } : {}) },
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

  const open = (id: number) => navigate(`/aippt/ppt?id=${id}`);
  async function remove(id: number) {
    try {
      await deletePpt(id);
      toast().success(t('records.deleted'));
      void list.refetch();
    } catch {
      // shown by the request layer
    }
  }

  const page = list.data;
  return (
    <div className="svc-page pp-page">
      <header className="svc-hero">
        <div>
          <h1>{t('records.title')}</h1>
          <p>{t('records.subtitle')}</p>
        </div>
        <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => navigate('/aippt/ppt')}>
          {t('records.create')}
        </Button>
      </header>
      <section className="svc-card">
        <div className="pp-filters">
          <Input.Search
            allowClear
            placeholder={t('records.keyword')}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPaging((p) => ({ ...p, pageNo: 1 }));
            }}
          />
          <Select
            allowClear
            placeholder={t('records.allStatus')}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPaging((p) => ({ ...p, pageNo: 1 }));
            }}
            options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </div>
        {list.isLoading ? (
          <Skeleton active />
        ) : !page?.records.length ? (
          <Empty description={t('records.empty')}>
            <Button type="primary" onClick={() => navigate('/aippt/ppt')}>
              {t('records.create')}
            </Button>
          </Empty>
        ) : (
          <ul className="pp-records" data-testid="pp-records">
            {page.records.map((r) => {
              const tpl = templates.data?.find((x) => x.id === r.templateId);
              return (
                <li key={r.id} className="pp-record">
                  <button type="button" className="pp-record__thumb" onClick={() => open(r.id)}>
                    {tpl && <img src={svgSrc(tpl.preview)} alt={tpl.name} loading="lazy" />}
                  </button>
                  <div className="pp-record__body">
                    <div className="pp-record__title">
                      <span>{r.topic}</span>
                      <Tag color={STATUS_COLORS[r.status]}>{t(`status.${r.status}`)}</Tag>
                    </div>
                    <div className="svc-muted">
                      {tpl?.name ?? r.templateId} · {t(`scene.${r.scene}`)} ·{' '}
                      {t('records.slideCount', { count: r.slides?.length ?? r.slideCount })} ·{' '}
                      {formatTime(r.createdAt, '{y}-{m}-{d} {h}:{i}')}
                    </div>
                    {isActive(r.status) && <Progress percent={r.progress} size="small" status="active" />}
                    {r.status === 'failed' && <div className="svc-muted is-error">{r.message}</div>}
                  </div>
                  <div className="pp-record__actions">
                    <Button icon={<EyeOutlined />} onClick={() => open(r.id)}>
                      {t('records.open')}
                    </Button>
                    {r.status === 'done' && (
                      <Button icon={<DownloadOutlined />} onClick={() => void downloadPpt(r.id)}>
                        {t('records.download')}
                      </Button>
                    )}
                    {!isActive(r.status) && (
                      <Popconfirm title={t('records.deleteConfirm')} onConfirm={() => void remove(r.id)}>
                        <Button danger icon={<DeleteOutlined />} aria-label={t('records.delete')} />
                      </Popconfirm>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {page && page.total > paging.pageSize && (
          <Pagination
            className="pp-pager"
            current={paging.pageNo}
            pageSize={paging.pageSize}
            total={page.total}
            onChange={(pageNo, pageSize) => setPaging({ pageNo, pageSize })}
          />
        )}
      </section>
    </div>
  );
}
