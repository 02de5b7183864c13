/**
 * The model layer's public types. Every AI feature (chat, writing, model-based rewriting, 降AIGC,
 * PPT content) calls `ctx.llm.complete(...)` or iterates `ctx.llm.stream(...)` with these.
 */

/** Which product feature is calling: picks the model (`llm.model.<feature>` in sys_config) and labels usage rows. */
export type LlmFeature = 'chat' | 'writing' | 'rewrite' | 'aigc' | 'ppt' | (string & {});

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmRequest {
  feature: LlmFeature;
  messages: LlmMessage[];
  /** Stops the generation (user pressed stop, client disconnected, job cancelled). */
  signal?: AbortSignal | undefined;
  /** Signed-in user, for usage rows and the per-user concurrency limit. */
  userId?: number | null | undefined;
  /** Key for the per-user limit when there is no user (a guest's cookie hash). */
  limitKey?: string | undefined;
  maxTokens?: number | undefined;
  temperature?: number | undefined;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  /** True when the provider sent no usage (stopped or broken stream): counted from characters. */
  estimated: boolean;
}

export interface LlmResult {
  text: string;
  model: string;
  provider: 'openai' | 'gguf';
  usage: LlmUsage;
  finishReason: string | null;
  /** The `llm_calls` row of this call. */
  callId: number;
  durationMs: number;
}

export type LlmStreamEvent = { type: 'delta'; text: string } | { type: 'done'; result: LlmResult };

/** What a provider yields; the layer turns it into `LlmStreamEvent`s and a usage row. */
export type ProviderEvent =
  /** The provider accepted the request (headers arrived / model loaded): from here on no retries. */
  | { type: 'open' }
  | { type: 'delta'; text: string }
  | { type: 'usage'; promptTokens: number; completionTokens: number }
  | { type: 'finish'; reason: string | null };

export interface ProviderCall {
  model: string;
  messages: LlmMessage[];
  maxTokens?: number | undefined;
  temperature?: number | undefined;
  signal: AbortSignal;
  /** Called before each attempt (1, 2, …) so retries are counted. */
  onAttempt(attempt: number): void;
}

/** One prompt token's log-probability and those of the top alternatives at its place (for zero-shot AIGC scores). */
export interface PromptTokenLogprob {
  token: string;
  logprob: number;
  top: number[];
}

export interface ProviderLogprobsCall {
  model: string;
  text: string;
  /** Alternatives per token to ask for (OpenAI allows up to 5 on completions; vLLM and llama.cpp more). */
  topLogprobs: number;
  signal: AbortSignal;
}

export interface LlmProvider {
  readonly kind: 'openai' | 'gguf';
  /** Model used when no per-feature override exists. */
  readonly defaultModel: string;
  /** Whether the model name may be overridden per feature (a local file has one model). */
  readonly modelOverridable: boolean;
  stream(call: ProviderCall): AsyncGenerator<ProviderEvent, void>;
  /**
   * The log-probabilities of the text's own tokens (completions with echo + logprobs); absent when the provider
   * cannot give them. Throws LlmError.
   */
  promptLogprobs?(
    call: ProviderLogprobsCall,
  ): Promise<{ tokens: PromptTokenLogprob[]; promptTokens: number }>;
  close?(): Promise<void>;
}

/** How one model call ended. `partial`: the provider failed after some text arrived; `aborted`: stopped by the user. */
export type LlmCallStatus = 'ok' | 'partial' | 'error' | 'aborted';

/** One finished model call, as the gateway reports it (and `llm_calls` stores it). */
export interface LlmCallRecord {
  feature: string;
  provider: 'openai' | 'gguf';
  model: string;
  userId: number | null;
  status: LlmCallStatus;
  /** Short reason when status is not ok (never a stack or a key). */
  error: string | null;
  usage: LlmUsage;
  /** Attempts made, retries included. */
  attempts: number;
  durationMs: number;
}

/** What the gateway asks of the application: a feature's model, and where a call is recorded (its id). */
export interface LlmAccounting {
  modelFor(feature: LlmFeature, defaultModel: string): Promise<string>;
  record(call: LlmCallRecord): Promise<number>;
}
