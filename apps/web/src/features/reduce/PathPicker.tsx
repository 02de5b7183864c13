import type { ReduceGoal, ReducePath, ReduceSuccessRate } from '@paperdesk/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { yuan } from '../../shared/format.ts';
import type { UnitPrices } from './pricing.ts';
import { recommendedPath } from './targets.ts';

const PATHS: ReducePath[] = ['offline', 'model'];

import { type ModelFeature, NoModelBanner } from '../../shared/model/NoModelBanner.tsx';
/**
 * Offline rules or the AI model, each with its price per thousand characters and what it can do for the goal.
 * The model path is offered only when the server says a model is configured; otherwise it is shown disabled with
 * the reason. With `measured` (the confirm page) each path shows its measured success rate for the goal, and the
 * offline path is offered only for the goals it measurably reaches.
 */
export function PathPicker(props: {
  /** null: no path can deliver the goal here (the confirm page then offers nothing to pay for). */
  value: ReducePath | null;
  onChange: (path: ReducePath) => void;
  units: UnitPrices;
  modelAvailable: boolean;
  /** Which model feature the model path needs (降重: rewrite, 降AIGC: aigc), for the shared no-model banner. */
  modelFeature?: ModelFeature;
  goal: ReduceGoal;
  measured?: { rates: readonly ReduceSuccessRate[]; offlineGoals: readonly ReduceGoal[] };
}) {
  const { t } = useTranslation('reduce');
  const offlineRefused = props.measured !== undefined && !props.measured.offlineGoals.includes(props.goal);
  const recommended = recommendedPath(props.goal, props.modelAvailable, !offlineRefused);
  const rateOf = (p: ReducePath) => props.measured?.rates.find((r) => r.goal === props.goal && r.path === p);
  return (
    <div className="ck-field">
      {!props.modelAvailable && <NoModelBanner feature={props.modelFeature ?? 'rewrite'} />}
      <span className="ck-label">{t('submit.path')}</span>
      <div className="ck-editions">
        {PATHS.map((p) => {
          const disabled = (p === 'model' && !props.modelAvailable) || (p === 'offline' && offlineRefused);
          const rate = rateOf(p);
          const price = props.units[p];
          return (
            <button
              key={p}
              type="button"
              disabled={disabled}
              aria-pressed={props.value === p}
              className={`ck-edition${props.value === p ? ' is-active' : ''}${disabled ? ' is-disabled' : ''}`}
              onClick={() => props.onChange(p)}
              data-testid={`rd-path-${p}`}
            >
              {p === recommended && <span className="ck-edition__badge">{t('submit.recommended')}</span>}
              <div className="ck-edition__name">{t(`path.${p}`)}</div>
              <div className="ck-edition__price">
                {price !== undefined ? (
                  <>
                    <strong>{yuan(price)}</strong> / {t('submit.perThousand')}
                  </>
                ) : (
                  '—'
                )}
              </div>
              <div className="ck-edition__desc">
                {t(
                  p === 'offline' && props.goal !== 'aigc'
                    ? 'submit.pathDesc.offlineSimilarity'
                    : `submit.pathDesc.${p}`,
                )}
              </div>
              {rate && (
                <div className="ck-edition__desc" title={rate.measured} data-testid={`rd-rate-${p}`}>
                  {rate.rate === null
                    ? t('submit.rateUnknown')
                    : t('submit.rate', { rate: rate.rate.toFixed(1) })}
                </div>
              )}
            </button>
          );
        })}
      </div>
      {!props.modelAvailable && !offlineRefused && (
        <Alert type="info" showIcon style={{ marginTop: 10 }} title={t('submit.modelMissing')} />
      )}
      {offlineRefused && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 10 }}
          title={t('submit.offlineNotOffered', { rate: rateOf('offline')?.rate?.toFixed(1) ?? '—' })}
          data-testid="rd-offline-refused"
        />
      )}
    </div>
  );
}
