import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';
import { startFakeAlipay } from '../fakes/alipay-gateway.ts';
import { startFakeWechatPay } from '../fakes/wechatpay-gateway.ts';
import { describeEachDatabase } from '../support/databases.ts';
import {
  bearer,
  createOrder,
  expectLedgerMatches,
  makeAdmin,
  makeUser,
  orderStatus,
  PUBLIC_URL,
} from './helpers.ts';

/**
 * What differs between the real payment channels, so that each runs the same scenarios against its local
 * fake gateway. `N` is the channel's notification as the gateway sends it.
 */
interface Channel<N> {
  title: string;
  provider: string;
  label: string;
  env: Record<string, string>;
  notifyPath: string;
  send: (app: FastifyInstance, n: N) => Promise<LightMyRequestResponse>;
  /** How the channel acknowledges a notification it accepted (or chose to ignore). */
  expectAcknowledged: (res: LightMyRequestResponse) => void;
  expectRejected: (res: LightMyRequestResponse, name: string) => void;
  qrCode: RegExp;
  /** The amount as the gateway's create call carries it. */
  gatewayAmount: (fen: number) => string | number;
  timeExpire: RegExp;
  gatewayOrder: (orderNo: string) => {
    notifyUrl: string;
    timeExpire: string;
    paid: boolean;
    amount: unknown;
  };
  gatewayTradeNo: (orderNo: string) => string;
  badRequests: () => number;
  pay: (orderNo: string) => N;
  /** Notifications for an order of `fen` that must be refused, by name. */
  forgeries: (orderNo: string, fen: number) => Record<string, N>;
  /** A notification of a payment that did not succeed: acknowledged and ignored. */
  notPaid: (orderNo: string) => N;
  failNextCreate: () => void;
  refundPayload: Record<string, string>;
  lastRefund: () => unknown;
  expectedRefund: (orderNo: string, fen: number) => Record<string, unknown>;
}

const alipay = await startFakeAlipay();
const wechat = await startFakeWechatPay();
afterAll(() => Promise.all([alipay.close(), wechat.close()]));

const alipayChannel: Channel<string> = {
  title: 'billing: Alipay precreate against a local fake gateway',
  provider: 'alipay',
  label: '支付宝',
  env: alipay.env,
  notifyPath: '/api/order/order_info_api/f/notify/alipay',
  send: (app, form) =>
    app.inject({
      method: 'POST',
      url: alipayChannel.notifyPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: form,
    }),
  expectAcknowledged: (res) => {
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
  },
  expectRejected: (res, name) => {
    expect(res.statusCode, name).toBe(400);
    expect(res.body, name).toBe('failure');
  },
  qrCode: /^https:\/\/qr\.alipay\.com\//,
  gatewayAmount: (fen) => (fen / 100).toFixed(2),
  timeExpire: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
  gatewayOrder: (no) => alipay.orders.get(no)!,
  gatewayTradeNo: (no) => alipay.orders.get(no)!.tradeNo,
  badRequests: () => alipay.badRequests,
  pay: (no) => alipay.pay(no),
  forgeries: (no, fen) => {
    const amount = (fen / 100).toFixed(2);
    return {
      forged: alipay.notification(no, { forgeSignature: true }),
      wrongApp: alipay.notification(no, { appId: '2021000000009999' }),
      wrongAmount: alipay.notification(no, { totalAmount: '0.01' }),
      alteredAfterSigning: alipay
        .notification(no)
        .replace(`total_amount=${amount}`, `total_amount=${fen.toFixed(2)}`),
      unsigned: 'out_trade_no=x&trade_status=TRADE_SUCCESS',
    };
  },
  notPaid: (no) => alipay.notification(no, { tradeStatus: 'WAIT_BUYER_PAY' }),
  failNextCreate: () => {
    alipay.failNext = true;
  },
  refundPayload: { reason: '重复购买' },
  lastRefund: () => alipay.refunds.at(-1),
  expectedRefund: (no, fen) => ({
    out_trade_no: no,
    refund_amount: (fen / 100).toFixed(2),
    refund_reason: '重复购买',
    out_request_no: expect.stringMatching(new RegExp(`^${no}R\\d+$`)),
  }),
};

type WechatNotification = { headers: Record<string, string>; body: string };
const wechatChannel: Channel<WechatNotification> = {
  title: 'billing: WeChat Pay v3 Native against a local fake gateway',
  provider: 'wechat',
  label: '微信支付',
  env: wechat.env,
  notifyPath: '/api/order/order_info_api/f/notify/wechat',
  send: (app, n) =>
    app.inject({ method: 'POST', url: wechatChannel.notifyPath, headers: n.headers, payload: n.body }),
  expectAcknowledged: (res) => expect(res.statusCode).toBe(204),
  expectRejected: (res, name) => {
    expect(res.statusCode, name).toBe(400);
    expect(res.json(), name).toMatchObject({ code: 'FAIL' });
  },
  qrCode: /^weixin:\/\/wxpay\/bizpayurl\?pr=/,
  gatewayAmount: (fen) => fen,
  timeExpire: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/,
  gatewayOrder: (no) => wechat.orders.get(no)!,
  gatewayTradeNo: (no) => wechat.orders.get(no)!.transactionId,
  badRequests: () => wechat.badRequests,
  pay: (no) => wechat.pay(no),
  forgeries: (no) => {
    const good = wechat.notification(no);
    return {
      forged: wechat.notification(no, { forgeSignature: true }),
      corrupted: wechat.notification(no, { corruptCiphertext: true }),
      stale: wechat.notification(no, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      unknownKey: wechat.notification(no, { serial: 'PUB_KEY_ID_SOMEONE_ELSE' }),
      wrongAmount: wechat.notification(no, { amount: 1 }),
      alteredAfterSigning: { headers: good.headers, body: good.body.replace('支付成功', '支付成功 ') },
    };
  },
  notPaid: (no) => wechat.notification(no, { tradeState: 'PAYERROR' }),
  failNextCreate: () => {
    wechat.failNext = 500;
  },
  refundPayload: {},
  lastRefund: () => wechat.refunds.at(-1),
  // one refund number per refund (order number + R + refund id), so a partial refund can follow another
  expectedRefund: (no, fen) => ({
    out_trade_no: no,
    out_refund_no: expect.stringMatching(new RegExp(`^${no}R\\d+$`)),
    amount: { refund: fen },
  }),
};

/** What an order buys and how the wallet must show it once paid. */
interface Purchase {
  name: string;
  order: (ctx: AppContext) => Promise<{ body: Record<string, unknown>; fen: number; credited: Credited }>;
}
type Credited = (ctx: AppContext, userId: number) => Promise<void>;

const purchases: Purchase[] = [
  {
    name: 'a package',
    order: async (ctx) => {
      const pkg = (await ctx.billing.listProducts({ pageNo: 1, pageSize: 10 }, { service: 'check' }))
        .records[0]!;
      return {
        body: { packageId: pkg.id },
        fen: pkg.priceFen,
        credited: async (c, userId) =>
          expect((await c.billing.wallet(userId)).quotas.check).toBe(pkg.quotaAmount),
      };
    },
  },
  {
    name: 'a top-up',
    order: async () => ({
      body: { topUpFen: 3000 },
      fen: 3000,
      credited: async (c, userId) => expect((await c.billing.wallet(userId)).balance).toBe(3000),
    }),
  },
];

function describeChannel<N>(ch: Channel<N>): void {
  describeEachDatabase(
    ch.title,
    (getCtx) => {
      let app: FastifyInstance;
      beforeAll(async () => {
        app = await buildApp(getCtx());
      });
      afterAll(() => app?.close());

      const order = (token: string, body: Record<string, unknown>) => createOrder(app, token, body);
      const notify = (n: N) => ch.send(app, n);
      const status = (token: string, id: number) => orderStatus(app, token, id);
      const payments = (orderId: number) =>
        getCtx().db.selectFrom('payments').selectAll().where('orderId', '=', orderId).execute();

      it(`offers ${ch.label} only: the sandbox is off once a real provider is configured`, async () => {
        const methods = (
          await app.inject({ method: 'POST', url: '/api/order/order_info_api/f/payment_methods' })
        ).json().result;
        expect(methods).toEqual([{ provider: ch.provider, label: ch.label, sandbox: false, default: true }]);
        const u = await makeUser(getCtx());
        const o = await order(u.token, { topUpFen: 1000 });
        const sandbox = await app.inject({
          method: 'POST',
          url: '/api/order/order_info_api/f/sandbox_pay',
          payload: { orderNo: o.orderNo },
        });
        expect(sandbox.statusCode).toBe(404);
        expect((await app.inject({ method: 'GET', url: `/m/pay/${o.orderNo}` })).statusCode).toBe(404);
        const chosen = await app.inject({
          method: 'POST',
          url: '/api/order/order_info_api/create_order',
          headers: bearer(u.token),
          payload: { topUpFen: 1000, provider: 'sandbox' },
        });
        expect(chosen.statusCode).toBe(400);
      });

      for (const purchase of purchases) {
        it(`creates a QR with a signed request and pays ${purchase.name} through a verified notify, once`, async () => {
          const ctx = getCtx();
          const u = await makeUser(ctx);
          const { body, fen, credited } = await purchase.order(ctx);
          const o = await order(u.token, body);
          expect(o).toMatchObject({
            providerLabel: ch.label,
            sandbox: false,
            status: 'created',
            amountFen: fen,
          });
          expect(o.qrCode).toMatch(ch.qrCode);
          const atGateway = ch.gatewayOrder(o.orderNo);
          expect(atGateway).toMatchObject({
            amount: ch.gatewayAmount(fen),
            notifyUrl: `${PUBLIC_URL}${ch.notifyPath}`,
          });
          expect(atGateway.timeExpire).toMatch(ch.timeExpire);
          expect(ch.badRequests()).toBe(0);

          const n = ch.pay(o.orderNo);
          ch.expectAcknowledged(await notify(n));
          expect(await status(u.token, o.id)).toBe('fulfilled');
          await credited(ctx, u.id);
          // Replayed notifications, even concurrent ones: acknowledged, nothing changes.
          for (const replay of await Promise.all([notify(n), notify(n)])) ch.expectAcknowledged(replay);
          await credited(ctx, u.id);
          const paid = await payments(o.id);
          expect(paid).toHaveLength(1);
          expect(paid[0]?.tradeNo).toBe(ch.gatewayTradeNo(o.orderNo));
          await expectLedgerMatches(ctx, u.id);
        });
      }

      it('rejects every forged or altered notification without changing anything', async () => {
        const ctx = getCtx();
        const u = await makeUser(ctx);
        const o = await order(u.token, { topUpFen: 4200 });
        ch.gatewayOrder(o.orderNo).paid = true;
        for (const [name, n] of Object.entries(ch.forgeries(o.orderNo, 4200))) {
          ch.expectRejected(await notify(n), name);
        }
        expect(
          (await ctx.db.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirst())
            ?.status,
        ).toBe('created');
        expect((await ctx.billing.wallet(u.id)).balance).toBe(0);
        ch.expectAcknowledged(await notify(ch.notPaid(o.orderNo)));
        expect((await ctx.billing.wallet(u.id)).balance).toBe(0);
        expect(await payments(o.id)).toHaveLength(0);
      });

      it('asks the gateway while the page polls when the notification never arrives', async () => {
        const ctx = getCtx();
        const u = await makeUser(ctx);
        const o = await order(u.token, { topUpFen: 2000 });
        ch.gatewayOrder(o.orderNo).paid = true; // paid, notify lost
        expect(await status(u.token, o.id)).toBe('fulfilled');
        expect((await ctx.billing.wallet(u.id)).balance).toBe(2000);
      });

      it('answers 503 and leaves no payable order when the gateway fails', async () => {
        const u = await makeUser(getCtx());
        ch.failNextCreate();
        const res = await app.inject({
          method: 'POST',
          url: '/api/order/order_info_api/create_order',
          headers: bearer(u.token),
          payload: { topUpFen: 1000 },
        });
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toContain(ch.label);
        const rows = await getCtx()
          .db.selectFrom('orders')
          .select('status')
          .where('userId', '=', u.id)
          .execute();
        expect(rows.map((r) => r.status)).toEqual(['expired']);
      });

      it('refunds through the gateway', async () => {
        const ctx = getCtx();
        const u = await makeUser(ctx);
        const admin = await makeAdmin(ctx);
        const o = await order(u.token, { topUpFen: 1800 });
        ch.expectAcknowledged(await notify(ch.pay(o.orderNo)));
        expect((await ctx.billing.wallet(u.id)).balance).toBe(1800);
        const res = await app.inject({
          method: 'POST',
          url: `/api/order/order_info_api/refund?id=${o.id}`,
          headers: bearer(admin),
          payload: ch.refundPayload,
        });
        expect(res.statusCode).toBe(200);
        expect(ch.lastRefund()).toMatchObject(ch.expectedRefund(o.orderNo, 1800));
        expect((await ctx.billing.wallet(u.id)).balance).toBe(0);
      });
    },
    { ...ch.env, PUBLIC_URL },
  );
}

describeChannel(alipayChannel);
describeChannel(wechatChannel);
