import type {
  AdjustBalanceResult,
  AdminConfigEntry,
  AdminOrder,
  LibraryStatus,
  LibraryUploadResult,
  Page,
  SystemStatus,
} from '@paperdesk/contracts';
import { expect, it } from 'vitest';
import { makeUser } from '../billing/helpers.ts';
import { call, documentText, multipart } from '../check/support.ts';
import { adminApp } from '../support/admin-app.ts';
import { describeEachDatabase } from '../support/databases.ts';

/** Admin API paths: the admin group, the reference library, and the admin calls of other groups. */
const isAdminPath = (p: string) =>
  p.startsWith('/api/admin/') ||
  (p.startsWith('/api/base/library_api/') && !p.startsWith('/api/base/library_api/my/')) ||
  p.endsWith('/admin/llm_usage') ||
  p === '/api/order/order_info_api/refund';

describeEachDatabase('admin console API', (getCtx) => {
  const site = adminApp(getCtx);

  it('every admin route answers 401 to a guest and 403 to a user, before looking at the input', async () => {
    const spec = site.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(spec.paths)
      .filter(([p]) => isAdminPath(p))
      .flatMap(([p, methods]) =>
        Object.keys(methods).map((m) => [m.toUpperCase() as 'GET' | 'POST', p] as const),
      );
    expect(routes.length).toBeGreaterThanOrEqual(17);
    const user = await makeUser(getCtx());
    for (const [method, url] of routes) {
      const guest = await call(site.app, method, url, { body: method === 'POST' ? { junk: 1 } : undefined });
      expect(guest.status, `${method} ${url} as guest`).toBe(401);
      const denied = await call(site.app, method, url, {
        token: user.token,
        body: method === 'POST' ? { junk: 1 } : undefined,
      });
      expect(denied.status, `${method} ${url} as user`).toBe(403);
    }
  });

  it('prices and limits: bad values are refused with a clear message; a good one applies at once and is audited', async () => {
    const list = await call<AdminConfigEntry[]>(site.app, 'GET', '/api/admin/config', { token: site.admin });
    const price = list.body.result.find((e) => e.key === 'price.check.standard');
    expect(price).toBeDefined();
    const negative = await call(site.app, 'POST', '/api/admin/config/set', {
      token: site.admin,
      body: { key: 'price.check.standard', value: { ...(price!.value as object), fen: -1 } },
    });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toMatch(/price\.check\.standard：fen/);
    const other = await call(site.app, 'POST', '/api/admin/config/set', {
      token: site.admin,
      body: { key: 'site.title', value: 'x' },
    });
    expect(other.status).toBe(400);
    const limit = await call(site.app, 'POST', '/api/admin/config/set', {
      token: site.admin,
      body: { key: 'limit.check.maxChars', value: -5 },
    });
    expect(limit.body.message).toMatch(/不能为负数/);

    const next = { ...(price!.value as object), fen: 321 };
    const set = await call(site.app, 'POST', '/api/admin/config/set', {
      token: site.admin,
      body: { key: 'price.check.standard', value: next },
    });
    expect(set.status).toBe(200);
    expect(await getCtx().sysConfig.get('price.check.standard', null)).toEqual(next);
    const audit = await site.audit('action=config.');
    expect(audit.total).toBe(1);
    expect(audit.records[0]).toMatchObject({
      action: 'config.set',
      target: 'price.check.standard',
      before: price!.value,
      after: next,
    });
  });

  it('balance adjustments write a ledger row with the reason; no balance goes negative; disabling logs out', async () => {
    const ctx = getCtx();
    const user = await makeUser(ctx);
    const up = await call<AdjustBalanceResult>(site.app, 'POST', '/api/admin/users/adjust_balance', {
      token: site.admin,
      body: { userId: user.id, deltaFen: 500, reason: '客服补偿' },
    });
    expect(up.status, up.body.message).toBe(200);
    expect(up.body.result.balanceFen).toBe(500);
    const tooMuch = await call(site.app, 'POST', '/api/admin/users/adjust_balance', {
      token: site.admin,
      body: { userId: user.id, deltaFen: -501, reason: '扣回' },
    });
    expect(tooMuch.status).toBe(400);
    const noReason = await call(site.app, 'POST', '/api/admin/users/adjust_balance', {
      token: site.admin,
      body: { userId: user.id, deltaFen: 5, reason: '' },
    });
    expect(noReason.status).toBe(400);
    const rows = await ctx.db
      .selectFrom('ledger')
      .select(['delta', 'reason', 'note'])
      .where('userId', '=', user.id)
      .execute();
    expect(rows).toEqual([{ delta: 500, reason: 'adjust', note: '客服补偿' }]);

    const off = await call(site.app, 'POST', '/api/admin/users/set_disabled', {
      token: site.admin,
      body: { userId: user.id, disabled: true },
    });
    expect(off.status).toBe(200);
    const after = await call(site.app, 'GET', '/api/base/login_api/current', { token: user.token });
    expect(after.body.result).toBeNull();
    const audit = await site.audit('action=user.');
    expect(audit.records.map((r) => r.action)).toEqual(['user.disable', 'user.balance']);
    expect(audit.records[1]).toMatchObject({
      before: { balanceFen: 0 },
      after: { balanceFen: 500, deltaFen: 500, reason: '客服补偿' },
    });
  });

  it('library upload gives a result per file (imported, duplicate, unreadable, empty) and is audited', async () => {
    const good = documentText(501, 2, 4);
    const m = multipart({}, { name: '好.txt', data: Buffer.from(good) }, [
      { name: '重复.txt', data: Buffer.from(good) },
      { name: '坏.pdf', data: Buffer.from('%PDF-1.7 not really') },
      { name: '空.txt', data: Buffer.from('   ') },
    ]);
    const r = await call<LibraryUploadResult>(site.app, 'POST', '/api/base/library_api/upload', {
      token: site.admin,
      ...m,
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.result.files.map((f) => [f.file, f.status])).toEqual([
      ['好.txt', 'imported'],
      ['重复.txt', 'duplicate'],
      ['坏.pdf', 'unreadable'],
      ['空.txt', expect.stringMatching(/^(empty|unreadable)$/)],
    ]);
    expect(r.body.result.added).toBe(1);
    const status = await call<LibraryStatus>(site.app, 'GET', '/api/admin/library/status', {
      token: site.admin,
    });
    expect(status.body.result).toMatchObject({ documents: 1, seed: null, name: '公共比对库' });
    const audit = await site.audit('action=library.');
    expect(audit.records[0]?.action).toBe('library.upload');
    // the first upload starts the compute pool's parser threads and the library index: 60 s was not enough on a
    // loaded 2-core machine
  }, 120_000);

  it('orders: search by user, CSV export, refund exactly once (audited); system shows work and sizes', async () => {
    const ctx = getCtx();
    const user = await makeUser(ctx);
    const name = (
      await ctx.db.selectFrom('users').select('username').where('id', '=', user.id).executeTakeFirstOrThrow()
    ).username;
    const order = await call<{ id: number; orderNo: string }>(
      site.app,
      'POST',
      '/api/order/order_info_api/create_order',
      {
        token: user.token,
        body: { topUpFen: 1234 },
      },
    );
    expect(order.status, order.body.message).toBe(200);
    await call(site.app, 'POST', '/api/order/order_info_api/f/sandbox_pay', {
      body: { orderNo: order.body.result.orderNo },
    });

    const found = await call<Page<AdminOrder>>(site.app, 'GET', `/api/admin/orders?keyword=${name}`, {
      token: site.admin,
    });
    expect(found.body.result.records).toMatchObject([
      { orderNo: order.body.result.orderNo, username: name, amountFen: 1234, status: 'fulfilled' },
    ]);
    const csv = await site.app.inject({
      method: 'GET',
      url: `/api/admin/orders/export?keyword=${name}`,
      headers: { authorization: `Bearer ${site.admin}` },
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${order.body.result.orderNo}"`);
    expect(lines[1]).toContain('"12.34"');

    const refund = `/api/order/order_info_api/refund?id=${order.body.result.id}`;
    expect(
      (await call(site.app, 'POST', refund, { token: site.admin, body: { reason: '重复充值' } })).status,
    ).toBe(200);
    expect(
      (await call(site.app, 'POST', refund, { token: site.admin, body: { reason: '重复充值' } })).status,
    ).toBe(409);
    const audit = await site.audit('action=order.');
    expect(audit.records).toMatchObject([
      { action: 'order.refund', after: { status: 'refunded', reason: '重复充值' } },
    ]);

    const system = await call<SystemStatus>(site.app, 'GET', '/api/admin/system', { token: site.admin });
    expect(system.status).toBe(200);
    expect(system.body.result.services.map((s) => s.kind)).toEqual([
      'check',
      'aigc',
      'rewrite',
      'writing',
      'ppt',
      'reduce',
    ]);
    expect(system.body.result.database.bytes).toBeGreaterThan(0);
    expect(system.body.result.disk.totalBytes).toBeGreaterThan(system.body.result.disk.freeBytes);
  });
});
