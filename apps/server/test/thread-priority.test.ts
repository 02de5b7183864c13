import fs from 'node:fs';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { startCheckThread } from '../src/compute/check-thread.ts';
import { createComputePool, defaultComputeLimits } from '../src/compute/pool.ts';

/** The nice value of each thread of this process (Linux: field 19 of /proc/self/task/<tid>/stat). */
function niceOfThreads(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(Number(tid), Number(fields[16]));
  }
  return out;
}

/**
 * The threads that compute beside the API thread run at a lower priority than it, so a busy check or pool thread
 * never makes a request wait for a core it could have had.
 */
describe.runIf(process.platform === 'linux')('computing threads yield to the API thread', () => {
  const own = os.getPriority();
  const lowered = Math.min(19, own + 10);
  const thread = startCheckThread();
  const pool = createComputePool({ ...defaultComputeLimits(), threads: 1 });
  afterAll(async () => {
    await thread.close();
    await pool.close();
  });

  it('the check thread and the compute pool run nicer than this thread', async () => {
    const before = new Set([...niceOfThreads()].filter(([, n]) => n === lowered).map(([tid]) => tid));
    await thread.reset();
    const afterCheckThread = [...niceOfThreads()].filter(([tid, n]) => n === lowered && !before.has(tid));
    expect(afterCheckThread.length).toBeGreaterThan(0);
    await pool.readDocument(new TextEncoder().encode('城市治理研究需要多元主体协同参与。'), 'paper.txt');
    const afterPool = [...niceOfThreads()].filter(([tid, n]) => n === lowered && !before.has(tid));
    expect(afterPool.length).toBeGreaterThan(afterCheckThread.length);
    expect(os.getPriority()).toBe(own);
  });
});
