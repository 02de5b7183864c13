import { Worker } from 'node:worker_threads';
import type {
  LibraryDocument,
  ShardAnswer,
  ShardAnswers,
  ShardRequest,
  ShardRound,
} from '@paperdesk/plagiarism';
import type { CheckControl, CheckRequest, CheckRunner, EngineResult } from './check-engine.ts';

/**
 * 查重 off the event loop: one worker thread per process holds the reference library's fingerprint index
 * (typed arrays and texts, the only copy in the process) and runs checks, index updates and saves in the
 * order they are sent. The API thread keeps answering requests while a check runs; it receives progress
 * messages and cancels a check through a flag in shared memory (the thread is busy computing and reads no
 * messages until the check ends).
 *
 * One thread, not a pool: checks are queued jobs anyway. The postings of a loaded index are SharedArrayBuffers
 * and its texts are read from the segment files by offset, so a second thread could share them without a copy.
 */

export type ThreadRequest = { id: number } & (
  | { op: 'load'; folder: string }
  | { op: 'reset' }
  | { op: 'add'; docs: LibraryDocument[] }
  | { op: 'remove'; ids: string[] }
  | { op: 'save'; folder: string }
  | { op: 'stats' }
  | { op: 'shard'; request: ShardRequest }
  | (CheckRequest & { op: 'check'; abort: SharedArrayBuffer })
  | (CheckRequest & { op: 'shardedCheck'; abort: SharedArrayBuffer })
);

/** The process's answer to one of the thread's asks (not a request: it has no reply). */
export type AskAnswer = { answer: number } & (
  | { ok: true; result: ShardAnswers }
  | { ok: false; message: string }
);

/**
 * What the thread is (LIBRARY_SHARDS > 1): a whole library's index (the default), shard `shard` of `shards`
 * (a shard worker), or a coordinator of checks over `shards` shards, holding no index.
 */
export type CheckThreadRole =
  | { kind: 'whole' }
  | { kind: 'shard'; shard: number; shards: number }
  | { kind: 'coordinator'; shards: number };

export type ThreadReply =
  | { id: number; progress: number }
  | { id: number; ask: number; round: ShardRound }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; aborted: boolean; message: string };

type Op = ThreadRequest extends infer R ? (R extends { op: infer O } ? O : never) : never;
type Payload<O extends Op> = Omit<Extract<ThreadRequest, { op: O }>, 'id' | 'op'>;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * How a coordinating process answers its sharded checks' asks (services/checks/sharded.ts): a round's request to
 * each shard sent, every answer in its shard's place (none where nothing was asked).
 */
export type Asker = (round: ShardRound, signal?: AbortSignal) => Promise<ShardAnswers>;

export interface CheckThread extends CheckRunner {
  /** Replace the index with the one kept in `folder`; resolves to the (numeric) ids it holds. */
  load(folder: string): Promise<Float64Array>;
  /** Start from an empty index. */
  reset(): Promise<void>;
  add(docs: LibraryDocument[]): Promise<void>;
  remove(ids: string[]): Promise<void>;
  /** Write the segments sealed since the last save to `folder`, swap its manifest, then merge size tiers. */
  save(folder: string): Promise<void>;
  /** Documents and matching characters in the index. */
  stats(): Promise<{ documents: number; characters: number }>;
  /** A shard's answer to one request of a check over the shards (its documents named by their SQL ids). */
  shard(request: ShardRequest): Promise<ShardAnswer>;
  close(): Promise<void>;
}

/**
 * `role` (default: the whole library's index): a shard worker's thread, or a coordinator whose checks run over the
 * shards, asking this process through `ask` to send each round to the shards.
 */
export function startCheckThread(
  opts: { onExit?: (err: Error) => void; role?: CheckThreadRole; ask?: Asker } = {},
): CheckThread {
  // the entry registers tsx itself; the parent's loader flags (--import tsx) are not passed on
  const worker = new Worker(new URL('./check-thread.mjs', import.meta.url), {
    execArgv: [],
    workerData: opts.role ?? { kind: 'whole' },
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closing = false;
  // an idle thread does not keep the process alive; one with work in flight does
  worker.unref();

  const settle = (id: number) => {
    const p = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return p;
  };

  worker.on('message', (reply: ThreadReply) => {
    if ('ask' in reply) {
      const { ask } = opts;
      const answered = ask
        ? ask(reply.round, pending.get(reply.id)?.signal)
        : Promise.reject(new Error('本进程不协调分片检测'));
      void answered.then(
        (result) => worker.postMessage({ answer: reply.ask, ok: true, result } satisfies AskAnswer),
        (err: unknown) =>
          worker.postMessage({
            answer: reply.ask,
            ok: false,
            message: err instanceof Error ? err.message : String(err),
          } satisfies AskAnswer),
      );
      return;
    }
    if ('progress' in reply) {
      pending.get(reply.id)?.onProgress?.(reply.progress);
      return;
    }
    const p = settle(reply.id);
    if (!p) return;
    if (reply.ok) p.resolve(reply.result);
    else p.reject(reply.aborted ? new CheckAborted() : new Error(reply.message));
  });
  let exited = false;
  const fail = (err: Error) => {
    for (const id of [...pending.keys()]) settle(id)?.reject(err);
    if (!closing && !exited) opts.onExit?.(err);
    exited = true;
  };
  worker.on('error', (err) => fail(new Error(`查重计算线程出错：${err.message}`)));
  worker.on('exit', (code) => fail(new Error(`查重计算线程已退出（${code}）`)));

  function call<O extends Op>(op: O, payload: Payload<O>, extra: Omit<Pending, 'resolve' | 'reject'> = {}) {
    if (closing || exited) return Promise.reject(new Error('查重计算线程已关闭'));
    const id = nextId++;
    return new Promise<unknown>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject, ...extra });
      worker.postMessage({ id, op, ...payload });
    });
  }

  return {
    load: (folder) => call('load', { folder }) as Promise<Float64Array>,
    reset: async () => {
      await call('reset', {});
    },
    add: async (docs) => {
      await call('add', { docs });
    },
    remove: async (ids) => {
      await call('remove', { ids });
    },
    save: async (folder) => {
      await call('save', { folder });
    },
    stats: () => call('stats', {}) as Promise<{ documents: number; characters: number }>,
    shard: (request) => call('shard', { request }) as Promise<ShardAnswer>,

    async check(request: CheckRequest, control: CheckControl = {}): Promise<EngineResult> {
      const { signal, onProgress } = control;
      signal?.throwIfAborted();
      const abort = new SharedArrayBuffer(4);
      const flag = new Int32Array(abort);
      const onAbort = () => Atomics.store(flag, 0, 1);
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const extra = { ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) };
        const op = opts.role?.kind === 'coordinator' ? 'shardedCheck' : 'check';
        return (await call(op, { ...request, abort }, extra)) as EngineResult;
      } catch (err) {
        if (err instanceof CheckAborted && signal?.aborted) throw signal.reason;
        throw err;
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    },

    async close() {
      closing = true;
      await worker.terminate();
    },
  };
}

/** The check stopped because its job was cancelled. */
export class CheckAborted extends Error {
  constructor() {
    super('检测已中止');
  }
}
