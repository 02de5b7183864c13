import type { ReduceGoal, ReduceKind, ReducePath, ReduceTargets } from '@paperdesk/contracts';
import { REDUCE_DEFAULT_TARGETS } from '@paperdesk/contracts';
import { useState } from 'react';
import { checkTargets, type TargetError, type TargetForm } from './targets.ts';

/** Target and path state of a submit page; `validate` answers the targets or shows what is wrong. */
export function useReduceForm(
  kind: ReduceKind,
  goal: ReduceGoal,
  initial?: { targets: ReduceTargets; path: ReducePath },
) {
  const defaults = REDUCE_DEFAULT_TARGETS;
  const [targets, setTargets] = useState<TargetForm>({
    goal,
    similarityPct: initial?.targets.similarity ?? defaults.similarity.similarity,
    aigcPct: initial?.targets.aigc ?? defaults.aigc.aigc,
  });
  const [path, setPath] = useState<ReducePath>(initial?.path ?? 'offline');
  const [errors, setErrors] = useState<TargetError[]>([]);
  return {
    kind,
    targets,
    setTargets: (next: TargetForm) => {
      setTargets(next);
      if (errors.length > 0) setErrors([]);
    },
    path,
    setPath,
    errors,
    validate(): ReduceTargets | null {
      const r = checkTargets(targets);
      setErrors(r.ok ? [] : r.errors);
      return r.ok ? r.targets : null;
    },
  };
}

export type ReduceFormState = ReturnType<typeof useReduceForm>;
