import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
  X509Certificate,
} from 'node:crypto';
import {
  type NotifyRequest,
  NotifyRejected,
  type PaidNotice,
  type PayableOrder,
  type PaymentProvider,
  pemFrom,
} from './types.ts';

/**
 * WeChat Pay API v3, Native (scan-to-pay) mode, talking HTTP directly with node:crypto:
 * requests are signed with the merchant key (`WECHATPAY2-SHA256-RSA2048`), answers and callbacks are
 * verified with the WeChat Pay public key (or the platform certificate), and the callback resource is
 * decrypted with the APIv3 key (AEAD_AES_256_GCM).
 */
export interface WechatPayOptions {
  mchId: string;
  appId: string;
  /** 32-byte APIv3 key. */
  apiV3Key: string;
  /** Merchant API private key (PEM, path or base64) and its certificate serial number. */
  privateKey: string;
  certSerial: string;
  /** WeChat Pay public key and its id (`PUB_KEY_ID_…`), the current verification method … */
  publicKey?: string | undefined;
  publicKeyId?: string | undefined;
  /** … or a platform certificate (PEM or path); its serial is read from the certificate. */
  platformCert?: string | undefined;
  apiBase: string;
  notifyUrl: string;
  /** Reject callbacks whose timestamp is further than this from now (replay window). */
  maxSkewSeconds?: number;
}

const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

const header = (h: NotifyRequest['headers'], name: string) => {
  const v = h[name] ?? h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/** RFC 3339 in Beijing time, as WeChat wants for `time_expire`. */
export function beijingRfc3339(iso: string): string {
  const t = new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 19);
  return `${t}+08:00`;
}

export function createWechatPay(opts: WechatPayOptions): PaymentProvider {
  const privateKey = createPrivateKey(pemFrom(opts.privateKey, 'PRIVATE KEY'));
  if (Buffer.byteLength(opts.apiV3Key) !== 32) throw new Error('WECHATPAY_API_V3_KEY 必须是 32 字节');
  const verifiers = new Map<string, KeyObject>();
  if (opts.publicKey) {
    if (!opts.publicKeyId) throw new Error('使用微信支付公钥时需要 WECHATPAY_PUBLIC_KEY_ID');
    verifiers.set(opts.publicKeyId, createPublicKey(pemFrom(opts.publicKey, 'PUBLIC KEY')));
  }
  if (opts.platformCert) {
    const cert = new X509Certificate(pemFrom(opts.platformCert, 'CERTIFICATE'));
    verifiers.set(cert.serialNumber.toUpperCase(), cert.publicKey);
  }
  if (!verifiers.size)
    throw new Error('微信支付需要 WECHATPAY_PUBLIC_KEY（及 _ID）或 WECHATPAY_PLATFORM_CERT 用于验签');
  const maxSkew = opts.maxSkewSeconds ?? 300;

  function authorization(method: string, pathWithQuery: string, body: string): string {
    const timestamp = Math.floor(Date.now() / 1000).toString();
    const nonce = randomBytes(16).toString('hex');
    const message = `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
    const signature = createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
    return `${AUTH_SCHEMA} mchid="${opts.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${opts.certSerial}"`;
  }

  /** Verifies `Wechatpay-*` headers over the exact body text (answers and callbacks alike). */
  function verify(headers: NotifyRequest['headers'], body: string): void {
    const serial = header(headers, 'wechatpay-serial');
    const signature = header(headers, 'wechatpay-signature');
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    if (!serial || !signature || !timestamp || !nonce) throw new NotifyRejected('缺少微信支付签名头');
    const key = verifiers.get(serial) ?? verifiers.get(serial.toUpperCase());
    if (!key) throw new NotifyRejected(`未知的微信支付验签密钥 ${serial}`);
    const ts = Number(timestamp);
    if (!Number.isFinite(ts) || Math.abs(Date.now() / 1000 - ts) > maxSkew)
      throw new NotifyRejected('签名时间戳超出允许范围');
    const ok = createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .verify(key, signature, 'base64');
    if (!ok) throw new NotifyRejected('微信支付签名验证失败');
  }

  async function call(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    payload?: unknown,
  ): Promise<{ status: number; data: Record<string, unknown> }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const res = await fetch(new URL(pathWithQuery, opts.apiBase), {
      method,
      headers: {
        authorization: authorization(method, pathWithQuery, body),
        accept: 'application/json',
        'user-agent': 'paperdesk/1.0',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { body }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (res.status < 300) verify(Object.fromEntries(res.headers), text);
    const data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    return { status: res.status, data };
  }

  function decrypt(resource: { ciphertext: string; nonce: string; associated_data?: string }): string {
    const raw = Buffer.from(resource.ciphertext, 'base64');
    if (raw.length < 17) throw new NotifyRejected('密文长度不正确');
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(opts.apiV3Key), Buffer.from(resource.nonce));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? ''));
    try {
      return Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new NotifyRejected('通知内容解密失败');
    }
  }

  function toNotice(tx: Record<string, unknown>): PaidNotice {
    if (tx.mchid !== undefined && tx.mchid !== opts.mchId) throw new NotifyRejected('商户号不匹配');
    if (tx.appid !== undefined && tx.appid !== opts.appId) throw new NotifyRejected('AppID 不匹配');
    const amount = tx.amount as { total?: number } | undefined;
    return {
      orderNo: String(tx.out_trade_no ?? ''),
      tradeNo: String(tx.transaction_id ?? ''),
      amountFen: Number(amount?.total ?? 0),
      paid: tx.trade_state === 'SUCCESS',
      raw: tx,
    };
  }

  return {
    kind: 'wechat',
    label: '微信支付',
    sandbox: false,
    async createQr(order: PayableOrder) {
      const { status, data } = await call('POST', '/v3/pay/transactions/native', {
        appid: opts.appId,
        mchid: opts.mchId,
        description: order.subject.slice(0, 127),
        out_trade_no: order.orderNo,
        time_expire: beijingRfc3339(order.expiresAt),
        notify_url: opts.notifyUrl,
        amount: { total: order.amountFen, currency: 'CNY' },
      });
      if (status !== 200 || typeof data.code_url !== 'string') {
        throw new Error(`微信支付下单失败: ${String(data.code ?? status)} ${String(data.message ?? '')}`);
      }
      return data.code_url;
    },
    async verifyNotify(req) {
      const text = req.rawBody.toString('utf8');
      verify(req.headers, text);
      let event: {
        event_type?: string;
        resource?: { ciphertext: string; nonce: string; associated_data?: string };
      };
      try {
        event = JSON.parse(text);
      } catch {
        throw new NotifyRejected('通知不是合法的 JSON');
      }
      if (!event.resource?.ciphertext || !event.resource.nonce) throw new NotifyRejected('通知缺少 resource');
      const tx = JSON.parse(decrypt(event.resource)) as Record<string, unknown>;
      const notice = toNotice(tx);
      return { ...notice, paid: notice.paid && event.event_type === 'TRANSACTION.SUCCESS' };
    },
    notifyReply: {
      ok: { status: 204, contentType: 'application/json', body: '' },
      fail: (message) => ({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'FAIL', message }),
      }),
    },
    async query(orderNo) {
      const { status, data } = await call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(opts.mchId)}`,
      );
      if (status === 404) return null;
      if (status !== 200) throw new Error(`微信支付查单失败: ${String(data.code ?? status)}`);
      return toNotice(data);
    },
    async refund(order, reason) {
      const { status, data } = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: order.orderNo,
        out_refund_no: order.refundNo,
        reason: reason.slice(0, 80),
        amount: { refund: order.refundFen, total: order.amountFen, currency: 'CNY' },
      });
      if (status !== 200)
        throw new Error(`微信支付退款失败: ${String(data.code ?? status)} ${String(data.message ?? '')}`);
    },
  };
}
