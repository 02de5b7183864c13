import { sql } from 'kysely';
import type { Executor } from './charging.ts';

/** The calendar day in China (UTC+8, no DST): guests' allowance resets at local midnight. */
export const shanghaiDay = (d = new Date()) =>
  new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * Takes one message from each counter (the guest's browser and its IP) when every one of them is
 * under its limit; otherwise takes nothing and returns false. Run inside the caller's transaction.
 */
export async function consumeGuestAllowance(
  trx: Executor,
  counters: Array<{ key: string; limit: number }>,
  day: string,
): Promise<boolean> {
  for (const c of counters) {
    await trx
      .insertInto('chatGuestQuota')
      .values({ key: c.key, day, used: 0 })
      .onConflict((oc) => oc.columns(['key', 'day']).doNothing())
      .execute();
    const r = await trx
      .updateTable('chatGuestQuota')
      .set({ used: sql<number>`used + 1` })
      .where('key', '=', c.key)
      .where('day', '=', day)
      .where('used', '<', c.limit)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
  }
  return true;
}

/** Gives one message back to each counter (the provider failed). */
export async function returnGuestAllowance(trx: Executor, keys: string[], day: string): Promise<void> {
  for (const key of keys) {
    await trx
      .updateTable('chatGuestQuota')
      .set({ used: sql<number>`used - 1` })
      .where('key', '=', key)
      .where('day', '=', day)
      .where('used', '>', 0)
      .execute();
  }
}

export async function guestUsed(db: Executor, key: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('chatGuestQuota')
    .select('used')
    .where('key', '=', key)
    .where('day', '=', day)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}
