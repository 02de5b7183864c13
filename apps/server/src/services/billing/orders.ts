import { randomBytes } from 'node:crypto';
import {
  type CreateOrderInput,
  LIVE_SERVICES,
  type OrderCreated,
  type OrderFilter,
  type OrderView,
  type Page,
  type PageQuery,
  type PaymentMethod,
  type PaymentProviderKind,
  QUOTA_UNITS,
  type QuotaKind,
  SERVICE_LABELS,
  type ServiceKind,
  TopUpLimits,
} from '@paperdesk/contracts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { selectPage } from '../../db/paging.ts';
import type { OrdersTable } from '../../db/tables/billing.ts';
import { badRequest, conflict, notFound, unavailable } from '../../errors.ts';
import {
  type NotifyReply,
  type NotifyRequest,
  NotifyRejected,
  type PaidNotice,
  type PaymentProvider,
} from '../../integrations/payments/index.ts';
import { DEFAULT_TOPUP, TOPUP_KEY } from './catalogue.ts';
import { loadPrice, priceQuote } from './charge.ts';
import { applyDelta, type Executor } from './ledger.ts';
import { yuan } from './time.ts';

/** Unpaid orders expire after this long (the QR codes are given the same expiry at the provider). */
export const ORDER_TTL_MS = 15 * 60_000;
/** While a page polls a pending order, the provider is asked directly at most this often. */
const QUERY_EVERY_MS = 5_000;

export const PROVIDER_LABELS: Record<PaymentProviderKind, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  sandbox: '测试支付',
};

/** What a service tells billing about one of its records so it can be paid for by itself. */
export interface RecordPricing {
  service: ServiceKind;
  edition: string;
  characters?: number;
  items?: number;
  /** Order title, e.g. 「查重 专业版：毕业论文.docx」. */
  subject: string;
}

export interface RecordTypeRegistration {
  /** Price inputs of the user's record; throw `notFound()` when the record is not theirs. */
  resolve(userId: number, recordId: string): Promise<RecordPricing>;
  /** Called after the order is fulfilled (outside any transaction; failures are logged, not retried). */
  onPaid?(paid: { userId: number; recordId: string; orderId: number }): Promise<void>;
}

export interface Logger {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

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

type OrderRow = Omit<OrdersTable, 'id' | 'createdAt' | 'refundedFen'> & {
  id: number;
  createdAt: string;
  refundedFen: number;
};

interface Credit {
  account: string;
  amount: number;
  label: string;
}

function orderNo(): string {
  const t = new Date(Date.now() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `PD${t}${randomBytes(6).toString('hex')}`;
}

const creditReason = (kind: OrderRow['kind']) =>
  kind === 'package' ? 'package' : kind === 'topup' ? 'topup' : 'order_payment';

export function toView(row: OrderRow): OrderView {
  return {
    id: row.id,
    orderNo: row.orderNo,
    kind: row.kind,
    subject: row.subject,
    amountFen: Number(row.amountFen),
    status: row.status,
    provider: row.provider,
    providerLabel: PROVIDER_LABELS[row.provider],
    packageId: row.packageId === null ? null : Number(row.packageId),
    recordType: row.recordType,
    recordId: row.recordId,
    credits: JSON.parse(row.credits) as Credit[],
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    paidAt: row.paidAt,
    fulfilledAt: row.fulfilledAt,
  };
}

export function createOrders(deps: {
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
      reg
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

  async function topUpLimits(): Promise<TopUpLimits> {
    const row = await db
      .selectFrom('sysConfig')
      .select('value')
      .where('key', '=', TOPUP_KEY)
      .executeTakeFirst();
    const parsed = row ? TopUpLimits.safeParse(JSON.parse(row.value)) : null;
    return parsed?.success ? parsed.data : DEFAULT_TOPUP;
  }

  async function draft(userId: number, input: CreateOrderInput) {
    if (input.packageId !== undefined) {
      const p = await db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', input.packageId)
        .where('active', '=', 1)
        .executeTakeFirst();
      if (!p) throw notFound('套餐不存在或已下架');
      if (!LIVE_SERVICES.includes(p.service as QuotaKind)) throw conflict('该服务即将上线，暂不可购买');
      const kind = p.quotaKind as QuotaKind;
      return {
        kind: 'package' as const,
        subject: p.name,
        amountFen: Number(p.priceFen),
        packageId: p.id,
        credits: [
          {
            account: kind,
            amount: Number(p.quotaAmount),
            label: `${SERVICE_LABELS[kind]}额度 +${Number(p.quotaAmount).toLocaleString('en-US')} ${QUOTA_UNITS[kind].label}`,
          },
        ],
      };
    }
    if (input.topUpFen !== undefined) {
      const limits = await topUpLimits();
      if (input.topUpFen < limits.minFen || input.topUpFen > limits.maxFen) {
        throw badRequest(`充值金额需在 ${yuan(limits.minFen)}–${yuan(limits.maxFen)} 元之间`);
      }
      return {
        kind: 'topup' as const,
        subject: `账户充值 ${yuan(input.topUpFen)} 元`,
        amountFen: input.topUpFen,
        credits: [{ account: 'balance', amount: input.topUpFen, label: `余额 ${yuan(input.topUpFen)} 元` }],
      };
    }
    const recordType = input.recordType!;
    const recordId = String(input.recordId);
    const reg = recordTypes.get(recordType);
    if (!reg) throw badRequest(`不支持按次支付的记录类型: ${recordType}`);
    const pricing = await reg.resolve(userId, recordId);
    const quote = priceQuote(
      pricing.service,
      pricing.edition,
      await loadPrice(db, pricing.service, pricing.edition),
      pricing,
    );
    return {
      kind: 'record' as const,
      subject: pricing.subject.slice(0, 120),
      amountFen: quote.fen,
      recordType,
      recordId,
      credits: [
        {
          account: 'balance',
          amount: quote.fen,
          label: `${pricing.subject.slice(0, 60)}：${quote.breakdown}`,
        },
      ],
    };
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
      const d = await draft(userId, input);
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

    /**
     * Admin refund of a fulfilled order, whole (no `amountFen`: what is left) or partial. Exactly once per
     * `idemKey`: a repeated request answers the first refund and changes nothing. In one transaction: the
     * refund row, the order's running total raised by a guarded UPDATE (the sum never exceeds what was paid;
     * the order becomes `refunded` when it reaches it), and the credits taken back in proportion (refused if
     * already used). `inTrx` writes the caller's own record (the audit entry) in the same transaction. Then
     * the provider is asked to return the money.
     */
    async refund(orderId: number, input: RefundRequest): Promise<RefundOutcome> {
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
          const take =
            Math.round((c.amount * afterFen) / paidFen) - Math.round((c.amount * beforeFen) / paidFen);
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
    },
  };
}
export type Orders = ReturnType<typeof createOrders>;
