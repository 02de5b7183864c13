import type { ReduceGoal } from '@paperdesk/contracts';
import { InputNumber, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { asks, type Metric, TARGET_BOUNDS, type TargetError, type TargetForm } from './targets.ts';

const GOALS: ReduceGoal[] = ['similarity', 'aigc', 'both'];

/**
 * 复制比 ≤ x %, AIGC 疑似度 ≤ y % or both at once: the goal switch, the asked targets' inputs, one line on
 * what the goal promises, and what is wrong with an input.
 */
export function TargetPicker(props: {
  value: TargetForm;
  onChange: (next: TargetForm) => void;
  errors: readonly TargetError[];
}) {
  const { t } = useTranslation('reduce');
  const { value, onChange } = props;
  const errorOf = (field: Metric) => props.errors.find((e) => e.field === field);
  const message = (e: TargetError) =>
    e.problem === 'missing'
      ? t('submit.targetMissing', { metric: t(`metric.${e.field}`) })
      : t('submit.targetRange', { metric: t(`metric.${e.field}`), ...TARGET_BOUNDS });

  return (
    <div className="ck-field" data-testid="rd-targets">
      <span className="ck-label">{t('submit.target')}</span>
      <Segmented<ReduceGoal>
        block
        value={value.goal}
        onChange={(goal) => onChange({ ...value, goal })}
        options={GOALS.map((g) => ({ value: g, label: t(`submit.targetMode.${g}`) }))}
        data-testid="rd-goal"
      />
      <div className="rd-targets">
        {(['similarity', 'aigc'] as const)
          .filter((f) => asks(value.goal, f))
          .map((field) => {
            const error = errorOf(field);
            return (
              <div key={field} className={`rd-target${error ? ' is-error' : ''}`}>
                <label htmlFor={`rd-target-${field}`}>
                  {t(field === 'similarity' ? 'submit.similarityLe' : 'submit.aigcLe')}
                </label>
                <InputNumber<number>
                  id={`rd-target-${field}`}
                  min={TARGET_BOUNDS.min}
                  max={TARGET_BOUNDS.max}
                  step={1}
                  status={error ? 'error' : undefined}
                  value={field === 'similarity' ? value.similarityPct : value.aigcPct}
                  onChange={(v) =>
                    onChange({ ...value, [field === 'similarity' ? 'similarityPct' : 'aigcPct']: v ?? null })
                  }
                  suffix="%"
                  style={{ width: 110 }}
                  data-testid={`rd-target-${field}`}
                />
                {error && <em>{message(error)}</em>}
              </div>
            );
          })}
      </div>
      <p className={`rd-hint${value.goal === 'both' ? ' is-dual' : ''}`}>
        {t(`submit.targetHint.${value.goal}`)}
      </p>
    </div>
  );
}
