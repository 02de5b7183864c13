import type { PaidServiceDeps } from '../records/kernel.ts';
import type { Llm } from '../llm-usage.ts';
import { createWriting, DEFAULT_OUTLINES_PER_DAY, OUTLINE_LIMIT_KEY } from './records.ts';

/**
 * AI 论文写作: records, the model calls and the `writing` job. Built once per process; the job kind
 * is registered here so both `serve` and `worker` run it.
 */
export async function createWritingService(
  deps: PaidServiceDeps & {
    llm: Llm;
  },
) {
  const writing = createWriting(deps);
  await deps.sysConfig.seed(OUTLINE_LIMIT_KEY, DEFAULT_OUTLINES_PER_DAY, 'AI 写作每人每天免费生成大纲次数');
  writing.registerJobs(deps.jobs);
  return writing;
}

export type WritingService = Awaited<ReturnType<typeof createWritingService>>;
