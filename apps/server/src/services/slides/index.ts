import { openPaidService, type PaidServiceDeps } from '../records/kernel.ts';
import type { Llm } from '../llm-usage.ts';
import { createSlides, DEFAULT_OUTLINE_LIMIT, OUTLINE_LIMIT_KEY, PPT_EDITION } from './records.ts';

/**
 * AI生成PPT: records, the free outline, the charged `ppt` job and re-rendering. Built once per
 * process; the job kind is registered here so both `serve` and `worker` run it.
 */
export async function createSlidesService(
  deps: PaidServiceDeps & {
    llm: Llm;
  },
) {
  const slides = createSlides(deps);
  await deps.sysConfig.seed(OUTLINE_LIMIT_KEY, DEFAULT_OUTLINE_LIMIT, 'AI生成PPT：每人每天免费生成大纲次数');
  openPaidService(deps, slides, {
    submitted: '该 PPT 已提交生成，无需再次支付',
    pricing: () => ({ service: 'ppt', edition: PPT_EDITION, items: 1 }),
    subject: (r) => `AI生成PPT：${r.topic}`,
  });
  return slides;
}

export type SlidesService = Awaited<ReturnType<typeof createSlidesService>>;
