import {
  type LedgerEntry,
  type LedgerFilter,
  type LedgerReason,
  type Page,
  type PageQuery,
  QuotaKind,
  type WalletAccount,
} from '@paperdesk/contracts';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { selectPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';

/** A database handle or an open transaction (Kysely's `Transaction` is a `Kysely`). */
export type Executor = Kysely<Database>;

export interface DeltaInput {
  userId: number;
  account: WalletAccount;
  /** Fen for `balance`; quota units otherwise. Negative = spend. */
  delta: number;
  reason: LedgerReason;
  refType: string;
  refId: string;
  /** Unique per change: the same key never moves money twice. */
  idemKey: string;
  note?: string;
}

export type DeltaResult =
  | { applied: true; ledgerId: number; balanceAfter: number }
  | { applied: false; why: 'duplicate' | 'insufficient' };

/**
 * Moves one wallet account and appends its ledger row, inside the caller's transaction.
 *
 * Order matters for exactly-once under concurrency: the ledger row goes first (`ON CONFLICT DO
 * NOTHING` on the idempotency key, so a second attempt with the same key waits for the first and then
 * does nothing), then the wallet moves with a conditional update (`amount >= spend`), which takes the
 * row lock on PostgreSQL and is serialised by the single connection on SQLite. If the spend does not
 * fit, the ledger row is removed again and nothing changed.
 */
export async function applyDelta(trx: Executor, input: DeltaInput): Promise<DeltaResult> {
  if (!Number.isSafeInteger(input.delta)) throw new Error(`非法的变动量: ${input.delta}`);
  const now = nowIso();
  const inserted = await trx
    .insertInto('ledger')
    .values({
      userId: input.userId,
      account: input.account,
      delta: input.delta,
      balanceAfter: 0,
      reason: input.reason,
      refType: input.refType,
      refId: input.refId,
      idemKey: input.idemKey,
      note: input.note ?? '',
      createdAt: now,
    })
    .onConflict((oc) => oc.column('idemKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { applied: false, why: 'duplicate' };

  let after: { amount: number } | undefined;
  if (input.delta >= 0) {
    after = await trx
      .insertInto('wallets')
      .values({ userId: input.userId, account: input.account, amount: input.delta, updatedAt: now })
      .onConflict((oc) =>
        oc.columns(['userId', 'account']).doUpdateSet({
          amount: sql<number>`wallets.amount + excluded.amount`,
          updatedAt: now,
        }),
      )
      .returning('amount')
      .executeTakeFirst();
  } else {
    after = await trx
      .updateTable('wallets')
      .set((eb) => ({ amount: eb('amount', '+', input.delta), updatedAt: now }))
      .where('userId', '=', input.userId)
      .where('account', '=', input.account)
      .where('amount', '>=', -input.delta)
      .returning('amount')
      .executeTakeFirst();
  }
  if (!after) {
    await trx.deleteFrom('ledger').where('id', '=', inserted.id).execute();
    return { applied: false, why: 'insufficient' };
  }
  const balanceAfter = Number(after.amount);
  await trx.updateTable('ledger').set({ balanceAfter }).where('id', '=', inserted.id).execute();
  return { applied: true, ledgerId: inserted.id, balanceAfter };
}

export interface WalletView {
  balance: number;
  quotas: Record<QuotaKind, number>;
}

export const emptyQuotas = (): Record<QuotaKind, number> =>
  Object.fromEntries(QuotaKind.options.map((k) => [k, 0])) as Record<QuotaKind, number>;

export async function readWallet(db: Executor, userId: number): Promise<WalletView> {
  const rows = await db
    .selectFrom('wallets')
    .select(['account', 'amount'])
    .where('userId', '=', userId)
    .execute();
  const view: WalletView = { balance: 0, quotas: emptyQuotas() };
  for (const r of rows) {
    if (r.account === 'balance') view.balance = Number(r.amount);
    else if (QuotaKind.safeParse(r.account).success) view.quotas[r.account as QuotaKind] = Number(r.amount);
  }
  return view;
}

export async function amountOf(db: Executor, userId: number, account: WalletAccount): Promise<number> {
  const row = await db
    .selectFrom('wallets')
    .select('amount')
    .where('userId', '=', userId)
    .where('account', '=', account)
    .executeTakeFirst();
  return Number(row?.amount ?? 0);
}

export async function listLedger(
  db: Db,
  userId: number,
  paging: PageQuery,
  filter: LedgerFilter,
): Promise<Page<LedgerEntry>> {
  let q = db.selectFrom('ledger').where('userId', '=', userId);
  if (filter.account) q = q.where('account', '=', filter.account);
  if (filter.reason) q = q.where('reason', '=', filter.reason);
  if (filter.from) q = q.where('createdAt', '>=', new Date(filter.from).toISOString());
  if (filter.to) q = q.where('createdAt', '<', new Date(filter.to).toISOString());
  return selectPage(q.selectAll().orderBy('id', 'desc'), paging, (r) => ({
    id: r.id,
    account: r.account as WalletAccount,
    delta: Number(r.delta),
    balanceAfter: Number(r.balanceAfter),
    reason: r.reason as LedgerReason,
    refType: r.refType,
    refId: r.refId,
    note: r.note,
    createdAt: r.createdAt,
  }));
}

/** Per account: wallet amount and ledger sum. They are equal unless something bypassed `applyDelta`. */
export async function auditUser(
  db: Executor,
  userId: number,
): Promise<Array<{ account: string; wallet: number; ledger: number }>> {
  const sums = await db
    .selectFrom('ledger')
    .select(['account', (eb) => eb.fn.sum<number>('delta').as('total')])
    .where('userId', '=', userId)
    .groupBy('account')
    .execute();
  const wallets = await db
    .selectFrom('wallets')
    .select(['account', 'amount'])
    .where('userId', '=', userId)
    .execute();
  const accounts = new Set([...sums.map((s) => s.account), ...wallets.map((w) => w.account)]);
  return [...accounts].sort().map((account) => ({
    account,
    wallet: Number(wallets.find((w) => w.account === account)?.amount ?? 0),
    ledger: Number(sums.find((s) => s.account === account)?.total ?? 0),
  }));
}
