import type { Db } from '../../db/index.ts';
import { payByQr } from '../records/kernel.ts';
import type { Llm } from '../llm-usage.ts';
import type { JobQueue } from '../../jobs/types.ts';
import type { Billing } from '../billing/index.ts';
import type { createSysConfig } from '../sys-config.ts';
import {
  createSlides,
  DEFAULT_OUTLINE_LIMIT,
  OUTLINE_LIMIT_KEY,
  PPT_EDITION,
  PPT_RECORD_TYPE,
} from './records.ts';

/**
 * AI生成PPT: records, the free outline, the charged `ppt` job and re-rendering. Built once per
 * process; the job kind is registered here so both `serve` and `worker` run it.
 */
export async function createSlidesService(deps: {
  db: Db;
  llm: Llm;
  billing: Billing;
  jobs: JobQueue;
  sysConfig: ReturnType<typeof createSysConfig>;
}) {
  const slides = createSlides(deps);
  await deps.sysConfig.seed(OUTLINE_LIMIT_KEY, DEFAULT_OUTLINE_LIMIT, 'AI生成PPT：每人每天免费生成大纲次数');
  slides.registerJobs(deps.jobs);
  // Pay for one deck by QR (create_order with recordType 'ppt'); once paid, the record is submitted.
  payByQr(deps.billing, PPT_RECORD_TYPE, {
    load: slides.load,
    submitted: '该 PPT 已提交生成，无需再次支付',
    pricing: (r) => ({
      service: 'ppt',
      edition: PPT_EDITION,
      items: 1,
      subject: `AI生成PPT：${r.topic}`.slice(0, 100),
    }),
    submit: (userId, r, orderId) => slides.submit(userId, r.id, { orderId }),
  });
  return slides;
}

export type SlidesService = Awaited<ReturnType<typeof createSlidesService>>;
