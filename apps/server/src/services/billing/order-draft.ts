import {
  type CreateOrderInput,
  QUOTA_UNITS,
  type QuotaKind,
  SERVICE_LABELS,
  type ServiceKind,
  TopUpLimits,
} from '@paperdesk/contracts';
import type { Db } from '../../db/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { DEFAULT_TOPUP, TOPUP_KEY } from './catalogue.ts';
import { loadPrice, priceQuote } from './charge.ts';
import { amountOf } from './ledger.ts';
import { yuan } from './time.ts';

/** What a service tells billing about one of its records so it can be paid for by itself. */
export interface RecordPricing {
  service: ServiceKind;
  edition: string;
  characters?: number;
  items?: number;
  /** Order title, e.g. 「查重 专业版：毕业论文.docx」. */
  subject: string;
}

/**
 * What the confirm page chose for a QR order beyond the record itself: the edition (查重's version, 降重's path as
 * its price edition) and 全文降重/降AIGC's targets. The paid order submits the record as it stands, so these are
 * written on it before the order prices it.
 */
export interface OrderTerms {
  edition?: string | undefined;
  targetSimilarity?: number | undefined;
  targetAigc?: number | undefined;
}

export interface RecordTypeRegistration {
  /**
   * Price inputs of the user's record; throw `notFound()` when the record is not theirs. `terms` are what the
   * confirm page chose for a QR order: the service fixes them on the record first (or refuses them).
   */
  resolve(userId: number, recordId: string, terms?: OrderTerms): Promise<RecordPricing>;
  /**
   * False for a record the paid order cannot submit by itself (论文写作 submits with the edited outline): its confirm
   * page offers no QR payment, and create_order refuses it.
   */
  qr?: boolean;
  /** Called after the order is fulfilled (outside any transaction; failures are logged, not retried). */
  onPaid?(paid: { userId: number; recordId: string; orderId: number }): Promise<void>;
}

async function topUpLimits(db: Db): Promise<TopUpLimits> {
  const row = await db
    .selectFrom('sysConfig')
    .select('value')
    .where('key', '=', TOPUP_KEY)
    .executeTakeFirst();
  const parsed = row ? TopUpLimits.safeParse(JSON.parse(row.value)) : null;
  return parsed?.success ? parsed.data : DEFAULT_TOPUP;
}

/** Whether a service can run now (one that needs a model has it configured), so its packages may be sold. */
export type OnSale = (service: QuotaKind) => Promise<boolean>;

/** What an order buys (a package, a top-up or one record) and its price, subject and credits; nothing is stored. */
export async function draftOrder(
  deps: { db: Db; recordTypes: Map<string, RecordTypeRegistration>; onSale: OnSale },
  userId: number,
  input: CreateOrderInput,
) {
  const { db, recordTypes } = deps;
  if (input.packageId !== undefined) {
    const p = await db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', input.packageId)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!p) throw notFound('套餐不存在或已下架');
    if (!(await deps.onSale(p.service as QuotaKind))) throw conflict('该服务的 AI 模型尚未配置，暂不可购买');
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
    const limits = await topUpLimits(db);
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
  if (!reg || reg.qr === false) throw badRequest(`不支持按次支付的记录类型: ${recordType}`);
  const terms: OrderTerms = {
    ...(input.edition ? { edition: input.edition } : {}),
    ...(input.targetSimilarity !== undefined ? { targetSimilarity: input.targetSimilarity } : {}),
    ...(input.targetAigc !== undefined ? { targetAigc: input.targetAigc } : {}),
  };
  const pricing = await reg.resolve(userId, recordId, Object.keys(terms).length > 0 ? terms : undefined);
  const quote = priceQuote(
    pricing.service,
    pricing.edition,
    await loadPrice(db, pricing.service, pricing.edition),
    pricing,
  );
  // the balance goes first; the QR asks only for the rest (issue 26), and the charge then takes the whole price
  const balance = await amountOf(db, userId, 'balance');
  const rest = quote.fen - balance;
  if (rest <= 0)
    throw conflict(`余额 ${yuan(balance)} 元已够支付本次 ${yuan(quote.fen)} 元，请直接用余额支付`);
  const label =
    balance > 0
      ? `${pricing.subject.slice(0, 60)}：${quote.breakdown}，余额抵扣 ${yuan(balance)} 元，扫码补 ${yuan(rest)} 元`
      : `${pricing.subject.slice(0, 60)}：${quote.breakdown}`;
  return {
    kind: 'record' as const,
    subject: pricing.subject.slice(0, 120),
    amountFen: rest,
    pricedFen: quote.fen,
    recordType,
    recordId,
    credits: [{ account: 'balance', amount: rest, label }],
  };
}
