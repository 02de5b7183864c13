import type { Db } from '../db/index.ts';
import { nowIso } from '../db/index.ts';

/**
 * How long `cached` keeps a value: another process's change (a scale-out serve process, where the admin console
 * may run elsewhere) is seen within this; this process's own changes at once.
 */
export const SYS_CONFIG_CACHE_MS = 3000;

/**
 * Settings admins change at run time (prices, per-feature model names, limits). Values are JSON text;
 * `get` falls back to the caller's default so a fresh database works before anyone sets anything.
 */
export function createSysConfig(db: Db, opts: { cacheMs?: number; now?: () => number } = {}) {
  const cacheMs = opts.cacheMs ?? SYS_CONFIG_CACHE_MS;
  const now = opts.now ?? Date.now;
  /** Stored JSON text (null: no row) and when it was read, by key. */
  const kept = new Map<string, { text: string | null; readAt: number }>();
  /** Counts this process's changes: a read that overlapped one is not kept (it may hold the value before it). */
  let changes = 0;
  const changed = (key: string) => {
    changes++;
    kept.delete(key);
  };

  const parsed = <T>(text: string | null, fallback: T): T => {
    if (text === null) return fallback;
    try {
      return JSON.parse(text) as T;
    } catch {
      return fallback;
    }
  };
  const read = async (key: string): Promise<string | null> => {
    const row = await db.selectFrom('sysConfig').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value ?? null;
  };

  /** Several values in one transaction: a reader sees all of them changed or none (a mark and its pending flag). */
  async function setAll(entries: { key: string; value: unknown; description?: string }[]): Promise<void> {
    try {
      await db.transaction().execute(async (trx) => {
        for (const { key, value, description = '' } of entries) {
          const text = JSON.stringify(value);
          await trx
            .insertInto('sysConfig')
            .values({ key, value: text, description, updatedAt: nowIso() })
            .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updatedAt: nowIso() }))
            .execute();
        }
      });
    } finally {
      for (const { key } of entries) changed(key);
    }
  }

  return {
    async get<T>(key: string, fallback: T): Promise<T> {
      return parsed(await read(key), fallback);
    },
    /**
     * `get` for a value read on every request (the upload limits: three reads per upload, each a query on the
     * API's thread): kept up to SYS_CONFIG_CACHE_MS, and forgotten as soon as this process changes it.
     */
    async cached<T>(key: string, fallback: T): Promise<T> {
      const hit = kept.get(key);
      if (hit && now() - hit.readAt < cacheMs) return parsed(hit.text, fallback);
      const readAt = now();
      const before = changes;
      const text = await read(key);
      if (changes === before) kept.set(key, { text, readAt });
      return parsed(text, fallback);
    },
    /** For a writer that changes the table itself (the admin console, in its audited transaction): after it. */
    forget: changed,
    async set(key: string, value: unknown, description = ''): Promise<void> {
      await setAll([{ key, value, description }]);
    },
    setAll,
    /** Seed a value only when it is absent (first start), never overwriting an admin's change. */
    async seed(key: string, value: unknown, description = ''): Promise<void> {
      try {
        await db
          .insertInto('sysConfig')
          .values({ key, value: JSON.stringify(value), description, updatedAt: nowIso() })
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
      } finally {
        changed(key);
      }
    },
    async list(prefix = '') {
      return db
        .selectFrom('sysConfig')
        .selectAll()
        .where('key', 'like', `${prefix}%`)
        .orderBy('key')
        .execute();
    },
  };
}
