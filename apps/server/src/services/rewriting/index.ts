import type { Db } from '../../db/index.ts';
import { payByQr } from '../records/kernel.ts';
import type { Llm } from '../llm-usage.ts';
import type { JobQueue } from '../../jobs/types.ts';
import type { Billing } from '../billing/index.ts';
import type { createSysConfig } from '../sys-config.ts';
import { createRewriteBilling, EDITION_NAMES, REWRITE_RECORD_TYPE } from './billing-port.ts';
import { createRewriting, REWRITE_LIMITS } from './records.ts';

/**
 * 降重 (machine_api): records, the `rewrite` job and pay-per-record. Built once per process; the job
 * kind is registered here so both `serve` and `worker` run it.
 */
export async function createRewriteService(deps: {
  db: Db;
  sysConfig: ReturnType<typeof createSysConfig>;
  jobs: JobQueue;
  billing: Billing;
  llm: Llm;
}) {
  const rewriting = createRewriting({
    db: deps.db,
    sysConfig: deps.sysConfig,
    jobs: deps.jobs,
    billing: createRewriteBilling(deps.billing),
    llm: deps.llm,
  });
  await REWRITE_LIMITS.seed(deps.sysConfig);
  rewriting.registerJobs(deps.jobs);
  // Pay for one record by QR (create_order with recordType 'rewrite'); once paid, the record is submitted.
  payByQr(deps.billing, REWRITE_RECORD_TYPE, {
    load: rewriting.load,
    submitted: '该降重已提交，无需再次支付',
    pricing: (r) => ({
      service: 'rewrite',
      edition: r.edition,
      characters: r.characters,
      subject: `${EDITION_NAMES[r.edition]}：${r.title}`.slice(0, 100),
    }),
    submit: (userId, r, orderId) => rewriting.submit(userId, r.id, r.edition, { orderId }),
  });
  return rewriting;
}

export type RewriteService = Awaited<ReturnType<typeof createRewriteService>>;
