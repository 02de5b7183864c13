import { z } from 'zod';
import { QuotaKind } from './account.ts';

/**
 * Billing vocabulary shared by the server and the pages. A *service* is one of the paid features
 * (the same names as the quota kinds); an *edition* is a variant of it with its own price
 * (查重 普通版 / 专业版, 降重 普通 / 知网版 …). Prices live in `sys_config` under
 * `price.<service>.<edition>` so admins change them without a deploy.
 */
export const ServiceKind = QuotaKind;
export type ServiceKind = QuotaKind;

export const Edition = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[a-z][a-z0-9_]*$/, '版本名只能包含小写字母、数字和下划线');
export type Edition = z.infer<typeof Edition>;

export const PriceUnit = z.enum(['per_1000_chars', 'per_item']);
export type PriceUnit = z.infer<typeof PriceUnit>;

/** Value of a `price.<service>.<edition>` entry. */
export const PriceEntry = z.object({
  unit: PriceUnit.describe('per_1000_chars：每千字（不足千字按千字计）；per_item：每篇/每份/每条'),
  fen: z.number().int().min(0).max(10_000_000).describe('单价（分）'),
  label: z.string().max(100).describe('展示文字，如「专业版 1.5元/千字」'),
});
export type PriceEntry = z.infer<typeof PriceEntry>;

export const priceKey = (service: ServiceKind, edition: string) => `price.${service}.${edition}`;

/**
 * How each quota kind is counted. `times`: one unit covers one document up to `charsPerUnit`
 * characters (a longer one takes one unit per started block); `chars`: characters;
 * `items`: papers, decks or chat messages.
 */
export const QUOTA_UNITS: Record<
  ServiceKind,
  { unit: 'times' | 'chars' | 'items'; label: string; charsPerUnit?: number }
> = {
  check: { unit: 'times', label: '次', charsPerUnit: 30_000 },
  aigc_check: { unit: 'times', label: '次', charsPerUnit: 30_000 },
  rewrite: { unit: 'chars', label: '字' },
  aigc_rewrite: { unit: 'chars', label: '字' },
  writing: { unit: 'items', label: '篇' },
  ppt: { unit: 'items', label: '份' },
  chat: { unit: 'items', label: '条' },
};

export const SERVICE_LABELS: Record<ServiceKind, string> = {
  check: '论文查重',
  aigc_check: 'AIGC检测',
  rewrite: '降重',
  aigc_rewrite: '降AIGC',
  writing: 'AI写作',
  ppt: 'AI生成PPT',
  chat: 'AI助手',
};

/** Account a ledger row moves: the balance (fen) or one quota kind (its units). */
export const WalletAccount = z.union([z.literal('balance'), QuotaKind]);
export type WalletAccount = z.infer<typeof WalletAccount>;

export const LedgerReason = z.enum([
  'topup',
  'package',
  'order_payment',
  'charge',
  'refund',
  'free_check',
  'order_refund',
  'adjust',
]);
export type LedgerReason = z.infer<typeof LedgerReason>;

export const LedgerEntry = z.object({
  id: z.number().int(),
  account: WalletAccount.describe('balance：余额（分）；其余为对应服务的额度'),
  delta: z.number().int().describe('变动量：余额为分，额度为次/字/篇/份/条'),
  balanceAfter: z.number().int().describe('变动后的余额或额度'),
  reason: LedgerReason,
  refType: z.string().describe('关联对象类型：order 或服务记录类型（check、rewrite …）'),
  refId: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

/** Body of `query_ledger` (paging in the query string). */
export const LedgerFilter = z
  .object({
    account: WalletAccount.optional().describe('只看余额或某项额度'),
    reason: LedgerReason.optional(),
    from: z.iso.datetime({ offset: true }).optional().describe('起始时间（含），ISO-8601'),
    to: z.iso.datetime({ offset: true }).optional().describe('结束时间（不含），ISO-8601'),
  })
  .default({});
export type LedgerFilter = z.infer<typeof LedgerFilter>;

export const Quote = z.object({
  service: ServiceKind,
  edition: z.string(),
  unit: PriceUnit,
  unitFen: z.number().int(),
  units: z.number().int().describe('计费单位数（千字数或篇数）'),
  fen: z.number().int().describe('应付金额（分）'),
  characters: z.number().int().nullable(),
  items: z.number().int().nullable(),
  label: z.string(),
  breakdown: z.string().describe('如「12,345 字 × 1.5元/千字 = 19.50 元」'),
});
export type Quote = z.infer<typeof Quote>;

/** `result` of a 402 answer: what was missing and what would cover it. */
export const PaymentRequiredDetails = z.object({
  service: ServiceKind,
  edition: z.string(),
  needFen: z.number().int(),
  balanceFen: z.number().int(),
  shortFen: z.number().int().describe('还差多少（分）：充值这个数即可'),
  quotaKind: ServiceKind,
  quotaNeeded: z.number().int(),
  quotaAvailable: z.number().int(),
  packages: z.array(z.object({ id: z.number().int(), name: z.string(), priceFen: z.number().int() })),
});
export type PaymentRequiredDetails = z.infer<typeof PaymentRequiredDetails>;

/** Public `limit.topup` entry: preset top-up amounts and the allowed range (fen). */
export const TopUpLimits = z.object({
  presets: z.array(z.number().int().positive()),
  minFen: z.number().int().positive(),
  maxFen: z.number().int().positive(),
});
export type TopUpLimits = z.infer<typeof TopUpLimits>;

export const formatYuan = (fen: number) => (fen / 100).toFixed(2);
