import os from 'node:os';
import { type Job, Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { unavailable } from '../errors.ts';
import type { ShardChannel, ShardHeartbeat } from '../queue.ts';

/**
 * The library's shards on BullMQ (issue 28): shard i has its own queue `<JOBS_QUEUE>-shard-<i>`, consumed by
 * the one `worker --shard i` process. A check's request to a shard is a child job there; the asking check job
 * waits for its completion through QueueEvents, so a check fans out to every shard and fans back in on the
 * queue the deployment already runs. A shard that is down leaves its job waiting: the ask gives up after
 * `timeoutMs`, removes the job (a shard that comes back answers no stale request) and fails the check's attempt.
 *
 * Job data and return values are JSON in Redis: typed arrays go as base64 (a seeds answer is megabytes of
 * Uint32Arrays; as JSON numbers it would be three times the bytes and slow to parse).
 */

const TYPED = {
  Uint8Array,
  Uint32Array,
  Int32Array,
  Float64Array,
} as const;
type TypedName = keyof typeof TYPED;
const isTypedName = (v: unknown): v is TypedName => typeof v === 'string' && v in TYPED;

/** JSON with typed arrays kept (as `{ $typed, b64 }`). */
export function encodeMessage(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
      const name = v.constructor.name;
      if (!isTypedName(name)) throw new Error(`不支持的类型数组: ${name}`);
      return { $typed: name, b64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') };
    }
    return v;
  });
}

export function decodeMessage(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v && typeof v === 'object' && '$typed' in v && 'b64' in v) {
      const { $typed, b64 } = v as { $typed: unknown; b64: unknown };
      if (isTypedName($typed) && typeof b64 === 'string') {
        const bytes = Buffer.from(b64, 'base64');
        // a copy at an aligned offset: Buffer's pool slices need not be aligned for Uint32/Float64 views
        const copy = new Uint8Array(bytes.byteLength);
        copy.set(bytes);
        const Ctor = TYPED[$typed];
        return new Ctor(copy.buffer, 0, copy.byteLength / Ctor.BYTES_PER_ELEMENT);
      }
    }
    return v;
  });
}

interface ShardJob {
  /** the encoded request */
  body: string;
}

export function createShardChannel(
  redisUrl: string,
  opts: { queueName: string; shards: number; timeoutMs: number },
): ShardChannel {
  const connection = { url: redisUrl, maxRetriesPerRequest: null };
  const queueOf = (i: number) => `${opts.queueName}-shard-${i}`;
  const heartbeatKey = `${opts.queueName}:shards`;
  // opened on first use: an API process only reads heartbeats, a shard worker only serves
  const queues = new Map<number, { queue: Queue; events: QueueEvents }>();
  let redis: Redis | null = null;
  let worker: Worker | null = null;
  const client = () => {
    redis ??= new Redis(redisUrl, { maxRetriesPerRequest: 3 });
    return redis;
  };
  const side = (i: number) => {
    let s = queues.get(i);
    if (!s) {
      s = {
        queue: new Queue(queueOf(i), { connection }),
        events: new QueueEvents(queueOf(i), { connection }),
      };
      queues.set(i, s);
    }
    return s;
  };

  return {
    shards: opts.shards,

    async ask(shard, op, request, signal) {
      signal?.throwIfAborted();
      const { queue, events } = side(shard);
      const job: Job<ShardJob> = await queue.add(
        op,
        { body: encodeMessage(request) },
        // kept a minute after completion, so a waiter that subscribes late still finds its answer
        { removeOnComplete: { age: 60 }, removeOnFail: { age: 600 } },
      );
      let onAbort: (() => void) | undefined;
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => reject(signal?.reason);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      try {
        const answer: unknown = await Promise.race([job.waitUntilFinished(events, opts.timeoutMs), aborted]);
        if (typeof answer !== 'string') throw new Error(`比对库分片 ${shard} 的应答无法读取`);
        return decodeMessage(answer);
      } catch (err) {
        // a waiting request of a shard that is down is taken back; an active one is left to finish unheard
        await job.remove().catch(() => {});
        if (signal?.aborted) throw err;
        const why = err instanceof Error ? err.message : String(err);
        throw /timed out/.test(why)
          ? unavailable(`比对库分片 ${shard} 在 ${opts.timeoutMs} ms 内未应答`)
          : new Error(`比对库分片 ${shard} 出错：${why}`);
      } finally {
        if (onAbort) signal?.removeEventListener('abort', onAbort);
      }
    },

    async serve(shard, answer) {
      // a request found waiting from before this process started is for a check that has given up or is
      // still waiting: either way answering it is harmless
      worker = new Worker<ShardJob, string>(
        queueOf(shard),
        async (job) => encodeMessage(await answer(job.name, decodeMessage(job.data.body))),
        { connection, concurrency: 1, name: `${os.hostname()}:${process.pid}` },
      );
      await worker.waitUntilReady();
    },

    async beat(h: ShardHeartbeat) {
      await client().hset(heartbeatKey, String(h.shard), JSON.stringify(h));
    },

    async heartbeats() {
      const all = await client().hgetall(heartbeatKey);
      return Object.values(all)
        .map((v) => JSON.parse(v) as ShardHeartbeat)
        .sort((a, b) => a.shard - b.shard);
    },

    async close() {
      await worker?.close();
      for (const { queue, events } of queues.values()) {
        await events.close();
        await queue.close();
      }
      await redis?.quit().catch(() => {});
    },
  };
}
