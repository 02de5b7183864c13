import { CheckEdition } from '@paperdesk/contracts';
import { badRequest } from '../../errors.ts';
import type { Config } from '../../config.ts';
import { createCheckBilling } from './billing-port.ts';
import { openPaidService, type PaidServiceDeps } from '../records/kernel.ts';
import { createReferenceService } from '../references/index.ts';
import type { ShardChannel } from '../../queue.ts';
import { createLibrary } from './library.ts';
import { shardAsker } from './sharded.ts';
import { CHECK_LIMITS, createChecks } from './records.ts';

/**
 * 查重: records, the reference library and the `check` job. Built once per process; the job kind is
 * registered here so both `serve` and `worker` run it.
 */
export async function createCheckService(
  deps: PaidServiceDeps & {
    config: Config;
    log?: (msg: string) => void;
    /** The library's shards (LIBRARY_SHARDS > 1 with Redis): checks run over them, this process holds none. */
    shards?: ShardChannel | null;
  },
) {
  const log = deps.log ?? ((msg: string) => deps.config.LOG_LEVEL !== 'silent' && console.log(msg));
  const library = createLibrary({
    db: deps.db,
    dataDir: deps.config.DATA_DIR,
    log,
    ...(deps.shards ? { overShards: shardAsker(deps.shards) } : {}),
  });
  const billing = createCheckBilling(deps.billing);
  const references = createReferenceService({ db: deps.db, config: deps.config, log });
  const checks = createChecks({
    references,
    db: deps.db,
    sysConfig: deps.sysConfig,
    jobs: deps.jobs,
    billing,
    library,
    defaultMaxUploadMb: deps.config.MAX_UPLOAD_MB,
    log,
  });
  await CHECK_LIMITS.seed(deps.sysConfig, deps.config.MAX_UPLOAD_MB);
  openPaidService(deps, checks, {
    submitted: '该检测已提交，无需再次支付',
    async chooseTerms(userId, id, { edition }) {
      if (!edition) return;
      const parsed = CheckEdition.safeParse(edition);
      if (!parsed.success) throw badRequest('查重版本只能是 standard 或 professional');
      await checks.chooseEdition(userId, id, parsed.data);
    },
    pricing: (r) => ({ service: 'check', edition: r.edition, characters: r.characters }),
    subject: (r) => `论文查重 ${r.edition === 'professional' ? '专业版' : '普通版'}：${r.title}`,
  });
  return {
    ...checks,
    library,
    billing,
    references,
    async close() {
      await library.close();
    },
  };
}

export type CheckService = Awaited<ReturnType<typeof createCheckService>>;
export { importLibraryPath } from './import.ts';
