import type { PaymentProvider } from './types.ts';

/**
 * The embedded default when no real provider is configured: the QR opens this server's pay page
 * (`/m/pay/<orderNo>`), whose button marks the order paid. No money moves; it is labelled 测试支付
 * everywhere and switched off as soon as WeChat Pay or Alipay is configured.
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
