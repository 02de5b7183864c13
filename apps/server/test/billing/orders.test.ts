import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';
import { notFound } from '../../src/http/errors.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { bearer, expectLedgerMatches, makeAdmin, makeUser, type Order } from './helpers.ts';

type Envelope<T = unknown> = { code: number; message: string; result: T };

describeEachDatabase('billing: orders over HTTP with the sandbox provider', (getCtx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(getCtx());
  });
  afterAll(async () => {
    await app?.close();
  });

  async function call<T = unknown>(
    url: string,
    opts: { token?: string; body?: unknown; method?: 'GET' | 'POST' } = {},
  ) {
    const res = await app.inject({
      method: opts.method ?? 'POST',
      url,
      headers: opts.token ? bearer(opts.token) : {},
      ...(opts.body === undefined ? {} : { payload: opts.body as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  }
  const createOrder = (token: string, body: unknown) =>
    call<Order>('/api/order/order_info_api/create_order', { token, body });
  const loadOrder = (token: string, id: number) =>
    call<Order>(`/api/order/order_info_api/load_by_id?id=${id}`, { token });
  const sandboxPay = (orderNo: string) =>
    call<Order>('/api/order/order_info_api/f/sandbox_pay', { body: { orderNo } });
  const account = (token: string) =>
    call<{ balance: number; quotas: Record<string, number> }>('/api/base/account_info_api/account', {
      token,
      method: 'GET',
    });

  it('lists the seeded packages publicly, filtered by service', async () => {
    const all = await call<{
      total: number;
      records: Array<{ service: string; priceFen: number; quotaAmount: number }>;
    }>('/api/base/product_package_api/query_list?pageNo=1&pageSize=100', { body: {} });
    expect(all.status).toBe(200);
    expect(all.body.result.total).toBeGreaterThanOrEqual(10);
    const checks = await call<{ records: Array<{ id: number; service: string; name: string }> }>(
      '/api/base/product_package_api/query_list',
      { body: { service: 'check' } },
    );
    expect(checks.body.result.records.map((r) => r.name)).toEqual([
      '查重专业版 1 次',
      '查重专业版 5 次',
      '查重专业版 10 次',
    ]);
    const one = await call<{ name: string }>(
      `/api/base/product_package_api/load_by_id?id=${checks.body.result.records[1]!.id}`,
    );
    expect(one.body.result.name).toBe('查重专业版 5 次');
    expect((await call('/api/base/product_package_api/load_by_id?id=99999')).status).toBe(404);
    expect(
      (await call('/api/base/product_package_api/query_list', { body: { service: 'nope' } })).status,
    ).toBe(400);
    const methods = await call<Array<{ provider: string; sandbox: boolean }>>(
      '/api/order/order_info_api/f/payment_methods',
    );
    expect(methods.body.result).toEqual([
      { provider: 'sandbox', label: '测试支付', sandbox: true, default: true },
    ]);
  });

  it('rejects negative, zero, fractional, huge and ambiguous amounts, and anonymous callers', async () => {
    const u = await makeUser(getCtx());
    for (const body of [
      { topUpFen: -100 },
      { topUpFen: 0 },
      { topUpFen: 12.5 },
      { topUpFen: 1e12 },
      { topUpFen: '1000' },
      { topUpFen: 50 }, // below the 1 元 minimum
      { topUpFen: 1000, packageId: 1 },
      {},
      { recordType: 'check' },
    ]) {
      const r = await createOrder(u.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe(400);
      expect(r.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await createOrder(u.token, { packageId: 99999 })).status).toBe(404);
    expect((await createOrder(u.token, { recordType: 'unknown_kind', recordId: 1 })).status).toBe(400);
    expect((await createOrder('', { topUpFen: 1000 })).status).toBe(401);
    expect((await call('/api/order/order_info_api/query_list', { body: {} })).status).toBe(401);
    const orders = await call<{ total: number }>('/api/order/order_info_api/query_list', {
      token: u.token,
      body: {},
    });
    expect(orders.body.result.total).toBe(0);
  });

  it('keeps packages of model-only services off sale while no model is configured; 降AIGC packages are on sale', async () => {
    const ctx = getCtx();
    const u = await makeUser(ctx);
    const all = await ctx.billing.listProducts({ pageNo: 1, pageSize: 100 }, {});
    const availability = (service: string) =>
      all.records.filter((p) => p.service === service).map((p) => p.available);
    // 降AIGC runs offline and is sold per use, so its packages must not say 即将上线
    for (const service of ['check', 'aigc_check', 'rewrite', 'aigc_rewrite']) {
      expect(availability(service).length, service).toBeGreaterThan(0);
      expect(availability(service).every(Boolean), service).toBe(true);
    }
    const writing = all.records.find((p) => p.service === 'writing')!;
    expect(writing.available).toBe(false);
    const refused = await createOrder(u.token, { packageId: writing.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('该服务的 AI 模型尚未配置，暂不可购买');
    const orders = await call<{ total: number }>('/api/order/order_info_api/query_list', {
      token: u.token,
      body: {},
    });
    expect(orders.body.result.total).toBe(0);
  });

  it('buys a package through the sandbox pay page; a repeated payment credits once', async () => {
    const ctx = getCtx();
    const u = await makeUser(ctx);
    const pkgs = await ctx.billing.listProducts({ pageNo: 1, pageSize: 10 }, { service: 'check' });
    const five = pkgs.records.find((p) => p.quotaAmount === 5)!;
    const created = await createOrder(u.token, { packageId: five.id });
    expect(created.status).toBe(200);
    const order = created.body.result;
    expect(order).toMatchObject({
      status: 'created',
      amountFen: five.priceFen,
      sandbox: true,
      providerLabel: '测试支付',
    });
    expect(order.qrCode).toMatch(new RegExp(`/m/pay/${order.orderNo}$`));
    const page = await app.inject({ method: 'GET', url: `/m/pay/${order.orderNo}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('测试支付');
    expect(page.body).toContain(`¥ ${(five.priceFen / 100).toFixed(2)}`);
    expect((await loadOrder(u.token, order.id)).body.result.status).toBe('created');

    const paid = await sandboxPay(order.orderNo);
    expect(paid.status).toBe(200);
    expect(paid.body.result.status).toBe('fulfilled');
    const again = await Promise.all([sandboxPay(order.orderNo), sandboxPay(order.orderNo)]);
    expect(again.map((r) => r.body.result.status)).toEqual(['fulfilled', 'fulfilled']);
    const loaded = await loadOrder(u.token, order.id);
    expect(loaded.body.result).toMatchObject({
      status: 'fulfilled',
      credits: [{ account: 'check', amount: 5 }],
    });
    expect((await account(u.token)).body.result.quotas.check).toBe(5);
    const ledger = await call<{
      total: number;
      records: Array<{ reason: string; delta: number; account: string }>;
    }>('/api/order/order_info_api/query_ledger?pageNo=1&pageSize=10', {
      token: u.token,
      body: { account: 'check' },
    });
    expect(ledger.body.result.total).toBe(1);
    expect(ledger.body.result.records[0]).toMatchObject({ reason: 'package', delta: 5 });
    await expectLedgerMatches(ctx, u.id);
  });

  it("answers 404 for someone else's order and lists only one's own", async () => {
    const ctx = getCtx();
    const a = await makeUser(ctx);
    const b = await makeUser(ctx);
    const order = (await createOrder(a.token, { topUpFen: 3000 })).body.result;
    const other = await loadOrder(b.token, order.id);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('订单不存在');
    expect((await loadOrder(a.token, 999_999)).status).toBe(404);
    const listB = await call<{ total: number }>('/api/order/order_info_api/query_list', {
      token: b.token,
      body: {},
    });
    expect(listB.body.result.total).toBe(0);
    const listA = await call<{ total: number; records: Order[] }>(
      '/api/order/order_info_api/query_list?pageSize=5',
      { token: a.token, body: {} },
    );
    expect(listA.body.result.records.map((r) => r.id)).toEqual([order.id]);
  });

  it('refuses to pay an expired order and changes nothing', async () => {
    const ctx = getCtx();
    const u = await makeUser(ctx);
    const order = (await createOrder(u.token, { topUpFen: 5000 })).body.result;
    await ctx.db
      .updateTable('orders')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', order.id)
      .execute();
    const paid = await sandboxPay(order.orderNo);
    expect(paid.status).toBe(409);
    expect(paid.body.message).toContain('过期');
    expect((await loadOrder(u.token, order.id)).body.result.status).toBe('expired');
    expect((await account(u.token)).body.result.balance).toBe(0);
    const expired = await call<{ total: number }>('/api/order/order_info_api/query_list', {
      token: u.token,
      body: { status: 'expired' },
    });
    expect(expired.body.result.total).toBe(1);
  });

  it('finishes an order a crash left paid but not credited, once, when the workers start again', async () => {
    const ctx = getCtx();
    const u = await makeUser(ctx);
    const order = (await createOrder(u.token, { topUpFen: 2000 })).body.result;
    const row = (await ctx.billing.orders.byId(order.id))!;
    // The payment is recorded, then the process "dies" before fulfilment.
    expect(
      await ctx.billing.orders.recordPayment(
        row,
        { orderNo: row.orderNo, tradeNo: 'T1', amountFen: 2000, paid: true, raw: {} },
        { allowExpired: false },
      ),
    ).toBe(true);
    expect((await ctx.billing.wallet(u.id)).balance).toBe(0);
    // A restarted process on the same database recovers it through the job queue.
    const restarted = await createContext(ctx.config);
    try {
      await restarted.jobs.startWorkers();
      for (
        let i = 0;
        i < 100 && (await restarted.billing.orders.byId(order.id))?.status !== 'fulfilled';
        i++
      ) {
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await restarted.close();
    }
    expect((await ctx.billing.orders.byId(order.id))?.status).toBe('fulfilled');
    expect(await ctx.billing.orders.fulfil(order.id)).toBe(false);
    expect((await ctx.billing.wallet(u.id)).balance).toBe(2000);
    await expectLedgerMatches(ctx, u.id);
  });

  it('pays for one record by itself, priced server-side, and lets its service charge exactly that', async () => {
    const ctx = getCtx();
    const owner = await makeUser(ctx);
    const stranger = await makeUser(ctx);
    const paidRecords: string[] = [];
    ctx.billing.registerRecordType('demo_check', {
      async resolve(userId, recordId) {
        if (userId !== owner.id || recordId !== '7') throw notFound('记录不存在');
        return {
          service: 'check',
          edition: 'professional',
          characters: 12_000,
          subject: '查重 专业版：毕业论文.docx',
        };
      },
      async onPaid({ recordId }) {
        paidRecords.push(recordId);
      },
    });
    expect((await createOrder(stranger.token, { recordType: 'demo_check', recordId: 7 })).status).toBe(404);
    const first = (await createOrder(owner.token, { recordType: 'demo_check', recordId: 7 })).body.result;
    expect(first.amountFen).toBe(12 * 150);
    // Double-clicked 「支付」: the same open order comes back.
    const second = (await createOrder(owner.token, { recordType: 'demo_check', recordId: 7 })).body.result;
    expect(second.id).toBe(first.id);
    await expect(ctx.billing.confirmRecordOrder(owner.id, first.id, 'demo_check', 8)).rejects.toMatchObject({
      kind: 'notFound',
    });
    await expect(
      ctx.billing.confirmRecordOrder(stranger.id, first.id, 'demo_check', 7),
    ).rejects.toMatchObject({ kind: 'notFound' });
    expect((await ctx.billing.confirmRecordOrder(owner.id, first.id, 'demo_check', 7)).status).toBe(
      'created',
    );
    await sandboxPay(first.orderNo);
    expect((await ctx.billing.confirmRecordOrder(owner.id, first.id, 'demo_check', 7)).status).toBe(
      'fulfilled',
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(paidRecords).toEqual(['7']);
    const charged = await ctx.billing.charge(ctx.db, {
      userId: owner.id,
      service: 'check',
      edition: 'professional',
      characters: 12_000,
      recordType: 'demo_check',
      recordId: 7,
      orderId: first.id,
    });
    expect(charged).toMatchObject({ source: 'order', fen: 1800 });
    expect((await ctx.billing.wallet(owner.id)).balance).toBe(0);
    await expectLedgerMatches(ctx, owner.id);
  });

  it('lets an admin refund a fulfilled order once, taking back what it credited', async () => {
    const ctx = getCtx();
    const u = await makeUser(ctx);
    const adminToken = await makeAdmin(ctx);
    const order = (await createOrder(u.token, { topUpFen: 1000 })).body.result;
    await sandboxPay(order.orderNo);
    expect(
      (await call(`/api/order/order_info_api/refund?id=${order.id}`, { token: u.token, body: {} })).status,
    ).toBe(403);
    const refunded = await call<Order>(`/api/order/order_info_api/refund?id=${order.id}`, {
      token: adminToken,
      body: { reason: '测试退款' },
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body.result.status).toBe('refunded');
    expect(
      (await call(`/api/order/order_info_api/refund?id=${order.id}`, { token: adminToken, body: {} })).status,
    ).toBe(409);
    expect((await account(u.token)).body.result.balance).toBe(0);
    // Credit already spent: the refund is refused and nothing changes.
    const second = (await createOrder(u.token, { topUpFen: 1000 })).body.result;
    await sandboxPay(second.orderNo);
    await ctx.billing.charge(ctx.db, {
      userId: u.id,
      service: 'chat',
      edition: 'standard',
      recordType: 'spent',
      recordId: 1,
    });
    expect(
      (await call(`/api/order/order_info_api/refund?id=${second.id}`, { token: adminToken, body: {} }))
        .status,
    ).toBe(409);
    expect((await loadOrder(u.token, second.id)).body.result.status).toBe('fulfilled');
    expect((await account(u.token)).body.result.balance).toBe(995);
    await expectLedgerMatches(ctx, u.id);
  });

  it('documents its routes in the OpenAPI description', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const p of [
      '/api/base/product_package_api/query_list',
      '/api/order/order_info_api/create_order',
      '/api/order/order_info_api/query_ledger',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('keeps JSON routes JSON while the notify routes take raw bodies', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/order/order_info_api/f/notify/wechat',
      headers: { 'content-type': 'application/json' },
      payload: '{"not":"enabled"}',
    });
    expect(res.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/order/order_info_api/f/payment_methods',
      headers: { 'content-type': 'application/json' },
      payload: '{broken',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400 });
  });
});
