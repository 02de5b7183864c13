import { openPaidService, type PaidServiceDeps } from '../records/kernel.ts';
import type { Llm } from '../llm-usage.ts';
import { createRewriteBilling, EDITION_NAMES } from './billing-port.ts';
import { createRewriting, REWRITE_LIMITS } from './records.ts';

/**
 * 降重 (machine_api): records, the `rewrite` job and pay-per-record. Built once per process; the job
 * kind is registered here so both `serve` and `worker` run it.
 */
export async function createRewriteService(
  deps: PaidServiceDeps & {
    llm: Llm;
  },
) {
  const rewriting = createRewriting({
    db: deps.db,
    sysConfig: deps.sysConfig,
    jobs: deps.jobs,
    billing: createRewriteBilling(deps.billing),
    llm: deps.llm,
  });
  await REWRITE_LIMITS.seed(deps.sysConfig);
  openPaidService(deps, rewriting, {
    submitted: '该降重已提交，无需再次支付',
    pricing: (r) => ({ service: 'rewrite', edition: r.edition, characters: r.characters }),
    subject: (r) => `${EDITION_NAMES[r.edition]}：${r.title}`,
  });
  return rewriting;
}

export type RewriteService = Awaited<ReturnType<typeof createRewriteService>>;
