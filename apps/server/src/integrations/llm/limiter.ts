import { LlmError } from './errors.ts';

/**
 * Concurrency limits for model calls in this process: at most `total` at once (others wait in line,
 * up to `waitMs`), and at most `perKey` per user or guest (more is refused at once: one person should
 * not hold several slots while others wait).
 */
export function createLimiter(opts: { total: number; perKey: number; waitMs: number }) {
  let active = 0;
  const perKey = new Map<string, number>();
  const waiting: Array<() => void> = [];

  function wake() {
    // The slot is counted here, on hand-over, so one release never wakes two waiters.
    while (active < opts.total && waiting.length) {
      active++;
      waiting.shift()!();
    }
  }

  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    /** True when `key` already holds every slot it may (a new call would be refused). */
    wouldRefuse(key: string | null): boolean {
      return key !== null && (perKey.get(key) ?? 0) >= opts.perKey;
    },
    /** Takes a slot (throws `user_busy`, `busy` or `aborted`); the returned function gives it back once. */
    async acquire(key: string | null, signal?: AbortSignal): Promise<() => void> {
      if (key !== null && (perKey.get(key) ?? 0) >= opts.perKey) throw new LlmError('user_busy');
      if (key !== null) perKey.set(key, (perKey.get(key) ?? 0) + 1);
      const releaseKey = () => {
        if (key === null) return;
        const n = (perKey.get(key) ?? 1) - 1;
        if (n <= 0) perKey.delete(key);
        else perKey.set(key, n);
      };
      if (active < opts.total) active++;
      else {
        try {
          await new Promise<void>((resolve, reject) => {
            const onAbort = () => {
              cleanup();
              reject(new LlmError('aborted'));
            };
            const timer = setTimeout(() => {
              cleanup();
              reject(new LlmError('busy'));
            }, opts.waitMs);
            const entry = () => {
              cleanup();
              resolve();
            };
            const cleanup = () => {
              clearTimeout(timer);
              signal?.removeEventListener('abort', onAbort);
              const i = waiting.indexOf(entry);
              if (i >= 0) waiting.splice(i, 1);
            };
            if (signal?.aborted) return onAbort();
            signal?.addEventListener('abort', onAbort, { once: true });
            waiting.push(entry);
          });
        } catch (e) {
          releaseKey();
          throw e;
        }
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        active--;
        releaseKey();
        wake();
      };
    },
  };
}

export type Limiter = ReturnType<typeof createLimiter>;
