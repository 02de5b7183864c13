import type { PaymentProviderKind, QuotaKind } from '@paperdesk/contracts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { NotifyRejected, type PaidNotice, type PaymentProvider } from '../../integrations/payments/index.ts';
import type { RecordTypeRegistration } from './order-draft.ts';
import { type Credit, creditReason, type Logger, type OrderRow } from './order-rows.ts';
import { applyDelta } from './ledger.ts';

/** While a page polls a pending order, the provider is asked directly at most this often. */
const QUERY_EVERY_MS = 5_000;

/**
 * An order's payment: created → paid when a verified notice (or the provider's answer to a query) says so, paid →
 * fulfilled with its credits, created → expired when its time is up; each step conditional, so replays and races
 * change nothing twice.
 */
export function createOrderPayments(deps: {
  db: Db;
  providers: Map<PaymentProviderKind, PaymentProvider>;
  recordTypes: Map<string, RecordTypeRegistration>;
  log: Logger;
}) {
  const { db, providers, recordTypes, log } = deps;
  const lastQuery = new Map<number, number>();

  async function byId(id: number): Promise<OrderRow | undefined> {
    return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** created → expired once the 15 minutes are up (conditional, so a payment that won the race stays paid). */
  async function expireIfDue(row: OrderRow): Promise<OrderRow> {
    if (row.status !== 'created' || row.expiresAt > nowIso()) return row;
    await db
      .updateTable('orders')
      .set({ status: 'expired' })
      .where('id', '=', row.id)
      .where('status', '=', 'created')
      .where('expiresAt', '<=', nowIso())
      .execute();
    return (await byId(row.id)) ?? row;
  }

  /**
   * Records a verified payment: created → paid (and expired → paid for a real provider: the money
   * was taken, so it is honoured). One payment row per order; a replay changes nothing.
   */
  async function recordPayment(
    row: OrderRow,
    notice: PaidNotice,
    opts: { allowExpired: boolean },
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const statuses: Array<OrderRow['status']> = opts.allowExpired ? ['created', 'expired'] : ['created'];
      let q = trx
        .updateTable('orders')
        .set({ status: 'paid', paidAt: nowIso() })
        .where('id', '=', row.id)
        .where('status', 'in', statuses);
      if (!opts.allowExpired) q = q.where('expiresAt', '>', nowIso());
      const res = await q.executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('payments')
        .values({
          orderId: row.id,
          provider: row.provider,
          tradeNo: notice.tradeNo,
          amountFen: notice.amountFen,
          raw: JSON.stringify(notice.raw).slice(0, 8000),
          createdAt: nowIso(),
        })
        .onConflict((oc) => oc.column('orderId').doNothing())
        .execute();
      return true;
    });
  }

  /** paid → fulfilled and the credits, in one transaction; safe to call any number of times. */
  async function fulfil(orderId: number): Promise<boolean> {
    const done = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('orders')
        .set({ status: 'fulfilled', fulfilledAt: nowIso() })
        .where('id', '=', orderId)
        .where('status', '=', 'paid')
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      for (const c of JSON.parse(row.credits) as Credit[]) {
        await applyDelta(trx, {
          userId: row.userId,
          account: c.account as QuotaKind | 'balance',
          delta: c.amount,
          reason: creditReason(row.kind),
          refType: 'order',
          refId: String(row.id),
          idemKey: `order:${row.id}:${c.account}`,
          note: row.subject,
        });
      }
      return row;
    });
    if (done?.kind === 'record' && done.recordType && done.recordId) {
      const reg = recordTypes.get(done.recordType);
      // awaited, so the poll that first reads 「fulfilled」 also finds the record submitted (pages refresh then)
      await reg
        ?.onPaid?.({ userId: done.userId, recordId: done.recordId, orderId: done.id })
        .catch((err: unknown) => {
          log.error({ err, orderId: done.id }, '按次支付订单到账后的回调失败');
        });
    }
    return !!done;
  }

  async function settle(row: OrderRow, notice: PaidNotice, allowExpired: boolean): Promise<void> {
    if (notice.orderNo !== row.orderNo) throw new NotifyRejected('订单号不匹配');
    if (notice.amountFen !== Number(row.amountFen)) {
      throw new NotifyRejected(`支付金额 ${notice.amountFen} 与订单金额 ${row.amountFen} 不一致`);
    }
    await recordPayment(row, notice, { allowExpired });
    await fulfil(row.id);
  }

  /** While the page polls: finish a fulfilment a crash interrupted, or ask the provider in case a notify was lost. */
  async function refresh(row: OrderRow): Promise<OrderRow> {
    if (row.status === 'paid') {
      await fulfil(row.id);
      return (await byId(row.id)) ?? row;
    }
    if (row.status !== 'created') return row;
    const p = providers.get(row.provider);
    const last = lastQuery.get(row.id) ?? 0;
    if (p?.query && Date.now() - last >= QUERY_EVERY_MS) {
      lastQuery.set(row.id, Date.now());
      try {
        const notice = await p.query(row.orderNo);
        if (notice?.paid) {
          await settle(row, notice, true);
          return (await byId(row.id)) ?? row;
        }
      } catch (err) {
        log.warn({ err, orderNo: row.orderNo }, '查询支付结果失败');
      }
    }
    return expireIfDue(row);
  }

  return { byId, expireIfDue, recordPayment, fulfil, settle, refresh };
}

export type OrderPayments = ReturnType<typeof createOrderPayments>;
