import type { PaymentProvider } from './types.ts';

/** What pages and the sandbox pay page say while payments are only simulated. */
export const SANDBOX_NOTICE = '测试支付：未配置真实支付渠道，付款为模拟，不会扣款';

/**
 * The embedded default when no real provider is configured: the QR opens this server's pay page
 * (`/m/pay/<orderNo>`), whose button marks the order paid. No money moves; it is labelled 测试支付
 * everywhere, runs only when opted in (PAY_SANDBOX=true, or development) and never next to WeChat Pay
 * or Alipay.
 */
export function createSandboxPay(publicUrl: string | undefined): PaymentProvider {
  return {
    kind: 'sandbox',
    label: '测试支付',
    sandbox: true,
    async createQr(order, origin) {
      return `${publicUrl ?? origin}/m/pay/${order.orderNo}`;
    },
  };
}
