import path from 'node:path';
import type { AdminModelStatus, AdminModelTestResult, AdminModelUsage } from '@paperdesk/contracts';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { LlmError } from '../../integrations/llm/index.ts';
import type { Llm } from '../llm-usage.ts';
import { KNOWN_FEATURES } from '../llm-usage.ts';
import type { createSysConfig } from '../sys-config.ts';
import type { AuditLog } from './audit.ts';

type SysConfig = ReturnType<typeof createSysConfig>;

/** The endpoint as an operator may see it: scheme, host and path; credentials and query string dropped. */
/** Features that run without a model: AIGC detection scores with its own detector; the model only adds zero-shot windows. */
const MODEL_OPTIONAL: ReadonlySet<string> = new Set(['aigc']);

export function publicEndpoint(config: Config): string | null {
  if (config.LLM_BASE_URL) {
    try {
      const u = new URL(config.LLM_BASE_URL);
      return `${u.protocol}//${u.host}${u.pathname.replace(/\/$/, '')}`;
    } catch {
      return '(地址无法解析)';
    }
  }
  if (config.LLM_GGUF_PATH) return path.basename(config.LLM_GGUF_PATH);
  return null;
}

/**
 * The AI 模型 page: per-feature model choice (config default, `llm.model.<feature>` override), a one-call
 * connection test through the model layer itself (so it is recorded like any call), and usage per day.
 */
export function createAdminModels(deps: {
  db: Db;
  config: Config;
  sysConfig: SysConfig;
  llm: () => Llm;
  audit: AuditLog;
}) {
  const { db, config, sysConfig, audit } = deps;
  const provider = config.LLM_BASE_URL ? 'openai' : config.LLM_GGUF_PATH ? 'gguf' : null;
  const defaultModel =
    provider === 'gguf' ? path.basename(config.LLM_GGUF_PATH ?? '') : (config.LLM_MODEL ?? '');

  async function costPerKTokensFen(): Promise<number | null> {
    const v = await sysConfig.get<unknown>('llm.cost.perKTokensFen', null);
    return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
  }

  async function modelOf(feature: string): Promise<{ model: string; overridden: boolean }> {
    const override = await sysConfig.get<unknown>(`llm.model.${feature}`, null);
    if (provider === 'openai' && typeof override === 'string' && override.trim()) {
      return { model: override.trim(), overridden: true };
    }
    return { model: provider ? defaultModel : '', overridden: false };
  }

  return {
    async status(): Promise<AdminModelStatus> {
      const llm = deps.llm();
      const features = await Promise.all(
        KNOWN_FEATURES.map(async (feature) => {
          const [m, s] = await Promise.all([modelOf(feature), llm.status(feature)]);
          return {
            feature,
            ...m,
            available: s.available,
            required: !MODEL_OPTIONAL.has(feature),
            message: s.message,
          };
        }),
      );
      return {
        provider,
        endpoint: publicEndpoint(config),
        defaultModel,
        keyConfigured: Boolean(config.LLM_API_KEY),
        features,
        costPerKTokensFen: await costPerKTokensFen(),
      };
    },

    /** Calls per feature and UTC day over the last `days` days (ISO text dates: the first 10 characters). */
    async usage(days: number): Promise<AdminModelUsage> {
      const since = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
      const day = sql<string>`substr(${sql.ref('createdAt')}, 1, 10)`;
      const rows = await db
        .selectFrom('llmCalls')
        .where('createdAt', '>=', since)
        .select((eb) => [
          day.as('day'),
          'feature',
          eb.fn.countAll<number>().as('calls'),
          eb.fn.sum<number>(eb.case().when('status', '=', 'error').then(1).else(0).end()).as('failed'),
          eb.fn.sum<number>('promptTokens').as('promptTokens'),
          eb.fn.sum<number>('completionTokens').as('completionTokens'),
        ])
        .groupBy([day, 'feature'])
        .orderBy('day')
        .orderBy('feature')
        .execute();
      const cost = await costPerKTokensFen();
      return {
        days,
        rows: rows.map((r) => {
          const promptTokens = Number(r.promptTokens ?? 0);
          const completionTokens = Number(r.completionTokens ?? 0);
          return {
            day: r.day,
            feature: r.feature,
            calls: Number(r.calls),
            failed: Number(r.failed ?? 0),
            promptTokens,
            completionTokens,
            costFen:
              cost === null
                ? null
                : Math.round(((promptTokens + completionTokens) / 1000) * cost * 100) / 100,
          };
        }),
      };
    },

    /** One tiny completion through `ctx.llm`; with no model configured it says so and calls nothing. */
    async test(actorUserId: number, feature: string): Promise<AdminModelTestResult> {
      const llm = deps.llm();
      const { model } = await modelOf(feature);
      const s = await llm.status(feature);
      const started = Date.now();
      let result: AdminModelTestResult;
      if (!s.available) {
        result = { ok: false, feature, model, reply: '', message: s.message, durationMs: 0 };
      } else {
        try {
          const r = await llm.complete({
            feature,
            userId: actorUserId,
            maxTokens: 8,
            messages: [{ role: 'user', content: '请只回答“好”。' }],
          });
          result = {
            ok: true,
            feature,
            model: r.model,
            reply: r.text.slice(0, 200),
            message: '',
            durationMs: r.durationMs,
          };
        } catch (e) {
          const message = e instanceof LlmError ? e.message : String((e as Error)?.message ?? e);
          result = { ok: false, feature, model, reply: '', message, durationMs: Date.now() - started };
        }
      }
      await audit.record({
        actorUserId,
        action: 'model.test',
        target: feature,
        before: null,
        after: { ok: result.ok, model: result.model, message: result.message, durationMs: result.durationMs },
      });
      return result;
    },
  };
}

export type AdminModels = ReturnType<typeof createAdminModels>;
