import { DeleteOutlined, DownloadOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { PptRecord } from '@paperdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Pagination, Popconfirm, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deletePpt, downloadPpt, getTemplateList, queryPpts } from './api.ts';
import * as Records from '../../shared/records/index.ts';
import { formatTime } from '../../utils/time.ts';
import { isActive } from '../../shared/records/status.ts';
import { svgSrc } from './TemplateGallery.tsx';
import './aippt.css';
import { queryKeys } from '../../shared/records/queries.ts';
import { deckPath, slidesPaths } from '../../shared/paths/slides.ts';
import { PageHero } from '../../shared/records/FormParts.tsx';

const NS = 'ppt';

/** /aippt/list: the user's decks with status and live progress (polled while any is being generated). */
export default function PptRecords() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const templates = useQuery({
    queryKey: queryKeys.pptTemplates,
    queryFn: async () => (await getTemplateList()).result,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const rec = Records.useRecordList<PptRecord>(
    NS,
    'ppt',
    // decks have a topic where the other records have a title
    (paging, { title, ...filter }, silent) =>
      queryPpts(paging, { ...filter, ...(title ? { topic: title } : {}) }, silent),
    deletePpt,
  );
  const { list, paging, setPaging } = rec;

  const open = (id: number) => navigate(deckPath(id));
  const page = list.data;
  return (
    <Records.RecordsFrame
      rec={rec}
      className="svc-page pp-page"
      hero={
        <PageHero
          title={t('records.title')}
          subtitle={t('records.subtitle')}
          aside={
            <Button
              type="primary"
              size="large"
              icon={<PlusOutlined />}
              onClick={() => navigate(slidesPaths.generate)}
            >
              {t('records.create')}
            </Button>
          }
        />
      }
    >
      <div className="pp-filters">
        <Input.Search allowClear placeholder={t('records.keyword')} onSearch={(v) => rec.search(v)} />
        <Select
          allowClear
          placeholder={t('records.allStatus')}
          value={rec.status}
          onChange={(v) => rec.filterStatus(v)}
          options={Records.RECORD_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
      </div>
      {list.isLoading ? (
        <Skeleton active />
      ) : !page?.records.length ? (
        <Empty description={t('records.empty')}>
          <Button type="primary" onClick={() => navigate(slidesPaths.generate)}>
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
                    <Records.StatusTag ns={NS} status={r.status} />
                  </div>
                  <div className="svc-muted">
                    {tpl?.name ?? r.templateId} · {t(`scene.${r.scene}`)} ·{' '}
                    {t('records.slideCount', { count: r.slides?.length ?? r.slideCount })} ·{' '}
                    {formatTime(r.createdAt, '{y}-{m}-{d} {h}:{i}')}
                  </div>
                  {isActive(r.status) && <Records.RecordProgress percent={r.progress} />}
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
                    <Popconfirm
                      title={t('records.deleteConfirm')}
                      // a failed delete is shown by the request layer
                      onConfirm={() => void rec.remove(r).catch(() => {})}
                    >
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
    </Records.RecordsFrame>
  );
}
