import { z } from 'zod';
import { LedgerEntry, LedgerFilter } from './billing.ts';
import { group } from './endpoint.ts';
import { IdQuery, PageQuery, page } from './paging.ts';
import { targetField } from './reduce-target.ts';

/** `order_info_api`: orders for packages, top-ups and pay-per-record. Amounts in fen. */
export const TOPUP_MAX_FEN = 500_000;

export const PaymentProviderKind = z.enum(['wechat', 'alipay', 'sandbox']);
export type PaymentProviderKind = z.infer<typeof PaymentProviderKind>;

export const OrderKind = z.enum(['package', 'topup', 'record']);
export type OrderKind = z.infer<typeof OrderKind>;

export const OrderStatus = z.enum(['created', 'paid', 'fulfilled', 'expired', 'refunded']);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  created: '待支付',
  paid: '已支付',
  fulfilled: '已到账',
  expired: '已过期',
  refunded: '已退款',
};

const positiveFen = z
  .number({ error: '金额必须是数字' })
  .int('金额必须是整数（单位：分）')
  .positive('金额必须大于 0')
  .max(TOPUP_MAX_FEN, `单笔充值最多 ${TOPUP_MAX_FEN / 100} 元`);

/** Exactly one of: a package, a top-up amount, or a service record to pay for. */
export const CreateOrderInput = z
  .object({
    packageId: z.number().int().positive().optional().describe('购买的套餐 ID'),
    topUpFen: positiveFen.optional().describe('充值金额（分），正整数'),
    recordType: z.string().min(1).max(32).optional().describe('按次支付：服务记录类型，如 check'),
    recordId: z
      .union([z.number().int().positive(), z.string().min(1).max(64)])
      .optional()
      .describe('按次支付：记录 ID'),
    provider: PaymentProviderKind.optional().describe('支付方式；不填用默认方式'),
    edition: z
      .string()
      .min(1)
      .max(32)
      .optional()
      .describe(
        '按次支付：确认页上选的版本（查重普通版/专业版；全文降重/降AIGC 为改写方式的价格版本 standard/cnki/model）；记录按它计价，下单后不能再改',
      ),
    targetSimilarity: targetField('复制比').describe(
      '按次支付全文降重/降AIGC：确认页上的复制比目标 %；支付后按它改写，下单后不能再改（两个目标都不填则用记录上的）',
    ),
    targetAigc: targetField('AIGC 疑似度').describe(
      '按次支付全文降重/降AIGC：确认页上的 AIGC 疑似度目标 %；支付后按它改写，下单后不能再改',
    ),
  })
  .refine(
    (v) =>
      [v.packageId !== undefined, v.topUpFen !== undefined, v.recordType !== undefined].filter(Boolean)
        .length === 1,
    { message: '请选择套餐、充值金额或要支付的记录（三选一）' },
  )
  .refine((v) => (v.recordType === undefined) === (v.recordId === undefined), {
    message: '按次支付需要同时提供 recordType 和 recordId',
  });
export type CreateOrderInput = z.infer<typeof CreateOrderInput>;

export const OrderView = z.object({
  id: z.number().int(),
  orderNo: z.string().describe('商户订单号'),
  kind: OrderKind,
  subject: z.string().describe('订单标题'),
  amountFen: z.number().int(),
  status: OrderStatus,
  provider: PaymentProviderKind,
  providerLabel: z.string().describe('微信支付 / 支付宝 / 测试支付'),
  packageId: z.number().int().nullable(),
  recordType: z.string().nullable(),
  recordId: z.string().nullable(),
  credits: z
    .array(z.object({ account: z.string(), amount: z.number().int(), label: z.string() }))
    .describe('支付后到账的内容'),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  fulfilledAt: z.string().nullable(),
});
export type OrderView = z.infer<typeof OrderView>;

/** `create_order` answer: the order plus the text to show as a payment QR code. */
export const OrderCreated = OrderView.extend({
  qrCode: z.string().describe('支付二维码内容（微信 code_url、支付宝 qr_code 或测试支付页面链接）'),
  sandbox: z.boolean().describe('是否为测试支付（不产生真实扣款）'),
});
export type OrderCreated = z.infer<typeof OrderCreated>;

export const OrderFilter = z
  .object({ status: OrderStatus.optional(), kind: OrderKind.optional() })
  .nullable()
  .optional()
  .transform((v) => v ?? {});
export type OrderFilter = z.infer<typeof OrderFilter>;

export const PaymentMethod = z.object({
  provider: PaymentProviderKind,
  label: z.string(),
  sandbox: z.boolean(),
  default: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** Public config `feature.payment` (written by the server at start): whether payments are real or simulated. */
export const PAYMENT_FEATURE_KEY = 'feature.payment';
export const PaymentFeature = z.object({
  providers: z.array(PaymentProviderKind).describe('可用的支付渠道，默认在前'),
  sandbox: z.boolean().describe('true：测试支付，付款为模拟，不会扣款'),
  notice: z.string().nullable().describe('页面应显示的提示（测试支付或未开通在线支付时）'),
});
export type PaymentFeature = z.infer<typeof PaymentFeature>;

export const SandboxPayInput = z.object({ orderNo: z.string().min(8).max(64) });

export const RefundOrderInput = z
  .object({ reason: z.string().min(1).max(80).default('用户申请退款') })
  .optional();

/**
 * order_info_api: the calls of the pay dialog, the account centre, the sandbox pay page and the admin's whole-order
 * refund (the gateways' notify callbacks and the pay page itself are the server's own).
 */
export const orderEndpoints = group('/api/order/order_info_api', {
  create_order: {
    summary: '下单：套餐（packageId）、充值（topUpFen，分）或按次支付某条记录（recordType + recordId）',
    body: CreateOrderInput,
    result: OrderCreated,
  },
  load_by_id: {
    summary:
      '订单状态（支付页轮询）：created 待支付 / paid 已支付 / fulfilled 已到账 / expired 已过期 / refunded 已退款',
    query: IdQuery,
    result: OrderView,
  },
  query_list: {
    summary: '我的订单（分页在查询参数，筛选在请求体）',
    query: PageQuery,
    body: OrderFilter,
    result: page(OrderView),
  },
  query_ledger: {
    summary: '账户流水：余额与各项额度的每一笔变动（分页在查询参数，筛选在请求体）',
    query: PageQuery,
    body: LedgerFilter.nullable().optional(),
    result: page(LedgerEntry),
  },
  payment_methods: {
    path: 'f/payment_methods',
    access: 'guest',
    summary: '可用的支付方式（测试支付仅在未配置真实支付时出现）',
    result: z.array(PaymentMethod),
  },
  refund: {
    access: 'admin',
    summary: '管理员：整单退款（收回到账的额度或余额，再由支付渠道退款）',
    query: IdQuery,
    body: RefundOrderInput,
    result: OrderView,
  },
  sandbox_pay: {
    path: 'f/sandbox_pay',
    access: 'guest',
    summary: '测试支付：支付页的「确认支付」按钮（仅未配置真实支付时可用）',
    body: SandboxPayInput,
    result: OrderView,
  },
});
