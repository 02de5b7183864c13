import { z } from 'zod';
import { ServiceKind } from './billing.ts';
import { group } from './endpoint.ts';

/**
 * How the user chose to pay for one record (issue 26): today's free 专业版 check, the package quota, or the
 * balance. A QR payment is an order (`create_order` with the record), which takes the balance first and asks by QR
 * only for the rest. A submit without `pay` never spends quota: the free check when it applies, else the balance.
 */
export const PayWay = z.enum(['free', 'quota', 'balance']);
export type PayWay = z.infer<typeof PayWay>;

/** The `pay` field of every paid service's submit (body or query). */
export const payField = PayWay.optional().describe(
  '付款方式（用户在确认页选择）：free 今日免费检测 / quota 套餐额度 / balance 余额；不填时不使用套餐额度',
);

/** Every way shown on the confirm page, QR included. */
export const PayOptionWay = z.enum(['free', 'quota', 'balance', 'qr']);
export type PayOptionWay = z.infer<typeof PayOptionWay>;

export const PayOption = z.object({
  way: PayOptionWay,
  available: z.boolean(),
  /** Why the way cannot be used now (null when it can). */
  reason: z.string().nullable(),
  balanceFen: z.number().int().describe('从余额扣的钱（分）'),
  qrFen: z.number().int().describe('扫码支付的钱（分）'),
  quotaUnits: z.number().int().describe('用掉的套餐额度（次/字/篇/份/条）'),
  quotaValueFen: z.number().int().describe('这些额度按套餐单价折合的钱（分）'),
  costFen: z.number().int().describe('这种方式的实际花费：余额 + 扫码 + 额度折价'),
});
export type PayOption = z.infer<typeof PayOption>;

export const PayOptionsQuery = z.object({
  recordType: z.string().min(1).max(32),
  recordId: z.coerce.number().int().positive(),
  edition: z.string().min(1).max(32).optional().describe('查重：确认页上选的版本（不填用记录上的）'),
});
export type PayOptionsQuery = z.infer<typeof PayOptionsQuery>;

/**
 * job_options: the same question for a job not yet created (AIGC检测's upload page names the way its button will
 * take before the record exists), from the service, its edition and the counted size.
 */
export const JobPayOptionsQuery = z.object({
  service: ServiceKind,
  edition: z.string().min(1).max(32),
  characters: z.coerce
    .number()
    .int()
    .min(0)
    .max(100_000_000)
    .optional()
    .describe('计费字符数（按字计价的服务）'),
  items: z.coerce.number().int().min(1).max(1000).optional().describe('篇/份/条数（按篇计价的服务）'),
});
export type JobPayOptionsQuery = z.infer<typeof JobPayOptionsQuery>;

export const PayOptions = z.object({
  service: ServiceKind,
  edition: z.string(),
  priceFen: z.number().int().describe('本次价格（分）'),
  breakdown: z.string(),
  balanceFen: z.number().int(),
  quotaAvailable: z.number().int(),
  quotaNeeded: z.number().int(),
  quotaUnit: z.string().describe('次 / 字 / 篇 / 份 / 条'),
  /** Fen one quota unit is worth: the cheapest on-sale package's price per unit (0 when none is sold). */
  quotaUnitValueFen: z.number(),
  options: z.array(PayOption),
  recommended: PayOptionWay.nullable().describe('花费最少的可用方式；都不可用时为 null'),
});
export type PayOptions = z.infer<typeof PayOptions>;

/** pay_api: the confirm page's question, how this record can be paid and what each way costs. */
export const payEndpoints = group('/api/order/pay_api', {
  pay_options: {
    summary:
      '一条待支付记录的各种付款方式及花费（今日免费、套餐额度、余额、余额+扫码补差），并给出最省钱的方式；不扣费',
    query: PayOptionsQuery,
    result: PayOptions,
  },
  job_options: {
    summary:
      '还没创建记录的一次任务（按服务、版本与字数）的各种付款方式及花费和最省钱的方式，供提交按钮说明将怎样付款；不扣费',
    query: JobPayOptionsQuery,
    result: PayOptions,
  },
});
