import {
  type PaymentRequiredDetails,
  type PayWay,
  PriceEntry,
  priceKey,
  QUOTA_UNITS,
  type Quote,
  QuotaKind,
  SERVICE_LABELS,
  type ServiceKind,
} from '@paperdesk/contracts';
import { nowIso } from '../../db/index.ts';
import { badRequest, conflict, type DomainError, internal, notFound, paymentRequired } from '../../errors.ts';
import { claimFreeCheck, type FreeCheckPolicy, releaseFreeCheck } from './free-check.ts';
import { payOptionsIn } from './pay-options.ts';
import { amountOf, applyDelta, type Executor } from './ledger.ts';
import { yuan } from './time.ts';

export interface Amounts {
  /** Characters as counted by textkit (per_1000_chars prices and character quotas). */
  characters?: number | undefined;
  /** Papers, decks, messages (per_item prices and item quotas); default 1. */
  items?: number | undefined;
}

const MAX_CHARACTERS = 10_000_000;
const MAX_ITEMS = 10_000;

function checkAmounts(a: Amounts) {
  if (
    a.characters !== undefined &&
    (!Number.isSafeInteger(a.characters) || a.characters < 1 || a.characters > MAX_CHARACTERS)
  ) {
    throw badRequest('字数不合法');
  }
  if (a.items !== undefined && (!Number.isSafeInteger(a.items) || a.items < 1 || a.items > MAX_ITEMS)) {
    throw badRequest('数量不合法');
  }
}

/** Reads a price through the given executor (inside a transaction on SQLite there is one connection). */
export async function loadPrice(db: Executor, service: ServiceKind, edition: string): Promise<PriceEntry> {
  if (!QuotaKind.safeParse(service).success) throw badRequest(`未知的服务: ${service}`);
  const row = await db
    .selectFrom('sysConfig')
    .select('value')
    .where('key', '=', priceKey(service, edition))
    .executeTakeFirst();
  if (!row) throw badRequest(`「${SERVICE_LABELS[service]}」没有「${edition}」版本的价格`);
  const parsed = PriceEntry.safeParse(JSON.parse(row.value));
  if (!parsed.success) throw internal(`价格配置 ${priceKey(service, edition)} 格式错误`);
  return parsed.data;
}

export function priceQuote(service: ServiceKind, edition: string, price: PriceEntry, a: Amounts): Quote {
  checkAmounts(a);
  const perChars = price.unit === 'per_1000_chars';
  if (perChars && a.characters === undefined) throw badRequest('按字数计费的服务需要字数');
  const characters = a.characters ?? 0;
  const units = perChars ? Math.max(1, Math.ceil(characters / 1000)) : (a.items ?? 1);
  const fen = units * price.fen;
  return {
    service,
    edition,
    unit: price.unit,
    unitFen: price.fen,
    units,
    fen,
    characters: a.characters ?? null,
    items: perChars ? null : units,
    label: price.label,
    breakdown: perChars
      ? `${characters.toLocaleString('en-US')} 字（按 ${units} 千字计）× ${yuan(price.fen)}元/千字 = ${yuan(fen)} 元`
      : `${units} × ${yuan(price.fen)} 元 = ${yuan(fen)} 元`,
  };
}

/** Quota units a job needs: documents (per started `charsPerUnit` block), characters or items. */
export function quotaUnitsFor(service: ServiceKind, a: Amounts): number {
  const spec = QUOTA_UNITS[service];
  if (spec.unit === 'chars') return a.characters ?? 0;
  if (spec.unit === 'items') return a.items ?? 1;
  return Math.max(1, Math.ceil((a.characters ?? 0) / (spec.charsPerUnit ?? Number.POSITIVE_INFINITY)));
}

export interface ChargeInput extends Amounts {
  userId: number;
  service: ServiceKind;
  edition: string;
  /** The service record being paid for, e.g. `check` + 42. One standing charge per record. */
  recordType: string;
  recordId: string | number;
  /** Use today's free professional check when the account qualifies (check/professional only). Default true. */
  useFreeCheck?: boolean;
  /** Pay-per-record: the fulfilled order that paid for exactly this record; its price comes from the balance. */
  orderId?: number;
  /**
   * The way the user chose (issue 26). Absent: today's free check when it applies, else the balance — a quota is
   * never spent unless chosen. `recommended`: the cheapest available way (the chat, which has no confirm step).
   */
  pay?: PayWay | 'recommended' | undefined;
  note?: string;
}

export type ChargeSource = 'free' | 'quota' | 'balance' | 'quota+balance' | 'order';

export interface ChargeResult {
  chargeId: number;
  source: ChargeSource;
  /** Money taken from the balance (fen). */
  fen: number;
  quotaKind: ServiceKind;
  quotaUnits: number;
  quote: Quote;
}

export interface RefundInput {
  recordType: string;
  recordId: string | number;
  /**
   * Share of the charge to give back, 0 < share ≤ 1 (default 1): a service paid for results refunds the part it
   * did not deliver (降重 paragraphs that missed their target). Either way the charge is closed: one refund at most.
   */
  share?: number;
  /** Ledger note of the refund (default: 任务失败退还). */
  note?: string;
}

export interface RefundResult {
  refunded: boolean;
  fen: number;
  quotaUnits: number;
  free: boolean;
}

const isFreeEdition = (service: ServiceKind, edition: string) =>
  service === 'check' && edition === 'professional';

/** What to suggest when credit is short: the cheapest packages of the service and the exact top-up. */
async function shortfall(
  trx: Executor,
  input: ChargeInput,
  quote: Quote,
  needFen: number,
): Promise<DomainError> {
  const balanceFen = await amountOf(trx, input.userId, 'balance');
  const quotaAvailable = await amountOf(trx, input.userId, input.service);
  const packages = await trx
    .selectFrom('products')
    .select(['id', 'name', 'priceFen'])
    .where('quotaKind', '=', input.service)
    .where('active', '=', 1)
    .orderBy('priceFen')
    .limit(3)
    .execute();
  const details: PaymentRequiredDetails = {
    service: input.service,
    edition: input.edition,
    needFen,
    balanceFen,
    shortFen: Math.max(0, needFen - balanceFen),
    quotaKind: input.service,
    quotaNeeded: quotaUnitsFor(input.service, input),
    quotaAvailable,
    packages: packages.map((p) => ({ id: p.id, name: p.name, priceFen: Number(p.priceFen) })),
  };
  const label = SERVICE_LABELS[input.service];
  const buy = details.packages[0] ? `，或购买「${details.packages[0].name}」等${label}套餐` : '';
  return paymentRequired(
    `余额不足：本次需 ${yuan(needFen)} 元（${quote.breakdown}），当前余额 ${yuan(balanceFen)} 元。请充值 ${yuan(details.shortFen)} 元${buy}`,
    details,
  );
}

/** What every ledger entry of one charge shares: its owner, reason, record, note, and a key per account. */
interface ChargeEntries {
  base: { userId: number; reason: 'charge'; refType: string; refId: string; note: string };
  key: (account: string) => string;
}

/** The record's one standing charge, pending until the accounts are taken; 409 when it already has one. */
async function openCharge(trx: Executor, input: ChargeInput, recordId: string): Promise<number> {
  const created = await trx
    .insertInto('charges')
    .values({
      userId: input.userId,
      refType: input.recordType,
      refId: recordId,
      activeKey: `${input.recordType}:${recordId}`,
      service: input.service,
      edition: input.edition,
      characters: input.characters ?? null,
      items: input.items ?? null,
      source: 'pending',
      quotaKind: input.service,
      orderId: input.orderId ?? null,
      fen: 0,
      quotaUnits: 0,
      createdAt: nowIso(),
      refundedAt: null,
    })
    .onConflict((oc) => oc.column('activeKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) throw conflict('该记录已扣费，请勿重复提交');
  return created.id;
}

/** Pay-per-record: the fulfilled order for exactly this record paid into the balance; its amount leaves it. */
async function takeOrder(
  trx: Executor,
  input: ChargeInput & { orderId: number },
  quote: Quote,
  entries: ChargeEntries,
): Promise<number> {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'status', 'amountFen', 'pricedFen'])
    .where('id', '=', input.orderId)
    .where('userId', '=', input.userId)
    .where('kind', '=', 'record')
    .where('recordType', '=', input.recordType)
    .where('recordId', '=', entries.base.refId)
    .executeTakeFirst();
  if (!order) throw notFound('订单不存在');
  if (order.status !== 'fulfilled') throw paymentRequired('订单尚未支付完成');
  // the order paid the rest of the record's price on top of the balance; older orders paid all of it
  const fen = Number(order.pricedFen ?? order.amountFen);
  // the order was priced when it was made; what runs is priced now: an order never pays for other work
  if (fen !== quote.fen)
    throw conflict(
      `订单金额 ${yuan(fen)} 元与该记录现在的价格 ${yuan(quote.fen)} 元不一致（版本或字数已变），请重新下单`,
    );
  // an order is only made for a positive rest (order-draft.ts), so the whole price leaves the balance here
  return takeBalance(trx, input, quote, entries, fen);
}

/** Today's free professional check (see free-check.ts for who): true when this charge took it. */
async function takeFreeCheck(
  trx: Executor,
  input: ChargeInput,
  policy: FreeCheckPolicy,
  entries: ChargeEntries,
): Promise<boolean> {
  if (input.useFreeCheck === false || !isFreeEdition(input.service, input.edition)) return false;
  const claimed = await claimFreeCheck(trx, policy, {
    userId: input.userId,
    refType: input.recordType,
    refId: entries.base.refId,
  });
  if (!claimed) return false;
  await applyDelta(trx, {
    ...entries.base,
    reason: 'free_check',
    account: input.service,
    delta: 0,
    idemKey: entries.key('free'),
    note: '每日免费专业版查重',
  });
  return true;
}

/** The balance alone; 402 (with what to buy) when it is short. */
async function takeBalance(
  trx: Executor,
  input: ChargeInput,
  quote: Quote,
  entries: ChargeEntries,
  fen = quote.fen,
): Promise<number> {
  if (fen <= 0) return 0;
  const r = await applyDelta(trx, {
    ...entries.base,
    account: 'balance',
    delta: -fen,
    idemKey: entries.key('balance'),
  });
  if (!r.applied) throw await shortfall(trx, input, quote, fen);
  return fen;
}

/**
 * The package quota, as the user chose: every unit a document or item needs (402 when the quota is short); for a
 * character quota, what is left of it covers the first characters and the balance the rest.
 */
async function takeQuota(
  trx: Executor,
  input: ChargeInput,
  price: PriceEntry,
  quote: Quote,
  entries: ChargeEntries,
): Promise<{ fen: number; quotaUnits: number }> {
  const needed = quotaUnitsFor(input.service, input);
  const available = await amountOf(trx, input.userId, input.service);
  const chars = QUOTA_UNITS[input.service].unit === 'chars';
  const use = chars ? Math.min(available, needed) : needed;
  const take = () =>
    applyDelta(trx, {
      ...entries.base,
      account: input.service,
      delta: -use,
      idemKey: entries.key(input.service),
    });
  if (use <= 0 || !(await take()).applied) {
    const err = await shortfall(trx, input, quote, quote.fen);
    const unit = QUOTA_UNITS[input.service].label;
    throw paymentRequired(
      `套餐额度不足：本次需 ${needed.toLocaleString('en-US')} ${unit}，剩余 ${available.toLocaleString('en-US')} ${unit}。请改用余额或扫码支付`,
      err.details as PaymentRequiredDetails,
    );
  }
  const rest = needed - use;
  const restFen = rest > 0 ? priceQuote(input.service, input.edition, price, { characters: rest }).fen : 0;
  return { fen: await takeBalance(trx, input, quote, entries, restFen), quotaUnits: use };
}

/**
 * A re-run of a failed (refunded) record without a new choice is paid the way the user chose for it before: a
 * quota the user picked is picked again; anything else falls to the default (free check, else the balance).
 */
async function earlierWay(trx: Executor, input: ChargeInput, chargeId: number): Promise<PayWay | undefined> {
  const before = await trx
    .selectFrom('charges')
    .select('source')
    .where('refType', '=', input.recordType)
    .where('refId', '=', String(input.recordId))
    .where('id', '<', chargeId)
    .where('refundedAt', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return before?.source.startsWith('quota') ? 'quota' : undefined;
}

/** The way `recommended` stands for: the cheapest available now (a QR or nothing available falls to the balance). */
async function cheapestWay(
  trx: Executor,
  input: ChargeInput,
  price: PriceEntry,
  policy: FreeCheckPolicy,
): Promise<PayWay> {
  const o = await payOptionsIn(trx, input, price, policy, false);
  return o.recommended === 'free' || o.recommended === 'quota' ? o.recommended : 'balance';
}

/**
 * Charges a service record inside the caller's transaction, together with the record's own state
 * change, the way the user chose (`pay`): today's free professional check (see free-check.ts for who), the package
 * quota, or the balance; without a choice the free check when it applies, else the balance (never the quota). Throws 402 (with what to buy) when credit is short and 409 when the record already has
 * a standing charge; either way the caller's transaction rolls back.
 */
export async function chargeIn(
  trx: Executor,
  input: ChargeInput,
  policy: FreeCheckPolicy,
): Promise<ChargeResult> {
  const recordId = String(input.recordId);
  const price = await loadPrice(trx, input.service, input.edition);
  const quote = priceQuote(input.service, input.edition, price, input);
  const chargeId = await openCharge(trx, input, recordId);
  const entries: ChargeEntries = {
    base: {
      userId: input.userId,
      reason: 'charge',
      refType: input.recordType,
      refId: recordId,
      note: input.note ?? quote.label,
    },
    key: (account) => `charge:${chargeId}:${account}`,
  };

  let source: ChargeSource;
  let fen = 0;
  let quotaUnits = 0;
  if (input.orderId !== undefined) {
    fen = await takeOrder(trx, { ...input, orderId: input.orderId }, quote, entries);
    source = 'order';
  } else {
    const way =
      input.pay === 'recommended'
        ? await cheapestWay(trx, input, price, policy)
        : (input.pay ?? (await earlierWay(trx, input, chargeId)));
    if ((way === undefined || way === 'free') && (await takeFreeCheck(trx, input, policy, entries))) {
      source = 'free';
    } else if (way === 'free') {
      throw conflict('今日的免费检测不可用（已用过或不适用），请选择其他付款方式');
    } else if (way === 'quota') {
      ({ fen, quotaUnits } = await takeQuota(trx, input, price, quote, entries));
      source = fen > 0 ? 'quota+balance' : 'quota';
    } else {
      fen = await takeBalance(trx, input, quote, entries);
      source = 'balance';
    }
  }
  await trx.updateTable('charges').set({ source, fen, quotaUnits }).where('id', '=', chargeId).execute();
  return { chargeId, source, fen, quotaKind: input.service, quotaUnits, quote };
}

/**
 * Gives back what a record's standing charge took (quota, balance, today's free check), exactly once:
 * the charge row is released with a conditional update, and each ledger reversal has its own key.
 */
export async function refundIn(trx: Executor, input: RefundInput): Promise<RefundResult> {
  const refKey = `${input.recordType}:${String(input.recordId)}`;
  const charge = await trx
    .updateTable('charges')
    .set({ activeKey: null, refundedAt: nowIso() })
    .where('activeKey', '=', refKey)
    .returning(['id', 'userId', 'refType', 'refId', 'fen', 'quotaUnits', 'source'])
    .executeTakeFirst();
  if (!charge) return { refunded: false, fen: 0, quotaUnits: 0, free: false };
  const rows = await trx
    .selectFrom('ledger')
    .select(['account', 'delta', 'idemKey'])
    .where('idemKey', 'like', `charge:${charge.id}:%`)
    .orderBy('id')
    .execute();
  const share = Math.min(1, Math.max(0, input.share ?? 1));
  let fen = 0;
  let quotaUnits = 0;
  for (const row of rows) {
    const isFree = row.idemKey.endsWith(':free');
    // a free check is all or nothing; a paid amount is given back in proportion, rounded to whole fen / units
    const back = isFree || share === 1 ? -Number(row.delta) : -Math.round(Number(row.delta) * share);
    if (back === 0) continue;
    if (row.account === 'balance') fen += back;
    else if (!isFree) quotaUnits += back;
    await applyDelta(trx, {
      userId: charge.userId,
      account: row.account as QuotaKind | 'balance',
      delta: back,
      reason: 'refund',
      refType: charge.refType,
      refId: charge.refId,
      idemKey: `refund:${charge.id}:${isFree ? 'free' : row.account}`,
      note: isFree ? '退还每日免费查重' : (input.note ?? '任务失败退还'),
    });
  }
  const free = charge.source === 'free';
  if (share < 1) return { refunded: true, fen, quotaUnits, free: false };
  if (free)
    await releaseFreeCheck(trx, { userId: charge.userId, refType: charge.refType, refId: charge.refId });
  return { refunded: true, fen: Number(charge.fen), quotaUnits: Number(charge.quotaUnits), free };
}
