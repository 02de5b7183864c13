import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Alipay open-platform gateway (`gateway.do`) with self-generated keys: it
 * checks the application's RSA2 request signature, answers precreate/query/refund signed with the
 * "Alipay" key, and builds RSA2-signed asynchronous notifications.
 */
export interface FakeAlipay {
  url: string;
  env: Record<string, string>;
  orders: Map<
    string,
    { amount: string; subject: string; notifyUrl: string; timeExpire: string; paid: boolean; tradeNo: string }
  >;
  refunds: Array<Record<string, string>>;
  badRequests: number;
  /** When set, the next precreate answers Alipay's system-busy business error (gateway trouble). */
  failNext: boolean;
  pay(outTradeNo: string, opts?: NotifyOptions): string;
  notification(outTradeNo: string, opts?: NotifyOptions): string;
  close(): Promise<void>;
}

export interface NotifyOptions {
  totalAmount?: string;
  forgeSignature?: boolean;
  tradeStatus?: string;
  appId?: string;
}

const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const signContent = (params: Record<string, string>, omit: string[]) =>
  Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

/** Alipay's consoles hand keys out as bare base64; exercise that path. */
const bare = (p: string) => p.replace(/-----[^-]+-----|\s+/g, '');

export async function startFakeAlipay(): Promise<FakeAlipay> {
  const app = pem();
  const alipay = pem();
  const intruder = pem();
  const appId = '2021000000000001';

  const fake: FakeAlipay = {
    url: '',
    env: {},
    orders: new Map(),
    refunds: [],
    badRequests: 0,
    failNext: false,
    pay(outTradeNo, opts) {
      const o = fake.orders.get(outTradeNo);
      if (!o) throw new Error(`fake alipay: unknown order ${outTradeNo}`);
      o.paid = true;
      return fake.notification(outTradeNo, opts);
    },
    notification(outTradeNo, opts = {}) {
      const o = fake.orders.get(outTradeNo);
      const params: Record<string, string> = {
        gmt_create: '2025-03-01 12:00:00',
        charset: 'utf-8',
        gmt_payment: '2025-03-01 12:00:05',
        notify_time: '2025-03-01 12:00:06',
        subject: o?.subject ?? '订单',
        buyer_id: '2088102177846880',
        invoice_amount: opts.totalAmount ?? o?.amount ?? '0.00',
        version: '1.0',
        notify_id: randomBytes(12).toString('hex'),
        fund_bill_list: '[{"amount":"1.00","fundChannel":"ALIPAYACCOUNT"}]',
        notify_type: 'trade_status_sync',
        out_trade_no: outTradeNo,
        total_amount: opts.totalAmount ?? o?.amount ?? '0.00',
        trade_status: opts.tradeStatus ?? 'TRADE_SUCCESS',
        trade_no: o?.tradeNo ?? randomBytes(8).toString('hex'),
        auth_app_id: appId,
        receipt_amount: opts.totalAmount ?? o?.amount ?? '0.00',
        app_id: opts.appId ?? appId,
        buyer_pay_amount: opts.totalAmount ?? o?.amount ?? '0.00',
        sign_type: 'RSA2',
        seller_id: '2088102177649450',
      };
      params.sign = createSign('RSA-SHA256')
        .update(signContent(params, ['sign', 'sign_type']), 'utf8')
        .sign(opts.forgeSignature ? intruder.privateKey : alipay.privateKey, 'base64');
      return new URLSearchParams(params).toString();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const answer = (res: http.ServerResponse, method: string, inner: Record<string, unknown>) => {
    const innerText = JSON.stringify(inner);
    const sign = createSign('RSA-SHA256').update(innerText, 'utf8').sign(alipay.privateKey, 'base64');
    const key = `${method.replaceAll('.', '_')}_response`;
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(`{"${key}":${innerText},"sign":"${sign}"}`);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params: Record<string, string> = {
        ...Object.fromEntries(url.searchParams),
        ...Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      };
      const ok =
        params.app_id === appId &&
        !!params.sign &&
        createVerify('RSA-SHA256')
          .update(signContent(params, ['sign']), 'utf8')
          .verify(app.publicKey, params.sign, 'base64');
      const method = params.method ?? 'unknown';
      if (!ok) {
        fake.badRequests++;
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            error_response: {
              code: '40002',
              msg: 'Invalid Arguments',
              sub_code: 'isv.invalid-signature',
              sub_msg: '验签出错',
            },
          }),
        );
      }
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
      if (method === 'alipay.trade.precreate') {
        if (fake.failNext) {
          fake.failNext = false;
          return answer(res, method, {
            code: '20000',
            msg: 'Service Currently Unavailable',
            sub_code: 'isp.unknow-error',
            sub_msg: '系统繁忙',
          });
        }
        fake.orders.set(biz.out_trade_no!, {
          amount: biz.total_amount!,
          subject: biz.subject!,
          notifyUrl: params.notify_url ?? '',
          timeExpire: biz.time_expire ?? '',
          paid: false,
          tradeNo: `2025${randomBytes(8).toString('hex')}`,
        });
        return answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
          qr_code: `https://qr.alipay.com/bax${randomBytes(6).toString('hex')}`,
        });
      }
      if (method === 'alipay.trade.query') {
        const o = fake.orders.get(biz.out_trade_no ?? '');
        if (!o)
          return answer(res, method, {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ACQ.TRADE_NOT_EXIST',
            sub_msg: '交易不存在',
          });
        return answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
          trade_no: o.tradeNo,
          trade_status: o.paid ? 'TRADE_SUCCESS' : 'WAIT_BUYER_PAY',
          total_amount: o.amount,
        });
      }
      if (method === 'alipay.trade.refund') {
        fake.refunds.push(biz);
        return answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
          refund_fee: biz.refund_amount,
          fund_change: 'Y',
        });
      }
      answer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = {
    ALIPAY_APP_ID: appId,
    ALIPAY_PRIVATE_KEY: bare(app.privateKey),
    ALIPAY_PUBLIC_KEY: bare(alipay.publicKey),
    ALIPAY_GATEWAY: `${fake.url}/gateway.do`,
  };
  return fake;
}
