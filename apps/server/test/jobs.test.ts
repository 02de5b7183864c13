import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createBullQueue } from '../src/jobs/bullmq.ts';
import { createLocalQueue } from '../src/jobs/local.ts';
import type { JobQueue } from '../src/queue.ts';

declare module '../src/queue.ts' {
  interface JobPayloads {
    test_echo: { n: number; failTimes?: number };
  }
}

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const waitFor = async (cond: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const kinds: Array<[string, () => JobQueue]> = [
  ['local', () => createLocalQueue({ retryDelayMs: 10 })],
  [
    'bullmq',
    () =>
      createBullQueue(REDIS_URL, { queueName: `test_${randomBytes(4).toString('hex')}`, retryDelayMs: 10 }),
  ],
];

describe.each(kinds)('job queue [%s]', (_name, make) => {
  let queue: JobQueue;
  afterEach(async () => {
    await queue?.close();
  });

  it('runs jobs, retries failures, and reports a job that failed every attempt once', async () => {
    queue = make();
    const done: number[] = [];
    const failed: number[] = [];
    const tries = new Map<number, number>();
    queue.register('test_echo', {
      attempts: 2,
      handler: async ({ n, failTimes = 0 }) => {
        const t = (tries.get(n) ?? 0) + 1;
        tries.set(n, t);
        if (t <= failTimes) throw new Error(`fail ${n}`);
        done.push(n);
      },
      onFailed: async ({ n }) => {
        failed.push(n);
      },
    });
    await queue.startWorkers();
    await queue.enqueue('test_echo', { n: 1 });
    await queue.enqueue('test_echo', { n: 2, failTimes: 1 });
    await queue.enqueue('test_echo', { n: 3, failTimes: 5 });
    await waitFor(() => done.length === 2 && failed.length === 1);
    expect(done.sort()).toEqual([1, 2]);
    expect(failed).toEqual([3]);
    expect(tries.get(3)).toBe(2);
  });

  it('runs a job enqueued twice with the same jobId once', async () => {
    queue = make();
    let runs = 0;
    queue.register('test_echo', {
      handler: async () => {
        await new Promise((r) => setTimeout(r, 100));
        runs++;
      },
    });
    await queue.startWorkers();
    await Promise.all([
      queue.enqueue('test_echo', { n: 7 }, { jobId: 'rec-7' }),
      queue.enqueue('test_echo', { n: 7 }, { jobId: 'rec-7' }),
    ]);
    await waitFor(() => runs >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toBe(1);
  });

  it('re-enqueues unfinished work reported by recover() at start', async () => {
    queue = make();
    const seen: number[] = [];
    queue.register('test_echo', {
      handler: async ({ n }) => {
        seen.push(n);
      },
      recover: async () => [{ n: 41 }, { n: 42 }],
    });
    await queue.startWorkers();
    await waitFor(() => seen.length === 2);
    expect(seen.sort()).toEqual([41, 42]);
  });

  it('lists the process consuming it once workers started, and none before', async () => {
    queue = make();
    queue.register('test_echo', { handler: async () => {} });
    expect(await queue.workers()).toEqual([]);
    await queue.startWorkers();
    // BullMQ names the worker's Redis connections when they connect
    const deadline = Date.now() + 10_000;
    while ((await queue.workers()).length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const workers = await queue.workers();
    expect(workers).toHaveLength(1);
    expect(workers[0]?.name).toBe(`${os.hostname()}:${process.pid}`);
    expect(workers[0]?.ageSeconds).toBeGreaterThanOrEqual(0);
  });
});
