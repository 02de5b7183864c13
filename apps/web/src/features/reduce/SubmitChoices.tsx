import type { ReduceGoal, ReducePath, ReduceSuccessRate } from '@paperdesk/contracts';
import type { ModelFeature } from '../../shared/model/NoModelBanner.tsx';
import { PathPicker } from './PathPicker.tsx';
import type { UnitPrices } from './pricing.ts';
import { TargetPicker } from './TargetPicker.tsx';
import type { ReduceFormState } from './useReduceForm.ts';

/** A submit page's targets and path, both held by its form; `path` is the one it will send (offline without a model). */
export function SubmitChoices(props: {
  form: ReduceFormState;
  /** null: no path is sold for the goal here (offline refused, no model). */
  path: ReducePath | null;
  units: UnitPrices;
  modelAvailable: boolean;
  /** Which feature's no-model banner shows (降AIGC or 降重). */
  modelFeature?: ModelFeature;
  /** The measured rates and the goals offline is sold for, once the server has counted the paper. */
  measured?: { rates: readonly ReduceSuccessRate[]; offlineGoals: readonly ReduceGoal[] };
}) {
  const { form } = props;
  return (
    <>
      <TargetPicker value={form.targets} onChange={form.setTargets} errors={form.errors} />
      <PathPicker
        {...(props.modelFeature ? { modelFeature: props.modelFeature } : {})}
        value={props.path}
        onChange={form.setPath}
        units={props.units}
        modelAvailable={props.modelAvailable}
        goal={form.targets.goal}
        {...(props.measured ? { measured: props.measured } : {})}
      />
    </>
  );
}
