import os from 'node:os';
import { Queue, Worker } from 'bullmq';
import type { JobKind, JobPayloads, JobQueue, JobRegistration } from '../queue.ts';

/** Scale-out: jobs live in Redis; any number of `worker` processes consume them. */
export function createBullQueue(
  redisUrl: string,
  opts: { concurrency?: number; queueName?: string; retryDelayMs?: number } = {},
): JobQueue {
  const connection = { url: redisUrl, maxRetriesPerRequest: null };
  const queueName = opts.queueName ?? 'paperdesk';
  const queue = new Queue(queueName, { connection });
  const registrations = new Map<JobKind, JobRegistration<JobKind>>();
  const controller = new AbortController();
  let worker: Worker | null = null;

  return {
    kind: 'bullmq',
    register(kind, registration) {
      registrations.set(kind, registration as unknown as JobRegistration<JobKind>);
    },
    async enqueue<K extends JobKind>(kind: K, payload: JobPayloads[K], o: { jobId?: string } = {}) {
      const attempts = registrations.get(kind)?.attempts ?? 1;
      await queue.add(kind, payload, {
        ...(o.jobId ? { jobId: o.jobId } : {}),
        attempts,
        backoff: { type: 'exponential', delay: opts.retryDelayMs ?? 2000 },
        removeOnComplete: 1000,
        removeOnFail: 5000,
      });
    },
    async startWorkers() {
      for (const [kind, reg] of registrations) {
        for (const payload of (await reg.recover?.()) ?? []) await queue.add(kind, payload);
      }
      worker = new Worker(
        queueName,
        async (job) => {
          const reg = registrations.get(job.name as JobKind);
          if (!reg) throw new Error(`未注册的任务类型: ${job.name}`);
          await reg.handler(job.data as never, { attempt: job.attemptsMade + 1, signal: controller.signal });
        },
        // the name is the worker's Redis client name, which `workers()` lists
        { connection, concurrency: opts.concurrency ?? 2, name: `${os.hostname()}:${process.pid}` },
      );
      worker.on('failed', (job, err) => {
        if (!job || job.attemptsMade < (job.opts.attempts ?? 1)) return;
        const reg = registrations.get(job.name as JobKind);
        void reg?.onFailed?.(job.data as never, err).catch(() => {});
      });
    },
    async workers() {
      // CLIENT LIST entries of the queue's workers, client name `<prefix>:<queue>:w:<our name>`; a worker holds
      // more than one connection, so one row per name
      const byName = new Map<string, number>();
      for (const c of await queue.getWorkers()) {
        const raw = c.rawname ?? '';
        const name = raw.includes(':w:') ? raw.slice(raw.indexOf(':w:') + 3) : raw || (c.addr ?? '?');
        byName.set(name, Math.max(byName.get(name) ?? 0, Number(c.age ?? 0)));
      }
      return [...byName].map(([name, ageSeconds]) => ({ name, ageSeconds }));
    },
    async close() {
      controller.abort();
      await worker?.close();
      await queue.close();
    },
  };
}
