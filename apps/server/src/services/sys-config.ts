import type { Db } from '../db/index.ts';
import { nowIso } from '../db/index.ts';

/**
 * Settings admins change at run time (prices, per-feature model names, limits). Values are JSON text;
 * `get` falls back to the caller's default so a fresh database works before anyone sets anything.
 */
export function createSysConfig(db: Db) {
  return {
    async get<T>(key: string, fallback: T): Promise<T> {
      const row = await db.selectFrom('sysConfig').select('value').where('key', '=', key).executeTakeFirst();
      if (!row) return fallback;
      try {
        return JSON.parse(row.value) as T;
      } catch {
        return fallback;
      }
    },
    async set(key: string, value: unknown, description = ''): Promise<void> {
      const text = JSON.stringify(value);
      await db
        .insertInto('sysConfig')
        .values({ key, value: text, description, updatedAt: nowIso() })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updatedAt: nowIso() }))
        .execute();
    },
    /** Seed a value only when it is absent (first start), never overwriting an admin's change. */
    async seed(key: string, value: unknown, description = ''): Promise<void> {
      await db
        .insertInto('sysConfig')
        .values({ key, value: JSON.stringify(value), description, updatedAt: nowIso() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
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
