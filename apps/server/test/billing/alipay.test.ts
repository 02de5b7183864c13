import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { startFakeAlipay } from '../fakes/alipay-gateway.ts';
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

const gateway = await startFakeAlipay();
afterAll(() => gateway.close());
const NOTIFY = '/api/order/order_info_api/f/notify/alipay';

describeEachDatabase(
  'billing: Alipay precreate against a local fake gateway',
  (getCtx) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp(getCtx());
    });
    afterAll(() => app?.close());

    const order = (token: string, body: Record<string, unknown>) => createOrder(app, token, body);
    const notify = (form: string) =>
      app.inject({
        method: 'POST',
        url: NOTIFY,
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        payload: form,
      });

    it('precreates a QR with a signed request and credits a package on a verified notify, once', async () => {
      const ctx = getCtx();
      const u = await makeUser(ctx);
      const methods = (
        await app.inject({ method: 'POST', url: '/api/order/order_info_api/f/payment_methods' })
      ).json().result;
      expect(methods).toEqual([{ provider: 'alipay', label: '支付宝', sandbox: false, default: true }]);
      const pkg = (await ctx.billing.listProducts({ pageNo: 1, pageSize: 10 }, { service: 'check' }))
        .records[0]!;
      const o = await order(u.token, { packageId: pkg.id });
      expect(o).toMatchObject({ providerLabel: '支付宝', sandbox: false, amountFen: pkg.priceFen });
      expect(o.qrCode).toMatch(/^https:\/\/qr\.alipay\.com\//);
      const atGateway = gateway.orders.get(o.orderNo)!;
      expect(atGateway).toMatchObject({
        amount: (pkg.priceFen / 100).toFixed(2),
        notifyUrl: `${PUBLIC_URL}${NOTIFY}`,
      });
      expect(atGateway.timeExpire).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(gateway.badRequests).toBe(0);

      const form = gateway.pay(o.orderNo);
      const res = await notify(form);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('success');
      expect((await notify(form)).body).toBe('success');
      expect((await ctx.billing.wallet(u.id)).quotas.check).toBe(pkg.quotaAmount);
      expect(await orderStatus(app, u.token, o.id)).toBe('fulfilled');
      await expectLedgerMatches(ctx, u.id);
    });

    it('rejects forged, wrong-app and wrong-amount notifications and changes nothing', async () => {
      const ctx = getCtx();
      const u = await makeUser(ctx);
      const o = await order(u.token, { topUpFen: 4200 });
      gateway.orders.get(o.orderNo)!.paid = true;
      for (const form of [
        gateway.notification(o.orderNo, { forgeSignature: true }),
        gateway.notification(o.orderNo, { appId: '2021000000009999' }),
        gateway.notification(o.orderNo, { totalAmount: '0.01' }),
        gateway.notification(o.orderNo).replace('total_amount=42.00', 'total_amount=4200.00'),
        'out_trade_no=x&trade_status=TRADE_SUCCESS',
      ]) {
        const res = await notify(form);
        expect(res.statusCode).toBe(400);
        expect(res.body).toBe('failure');
      }
      expect(
        (await ctx.db.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirst())
          ?.status,
      ).toBe('created');
      expect((await ctx.billing.wallet(u.id)).balance).toBe(0);
      // WAIT_BUYER_PAY is acknowledged and ignored.
      expect((await notify(gateway.notification(o.orderNo, { tradeStatus: 'WAIT_BUYER_PAY' }))).body).toBe(
        'success',
      );
      expect((await ctx.billing.wallet(u.id)).balance).toBe(0);
    });

    it('queries the gateway for a lost notification and refunds through it', async () => {
      const ctx = getCtx();
      const u = await makeUser(ctx);
      const o = await order(u.token, { topUpFen: 1800 });
      gateway.orders.get(o.orderNo)!.paid = true;
      expect(await orderStatus(app, u.token, o.id)).toBe('fulfilled');
      expect((await ctx.billing.wallet(u.id)).balance).toBe(1800);
      const admin = await makeAdmin(ctx);
      const res = await app.inject({
        method: 'POST',
        url: `/api/order/order_info_api/refund?id=${o.id}`,
        headers: bearer(admin),
        payload: { reason: '重复购买' },
      });
      expect(res.statusCode).toBe(200);
      expect(gateway.refunds.at(-1)).toMatchObject({
        out_trade_no: o.orderNo,
        refund_amount: '18.00',
        refund_reason: '重复购买',
      });
    });
  },
  { ...gateway.env, PUBLIC_URL },
);
