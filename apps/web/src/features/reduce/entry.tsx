import { ArrowRightOutlined, ExperimentOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { queryKeys } from '../../shared/records/queries.ts';
import { isActive } from '../../shared/records/status.ts';
import { reduceFromAigc, reduceFromCheck, reductionsOf } from './api.ts';
import { reduceContentPath } from '../../shared/paths/reduce.ts';
import { percent } from './targets.ts';

/**
 * The one click from a report to a reduction: an AIGC report to 降AIGC, a check report to whole-paper 降重.
 * It creates an unpaid record of the report's flagged paragraphs and opens its confirm view.
 */
export function ReduceButton({ from, recordId }: { from: 'aigc' | 'check'; recordId: number }) {
  const { t } = useTranslation('reduce');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function start() {
    setBusy(true);
    try {
      const r = from === 'aigc' ? await reduceFromAigc(recordId) : await reduceFromCheck(recordId);
      navigate(reduceContentPath(r.result.id));
    } catch {
      // the request layer has shown the message
    } finally {
      setBusy(false);
    }
  }
  return (
    <Tooltip title={from === 'check' ? t('entry.reduceSimilarityHint') : undefined}>
      <Button
        icon={from === 'aigc' ? <ExperimentOutlined /> : <ThunderboltOutlined />}
        loading={busy}
        onClick={() => void start()}
        data-testid={`reduce-from-${from}`}
      >
        {t(from === 'aigc' ? 'entry.reduceAigc' : 'entry.reduceSimilarity')}
      </Button>
    </Tooltip>
  );
}

/**
 * On an AIGC report: once the paper has been through 降AIGC, its before → after and a link to the comparison
 * (the newest reduction made from this record).
 */
export function ReducedBanner({ aigcId }: { aigcId: number }) {
  const { t } = useTranslation('reduce');
  const latest = useQuery({
    queryKey: queryKeys.recordPart('aigc', aigcId, 'reduction'),
    queryFn: async () => (await reductionsOf('aigc', aigcId)).result.records[0] ?? null,
    refetchInterval: (q) => (q.state.data && isActive(q.state.data.status) ? 3000 : false),
  });
  const r = latest.data;
  if (!r || r.status === 'created' || r.status === 'failed') return null;
  const done = r.status === 'done';
  return (
    <Alert
      className="rd-reduced"
      type={done ? 'success' : 'info'}
      showIcon
      data-testid="rd-reduced-banner"
      title={done ? t('entry.reducedTitle') : t('entry.reducedRunning')}
      description={
        done
          ? t('entry.reducedBody', { before: percent(r.before?.aigc), after: percent(r.after?.aigc) })
          : undefined
      }
      action={
        <Link to={reduceContentPath(r.id)}>
          {t('entry.viewReduced')} <ArrowRightOutlined />
        </Link>
      }
      style={{ marginBottom: 18 }}
    />
  );
}
