import type { PaymentFeature, PaymentProviderKind } from '@paperdesk/contracts';
import { type Config, paySandboxRequested } from '../../config.ts';
import { createAlipay } from './alipay.ts';
import { createSandboxPay, SANDBOX_NOTICE } from './sandbox.ts';
import type { PaymentProvider } from './types.ts';
import { createWechatPay } from './wechatpay.ts';

export { SANDBOX_NOTICE } from './sandbox.ts';
export * from './types.ts';

export const NOTIFY_PATH = '/api/order/order_info_api/f/notify';

/** The public `feature.payment` entry: which channels exist and whether payments are simulated. */
export function paymentFeature(providers: PaymentProvider[]): PaymentFeature {
  const sandbox = providers.some((p) => p.sandbox);
  return {
    providers: providers.map((p) => p.kind),
    sandbox,
    notice: sandbox ? SANDBOX_NOTICE : providers.length ? null : '暂未开通在线支付',
  };
}

/**
 * The enabled payment channels, default first: WeChat Pay and/or Alipay when configured, otherwise
 * the sandbox when opted in (PAY_SANDBOX=true, or development). The sandbox is never enabled next to
 * a real provider.
 */
export function createPaymentProviders(config: Config): Map<PaymentProviderKind, PaymentProvider> {
  const providers = new Map<PaymentProviderKind, PaymentProvider>();
  const base = config.PUBLIC_URL?.replace(/\/$/, '');
  const notifyUrl = (kind: string) => {
    if (!base) throw new Error('配置真实支付需要 PUBLIC_URL（支付结果通知地址）');
    return `${base}${NOTIFY_PATH}/${kind}`;
  };
  if (config.WECHATPAY_MCH_ID) {
    const need = {
      WECHATPAY_APP_ID: config.WECHATPAY_APP_ID,
      WECHATPAY_API_V3_KEY: config.WECHATPAY_API_V3_KEY,
      WECHATPAY_PRIVATE_KEY: config.WECHATPAY_PRIVATE_KEY,
      WECHATPAY_CERT_SERIAL: config.WECHATPAY_CERT_SERIAL,
    };
    const missing = Object.entries(need)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (missing.length) throw new Error(`微信支付配置不完整，缺少: ${missing.join(', ')}`);
    providers.set(
      'wechat',
      createWechatPay({
        mchId: config.WECHATPAY_MCH_ID,
        appId: config.WECHATPAY_APP_ID!,
        apiV3Key: config.WECHATPAY_API_V3_KEY!,
        privateKey: config.WECHATPAY_PRIVATE_KEY!,
        certSerial: config.WECHATPAY_CERT_SERIAL!,
        publicKey: config.WECHATPAY_PUBLIC_KEY,
        publicKeyId: config.WECHATPAY_PUBLIC_KEY_ID,
        platformCert: config.WECHATPAY_PLATFORM_CERT,
        apiBase: config.WECHATPAY_API_BASE,
        notifyUrl: notifyUrl('wechat'),
      }),
    );
  }
  if (config.ALIPAY_APP_ID) {
    if (!config.ALIPAY_PRIVATE_KEY || !config.ALIPAY_PUBLIC_KEY) {
      throw new Error('支付宝配置不完整，需要 ALIPAY_PRIVATE_KEY 与 ALIPAY_PUBLIC_KEY');
    }
    providers.set(
      'alipay',
      createAlipay({
        appId: config.ALIPAY_APP_ID,
        privateKey: config.ALIPAY_PRIVATE_KEY,
        alipayPublicKey: config.ALIPAY_PUBLIC_KEY,
        gateway: config.ALIPAY_GATEWAY,
        notifyUrl: notifyUrl('alipay'),
      }),
    );
  }
  if (!providers.size && paySandboxRequested(config)) providers.set('sandbox', createSandboxPay(base));
  return providers;
}
