import type { PaidServiceDeps } from '../records/kernel.ts';
import type { Llm } from '../llm-usage.ts';
import { conflict } from '../../errors.ts';
import {
  createWriting,
  DEFAULT_OUTLINES_PER_DAY,
  editionOf,
  OUTLINE_LIMIT_KEY,
  WRITING_RECORD_TYPE,
} from './records.ts';

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
  // the confirm page's pay choice prices the record; a QR order cannot submit it (the outline comes with the submit)
  deps.billing.registerRecordType(WRITING_RECORD_TYPE, {
    qr: false,
    async resolve(userId, recordId) {
      const r = await writing.load(userId, Number(recordId));
      if (r.status !== 'created') throw conflict('该论文已提交，无需再次支付');
      return { service: 'writing', edition: editionOf(r.paperType), items: 1, subject: `AI写作：${r.title}` };
    },
  });
  return writing;
}

export type WritingService = Awaited<ReturnType<typeof createWritingService>>;
