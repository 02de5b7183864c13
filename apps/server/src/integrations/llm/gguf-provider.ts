import fs from 'node:fs';
import { LlmError } from './errors.ts';
import type { LlmMessage, LlmProvider, ProviderCall, ProviderEvent } from './types.ts';

/**
 * A local GGUF model through node-llama-cpp. The package is optional (it is not in package.json:
 * with its prebuilt CPU/CUDA/Vulkan binaries it adds ~700 MB): `npm install node-llama-cpp@3 -w
 * @paperdesk/server` enables it. Everything is loaded on first use with a dynamic import, and every
 * way it can be missing answers with a clear Chinese message instead of a stack.
 */

/** The slice of node-llama-cpp v3 used here (typed locally so the package stays optional). */
interface LlamaModule {
  getLlama(opts?: { build?: 'never' | 'auto'; gpu?: false | 'auto'; progressLogs?: boolean }): Promise<{
    loadModel(opts: { modelPath: string }): Promise<LlamaModel>;
  }>;
  LlamaChatSession: new (opts: {
    contextSequence: unknown;
    autoDisposeSequence?: boolean;
  }) => LlamaChatSession;
}
interface LlamaModel {
  tokenize(text: string): unknown[];
  createContext(opts?: {
    contextSize?: number | 'auto';
  }): Promise<{ getSequence(): unknown; dispose(): Promise<void> }>;
  dispose(): Promise<void>;
}
type ChatHistoryItem =
  | { type: 'system'; text: string }
  | { type: 'user'; text: string }
  | { type: 'model'; response: string[] };
interface LlamaChatSession {
  setChatHistory(history: ChatHistoryItem[]): void;
  prompt(
    text: string,
    opts: {
      maxTokens?: number;
      temperature?: number;
      signal?: AbortSignal;
      stopOnAbortSignal?: boolean;
      onTextChunk?: (text: string) => void;
    },
  ): Promise<string>;
  dispose(): void;
}

export type ModuleLoader = () => Promise<unknown>;

// A variable specifier keeps TypeScript and bundlers from requiring the optional package.
const PACKAGE = 'node-llama-cpp';
const defaultLoader: ModuleLoader = () => import(PACKAGE);

/** Throws the clear error when the file is missing, unreadable or not GGUF (magic bytes "GGUF"). */
export function checkGgufFile(file: string): void {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    throw new LlmError(
      'unavailable',
      '本地模型文件不存在或无法读取（LLM_GGUF_PATH），请联系管理员',
      `cannot open ${file}`,
    );
  }
  try {
    const magic = Buffer.alloc(4);
    const n = fs.readSync(fd, magic, 0, 4, 0);
    if (n < 4 || magic.toString('latin1') !== 'GGUF') {
      throw new LlmError(
        'unavailable',
        '本地模型文件不是 GGUF 格式（LLM_GGUF_PATH），请联系管理员',
        `bad magic in ${file}`,
      );
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** True when the optional package can be resolved from here (no import, nothing loaded). */
export function ggufPackageInstalled(): boolean {
  try {
    import.meta.resolve(PACKAGE);
    return true;
  } catch {
    return false;
  }
}

function isModuleNotFound(e: unknown): boolean {
  const code = (e as { code?: string })?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

function toHistory(messages: LlmMessage[]): { history: ChatHistoryItem[]; prompt: string } {
  const last = messages.at(-1);
  if (last?.role !== 'user') throw new LlmError('rejected', '最后一条消息必须来自用户');
  const history = messages
    .slice(0, -1)
    .map<ChatHistoryItem>((m) =>
      m.role === 'system'
        ? { type: 'system', text: m.content }
        : m.role === 'user'
          ? { type: 'user', text: m.content }
          : { type: 'model', response: [m.content] },
    );
  return { history, prompt: last.content };
}

export function createGgufProvider(opts: {
  path: string;
  contextSize?: number;
  loader?: ModuleLoader;
}): LlmProvider {
  const loader = opts.loader ?? defaultLoader;
  const modelName = `gguf:${opts.path.split(/[\\/]/).at(-1)}`;
  let loading: Promise<{ mod: LlamaModule; model: LlamaModel }> | null = null;
  // One generation at a time: a CPU model gains nothing from parallel sequences and each costs memory.
  let chain: Promise<unknown> = Promise.resolve();

  async function load() {
    checkGgufFile(opts.path);
    let mod: LlamaModule;
    try {
      mod = (await loader()) as LlamaModule;
    } catch (e) {
      if (isModuleNotFound(e)) {
        throw new LlmError(
          'unavailable',
          '本地模型需要 node-llama-cpp，但它没有安装（npm install node-llama-cpp@3 -w @paperdesk/server），请联系管理员',
          'node-llama-cpp missing',
        );
      }
      throw new LlmError(
        'unavailable',
        '本地模型运行库加载失败，请联系管理员',
        String((e as Error)?.message ?? e),
      );
    }
    try {
      const llama = await mod.getLlama({ build: 'never', progressLogs: false });
      const model = await llama.loadModel({ modelPath: opts.path });
      return { mod, model };
    } catch (e) {
      throw new LlmError(
        'unavailable',
        '本地模型加载失败（文件可能损坏或不受支持），请联系管理员',
        String((e as Error)?.message ?? e),
      );
    }
  }

  function ensureLoaded() {
    if (!loading) {
      loading = load();
      // A failed load is retried on the next call (the admin may have fixed the file meanwhile).
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  }

  return {
    kind: 'gguf',
    defaultModel: modelName,
    modelOverridable: false,
    async *stream(call: ProviderCall): AsyncGenerator<ProviderEvent, void> {
      call.onAttempt(1);
      const { mod, model } = await ensureLoaded();
      const { history, prompt } = toHistory(call.messages);
      yield { type: 'open' };
      // Hand chunks from the callback to this generator.
      const queue: string[] = [];
      let wake: (() => void) | null = null;
      let done = false;
      let failure: unknown = null;
      const turn = chain.then(async () => {
        const context = await model.createContext(opts.contextSize ? { contextSize: opts.contextSize } : {});
        const session = new mod.LlamaChatSession({
          contextSequence: context.getSequence(),
          autoDisposeSequence: true,
        });
        try {
          session.setChatHistory(history);
          await session.prompt(prompt, {
            ...(call.maxTokens ? { maxTokens: call.maxTokens } : {}),
            ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
            signal: call.signal,
            stopOnAbortSignal: true,
            onTextChunk: (t) => {
              queue.push(t);
              wake?.();
            },
          });
        } finally {
          session.dispose();
          await context.dispose();
        }
      });
      chain = turn.catch(() => {});
      turn.then(
        () => {
          done = true;
          wake?.();
        },
        (e) => {
          failure = e;
          done = true;
          wake?.();
        },
      );
      let text = '';
      for (;;) {
        while (queue.length) {
          const t = queue.shift()!;
          text += t;
          yield { type: 'delta', text: t };
        }
        if (done) break;
        await new Promise<void>((r) => {
          wake = r;
        });
        wake = null;
      }
      if (call.signal.aborted) throw new LlmError('aborted');
      if (failure)
        throw new LlmError('provider', '本地模型生成失败', String((failure as Error)?.message ?? failure));
      yield {
        type: 'usage',
        promptTokens: model.tokenize(call.messages.map((m) => m.content).join('\n')).length,
        completionTokens: model.tokenize(text).length,
      };
      yield { type: 'finish', reason: 'stop' };
    },
    async close() {
      if (!loading) return;
      const loaded = await loading.catch(() => null);
      await loaded?.model.dispose();
    },
  };
}
