import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
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

const gateway = await startFakeWechatPay();
afterAll(() => gateway.close());
const NOTIFY = '/api/order/order_info_api/f/notify/wechat';

describeEachDatabase(
  'billing: WeChat Pay v3 Native against a local fake gateway',
  (getCtx) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp(getCtx());
    });
    afterAll(() => app?.close());

    const order = (token: string, body: Record<string, unknown>) => createOrder(app, token, body);
    const notify = (n: { headers: Record<string, string>; body: string }) =>
      app.inject({ method: 'POST', url: NOTIFY, headers: n.headers, payload: n.body });
    const status = (token: string, id: number) => orderStatus(app, token, id);

    it('offers WeChat Pay only: the sandbox is off once a real provider is configured', async () => {
      const methods = (
        await app.inject({ method: 'POST', url: '/api/order/order_info_api/f/payment_methods' })
      ).json().result;
      expect(methods).toEqual([{ provider: 'wechat', label: '微信支付', sandbox: false, default: true }]);
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

    it('creates a Native order with a signed request and pays it through a verified, decrypted notify', async () => {
      const ctx = getCtx();
      const u = await makeUser(ctx);
      const o = await order(u.token, { topUpFen: 3000 });
      expect(o).toMatchObject({
        sandbox: false,
        providerLabel: '微信支付',
        status: 'created',
        amountFen: 3000,
      });
      expect(o.qrCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      const atGateway = gateway.orders.get(o.orderNo)!;
      expect(atGateway).toMatchObject({ amount: 3000, notifyUrl: `${PUBLIC_URL}${NOTIFY}` });
      expect(atGateway.timeExpire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
      expect(gateway.badRequests).toBe(0);

      const n = gateway.pay(o.orderNo);
      const res = await notify(n);
      expect(res.statusCode).toBe(204);
      expect(await status(u.token, o.id)).toBe('fulfilled');
      expect((await ctx.billing.wallet(u.id)).balance).toBe(3000);
      // Replayed notification: acknowledged, nothing changes.
      const replay = await Promise.all([notify(n), notify(n)]);
      expect(replay.map((r) => r.statusCode)).toEqual([204, 204]);
      expect((await ctx.billing.wallet(u.id)).balance).toBe(3000);
      const payments = await ctx.db.selectFrom('payments').selectAll().where('orderId', '=', o.id).execute();
      expect(payments).toHaveLength(1);
      expect(payments[0]?.tradeNo).toBe(atGateway.transactionId);
      await expectLedgerMatches(ctx, u.id);
    });

    it('rejects forged, corrupted, stale, unknown-key and wrong-amount notifications without changing anything', async () => {
      const ctx = getCtx();
      const u = await makeUser(ctx);
      const o = await order(u.token, { topUpFen: 5000 });
      gateway.orders.get(o.orderNo)!.paid = true;
      const cases = {
        forged: gateway.notification(o.orderNo, { forgeSignature: true }),
        corrupted: gateway.notification(o.orderNo, { corruptCiphertext: true }),
        stale: gateway.notification(o.orderNo, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
        unknownKey: gateway.notification(o.orderNo, { serial: 'PUB_KEY_ID_SOMEONE_ELSE' }),
        wrongAmount: gateway.notification(o.orderNo, { amount: 1 }),
      };
      for (const [name, n] of Object.entries(cases)) {
        const res = await notify(n);
        expect(res.statusCode, name).toBe(400);
        expect(res.json(), name).toMatchObject({ code: 'FAIL' });
      }
      // A body altered after signing.
      const good = gateway.notification(o.orderNo);
      const tampered = await notify({
        headers: good.headers,
        body: good.body.replace('支付成功', '支付成功 '),
      });
      expect(tampered.statusCode).toBe(400);
      // A payment that did not succeed is acknowledged and ignored.
      expect((await notify(gateway.notification(o.orderNo, { tradeState: 'PAYERROR' }))).statusCode).toBe(
        204,
      );
      expect(
        (await ctx.db.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirst())
          ?.status,
      ).toBe('created');
      expect((await ctx.billing.wallet(u.id)).balance).toBe(0);
      expect(
        await ctx.db.selectFrom('payments').selectAll().where('orderId', '=', o.id).execute(),
      ).toHaveLength(0);
    });

    it('asks the gateway while the page polls when the notification never arrives', async () => {
      const ctx = getCtx();
      const u = await makeUser(ctx);
      const o = await order(u.token, { topUpFen: 2000 });
      gateway.orders.get(o.orderNo)!.paid = true; // paid, notify lost
      expect(await status(u.token, o.id)).toBe('fulfilled');
      expect((await ctx.billing.wallet(u.id)).balance).toBe(2000);
    });

    it('answers 503 and leaves no payable order when the gateway fails', async () => {
      const u = await makeUser(getCtx());
      gateway.failNext = 500;
      const res = await app.inject({
        method: 'POST',
        url: '/api/order/order_info_api/create_order',
        headers: bearer(u.token),
        payload: { topUpFen: 1000 },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain('微信支付');
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
      const o = await order(u.token, { topUpFen: 1500 });
      expect((await notify(gateway.pay(o.orderNo))).statusCode).toBe(204);
      const res = await app.inject({
        method: 'POST',
        url: `/api/order/order_info_api/refund?id=${o.id}`,
        headers: bearer(admin),
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      expect(gateway.refunds.at(-1)).toMatchObject({
        out_trade_no: o.orderNo,
        out_refund_no: `${o.orderNo}R`,
        amount: { refund: 1500 },
      });
      expect((await ctx.billing.wallet(u.id)).balance).toBe(0);
    });
  },
  { ...gateway.env, PUBLIC_URL },
);
