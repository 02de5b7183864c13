import { computePool } from '../../compute/pool.ts';
import type { Config } from '../../config.ts';
import { openPaidService, type PaidServiceDeps } from '../records/kernel.ts';
import { AIGC_LIMITS, createAigcRecords } from './records.ts';
import type { DocumentScorer } from './report.ts';
import { pooledScorer } from './scorer.ts';
import type { Llm } from '../llm-usage.ts';
import { AIGC_ZERO_SHOT_KEY, zeroShotSource } from './zero-shot.ts';

/**
 * AIGC检测: records, the `aigc` job (the bundled detector of @paperdesk/aigc, in the compute pool) and
 * pay-per-record orders.
 * Built once per process; the job kind is registered here so both `serve` and `worker` run it.
 */
export async function createAigcService(
  deps: PaidServiceDeps & {
    config: Config;
    /** The model layer, for the optional zero-shot score (asked per detection, so it may be created later). */
    llm?: () => Llm;
  },
) {
  const llm = deps.llm;
  let scorer: Promise<DocumentScorer> | null = null;
  const records = createAigcRecords({
    db: deps.db,
    sysConfig: deps.sysConfig,
    jobs: deps.jobs,
    billing: deps.billing,
    // the detector runs in the compute pool's worker threads, never on the API's event loop
    detector: () => {
      scorer ??= pooledScorer(computePool).catch((err: unknown) => {
        scorer = null;
        throw err;
      });
      return scorer;
    },
    defaultMaxUploadMb: deps.config.MAX_UPLOAD_MB,
    ...(llm ? { zeroShot: () => zeroShotSource({ llm, sysConfig: deps.sysConfig }) } : {}),
  });
  await deps.sysConfig.seed(
    AIGC_ZERO_SHOT_KEY,
    0,
    'AIGC检测结合大模型零样本评分：1 开启（需要支持 echo + logprobs 的 completions 接口，如 vLLM、llama.cpp server）',
  );
  await AIGC_LIMITS.seed(deps.sysConfig, deps.config.MAX_UPLOAD_MB);
  openPaidService(deps, records, {
    submitted: '该检测已提交，无需再次支付',
    pricing: (r) => ({ service: 'aigc_check', edition: 'standard', characters: r.characters }),
    subject: (r) => `AIGC检测：${r.title}`,
  });
  return records;
}

export type AigcService = Awaited<ReturnType<typeof createAigcService>>;
