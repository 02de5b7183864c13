import type { ReduceGoal, ReduceSuccessRate } from '@paperdesk/contracts';
import { offlineOffered, successRateOf } from '@paperdesk/rewrite';

const GOALS: ReduceGoal[] = ['similarity', 'aigc', 'both'];

/** Every goal's two measured success rates, as percentages, from the bench's committed data file. */
export function measuredRates(): ReduceSuccessRate[] {
  return GOALS.flatMap((goal) =>
    (['offline', 'model'] as const).map((path) => {
      const r = successRateOf(goal, path);
      return r
        ? { goal, path, rate: Math.round(r.rate * 1000) / 10, measured: r.measured }
        : { goal, path, rate: null, measured: '尚未测量（bench:rewrite 配置 LLM_BASE_URL 后才测模型改写）' };
    }),
  );
}

/** The goals the offline path is offered for: those it measurably reaches. */
export const offlineGoals = (): ReduceGoal[] => GOALS.filter((g) => offlineOffered(g));
