import type { OrderView, PaymentProviderKind, QuotaKind } from '@paperdesk/contracts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { badRequest, conflict, notFound, unavailable } from '../../errors.ts';
import type { PaymentProvider } from '../../integrations/payments/index.ts';
import { applyDelta, type Executor } from './ledger.ts';
import { type Credit, type Logger, toView } from './order-rows.ts';
import { yuan } from './time.ts';

export interface RefundRequest {
  /** Fen to return; omitted: all that is left of the order. */
  amountFen?: number | undefined;
  reason: string;
  /** Unique per refund request (the console sends one per dialog): a retry with it refunds nothing more. */
  idemKey: string;
  actorUserId?: number;
  inTrx?: (
    trx: Executor,
    change: {
      before: { refundedFen: number; status: string };
      after: { refundedFen: number; status: string };
    },
  ) => Promise<void>;
}

export interface RefundOutcome {
  order: OrderView;
  refundId: number;
  amountFen: number;
  /** The order's refunds so far, this one included. */
  refundedFen: number;
  /** True when `idemKey` had been used: the first refund's answer, nothing changed now. */
  replayed: boolean;
}

/**
 * Admin refund of a fulfilled order, whole (no `amountFen`: what is left) or partial. Exactly once per
 * `idemKey`: a repeated request answers the first refund and changes nothing. In one transaction: the
 * refund row, the order's running total raised by a guarded UPDATE (the sum never exceeds what was paid;
 * the order becomes `refunded` when it reaches it), and the credits taken back in proportion (refused if
 * already used). `inTrx` writes the caller's own record (the audit entry) in the same transaction. Then
 * the provider is asked to return the money.
 */
export async function refundOrder(
  deps: { db: Db; providers: Map<PaymentProviderKind, PaymentProvider>; log: Logger },
  orderId: number,
  input: RefundRequest,
): Promise<RefundOutcome> {
  const { db, providers, log } = deps;
  const done = await db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (!order) throw notFound('订单不存在');
    const paidFen = Number(order.amountFen);
    const beforeFen = Number(order.refundedFen);
    const inserted = await trx
      .insertInto('orderRefunds')
      .values({
        orderId,
        amountFen: Math.max(1, input.amountFen ?? paidFen - beforeFen),
        reason: input.reason,
        idemKey: input.idemKey,
        actorUserId: input.actorUserId ?? null,
        createdAt: nowIso(),
      })
      .onConflict((oc) => oc.column('idemKey').doNothing())
      .returning(['id', 'amountFen'])
      .executeTakeFirst();
    if (!inserted) {
      const first = await trx
        .selectFrom('orderRefunds')
        .select(['id', 'orderId', 'amountFen'])
        .where('idemKey', '=', input.idemKey)
        .executeTakeFirstOrThrow();
      if (Number(first.orderId) !== orderId) throw conflict('该退款请求编号已用于另一个订单');
      return {
        row: order,
        refundId: Number(first.id),
        amountFen: Number(first.amountFen),
        replayed: true,
      };
    }
    if (order.status === 'refunded') throw conflict('订单已全部退款');
    if (order.status !== 'fulfilled') throw conflict('只有已到账的订单可以退款');
    const amountFen = Number(inserted.amountFen);
    const leftFen = paidFen - beforeFen;
    if (amountFen > leftFen)
      throw badRequest(
        `退款金额 ${yuan(amountFen)} 元超过可退金额：该订单实付 ${yuan(paidFen)} 元，已退 ${yuan(beforeFen)} 元，最多还可退 ${yuan(leftFen)} 元`,
      );
    const afterFen = beforeFen + amountFen;
    const whole = afterFen === paidFen;
    const row = await trx
      .updateTable('orders')
      .set({
        refundedFen: afterFen,
        ...(whole ? { status: 'refunded' as const, refundedAt: nowIso() } : {}),
      })
      .where('id', '=', orderId)
      .where('status', '=', 'fulfilled')
      .where('refundedFen', '=', beforeFen)
      .returningAll()
      .executeTakeFirst();
    // another refund of this order committed in between: nothing of this one is kept
    if (!row) throw conflict('订单刚被另一笔退款修改，请刷新后重试');
    for (const c of JSON.parse(row.credits) as Credit[]) {
      // proportional, computed from the running totals so the last refund takes back exactly the rest
      const take = Math.round((c.amount * afterFen) / paidFen) - Math.round((c.amount * beforeFen) / paidFen);
      if (take === 0) continue;
      const res = await applyDelta(trx, {
        userId: row.userId,
        account: c.account as QuotaKind | 'balance',
        delta: -take,
        reason: 'order_refund',
        refType: 'order',
        refId: String(row.id),
        idemKey: `order_refund:${row.id}:${inserted.id}:${c.account}`,
        note: input.reason,
      });
      if (!res.applied)
        throw conflict(
          whole && beforeFen === 0
            ? '订单到账的额度或余额已被使用，无法整单退款'
            : '订单到账的额度或余额已被使用，无法按此金额退款',
        );
    }
    await input.inTrx?.(trx, {
      before: { refundedFen: beforeFen, status: order.status },
      after: { refundedFen: afterFen, status: row.status },
    });
    return { row, refundId: Number(inserted.id), amountFen, replayed: false };
  });
  const p = providers.get(done.row.provider);
  if (p?.refund && !done.replayed) {
    try {
      await p.refund(
        {
          orderNo: done.row.orderNo,
          amountFen: Number(done.row.amountFen),
          subject: done.row.subject,
          expiresAt: done.row.expiresAt,
          refundNo: `${done.row.orderNo}R${done.refundId}`,
          refundFen: done.amountFen,
        },
        input.reason,
      );
    } catch (err) {
      log.error({ err, orderNo: done.row.orderNo }, '渠道退款失败');
      throw unavailable('已退回额度并记下退款，但支付渠道退款失败，请在商户平台手动退款');
    }
  }
  return {
    order: toView(done.row),
    refundId: done.refundId,
    amountFen: done.amountFen,
    refundedFen: Number(done.row.refundedFen),
    replayed: done.replayed,
  };
}
