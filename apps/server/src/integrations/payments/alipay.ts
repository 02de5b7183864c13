import { createPrivateKey } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import {
  type NotifyRequest,
  NotifyRejected,
  type PaidNotice,
  type PayableOrder,
  type PaymentProvider,
  pemFrom,
} from './types.ts';

/**
 * Alipay 当面付 (face-to-face) precreate through the official `alipay-sdk`: the QR text comes from
 * `alipay.trade.precreate`, answers are verified with the Alipay public key, and the asynchronous
 * notification (form-encoded) is verified with RSA2 before anything changes.
 */
export interface AlipayOptions {
  appId: string;
  /** Application private key: PEM (PKCS#1 or PKCS#8), a path, or bare base64 as the console hands it out. */
  privateKey: string;
  /** Alipay's public key (not the application's). */
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
}

const yuanText = (fen: number) => (fen / 100).toFixed(2);

/** `yyyy-MM-dd HH:mm:ss` in Beijing time, as Alipay wants for `time_expire`. */
const beijingTime = (iso: string) =>
  new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

function pkcs8(key: string): string {
  const pem = pemFrom(key, 'PRIVATE KEY');
  try {
    return createPrivateKey(pem).export({ type: 'pkcs8', format: 'pem' }).toString();
  } catch {
    // Bare base64 of a PKCS#1 key (the console's "非 Java" format).
    const der = Buffer.from(key.replace(/-----[^-]+-----|\s+/g, ''), 'base64');
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' })
      .export({ type: 'pkcs8', format: 'pem' })
      .toString();
  }
}

export function createAlipay(opts: AlipayOptions): PaymentProvider {
  const sdk = new AlipaySdk({
    appId: opts.appId,
    privateKey: pkcs8(opts.privateKey),
    keyType: 'PKCS8',
    alipayPublicKey: pemFrom(opts.alipayPublicKey, 'PUBLIC KEY'),
    gateway: opts.gateway,
    timeout: 10_000,
  });

  function toNotice(p: Record<string, unknown>): PaidNotice {
    const status = String(p.trade_status ?? p.tradeStatus ?? '');
    const total = String(p.total_amount ?? p.totalAmount ?? '0');
    return {
      orderNo: String(p.out_trade_no ?? p.outTradeNo ?? ''),
      tradeNo: String(p.trade_no ?? p.tradeNo ?? ''),
      amountFen: Math.round(Number(total) * 100),
      paid: status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED',
      raw: p,
    };
  }

  return {
    kind: 'alipay',
    label: '支付宝',
    sandbox: false,
    async createQr(order: PayableOrder) {
      const res = await sdk.exec(
        'alipay.trade.precreate',
        {
          notify_url: opts.notifyUrl,
          bizContent: {
            out_trade_no: order.orderNo,
            total_amount: yuanText(order.amountFen),
            subject: order.subject.slice(0, 256),
            time_expire: beijingTime(order.expiresAt),
          },
        },
        { validateSign: true },
      );
      if (res.code !== '10000' || typeof res.qrCode !== 'string') {
        throw new Error(`支付宝下单失败: ${String(res.code)} ${String(res.subMsg ?? res.msg ?? '')}`);
      }
      return res.qrCode;
    },
    async verifyNotify(req: NotifyRequest) {
      const params = Object.fromEntries(new URLSearchParams(req.rawBody.toString('utf8')));
      if (!params.sign) throw new NotifyRejected('缺少签名');
      if (!sdk.checkNotifySignV2(params)) throw new NotifyRejected('支付宝签名验证失败');
      if (params.app_id !== opts.appId) throw new NotifyRejected('AppID 不匹配');
      return toNotice(params);
    },
    notifyReply: {
      ok: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
      fail: () => ({ status: 400, contentType: 'text/plain; charset=utf-8', body: 'failure' }),
    },
    async query(orderNo) {
      const res = await sdk.exec(
        'alipay.trade.query',
        { bizContent: { out_trade_no: orderNo } },
        { validateSign: true },
      );
      if (res.code !== '10000') return null;
      return toNotice(res as Record<string, unknown>);
    },
    async refund(order, reason) {
      const res = await sdk.exec(
        'alipay.trade.refund',
        {
          bizContent: {
            out_trade_no: order.orderNo,
            refund_amount: yuanText(order.refundFen),
            out_request_no: order.refundNo,
            refund_reason: reason,
          },
        },
        { validateSign: true },
      );
      if (res.code !== '10000')
        throw new Error(`支付宝退款失败: ${String(res.code)} ${String(res.subMsg ?? res.msg ?? '')}`);
    },
  };
}
