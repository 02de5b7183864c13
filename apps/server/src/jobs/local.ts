import os from 'node:os';
import type { JobKind, JobPayloads, JobQueue, JobRegistration } from '../queue.ts';

interface Pending {
  kind: JobKind;
  payload: unknown;
  jobId: string | undefined;
  attempt: number;
}

/**
 * The embedded default: jobs run in this process with bounded concurrency. Nothing is kept across
 * restarts here; each service's `recover()` re-enqueues records a crash left unfinished.
 */
export function createLocalQueue(opts: { concurrency?: number; retryDelayMs?: number } = {}): JobQueue {
  const concurrency = opts.concurrency ?? 2;
  const retryDelayMs = opts.retryDelayMs ?? 2000;
  const registrations = new Map<JobKind, JobRegistration<JobKind>>();
  const waiting: Pending[] = [];
  const activeIds = new Set<string>();
  const controller = new AbortController();
  const running = new Set<Promise<void>>();
  let started = false;
  let startedAt = 0;

  function pump() {
    if (!started || controller.signal.aborted) return;
    while (running.size < concurrency && waiting.length) {
      const job = waiting.shift()!;
      const p = run(job).finally(() => {
        running.delete(p);
        pump();
      });
      running.add(p);
    }
  }

  async function run(job: Pending) {
    const reg = registrations.get(job.kind);
    if (!reg) return;
    try {
      await reg.handler(job.payload as never, { attempt: job.attempt, signal: controller.signal });
      if (job.jobId) activeIds.delete(job.jobId);
    } catch (err) {
      if (controller.signal.aborted) return;
      const error = err instanceof Error ? err : new Error(String(err));
      if (job.attempt < (reg.attempts ?? 1)) {
        setTimeout(() => {
          waiting.push({ ...job, attempt: job.attempt + 1 });
          pump();
        }, retryDelayMs * job.attempt).unref();
        return;
      }
      if (job.jobId) activeIds.delete(job.jobId);
      await reg.onFailed?.(job.payload as never, error).catch(() => {});
    }
  }

  return {
    kind: 'local',
    register(kind, registration) {
      registrations.set(kind, registration as unknown as JobRegistration<JobKind>);
    },
    async enqueue<K extends JobKind>(kind: K, payload: JobPayloads[K], o: { jobId?: string } = {}) {
      // Same jobId while queued or running: enqueue once (a double-clicked submit runs one job).
      if (o.jobId) {
        if (activeIds.has(o.jobId)) return;
        activeIds.add(o.jobId);
      }
      waiting.push({ kind, payload, jobId: o.jobId, attempt: 1 });
      pump();
    },
    async startWorkers() {
      started = true;
      startedAt = Date.now();
      for (const [kind, reg] of registrations) {
        for (const payload of (await reg.recover?.()) ?? [])
          waiting.push({ kind, payload, jobId: undefined, attempt: 1 });
      }
      pump();
    },
    async workers() {
      if (!started || controller.signal.aborted) return [];
      return [
        { name: `${os.hostname()}:${process.pid}`, ageSeconds: Math.round((Date.now() - startedAt) / 1000) },
      ];
    },
    async close() {
      controller.abort();
      await Promise.allSettled([...running]);
    },
  };
}
