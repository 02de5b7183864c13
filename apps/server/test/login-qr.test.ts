import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.ts';
import { createQrLogin } from '../src/services/qr-login.ts';
import { bodyOf, browserCookie, current, expectError, LOGIN, register } from './auth/helpers.ts';
import { describeEachDatabase } from './support/databases.ts';

describeEachDatabase('self-hosted QR login', (getCtx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(getCtx());
  });
  afterAll(() => app.close());

  const start = async (cookie?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `${LOGIN}/f/login_qr_code`,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = bodyOf<{ id: string; qrCode: string; expiresIn: number }>(res).result;
    return { ...r, cookie: cookie ?? browserCookie(res), res };
  };
  const validate = (id: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: `${LOGIN}/f/val_login_qr_code?id=${encodeURIComponent(id)}`,
      headers: cookie ? { cookie } : {},
    });
  const confirm = (id: string, token?: string) =>
    app.inject({
      method: 'POST',
      url: `${LOGIN}/qr_confirm`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: { id },
    });

  it('start → phone confirms with its token → validate returns a token once, for that browser only', async () => {
    const qr = await start();
    expect(qr.id).toMatch(/^[\w-]{22}$/);
    expect(qr.qrCode).toBe(`http://localhost:80/m/qr/${qr.id}`);
    expect(qr.expiresIn).toBe(300);
    const set = qr.res.cookies.find((c) => c.name === 'pd_bid');
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/base/login_api' });

    // Before the phone confirms: a falsy result, and polling does not burn the id.
    for (let i = 0; i < 3; i++) {
      const r = await validate(qr.id, qr.cookie);
      expect(r.statusCode).toBe(200);
      expect(bodyOf(r).result).toBeNull();
    }

    // The phone opens the link: a small page that confirms.
    const page = await app.inject({ method: 'GET', url: new URL(qr.qrCode).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('确认登录');
    expect(page.headers['cache-control']).toBe('no-store');

    const phone = await register(app, 'qr_phone_user');
    expectError(await confirm(qr.id), 401);
    const ok = await confirm(qr.id, phone);
    expect(ok.statusCode, ok.body).toBe(200);
    // Confirming again (a replayed request, or a second phone) is a conflict.
    expectError(await confirm(qr.id, phone), 409);

    // A foreign browser or none at all: 403, and the id stays redeemable by its owner.
    const other = await start();
    expectError(await validate(qr.id, other.cookie), 403);
    expectError(await validate(qr.id), 403);
    expectError(await validate(qr.id, 'pd_bid=forged-forged-forged-forged'), 403);

    const done = await validate(qr.id, qr.cookie);
    expect(done.statusCode).toBe(200);
    const token = bodyOf<{ access_token: string }>(done).result.access_token;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(token).not.toBe(phone);
    const me = bodyOf<{ loginName: string; loginMethods: string[] }>(await current(app, token)).result;
    expect(me.loginName).toBe('qr_phone_user');
    expect(me.loginMethods.sort()).toEqual(['password', 'qr']);

    // Redeemed: a second validate (replay) is 409, and no second token was issued.
    expectError(await validate(qr.id, qr.cookie), 409);
    const user = await getCtx()
      .db.selectFrom('users')
      .select('id')
      .where('username', '=', 'qr_phone_user')
      .executeTakeFirstOrThrow();
    const tokens = await getCtx()
      .db.selectFrom('authTokens')
      .select('method')
      .where('userId', '=', user.id)
      .execute();
    expect(tokens.map((t) => t.method).sort()).toEqual(['password', 'qr']);
  });

  it('one browser keeps its cookie across QR refreshes, and ids are unique', async () => {
    const a = await start();
    const b = await start(a.cookie);
    expect(b.res.cookies.find((c) => c.name === 'pd_bid')).toBeUndefined();
    expect(b.id).not.toBe(a.id);
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add((await start(a.cookie)).id);
    expect(ids.size).toBe(20);
  });

  it('expired ids: validate and confirm answer 404 and nothing changes', async () => {
    const qr = await start();
    const phone = await register(app, 'qr_late_phone');
    await getCtx()
      .db.updateTable('qrLogins')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', qr.id)
      .execute();
    expect(expectError(await validate(qr.id, qr.cookie), 404).message).toMatch(/过期/);
    expectError(await confirm(qr.id, phone), 404);
    const row = await getCtx()
      .db.selectFrom('qrLogins')
      .selectAll()
      .where('id', '=', qr.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.userId).toBeNull();
  });

  it('a confirmed id that expires before it is redeemed cannot be redeemed', async () => {
    const qr = await start();
    const phone = await register(app, 'qr_slow_browser');
    expect((await confirm(qr.id, phone)).statusCode).toBe(200);
    await getCtx()
      .db.updateTable('qrLogins')
      .set({ expiresAt: new Date(Date.now() - 1).toISOString() })
      .where('id', '=', qr.id)
      .execute();
    expectError(await validate(qr.id, qr.cookie), 404);
  });

  it('unknown, empty, oversized or injected ids are refused without side effects', async () => {
    const phone = await register(app, 'qr_prober');
    const qr = await start();
    const snapshot = () =>
      getCtx().db.selectFrom('qrLogins').select(['id', 'status', 'userId']).orderBy('id').execute();
    const before = await snapshot();
    for (const id of ['nope', "x' OR '1'='1", '<script>alert(1)</script>']) {
      expectError(await validate(id, qr.cookie), 404);
      expectError(await confirm(id, phone), 404);
    }
    expectError(await validate('', qr.cookie), 400);
    expectError(await validate('x'.repeat(101), qr.cookie), 400);
    expectError(await confirm('x'.repeat(101), phone), 400);
    expectError(await confirm(123 as unknown as string, phone), 400);
    expectError(
      await app.inject({
        method: 'POST',
        url: `${LOGIN}/f/val_login_qr_code`,
        headers: { cookie: qr.cookie },
      }),
      400,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('sweeps rows that expired more than a day ago when QR codes are requested', async () => {
    const { db, config, accounts } = getCtx();
    const day = 24 * 3600_000;
    const rows = [
      { id: 'sweep-old', expiresAt: new Date(Date.now() - 2 * day).toISOString() },
      { id: 'sweep-recent', expiresAt: new Date(Date.now() - 3600_000).toISOString() },
    ];
    for (const r of rows) {
      await db
        .insertInto('qrLogins')
        .values({ ...r, browserHash: 'x', provider: 'self', userId: null })
        .execute();
    }
    const qrLogin = createQrLogin({ db, config, accounts });
    await qrLogin.start('sweep-browser-key-000000', 'http://localhost', {
      ip: '127.0.0.1',
      userAgent: undefined,
    });
    const left = await db.selectFrom('qrLogins').select('id').where('id', 'like', 'sweep-%').execute();
    expect(left.map((r) => r.id)).toEqual(['sweep-recent']);
  });

  it('the phone page does not reflect the id it was opened with', async () => {
    const evil = encodeURIComponent('<img src=x onerror=alert(1)>');
    const page = await app.inject({ method: 'GET', url: `/m/qr/${evil}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<img src=x');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
  });
});

describeEachDatabase(
  'self-hosted QR login behind PUBLIC_URL',
  (getCtx) => {
    it('builds the phone link from PUBLIC_URL (without doubling its slash)', async () => {
      const app = await buildApp(getCtx());
      const res = await app.inject({
        method: 'POST',
        url: `${LOGIN}/f/login_qr_code`,
        headers: { host: 'evil.example' },
      });
      const { id, qrCode } = bodyOf<{ id: string; qrCode: string }>(res).result;
      expect(qrCode).toBe(`https://pd.example.cn/m/qr/${id}`);
      await app.close();
    });
  },
  { PUBLIC_URL: 'https://pd.example.cn/' },
);
