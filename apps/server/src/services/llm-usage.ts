import type { Db } from '../db/index.ts';
import {
  createModelGateway,
  type LlmAccounting,
  type LlmProvider,
  type ModelGatewayDeps,
} from '../integrations/llm/index.ts';
import type { createSysConfig } from './sys-config.ts';

/** Features listed in the public `feature.llm` entry (others may still call the layer). */
export const KNOWN_FEATURES = ['chat', 'writing', 'rewrite', 'aigc', 'ppt'] as const;

type SysConfig = ReturnType<typeof createSysConfig>;

/**
 * Model choice and usage accounting: which model a feature uses (`llm.model.<feature>` in sys_config,
 * else the provider's default) and one `llm_calls` row per call, summed for the admin view.
 */
export function createLlmUsage(deps: { db: Db; sysConfig: SysConfig }) {
  const { db, sysConfig } = deps;

  const accounting: LlmAccounting = {
    async modelFor(feature, defaultModel) {
      const override = await sysConfig.get<unknown>(`llm.model.${feature}`, null);
      return typeof override === 'string' && override.trim() ? override.trim() : defaultModel;
    },
    async record(row) {
      const inserted = await db
        .insertInto('llmCalls')
        .values({
          feature: row.feature,
          provider: row.provider,
          model: row.model,
          userId: row.userId,
          status: row.status,
          error: row.error?.slice(0, 500) ?? null,
          promptTokens: row.usage.promptTokens,
          completionTokens: row.usage.completionTokens,
          usageEstimated: row.usage.estimated ? 1 : 0,
          attempts: row.attempts,
          durationMs: row.durationMs,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },
  };

  /** Admin view: calls and tokens per feature, model and outcome (for prices and capacity planning). */
  async function usage(
    filter: { from?: string | undefined; to?: string | undefined; feature?: string | undefined } = {},
  ) {
    let q = db.selectFrom('llmCalls');
    if (filter.from) q = q.where('createdAt', '>=', new Date(filter.from).toISOString());
    if (filter.to) q = q.where('createdAt', '<', new Date(filter.to).toISOString());
    if (filter.feature) q = q.where('feature', '=', filter.feature);
    const rows = await q
      .select((eb) => [
        'feature',
        'provider',
        'model',
        'status',
        eb.fn.countAll<number>().as('calls'),
        eb.fn.sum<number>('promptTokens').as('promptTokens'),
        eb.fn.sum<number>('completionTokens').as('completionTokens'),
        eb.fn.sum<number>('usageEstimated').as('estimatedCalls'),
        eb.fn.avg<number>('durationMs').as('avgDurationMs'),
      ])
      .groupBy(['feature', 'provider', 'model', 'status'])
      .orderBy('feature')
      .orderBy('model')
      .orderBy('status')
      .execute();
    const out = rows.map((r) => ({
      feature: r.feature,
      provider: r.provider,
      model: r.model,
      status: r.status,
      calls: Number(r.calls),
      promptTokens: Number(r.promptTokens ?? 0),
      completionTokens: Number(r.completionTokens ?? 0),
      estimatedCalls: Number(r.estimatedCalls ?? 0),
      avgDurationMs: Math.round(Number(r.avgDurationMs ?? 0)),
    }));
    return {
      rows: out,
      totals: {
        calls: out.reduce((n, r) => n + r.calls, 0),
        promptTokens: out.reduce((n, r) => n + r.promptTokens, 0),
        completionTokens: out.reduce((n, r) => n + r.completionTokens, 0),
      },
    };
  }

  return { accounting, usage };
}

/**
 * The model layer as services use it: the gateway (limits, timeouts, retries, cancellation) with this
 * application's model choice and accounting, plus the admin usage view and the public availability entry.
 */
export function createLlm(
  deps: Omit<ModelGatewayDeps, 'accounting'> & {
    db: Db;
    sysConfig: SysConfig;
    provider?: LlmProvider | null;
  },
) {
  const { db, sysConfig, ...gatewayDeps } = deps;
  const accounts = createLlmUsage({ db, sysConfig });
  const gateway = createModelGateway({ ...gatewayDeps, accounting: accounts.accounting });
  return {
    ...gateway,
    usage: accounts.usage,
    /** Writes the public `feature.llm` entry pages read before the user pays (ai_sys_config_api). */
    async publishAvailability(): Promise<void> {
      const features: Record<string, boolean> = {};
      for (const f of KNOWN_FEATURES) features[f] = (await gateway.status(f)).available;
      const s = await gateway.status('chat');
      await sysConfig.set(
        'feature.llm',
        {
          available: Object.values(features).some(Boolean),
          provider: s.provider,
          message: s.message,
          features,
        },
        'AI 模型是否可用（服务启动时按配置写入，勿手工修改）',
      );
    },
  };
}

export type Llm = ReturnType<typeof createLlm>;
