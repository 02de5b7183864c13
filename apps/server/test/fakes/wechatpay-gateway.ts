import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for api.mch.weixin.qq.com (WeChat Pay API v3) with self-generated keys: it checks
 * the merchant's request signatures, signs its answers with the "WeChat Pay" key, and builds signed,
 * AES-256-GCM encrypted payment notifications the way WeChat does.
 */
export interface FakeWechatPay {
  url: string;
  env: Record<string, string>;
  orders: Map<
    string,
    {
      amount: number;
      notifyUrl: string;
      timeExpire: string;
      description: string;
      paid: boolean;
      transactionId: string;
    }
  >;
  refunds: Array<{ out_trade_no: string; out_refund_no: string; amount: { refund: number } }>;
  badRequests: number;
  /** When set, the create-order call answers with this HTTP status (gateway trouble). */
  failNext: number | null;
  /** Marks an order paid at the gateway (the buyer scanned and paid) and returns its notification. */
  pay(outTradeNo: string, opts?: NotifyOptions): { headers: Record<string, string>; body: string };
  notification(outTradeNo: string, opts?: NotifyOptions): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

export interface NotifyOptions {
  amount?: number;
  /** Sign with a key WeChat does not own. */
  forgeSignature?: boolean;
  /** Flip a byte of the ciphertext after signing-side encryption (AEAD must fail). */
  corruptCiphertext?: boolean;
  serial?: string;
  timestamp?: number;
  tradeState?: string;
}

const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

export async function startFakeWechatPay(): Promise<FakeWechatPay> {
  const merchant = pem();
  const platform = pem();
  const intruder = pem();
  const apiV3Key = randomBytes(16).toString('hex'); // 32 ASCII bytes
  const mchId = '1900000109';
  const appId = 'wxd678efh567hg6787';
  const certSerial = randomBytes(20).toString('hex').toUpperCase();
  const publicKeyId = `PUB_KEY_ID_${randomBytes(8).toString('hex')}`;

  const signHeaders = (body: string, opts: { key?: string; serial?: string; timestamp?: number } = {}) => {
    const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(opts.key ?? platform.privateKey, 'base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': opts.serial ?? publicKeyId,
    };
  };

  function verifyRequest(req: http.IncomingMessage, body: string): boolean {
    const auth = req.headers.authorization ?? '';
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
    if (!m?.[1]) return false;
    const fields = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (fields.mchid !== mchId || fields.serial_no !== certSerial) return false;
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    return createVerify('RSA-SHA256')
      .update(message)
      .verify(merchant.publicKey, fields.signature ?? '', 'base64');
  }

  const fake: FakeWechatPay = {
    url: '',
    env: {},
    orders: new Map(),
    refunds: [],
    badRequests: 0,
    failNext: null,
    pay(outTradeNo, opts) {
      const o = fake.orders.get(outTradeNo);
      if (!o) throw new Error(`fake wechat: unknown order ${outTradeNo}`);
      o.paid = true;
      return fake.notification(outTradeNo, opts);
    },
    notification(outTradeNo, opts = {}) {
      const o = fake.orders.get(outTradeNo);
      const tx = {
        mchid: mchId,
        appid: appId,
        out_trade_no: outTradeNo,
        transaction_id: o?.transactionId ?? `4200${randomBytes(8).toString('hex')}`,
        trade_type: 'NATIVE',
        trade_state: opts.tradeState ?? 'SUCCESS',
        trade_state_desc: '支付成功',
        success_time: new Date().toISOString(),
        payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        amount: {
          total: opts.amount ?? o?.amount ?? 0,
          payer_total: opts.amount ?? o?.amount ?? 0,
          currency: 'CNY',
          payer_currency: 'CNY',
        },
      };
      const nonce = randomBytes(6).toString('hex');
      const aad = 'transaction';
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
      cipher.setAAD(Buffer.from(aad));
      const enc = Buffer.concat([
        cipher.update(JSON.stringify(tx), 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      if (opts.corruptCiphertext) enc[3] = (enc[3] ?? 0) ^ 0xff;
      const body = JSON.stringify({
        id: randomBytes(8).toString('hex'),
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: {
          original_type: 'transaction',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: enc.toString('base64'),
          associated_data: aad,
          nonce,
        },
      });
      const headers = signHeaders(body, {
        ...(opts.forgeSignature ? { key: intruder.privateKey } : {}),
        ...(opts.serial ? { serial: opts.serial } : {}),
        ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
      });
      return { headers: { ...headers, 'content-type': 'application/json' }, body };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const reply = (res: http.ServerResponse, status: number, data: unknown) => {
    const body = data === undefined ? '' : JSON.stringify(data);
    res.writeHead(status, { 'content-type': 'application/json', ...signHeaders(body) });
    res.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!verifyRequest(req, body)) {
        fake.badRequests++;
        return reply(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
        if (fake.failNext) {
          const status = fake.failNext;
          fake.failNext = null;
          return reply(res, status, { code: 'SYSTEM_ERROR', message: '系统繁忙' });
        }
        const p = JSON.parse(body);
        if (p.mchid !== mchId || p.appid !== appId || !Number.isInteger(p.amount?.total))
          return reply(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
        fake.orders.set(p.out_trade_no, {
          amount: p.amount.total,
          notifyUrl: p.notify_url,
          timeExpire: p.time_expire,
          description: p.description,
          paid: false,
          transactionId: `4200${randomBytes(8).toString('hex')}`,
        });
        return reply(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}` });
      }
      const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && q?.[1]) {
        const no = decodeURIComponent(q[1]);
        const o = fake.orders.get(no);
        if (!o) return reply(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        return reply(res, 200, {
          mchid: mchId,
          appid: appId,
          out_trade_no: no,
          transaction_id: o.paid ? o.transactionId : undefined,
          trade_state: o.paid ? 'SUCCESS' : 'NOTPAY',
          amount: { total: o.amount, currency: 'CNY' },
        });
      }
      if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
        const p = JSON.parse(body);
        fake.refunds.push(p);
        return reply(res, 200, {
          refund_id: randomBytes(8).toString('hex'),
          out_refund_no: p.out_refund_no,
          status: 'PROCESSING',
        });
      }
      reply(res, 404, { code: 'NOT_FOUND', message: 'no such api' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = {
    WECHATPAY_MCH_ID: mchId,
    WECHATPAY_APP_ID: appId,
    WECHATPAY_API_V3_KEY: apiV3Key,
    WECHATPAY_PRIVATE_KEY: merchant.privateKey,
    WECHATPAY_CERT_SERIAL: certSerial,
    WECHATPAY_PUBLIC_KEY: platform.publicKey,
    WECHATPAY_PUBLIC_KEY_ID: publicKeyId,
    WECHATPAY_API_BASE: fake.url,
  };
  return fake;
}
