import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.ts';
import { bodyOf, current, expectError, freshIp, LOGIN, login, register } from './auth/helpers.ts';
import { describeEachDatabase } from './support/databases.ts';

const MB = 1024 * 1024;

/** Sends raw bytes over a socket and returns the status line's code and the body. */
function rawRequest(port: number, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => {}); // the server may reset after answering
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.on('connect', () => {
      socket.write(request, (err) => (err ? reject(err) : undefined));
    });
  });
}

describeEachDatabase('bad input on the login and account API', (getCtx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(getCtx());
    // A route that fails the way real bugs do, to see what a 500 exposes.
    app.post('/api/test/explode', async () => {
      throw new Error('connection to db-internal.local:5432 failed at /srv/app/secret.ts:12');
    });
    // A route limited through the plugin's own route config, as other modules may do.
    app.post(
      '/api/test/limited',
      { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } },
      async () => ({
        code: 200,
        message: '成功',
        result: true,
      }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const userCount = async () =>
    Number(
      (
        await getCtx()
          .db.selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress: freshIp(),
      headers,
      ...(payload === undefined ? {} : { payload: payload as string }),
    });

  describe('wrong types and missing fields', () => {
    it('login: numbers, arrays, objects or nothing for username/password → 400 in Chinese', async () => {
      const cases: unknown[] = [
        { username: 123, password: 'x' },
        { username: 'a', password: true },
        { username: ['a', 'b'], password: 'x' },
        { username: { $ne: null }, password: { $ne: null } },
        {},
        { username: 'someone' },
        { password: 'secret-pass' },
        { username: '   ', password: 'secret-pass' },
      ];
      for (const payload of cases) {
        const res = await post(`${LOGIN}/f/login`, payload);
        expectError(res, 400);
      }
      expect(expectError(await post(`${LOGIN}/f/login`), 400).message).toMatch(/用户名/);
      expectError(await post(`${LOGIN}/f/login?username=a&username=b&password=x`), 400);
    });

    it('register, qr_confirm and change_password reject wrong types and write nothing', async () => {
      const before = await userCount();
      for (const payload of [
        { username: 42, password: 12345678 },
        { username: null, password: null },
        [],
        'text',
        7,
      ]) {
        expectError(
          await post(`${LOGIN}/f/register`, JSON.stringify(payload), { 'content-type': 'application/json' }),
          400,
        );
      }
      expect(await userCount()).toBe(before);
      const token = await register(app, 'bad_types_user');
      const auth = { authorization: `Bearer ${token}` };
      expectError(await post(`${LOGIN}/qr_confirm`, { id: 5 }, auth), 400);
      expectError(await post(`${LOGIN}/qr_confirm`, {}, auth), 400);
      expectError(await post(`${LOGIN}/change_password`, { oldPassword: 1, newPassword: 2 }, auth), 400);
      expectError(await post(`${LOGIN}/change_password`, { newPassword: 'new-password-1' }, auth), 400);
    });

    it('malformed JSON is 400, an unsupported content type 415, a body over 2 MB 413', async () => {
      expectError(
        await post(`${LOGIN}/f/register`, '{"username": "abc", ', { 'content-type': 'application/json' }),
        400,
      );
      expectError(
        await post(`${LOGIN}/f/register`, 'username=abc&password=12345678', {
          'content-type': 'application/x-www-form-urlencoded',
        }),
        415,
      );
      const big = JSON.stringify({ username: 'big_body', password: 'x'.repeat(3 * MB) });
      expectError(await post(`${LOGIN}/f/register`, big, { 'content-type': 'application/json' }), 413);
    });

    it('unknown API paths and methods get the envelope with 404', async () => {
      expect(
        expectError(await app.inject({ method: 'POST', url: '/api/base/no_such_api/x' }), 404).message,
      ).toBe('接口不存在');
      expectError(await app.inject({ method: 'GET', url: `${LOGIN}/f/login` }), 404);
    });

    it('an unexpected failure is a 500 with a generic Chinese message and no internals', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/test/explode' });
      const body = expectError(res, 500);
      expect(body.message).toBe('服务器内部错误，请稍后重试');
      expect(res.body).not.toMatch(/db-internal|secret\.ts|5432/);
    });
  });

  it('routes limited with the plugin config also answer 429 with the wait time in Chinese', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/test/limited' })).statusCode).toBe(200);
    const res = await app.inject({ method: 'POST', url: '/api/test/limited' });
    expect(expectError(res, 429).message).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
  });

  describe('1 MB usernames', () => {
    const huge = 'u'.repeat(MB);

    it('in a JSON body: 400 with a Chinese message; nothing written, nothing counted as an account', async () => {
      const before = await userCount();
      expect(
        expectError(await post(`${LOGIN}/f/login`, { username: huge, password: 'x' }), 400).message,
      ).toMatch(/username/);
      expectError(await post(`${LOGIN}/f/register`, { username: huge, password: '12345678' }), 400);
      expect(await userCount()).toBe(before);
    });

    it('in the query string (as the spec sends credentials): 400 in-process, 413 envelope over a real socket', async () => {
      expectError(await post(`${LOGIN}/f/login?username=${huge}&password=x`), 400);

      const server = await buildApp(getCtx());
      await server.listen({ port: 0, host: '127.0.0.1' });
      try {
        const port = (server.server.address() as net.AddressInfo).port;
        const res = await rawRequest(
          port,
          `POST ${LOGIN}/f/login?username=${huge}&password=x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n`,
        );
        expect(res.status).toBe(413);
        const body = JSON.parse(res.body) as { code: number; message: string; result: null };
        expect(body).toEqual({ code: 413, message: expect.stringMatching(/[\u4e00-\u9fff]/), result: null });
        // Garbage instead of HTTP: 400 with the envelope too.
        const junk = await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n');
        expect(junk.status).toBe(400);
        expect(JSON.parse(junk.body)).toMatchObject({ code: 400, result: null });
      } finally {
        await server.close();
      }
    });
  });

  describe('SQL and HTML in fields', () => {
    it('SQL in login fields is just a wrong username: 401, and every table is intact', async () => {
      await register(app, 'sql_victim');
      for (const username of [
        "sql_victim' --",
        "' OR '1'='1",
        "'; DROP TABLE users; --",
        'sql_victim" OR 1=1 --',
      ]) {
        expectError(await login(app, username, "' OR '1'='1"), 401);
      }
      expectError(await login(app, 'sql_victim', "' OR ''='"), 401);
      expect((await login(app, 'sql_victim', 'correct-horse-1')).statusCode).toBe(200);
      expect(await userCount()).toBeGreaterThan(0);
    });

    it('SQL or HTML in a password is stored (hashed) and works literally', async () => {
      const password = `'); DROP TABLE auth_tokens; -- <script>alert(1)</script>`;
      const token = await register(app, 'sql_pw_user', password);
      expect((await login(app, 'sql_pw_user', password)).statusCode).toBe(200);
      expect(bodyOf(await current(app, token)).result).not.toBeNull();
      const tokens = await getCtx().db.selectFrom('authTokens').select('id').execute();
      expect(tokens.length).toBeGreaterThan(0);
    });

    it('HTML or SQL in a username to register is refused (400), never stored, never echoed', async () => {
      const before = await userCount();
      for (const username of [
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        "bob'; DROP TABLE users;--",
        'a"b"c',
      ]) {
        const res = await post(`${LOGIN}/f/register`, { username, password: '12345678' });
        expectError(res, 400);
        expect(res.body).not.toContain('<script>');
        expect(res.body).not.toContain('onerror');
      }
      expect(await userCount()).toBe(before);
    });

    it('a NUL character anywhere is a 400, not a database error (PostgreSQL cannot store it)', async () => {
      expect(
        expectError(await post(`${LOGIN}/f/login`, { username: 'ab\u0000c', password: 'x' }), 400).message,
      ).toMatch(/空字符/);
      expectError(await post(`${LOGIN}/f/val_login_qr_code?id=a%00b`), 400);
      expectError(
        await post(`${LOGIN}/f/register`, { username: 'nul_user', password: '12345678\u0000' }),
        400,
      );
      expectError(await app.inject({ method: 'GET', url: '/m/qr/a%00b' }), 400);
      const rows = await getCtx()
        .db.selectFrom('users')
        .select('id')
        .where('username', '=', 'nul_user')
        .execute();
      expect(rows).toHaveLength(0);
    });
  });

  describe('tokens', () => {
    it('protected calls without a token, with an empty, forged, revoked or expired one: 401', async () => {
      const token = await register(app, 'tok_user');
      const revoked = bodyOf<{ access_token: string }>(await login(app, 'tok_user', 'correct-horse-1')).result
        .access_token;
      await post(`${LOGIN}/logout`, undefined, { authorization: `Bearer ${revoked}` });
      const expired = bodyOf<{ access_token: string }>(await login(app, 'tok_user', 'correct-horse-1')).result
        .access_token;
      const { createHash } = await import('node:crypto');
      await getCtx()
        .db.updateTable('authTokens')
        .set({ expiresAt: '2000-01-01T00:00:00.000Z' })
        .where('tokenHash', '=', createHash('sha256').update(expired).digest('hex'))
        .execute();

      const headers = [
        {},
        { authorization: 'Bearer ' },
        { authorization: 'Bearer' },
        { authorization: token },
        // Flip the last character; a fixed replacement would equal it one time in 64.
        { authorization: `Bearer ${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
        { authorization: `Bearer ${revoked}` },
        { authorization: `Bearer ${expired}` },
      ];
      for (const h of headers) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/base/account_info_api/account',
          headers: h,
        });
        expect(expectError(res, 401).message).toBe('未登录，请登录后使用！');
        expect(
          bodyOf(await app.inject({ method: 'POST', url: `${LOGIN}/current`, headers: h })).result,
        ).toBeNull();
      }
      // The genuine one still works.
      const ok = await app.inject({
        method: 'GET',
        url: '/api/base/account_info_api/account',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(ok.statusCode).toBe(200);
    });
  });
});
