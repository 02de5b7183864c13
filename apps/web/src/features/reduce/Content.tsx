import { CloseCircleFilled, RedoOutlined } from '@ant-design/icons';
import type { ReduceContent, ReduceDetail, ReduceParagraphResult } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useNavPlace } from '../../hooks/useNavPlace.ts';
import { queryKeys, usePolledRecord } from '../../shared/records/queries.ts';
import { RecordLoading, RecordNotFound } from '../../shared/records/RecordStates.tsx';
import { isActive } from '../../shared/records/status.ts';
import { loadReduce, loadReduceContent, reduceReload } from './api.ts';
import { Confirm } from './Confirm.tsx';
import { Outcome } from './Outcome.tsx';
import { Progress } from './Progress.tsx';
import { AIGC_NAV_INDEX, reducePaths } from '../../shared/paths/reduce.ts';
import '../check/check.css';
import './reduce.css';
import '../../shared/records/compare.css';

/**
 * /papermachine/content/:id, every state of a 降重 / 降AIGC record: confirm and pay, progress paragraph by
 * paragraph, failed (refunded) with a retry, and the side-by-side result.
 */
export default function ReduceContentPage() {
  const { t } = useTranslation('reduce');
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const [reloading, setReloading] = useState(false);
  const record = usePolledRecord('reduce', id, async (id) => (await loadReduce(id, true)).result, {
    retry: false,
  });
  const r = record.data;
  // one URL for both products: a 降AIGC record stands under 降AIGC in the navigation
  useNavPlace(r?.kind === 'aigc' ? { navIndex: AIGC_NAV_INDEX, activeMenu: reducePaths.aigcRecords } : null);
  const contentKey = queryKeys.recordPart(
    'reduce',
    id,
    'content',
    r?.status,
    r?.doneParagraphs,
    r?.finishedAt,
  );
  const content = useQuery({
    queryKey: contentKey,
    queryFn: async () => (await loadReduceContent(id, true)).result,
    enabled: !!r && r.status !== 'created' && r.status !== 'failed',
    placeholderData: (previous) => previous,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const refresh = () => void qc.invalidateQueries({ queryKey: queryKeys.record('reduce', id) });
  /** A paragraph decision answers the paragraph and the record: both caches take them as they are. */
  const onParagraph = (res: ReduceParagraphResult) => {
    qc.setQueryData<ReduceDetail>(queryKeys.record('reduce', id), (old) =>
      old ? { ...old, ...res.record } : old,
    );
    qc.setQueryData<ReduceContent>(contentKey, (old) =>
      old
        ? {
            record: res.record,
            paragraphs: old.paragraphs.map((p) => (p.index === res.paragraph.index ? res.paragraph : p)),
          }
        : old,
    );
  };
  async function reload() {
    setReloading(true);
    try {
      await reduceReload(id);
      await qc.invalidateQueries({ queryKey: queryKeys.account });
      refresh();
    } catch {
      // the request layer has shown the message
    } finally {
      setReloading(false);
    }
  }

  if (record.isLoading) return <RecordLoading />;
  if (!r)
    return (
      <RecordNotFound
        ns="reduce"
        titleKey="content.notFound"
        backKey="content.toRecords"
        recordsPath={reducePaths.records}
      />
    );
  if (r.status === 'created') return <Confirm record={r} onSubmitted={refresh} />;
  if (r.status === 'failed')
    return (
      <div className="svc-page rd-page">
        <section className="svc-card">
          <Result
            status="error"
            icon={<CloseCircleFilled />}
            title={t('content.failed')}
            subTitle={r.message}
            extra={
              <Button
                type="primary"
                icon={<RedoOutlined />}
                loading={reloading}
                onClick={() => void reload()}
              >
                {t('content.reload')}
              </Button>
            }
          />
        </section>
      </div>
    );
  return (
    <div className="svc-page rd-page">
      {isActive(r.status) ? (
        <Progress record={r} content={content.data} />
      ) : content.data ? (
        <Outcome record={r} content={content.data} onParagraph={onParagraph} onReloaded={refresh} />
      ) : (
        <RecordLoading />
      )}
    </div>
  );
}
