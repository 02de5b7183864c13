import {
  type PayOption,
  type PayOptions,
  type PayOptionWay,
  type PriceEntry,
  QUOTA_UNITS,
  type ServiceKind,
} from '@paperdesk/contracts';
import { type Amounts, priceQuote, quotaUnitsFor } from './charge.ts';
import { type FreeCheckPolicy, freeCheckStatus } from './free-check.ts';
import { amountOf, type Executor } from './ledger.ts';
import { yuan } from './time.ts';

/**
 * What one job costs each way (issue 26): today's free check, the package quota, the balance, and the balance with
 * a QR payment for the rest. The confirm page shows these and preselects `recommended`; the charge takes the way the
 * user chose. A quota's cost is what its units are worth (the cheapest on-sale package's price per unit), so a
 * ¥29 single-use package is not the cheapest way to pay a ¥3 check.
 */

/** Fen one unit of a quota kind is worth: the lowest price per unit of the packages on sale (0 when none). */
export async function quotaUnitValue(db: Executor, kind: ServiceKind): Promise<number> {
  const rows = await db
    .selectFrom('products')
    .select(['priceFen', 'quotaAmount'])
    .where('quotaKind', '=', kind)
    .where('active', '=', 1)
    .execute();
  const values = rows
    .filter((r) => Number(r.quotaAmount) > 0)
    .map((r) => Number(r.priceFen) / Number(r.quotaAmount));
  return values.length ? Math.min(...values) : 0;
}

export interface PayOptionsInput extends Amounts {
  userId: number;
  service: ServiceKind;
  edition: string;
}

const isFreeEdition = (service: ServiceKind, edition: string) =>
  service === 'check' && edition === 'professional';

/** Ties go to the free check, then the quota the user bought for this, then the balance, then QR. */
const PREFERENCE: PayOptionWay[] = ['free', 'quota', 'balance', 'qr'];

function option(way: PayOptionWay, parts: Partial<PayOption> & { reason: string | null }): PayOption {
  const o = { balanceFen: 0, qrFen: 0, quotaUnits: 0, quotaValueFen: 0, ...parts };
  return {
    way,
    available: o.reason === null,
    reason: o.reason,
    balanceFen: o.balanceFen,
    qrFen: o.qrFen,
    quotaUnits: o.quotaUnits,
    quotaValueFen: o.quotaValueFen,
    costFen: o.balanceFen + o.qrFen + o.quotaValueFen,
  };
}

/** The quota way: whole units for documents and items; for characters the quota covers what it can, the balance the rest. */
function quotaOption(
  input: PayOptionsInput,
  price: PriceEntry,
  wallet: { balance: number; quota: number; unitValue: number },
): PayOption {
  const needed = quotaUnitsFor(input.service, input);
  const value = (units: number) => Math.round(units * wallet.unitValue);
  if (QUOTA_UNITS[input.service].unit === 'chars') {
    const use = Math.min(wallet.quota, needed);
    if (use <= 0) return option('quota', { reason: '没有可用的套餐额度' });
    const rest = needed - use;
    const restFen = rest > 0 ? priceQuote(input.service, input.edition, price, { characters: rest }).fen : 0;
    return option('quota', {
      quotaUnits: use,
      quotaValueFen: value(use),
      balanceFen: restFen,
      reason: restFen > wallet.balance ? '套餐额度不够，余额也不够补足' : null,
    });
  }
  if (wallet.quota < needed)
    return option('quota', {
      quotaUnits: needed,
      quotaValueFen: value(needed),
      reason: wallet.quota > 0 ? `套餐额度不足：需要 ${needed}，剩余 ${wallet.quota}` : '没有可用的套餐额度',
    });
  return option('quota', { quotaUnits: needed, quotaValueFen: value(needed), reason: null });
}

/** Every way to pay for the job and the cheapest one available, read through `db` (a transaction or the database). */
export async function payOptionsIn(
  db: Executor,
  input: PayOptionsInput,
  price: PriceEntry,
  policy: FreeCheckPolicy,
  qrEnabled: boolean,
): Promise<PayOptions> {
  const quote = priceQuote(input.service, input.edition, price, input);
  const balance = await amountOf(db, input.userId, 'balance');
  const quota = await amountOf(db, input.userId, input.service);
  const unitValue = await quotaUnitValue(db, input.service);
  const options: PayOption[] = [];
  if (isFreeEdition(input.service, input.edition)) {
    const free = await freeCheckStatus(db, input.userId, policy);
    options.push(
      option('free', {
        reason: free.eligible && free.availableToday ? null : (free.reason ?? '今日免费检测不可用'),
      }),
    );
  }
  options.push(quotaOption(input, price, { balance, quota, unitValue }));
  options.push(
    option('balance', {
      balanceFen: quote.fen,
      reason: balance >= quote.fen ? null : `余额不足：需 ${yuan(quote.fen)} 元，余额 ${yuan(balance)} 元`,
    }),
  );
  options.push(
    option('qr', {
      balanceFen: Math.min(balance, quote.fen),
      qrFen: Math.max(0, quote.fen - balance),
      reason: !qrEnabled ? '暂未开通在线支付' : balance >= quote.fen ? '余额已够，无需扫码' : null,
    }),
  );
  const recommended =
    options
      .filter((o) => o.available)
      .sort((a, b) => a.costFen - b.costFen || PREFERENCE.indexOf(a.way) - PREFERENCE.indexOf(b.way))[0]
      ?.way ?? null;
  return {
    service: input.service,
    edition: input.edition,
    priceFen: quote.fen,
    breakdown: quote.breakdown,
    balanceFen: balance,
    quotaAvailable: quota,
    quotaNeeded: quotaUnitsFor(input.service, input),
    quotaUnit: QUOTA_UNITS[input.service].label,
    quotaUnitValueFen: unitValue,
    options,
    recommended,
  };
}
