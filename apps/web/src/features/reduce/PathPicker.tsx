import type { ReduceGoal, ReducePath } from '@paperdesk/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { yuan } from '../../shared/format.ts';
import type { UnitPrices } from './pricing.ts';
import { recommendedPath } from './targets.ts';

const PATHS: ReducePath[] = ['offline', 'model'];

/**
 * Offline rules or the AI model, each with its price per thousand characters and what it can do for the goal.
 * The model path is offered only when the server says a model is configured; otherwise it is shown disabled with
 * the reason.
 */
export function PathPicker(props: {
  value: ReducePath;
  onChange: (path: ReducePath) => void;
  units: UnitPrices;
  modelAvailable: boolean;
  goal: ReduceGoal;
}) {
  const { t } = useTranslation('reduce');
  const recommended = recommendedPath(props.goal, props.modelAvailable);
  return (
    <div className="ck-field">
      <span className="ck-label">{t('submit.path')}</span>
      <div className="ck-editions">
        {PATHS.map((p) => {
          const disabled = p === 'model' && !props.modelAvailable;
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
            </button>
          );
        })}
      </div>
      {!props.modelAvailable && (
        <Alert type="info" showIcon style={{ marginTop: 10 }} title={t('submit.modelMissing')} />
      )}
    </div>
  );
}
