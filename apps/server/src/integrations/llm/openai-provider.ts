import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { LlmError } from './errors.ts';
import type { LlmProvider, PromptTokenLogprob, ProviderCall, ProviderEvent } from './types.ts';

export interface OpenAiProviderOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Longest wait for the response headers of one attempt. */
  timeoutMs: number;
  /** Retries on 429, 5xx and connection errors, only before any output arrived. */
  maxRetries: number;
  retryBaseMs: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new APIUserAbortError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

function retryable(e: unknown): boolean {
  if (e instanceof APIUserAbortError) return false;
  if (e instanceof APIError && typeof e.status === 'number') return e.status === 429 || e.status >= 500;
  return e instanceof APIConnectionError;
}

/** Exponential backoff with jitter; a provider's Retry-After (seconds or -ms) wins when it is sane. */
function backoffMs(attempt: number, base: number, e: unknown): number {
  const headers = e instanceof APIError ? e.headers : undefined;
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms >= 0 && ms <= 20_000) return ms;
  const s = Number(headers?.get('retry-after'));
  if (Number.isFinite(s) && s >= 0 && s <= 20) return s * 1000;
  const exp = base * 2 ** (attempt - 1);
  return Math.min(exp + Math.random() * (base / 2), 20_000);
}

/** Maps an SDK failure to the layer's error (messages for people; details for the log). */
export function classifyOpenAiError(e: unknown): LlmError {
  if (e instanceof LlmError) return e;
  if (e instanceof APIUserAbortError) return new LlmError('aborted');
  if (e instanceof APIError && typeof e.status === 'number') {
    const detail = `HTTP ${e.status}: ${String(e.message).slice(0, 300)}`;
    if (e.status === 429) return new LlmError('rate_limited', undefined, detail);
    if (e.status === 401 || e.status === 403)
      return new LlmError('unavailable', 'AI 模型配置有误（密钥无效），请联系管理员', detail);
    if (e.status === 404)
      return new LlmError('unavailable', 'AI 模型配置有误（模型或地址不存在），请联系管理员', detail);
    if (e.status >= 400 && e.status < 500) return new LlmError('rejected', undefined, detail);
    return new LlmError('provider', undefined, detail);
  }
  if (e instanceof APIConnectionTimeoutError)
    return new LlmError('timeout', undefined, 'no response headers in time');
  if (e instanceof APIConnectionError)
    return new LlmError('provider', undefined, `connection: ${String(e.message).slice(0, 300)}`);
  return new LlmError('provider', undefined, String((e as Error)?.message ?? e).slice(0, 300));
}

/**
 * An OpenAI-compatible chat completions endpoint (OpenAI, DeepSeek, Qwen compatible mode, Moonshot,
 * Zhipu, vLLM, Ollama, llama.cpp server). Always streams, asking for usage in the last chunk.
 */
export function createOpenAiProvider(opts: OpenAiProviderOptions): LlmProvider {
  const client = new OpenAI({
    baseURL: opts.baseUrl,
    // Local servers (Ollama, vLLM, llama.cpp) take no key, but the SDK insists on one.
    apiKey: opts.apiKey || 'not-needed',
    maxRetries: 0,
    timeout: opts.timeoutMs,
  });

  return {
    kind: 'openai',
    defaultModel: opts.model,
    modelOverridable: true,
    /**
     * Legacy completions with echo: the answer repeats the prompt's tokens with their log-probabilities (vLLM,
     * llama.cpp server, OpenAI-compatible gateways that keep /completions). One token is generated and dropped.
     */
    async promptLogprobs(call) {
      let response: Awaited<ReturnType<typeof client.completions.create>>;
      try {
        response = await client.completions.create(
          {
            model: call.model,
            prompt: call.text,
            echo: true,
            logprobs: call.topLogprobs,
            max_tokens: 1,
            temperature: 0,
          },
          { signal: call.signal, maxRetries: opts.maxRetries, timeout: opts.timeoutMs },
        );
      } catch (e) {
        throw classifyOpenAiError(e);
      }
      const lp = response.choices?.[0]?.logprobs;
      const promptTokens = response.usage?.prompt_tokens ?? (lp?.tokens?.length ?? 1) - 1;
      const tokens: PromptTokenLogprob[] = [];
      const count = Math.min(promptTokens, lp?.tokens?.length ?? 0);
      for (let i = 0; i < count; i++) {
        const logprob = lp?.token_logprobs?.[i];
        // the first token has no context: its log-probability is null
        if (typeof logprob !== 'number') continue;
        tokens.push({
          token: lp?.tokens?.[i] ?? '',
          logprob,
          top: Object.values(lp?.top_logprobs?.[i] ?? {}),
        });
      }
      if (tokens.length === 0)
        throw new LlmError(
          'rejected',
          'AI 模型不支持返回词元概率',
          'completions answered without echo logprobs',
        );
      return { tokens, promptTokens };
    },
    async *stream(call: ProviderCall): AsyncGenerator<ProviderEvent, void> {
      let attempt = 0;
      let response: Awaited<ReturnType<typeof openStream>>;
      function openStream() {
        return client.chat.completions.create(
          {
            model: call.model,
            messages: call.messages,
            stream: true,
            stream_options: { include_usage: true },
            ...(call.maxTokens ? { max_tokens: call.maxTokens } : {}),
            ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
          },
          { signal: call.signal, maxRetries: 0, timeout: opts.timeoutMs },
        );
      }
      for (;;) {
        attempt++;
        call.onAttempt(attempt);
        try {
          response = await openStream();
          break;
        } catch (e) {
          if (attempt <= opts.maxRetries && retryable(e) && !call.signal.aborted) {
            await sleep(backoffMs(attempt, opts.retryBaseMs, e), call.signal).catch(() => {
              throw classifyOpenAiError(new APIUserAbortError());
            });
            continue;
          }
          throw classifyOpenAiError(e);
        }
      }
      // From here on output may have reached the user: no retries, failures surface as they are.
      yield { type: 'open' };
      try {
        for await (const chunk of response) {
          const choice = chunk.choices?.[0];
          const text = choice?.delta?.content;
          if (text) yield { type: 'delta', text };
          if (choice?.finish_reason) yield { type: 'finish', reason: choice.finish_reason };
          if (chunk.usage) {
            yield {
              type: 'usage',
              promptTokens: chunk.usage.prompt_tokens ?? 0,
              completionTokens: chunk.usage.completion_tokens ?? 0,
            };
          }
        }
      } catch (e) {
        throw classifyOpenAiError(e);
      }
    },
  };
}
