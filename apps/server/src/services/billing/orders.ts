import { randomBytes } from 'node:crypto';
import type {
  CreateOrderInput,
  OrderCreated,
  OrderFilter,
  OrderView,
  Page,
  PageQuery,
  PaymentMethod,
  PaymentProviderKind,
} from '@paperdesk/contracts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { selectPage } from '../../db/paging.ts';
import { badRequest, conflict, notFound, unavailable } from '../../errors.ts';
import {
  type NotifyReply,
  type NotifyRequest,
  NotifyRejected,
  type PaymentProvider,
} from '../../integrations/payments/index.ts';
import { draftOrder, type OnSale, type RecordTypeRegistration } from './order-draft.ts';
import { createOrderPayments } from './order-payments.ts';
import { type RefundOutcome, type RefundRequest, refundOrder } from './order-refunds.ts';
import { type Logger, type OrderRow, PROVIDER_LABELS, toView } from './order-rows.ts';

/** Unpaid orders expire after this long (the QR codes are given the same expiry at the provider). */
export const ORDER_TTL_MS = 15 * 60_000;

function orderNo(): string {
  const t = new Date(Date.now() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `PD${t}${randomBytes(6).toString('hex')}`;
}

/**
 * Orders: what one buys (order-draft.ts), its QR code at the provider, its payment and fulfilment
 * (order-payments.ts), the user's list and the admin's refund (order-refunds.ts).
 */
export function createOrders(deps: {
  db: Db;
  providers: Map<PaymentProviderKind, PaymentProvider>;
  recordTypes: Map<string, RecordTypeRegistration>;
  log: Logger;
  onSale: OnSale;
}) {
  const { db, providers, recordTypes, log } = deps;
  const { byId, expireIfDue, recordPayment, fulfil, settle, refresh } = createOrderPayments(deps);

  async function ownOrder(userId: number, id: number): Promise<OrderRow> {
    const row = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound('订单不存在');
    return row;
  }

  function provider(kind: PaymentProviderKind | undefined): PaymentProvider {
    const first = providers.values().next().value;
    if (!first) throw unavailable('暂未开通在线支付，请联系管理员');
    if (!kind) return first;
    const p = providers.get(kind);
    if (!p) throw badRequest(`支付方式「${PROVIDER_LABELS[kind]}」未启用`);
    return p;
  }

  return {
    fulfil,
    recordPayment,
    byId,

    paymentMethods(): PaymentMethod[] {
      return [...providers.values()].map((p, i) => ({
        provider: p.kind,
        label: p.label,
        sandbox: p.sandbox,
        default: i === 0,
      }));
    },

    async create(userId: number, input: CreateOrderInput, origin: string): Promise<OrderCreated> {
      const p = provider(input.provider);
      const d = await draftOrder({ db, recordTypes, onSale: deps.onSale }, userId, input);
      if (d.kind === 'record') {
        // A double-clicked 「支付」 reuses the open order for the same record.
        const open = await db
          .selectFrom('orders')
          .selectAll()
          .where('userId', '=', userId)
          .where('kind', '=', 'record')
          .where('recordType', '=', d.recordType)
          .where('recordId', '=', d.recordId)
          .where('provider', '=', p.kind)
          .where('status', '=', 'created')
          .where('amountFen', '=', d.amountFen)
          .where('expiresAt', '>', new Date(Date.now() + 60_000).toISOString())
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (open?.qrCode) return { ...toView(open), qrCode: open.qrCode, sandbox: p.sandbox };
      }
      const row = await db
        .insertInto('orders')
        .values({
          orderNo: orderNo(),
          userId,
          kind: d.kind,
          subject: d.subject,
          amountFen: d.amountFen,
          status: 'created',
          provider: p.kind,
          packageId: 'packageId' in d ? d.packageId : null,
          recordType: 'recordType' in d ? d.recordType : null,
          recordId: 'recordId' in d ? d.recordId : null,
          pricedFen: 'pricedFen' in d ? d.pricedFen : null,
          credits: JSON.stringify(d.credits),
          qrCode: '',
          createdAt: nowIso(),
          expiresAt: new Date(Date.now() + ORDER_TTL_MS).toISOString(),
          paidAt: null,
          fulfilledAt: null,
          refundedAt: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      let qrCode: string;
      try {
        qrCode = await p.createQr(
          {
            orderNo: row.orderNo,
            amountFen: Number(row.amountFen),
            subject: row.subject,
            expiresAt: row.expiresAt,
          },
          origin,
        );
      } catch (err) {
        log.error({ err, orderNo: row.orderNo }, '支付渠道下单失败');
        await db
          .updateTable('orders')
          .set({ status: 'expired' })
          .where('id', '=', row.id)
          .where('status', '=', 'created')
          .execute();
        throw unavailable(`${p.label}暂时不可用，请稍后重试或换一种支付方式`);
      }
      await db.updateTable('orders').set({ qrCode }).where('id', '=', row.id).execute();
      return { ...toView({ ...row, qrCode }), qrCode, sandbox: p.sandbox };
    },

    async load(userId: number, id: number): Promise<OrderView> {
      return toView(await refresh(await ownOrder(userId, id)));
    },

    async list(userId: number, paging: PageQuery, filter: OrderFilter): Promise<Page<OrderView>> {
      await db
        .updateTable('orders')
        .set({ status: 'expired' })
        .where('userId', '=', userId)
        .where('status', '=', 'created')
        .where('expiresAt', '<=', nowIso())
        .execute();
      let q = db.selectFrom('orders').where('userId', '=', userId);
      if (filter.status) q = q.where('status', '=', filter.status);
      if (filter.kind) q = q.where('kind', '=', filter.kind);
      return selectPage(q.selectAll().orderBy('id', 'desc'), paging, toView);
    },

    /** For other groups' `check_order_id`: the user's order for exactly this record, refreshed. */
    async confirmRecordOrder(
      userId: number,
      orderId: number,
      recordType: string,
      recordId: string | number,
    ): Promise<OrderView> {
      const row = await ownOrder(userId, orderId);
      if (row.kind !== 'record' || row.recordType !== recordType || row.recordId !== String(recordId)) {
        throw notFound('订单与该记录不符');
      }
      return toView(await refresh(row));
    },

    /** A provider's callback: verify, then record and fulfil. Never throws; answers in the provider's format. */
    async handleNotify(
      kind: PaymentProviderKind,
      req: NotifyRequest,
      reqLog: Logger = log,
    ): Promise<NotifyReply> {
      const p = providers.get(kind);
      if (!p?.verifyNotify || !p.notifyReply)
        return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'not enabled' };
      try {
        const notice = await p.verifyNotify(req);
        const row = await db
          .selectFrom('orders')
          .selectAll()
          .where('orderNo', '=', notice.orderNo)
          .where('provider', '=', kind)
          .executeTakeFirst();
        if (!row) throw new NotifyRejected(`订单 ${notice.orderNo} 不存在`);
        if (notice.paid) await settle(row, notice, true);
        return p.notifyReply.ok;
      } catch (err) {
        if (err instanceof NotifyRejected) {
          reqLog.warn({ provider: kind, reason: err.message }, '拒绝支付通知');
          return p.notifyReply.fail(err.message);
        }
        reqLog.error({ err, provider: kind }, '处理支付通知失败');
        return p.notifyReply.fail('处理失败，请重试');
      }
    },

    /** The sandbox pay page's button. Only while the sandbox is the enabled provider. */
    async sandboxPay(orderNumber: string): Promise<OrderView> {
      if (!providers.get('sandbox')) throw notFound('测试支付未启用');
      const found = await db
        .selectFrom('orders')
        .selectAll()
        .where('orderNo', '=', orderNumber)
        .executeTakeFirst();
      if (found?.provider !== 'sandbox') throw notFound('订单不存在');
      const row = await expireIfDue(found as OrderRow);
      if (row.status === 'expired') throw conflict('订单已过期，请回到电脑上重新下单');
      if (row.status === 'refunded') throw conflict('订单已退款');
      if (row.status === 'created') {
        await settle(
          row,
          {
            orderNo: row.orderNo,
            tradeNo: `SANDBOX-${row.orderNo}`,
            amountFen: Number(row.amountFen),
            paid: true,
            raw: { sandbox: true },
          },
          false,
        );
      } else if (row.status === 'paid') {
        await fulfil(row.id);
      }
      const after = (await byId(row.id))!;
      if (after.status === 'expired') throw conflict('订单已过期，请回到电脑上重新下单');
      return toView(after);
    },

    async sandboxOrder(orderNumber: string): Promise<OrderView | null> {
      if (!providers.get('sandbox')) return null;
      const row = await db
        .selectFrom('orders')
        .selectAll()
        .where('orderNo', '=', orderNumber)
        .executeTakeFirst();
      return row && row.provider === 'sandbox' ? toView(await expireIfDue(row)) : null;
    },

    /** Orders a crash left paid but not fulfilled (start-up recovery). */
    async unfulfilled(): Promise<number[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'paid')
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Admin refund of a fulfilled order, whole or partial, exactly once per `idemKey` (order-refunds.ts). */
    refund: (orderId: number, input: RefundRequest): Promise<RefundOutcome> =>
      refundOrder({ db, providers, log }, orderId, input),
  };
}
export type Orders = ReturnType<typeof createOrders>;
