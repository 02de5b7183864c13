import type { Config } from '../../config.ts';
import { LlmError, NOT_CONFIGURED_MESSAGE } from './errors.ts';
import { checkGgufFile, createGgufProvider, ggufPackageInstalled } from './gguf-provider.ts';
import { createLimiter } from './limiter.ts';
import { createOpenAiProvider } from './openai-provider.ts';
import type {
  LlmAccounting,
  LlmCallStatus,
  LlmFeature,
  LlmProvider,
  LlmRequest,
  LlmResult,
  LlmStreamEvent,
  LlmUsage,
  PromptTokenLogprob,
} from './types.ts';

export * from './errors.ts';
export * from './types.ts';
export { prompts, promptTag, render } from './prompts.ts';

export interface LlmStatus {
  available: boolean;
  provider: 'openai' | 'gguf' | null;
  /** Why not available (Chinese, shown on pages); empty when available. */
  message: string;
}

/** Rough token count for when a provider sends no usage: Chinese ~1 token a character, else ~4 characters a token. */
export function estimateTokens(text: string): number {
  const han = text.match(/[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/gu)?.length ?? 0;
  return han + Math.ceil((text.length - han) / 4);
}

export function providerFromConfig(config: Config): LlmProvider | null {
  if (config.LLM_BASE_URL) {
    return createOpenAiProvider({
      baseUrl: config.LLM_BASE_URL,
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL ?? '',
      timeoutMs: config.LLM_TIMEOUT_MS,
      maxRetries: config.LLM_MAX_RETRIES,
      retryBaseMs: config.LLM_RETRY_BASE_MS,
    });
  }
  if (config.LLM_GGUF_PATH) return createGgufProvider({ path: config.LLM_GGUF_PATH });
  return null;
}

export interface ModelGatewayDeps {
  config: Config;
  /** Which model a feature uses and where each call is recorded (services/llm-usage.ts). */
  accounting: LlmAccounting;
  /** Defaults to the provider the configuration names; tests pass their own. */
  provider?: LlmProvider | null;
  /** Defaults to a check that node-llama-cpp resolves. */
  ggufPackageInstalled?: () => boolean;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * The model gateway: one place through which every AI feature reaches a model.
 *   if (!(await ctx.llm.available('writing'))) throw ctx.llm.notConfigured();
 *   for await (const ev of ctx.llm.stream({ feature: 'chat', messages, signal, userId })) …
 *   const { text } = await ctx.llm.complete({ feature: 'ppt', messages, userId, maxTokens: 2000 });
 * Each call is limited (per user and overall), timed out when the provider goes quiet, retried on
 * 429/5xx before output starts, cancelled by `signal`, and handed once to `accounting.record`.
 */
export function createModelGateway(deps: ModelGatewayDeps) {
  const { config, accounting } = deps;
  const provider = deps.provider !== undefined ? deps.provider : providerFromConfig(config);
  const packageInstalled = deps.ggufPackageInstalled ?? ggufPackageInstalled;
  const limiter = createLimiter({
    total: config.LLM_CONCURRENCY,
    perKey: config.LLM_CONCURRENCY_PER_USER,
    waitMs: config.LLM_TIMEOUT_MS,
  });

  async function resolveModel(feature: LlmFeature): Promise<string> {
    if (!provider) return '';
    if (!provider.modelOverridable) return provider.defaultModel;
    return accounting.modelFor(feature, provider.defaultModel);
  }

  /** A configuration problem the admin must fix, or null. Checked on every call (a stat and 4 bytes). */
  function problem(): LlmError | null {
    if (!provider) return new LlmError('not_configured');
    if (provider.kind === 'gguf' && config.LLM_GGUF_PATH) {
      try {
        checkGgufFile(config.LLM_GGUF_PATH);
      } catch (e) {
        return e as LlmError;
      }
      if (!packageInstalled()) {
        return new LlmError(
          'unavailable',
          '本地模型需要 node-llama-cpp，但它没有安装（npm install node-llama-cpp@3 -w @paperdesk/server），请联系管理员',
        );
      }
    }
    return null;
  }

  async function status(feature: LlmFeature = 'chat'): Promise<LlmStatus> {
    const p = problem();
    if (p) return { available: false, provider: provider?.kind ?? null, message: p.message };
    if (!(await resolveModel(feature))) {
      return { available: false, provider: provider?.kind ?? null, message: NOT_CONFIGURED_MESSAGE };
    }
    return { available: true, provider: provider?.kind ?? null, message: '' };
  }

  async function* stream(req: LlmRequest): AsyncGenerator<LlmStreamEvent, void> {
    const p = problem();
    if (p) throw p;
    const model = await resolveModel(req.feature);
    if (!model || !provider) throw new LlmError('not_configured');
    if (req.signal?.aborted) throw new LlmError('aborted');
    const limitKey = req.userId ? `u:${req.userId}` : (req.limitKey ?? null);
    const release = await limiter.acquire(limitKey, req.signal);

    const started = Date.now();
    const ctrl = new AbortController();
    const onUserAbort = () => ctrl.abort();
    req.signal?.addEventListener('abort', onUserAbort, { once: true });
    let timedOut = false;
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        timedOut = true;
        ctrl.abort();
      }, config.LLM_TIMEOUT_MS);
    };

    let text = '';
    let attempts = 0;
    let providerUsage: { promptTokens: number; completionTokens: number } | null = null;
    let finishReason: string | null = null;
    let outcome: { status: LlmCallStatus; error: LlmError | null } | null = null;
    let callId: number | null = null;

    const usage = (): LlmUsage =>
      providerUsage
        ? { ...providerUsage, estimated: false }
        : {
            promptTokens: estimateTokens(req.messages.map((m) => m.content).join('\n')),
            completionTokens: estimateTokens(text),
            estimated: true,
          };
    const finish = async (status: LlmCallStatus, error: LlmError | null) => {
      if (outcome) return;
      outcome = { status, error };
      clearTimeout(idle);
      req.signal?.removeEventListener('abort', onUserAbort);
      release();
      const detail = error ? `${error.code}${error.detail ? `: ${error.detail}` : ''}` : null;
      if (error && error.code !== 'aborted')
        deps.log?.warn({ feature: req.feature, model, detail }, 'model call failed');
      callId = await accounting.record({
        feature: req.feature,
        provider: provider?.kind ?? 'openai',
        model,
        userId: req.userId ?? null,
        status,
        error: detail,
        usage: usage(),
        attempts,
        durationMs: Date.now() - started,
      });
      if (error) {
        error.partialText = text;
        error.callId = callId;
      }
    };

    try {
      const events = provider.stream({
        model,
        messages: req.messages,
        maxTokens: req.maxTokens,
        temperature: req.temperature,
        signal: ctrl.signal,
        onAttempt: (n) => {
          attempts = n;
        },
      });
      for await (const ev of events) {
        if (ev.type === 'open') armIdle();
        else if (ev.type === 'delta') {
          armIdle();
          text += ev.text;
          yield { type: 'delta', text: ev.text };
        } else if (ev.type === 'usage') {
          providerUsage = { promptTokens: ev.promptTokens, completionTokens: ev.completionTokens };
        } else if (ev.type === 'finish') {
          finishReason = ev.reason;
        }
      }
      // A stream that ends without a finish reason was cut off (connection closed mid-answer).
      if (finishReason === null)
        throw new LlmError('interrupted', undefined, 'stream ended without finish_reason');
      await finish('ok', null);
    } catch (e) {
      let err =
        e instanceof LlmError ? e : new LlmError('provider', undefined, String((e as Error)?.message ?? e));
      if (req.signal?.aborted) err = new LlmError('aborted');
      else if (timedOut)
        err = new LlmError('timeout', undefined, `no output for ${config.LLM_TIMEOUT_MS} ms`);
      else if (text && err.code !== 'interrupted')
        err = new LlmError('interrupted', undefined, err.detail ?? err.code);
      await finish(err.code === 'aborted' ? 'aborted' : text ? 'partial' : 'error', err);
      throw err;
    } finally {
      // The consumer stopped iterating (return() on the generator): the generation is cancelled.
      if (!outcome) {
        ctrl.abort();
        await finish('aborted', null);
      }
    }
    const result: LlmResult = {
      text,
      model,
      provider: provider.kind,
      usage: usage(),
      finishReason,
      callId: callId!,
      durationMs: Date.now() - started,
    };
    yield { type: 'done', result };
  }

  /**
   * Log-probabilities of a text's own tokens (for the zero-shot AIGC score); null when the provider cannot give
   * them. Limited and recorded like every call; throws LlmError when the call fails.
   */
  async function promptLogprobs(req: {
    feature: LlmFeature;
    text: string;
    topLogprobs?: number;
    signal?: AbortSignal | undefined;
    userId?: number | null | undefined;
  }): Promise<PromptTokenLogprob[] | null> {
    const p = problem();
    if (p) throw p;
    if (!provider?.promptLogprobs) return null;
    const model = await resolveModel(req.feature);
    if (!model) throw new LlmError('not_configured');
    const release = await limiter.acquire(req.userId ? `u:${req.userId}` : null, req.signal);
    const started = Date.now();
    const ctrl = new AbortController();
    const onAbort = () => ctrl.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => ctrl.abort(), config.LLM_TIMEOUT_MS);
    let status: LlmCallStatus = 'ok';
    let error: LlmError | null = null;
    let promptTokens = estimateTokens(req.text);
    try {
      const r = await provider.promptLogprobs({
        model,
        text: req.text,
        topLogprobs: req.topLogprobs ?? 5,
        signal: ctrl.signal,
      });
      promptTokens = r.promptTokens;
      return r.tokens;
    } catch (e) {
      error =
        e instanceof LlmError ? e : new LlmError('provider', undefined, String((e as Error)?.message ?? e));
      status = req.signal?.aborted ? 'aborted' : 'error';
      throw error;
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
      release();
      await accounting.record({
        feature: req.feature,
        provider: provider.kind,
        model,
        userId: req.userId ?? null,
        status,
        error: error ? `${error.code}${error.detail ? `: ${error.detail}` : ''}` : null,
        usage: { promptTokens, completionTokens: 0, estimated: error !== null },
        attempts: 1,
        durationMs: Date.now() - started,
      });
    }
  }

  return {
    provider,
    limiter,
    promptLogprobs,
    /** Whether `feature` can be used now (a model is configured and reachable as far as config tells). */
    async available(feature: LlmFeature = 'chat'): Promise<boolean> {
      return (await status(feature)).available;
    },
    status,
    resolveModel,
    /** True when a new call for this limit key (`u:<userId>` or a guest key) would be refused as busy. */
    wouldRefuse: (limitKey: string) => limiter.wouldRefuse(limitKey),
    /** The 503 every AI feature answers when no model is configured: `throw ctx.llm.notConfigured()`. */
    notConfigured: () => new LlmError('not_configured'),
    /** Throws the configuration problem (503, Chinese message) when `feature` cannot be used. */
    async assertAvailable(feature: LlmFeature = 'chat'): Promise<void> {
      const s = await status(feature);
      if (!s.available) throw problem() ?? new LlmError('not_configured');
    },
    stream,
    /** The whole answer at once (streams underneath, so the same timeouts and cancellation apply). */
    async complete(req: LlmRequest): Promise<LlmResult> {
      for await (const ev of stream(req)) if (ev.type === 'done') return ev.result;
      throw new LlmError('interrupted');
    },
    async close(): Promise<void> {
      await provider?.close?.();
    },
  };
}

export type ModelGateway = ReturnType<typeof createModelGateway>;
