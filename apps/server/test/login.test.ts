import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.ts';
import { bodyOf, current, expectError, freshIp, LOGIN, login, register } from './auth/helpers.ts';
import { describeEachDatabase } from './support/databases.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describeEachDatabase('password login and tokens', (getCtx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(getCtx());
  });
  afterAll(() => app.close());
  /** A revoked or expired token signs nobody in: `current` is empty and a signed-in route is 401. */
  async function expectTokenRefused(token: string) {
    expect(bodyOf(await current(app, token)).result).toBeNull();
    expectError(
      await app.inject({
        method: 'GET',
        url: '/api/base/account_info_api/account',
        headers: { authorization: `Bearer ${token}` },
      }),
      401,
    );
  }
  /** The stored users of that exact username. */
  const usersNamed = (username: string) =>
    getCtx().db.selectFrom('users').select('id').where('username', '=', username).execute();

  describe('f/login', () => {
    it('signs in with username and password in the query string (the spec) or a JSON body', async () => {
      await register(app, 'lin_query');
      const q = await login(app, 'lin_query', 'correct-horse-1');
      expect(q.statusCode).toBe(200);
      const token = bodyOf<{ access_token: string }>(q).result.access_token;
      // 256 random bits, base64url.
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);

      const b = await app.inject({
        method: 'POST',
        url: `${LOGIN}/f/login`,
        remoteAddress: freshIp(),
        payload: { username: '  lin_query  ', password: 'correct-horse-1' },
      });
      expect(b.statusCode, b.body).toBe(200);
      expect(bodyOf<{ access_token: string }>(b).result.access_token).not.toBe(token);
    });

    it('stores only the SHA-256 of the token and an argon2id hash of the password', async () => {
      const token = await register(app, 'lin_hashes', 'my-secret-pass');
      const db = getCtx().db;
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', 'lin_hashes')
        .executeTakeFirstOrThrow();
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
      expect(user.passwordHash).not.toContain('my-secret-pass');
      const rows = await db.selectFrom('authTokens').selectAll().where('userId', '=', user.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tokenHash).toBe(sha256(token));
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('answers wrong credentials with one 401 message for unknown users and wrong passwords', async () => {
      await register(app, 'lin_wrong');
      const a = expectError(await login(app, 'lin_wrong', 'not-the-password'), 401);
      const b = expectError(await login(app, 'nobody_here', 'whatever-pass'), 401);
      expect(a.message).toBe('用户名或密码错误');
      expect(b.message).toBe(a.message);
    });

    it('refuses a disabled account with 403', async () => {
      await register(app, 'lin_disabled');
      await getCtx()
        .db.updateTable('users')
        .set({ disabled: 1 })
        .where('username', '=', 'lin_disabled')
        .execute();
      expectError(await login(app, 'lin_disabled', 'correct-horse-1'), 403);
    });
  });

  describe('rate limits', () => {
    it('the 6th attempt from one IP within a minute gets 429 with a Chinese message, even for other usernames', async () => {
      const ip = freshIp();
      for (let i = 0; i < 5; i++) expectError(await login(app, `ip_probe_${i}`, 'wrong-password', ip), 401);
      const sixth = await login(app, 'ip_probe_x', 'wrong-password', ip);
      const body = expectError(sixth, 429);
      expect(body.message).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      expectError(await login(app, 'ip_probe_x', 'wrong-password'), 401);
    });

    it('the 6th attempt on one username within a minute gets 429 even from different IPs', async () => {
      await register(app, 'lin_target');
      for (let i = 0; i < 5; i++) expectError(await login(app, 'lin_target', `guess-${i}-pass`), 401);
      // Even the right password is refused now, and trimming/case do not open a new bucket.
      expectError(await login(app, 'lin_target', 'correct-horse-1'), 429);
      expectError(await login(app, '  LIN_TARGET ', 'correct-horse-1'), 429);
      // Other accounts still sign in.
      await register(app, 'lin_bystander');
      expect((await login(app, 'lin_bystander', 'correct-horse-1')).statusCode).toBe(200);
    });

    it('register is limited per IP (10 an hour)', async () => {
      const ip = freshIp();
      for (let i = 0; i < 10; i++) {
        const res = await app.inject({
          method: 'POST',
          url: `${LOGIN}/f/register`,
          remoteAddress: ip,
          payload: { username: `reg_flood_${i}`, password: 'long-enough-1' },
        });
        expect(res.statusCode).toBe(200);
      }
      const res = await app.inject({
        method: 'POST',
        url: `${LOGIN}/f/register`,
        remoteAddress: ip,
        payload: { username: 'reg_flood_x', password: 'long-enough-1' },
      });
      expectError(res, 429);
      const n = await usersNamed('reg_flood_x');
      expect(n).toHaveLength(0);
    });
  });

  describe('f/register', () => {
    const reg = (payload: unknown) =>
      app.inject({
        method: 'POST',
        url: `${LOGIN}/f/register`,
        remoteAddress: freshIp(),
        payload: payload as object,
      });

    it('accepts 3–32 character usernames (trimmed) and passwords of 8 or more', async () => {
      for (const username of ['abc', 'x'.repeat(32), '张三丰', '  padded_name  ', 'mail@example.cn']) {
        const res = await reg({ username, password: '12345678' });
        expect(res.statusCode, `${username}: ${res.body}`).toBe(200);
      }
      const stored = await usersNamed('padded_name');
      expect(stored).toHaveLength(1);
    });

    it('refuses short or long usernames, short passwords and odd characters with 400 in Chinese', async () => {
      const cases: [unknown, RegExp][] = [
        [{ username: 'ab', password: '12345678' }, /3–32/],
        [{ username: '   ab   ', password: '12345678' }, /3–32/],
        [{ username: 'x'.repeat(33), password: '12345678' }, /3–32/],
        [{ username: 'valid_name', password: '1234567' }, /至少 8 位/],
        [{ username: 'has space', password: '12345678' }, /只能包含/],
        [{ username: '<b>x</b>', password: '12345678' }, /只能包含/],
        [{ username: 'valid_name' }, /密码/],
        [{ password: '12345678' }, /用户名/],
      ];
      for (const [payload, message] of cases) {
        const body = expectError(await reg(payload), 400);
        expect(body.message, JSON.stringify(payload)).toMatch(message);
      }
    });

    it('refuses a duplicate username with 409, whatever the surrounding spaces', async () => {
      await register(app, 'lin_dup');
      expectError(await reg({ username: 'lin_dup', password: 'another-pass' }), 409);
      expectError(await reg({ username: ' lin_dup ', password: 'another-pass' }), 409);
      const n = await usersNamed('lin_dup');
      expect(n).toHaveLength(1);
    });
  });

  describe('current', () => {
    it('returns exactly the spec fields loginName, avatar and id (plus the documented roles and loginMethods)', async () => {
      const token = await register(app, 'lin_current');
      const res = await current(app, token);
      expect(res.statusCode).toBe(200);
      const body = bodyOf<Record<string, unknown>>(res);
      expect(body.code).toBe(200);
      const user = await getCtx()
        .db.selectFrom('users')
        .selectAll()
        .where('username', '=', 'lin_current')
        .executeTakeFirstOrThrow();
      expect(body.result).toEqual({
        loginName: 'lin_current',
        avatar: '',
        id: user.id,
        roles: ['user'],
        loginMethods: ['password'],
      });
      // Nothing secret leaks into it.
      expect(res.body).not.toMatch(/argon|passwordHash|tokenHash/);
    });

    it('answers an empty result (not an error) for a missing, forged or malformed token', async () => {
      for (const auth of [
        undefined,
        'Bearer forged-token-123',
        `Bearer ${'A'.repeat(43)}`,
        'Basic abc',
        `Bearer ${'x'.repeat(5000)}`,
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: `${LOGIN}/current`,
          headers: auth ? { authorization: auth } : {},
        });
        expect(res.statusCode, String(auth)).toBe(200);
        expect(bodyOf(res).result).toBeNull();
      }
    });

    it('a protected call with a forged token gets 401', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/base/account_info_api/account',
        headers: { authorization: `Bearer ${'A'.repeat(43)}` },
      });
      expectError(res, 401);
    });
  });

  describe('token lifetime', () => {
    const tokenRow = async (token: string) =>
      getCtx()
        .db.selectFrom('authTokens')
        .selectAll()
        .where('tokenHash', '=', sha256(token))
        .executeTakeFirstOrThrow();

    it('logout revokes the token: current is empty and protected calls get 401 afterwards', async () => {
      const token = await register(app, 'lin_logout');
      const other = bodyOf<{ access_token: string }>(await login(app, 'lin_logout', 'correct-horse-1')).result
        .access_token;
      const out = await app.inject({
        method: 'POST',
        url: `${LOGIN}/logout`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.statusCode).toBe(200);
      await expectTokenRefused(token);
      expect((await tokenRow(token)).revokedAt).not.toBeNull();
      // Only that device: the other session stays signed in.
      expect(bodyOf<{ loginName: string }>(await current(app, other)).result.loginName).toBe('lin_logout');
      // Logging out without a token is harmless.
      expect((await app.inject({ method: 'POST', url: `${LOGIN}/logout` })).statusCode).toBe(200);
    });

    it('change_password checks the old password, revokes the other tokens and keeps this one', async () => {
      const mine = await register(app, 'lin_chpw', 'old-password-1');
      const other = bodyOf<{ access_token: string }>(await login(app, 'lin_chpw', 'old-password-1')).result
        .access_token;
      const change = (token: string | undefined, payload: object) =>
        app.inject({
          method: 'POST',
          url: `${LOGIN}/change_password`,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          payload,
        });

      expectError(
        await change(undefined, { oldPassword: 'old-password-1', newPassword: 'new-password-2' }),
        401,
      );
      expectError(await change(mine, { oldPassword: 'wrong-old-pass', newPassword: 'new-password-2' }), 400);
      expectError(await change(mine, { oldPassword: 'old-password-1', newPassword: 'short' }), 400);
      expect(bodyOf(await current(app, other)).result).not.toBeNull();

      const ok = await change(mine, { oldPassword: 'old-password-1', newPassword: 'new-password-2' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(bodyOf(await current(app, other)).result).toBeNull();
      expect(bodyOf<{ loginName: string }>(await current(app, mine)).result.loginName).toBe('lin_chpw');
      expectError(await login(app, 'lin_chpw', 'old-password-1'), 401);
      expect((await login(app, 'lin_chpw', 'new-password-2')).statusCode).toBe(200);
    });

    it('expires after 30 days without use, and each use (at most hourly) slides the expiry', async () => {
      const token = await register(app, 'lin_sliding');
      const db = getCtx().db;
      const row = await tokenRow(token);
      const ttl = Date.parse(row.expiresAt) - Date.parse(row.lastUsedAt);
      expect(ttl).toBe(30 * 24 * 3600 * 1000);

      // Used 20 minutes ago: no write on this request.
      const recent = new Date(Date.now() - 20 * 60_000).toISOString();
      const soon = new Date(Date.now() + 3600_000).toISOString();
      await db
        .updateTable('authTokens')
        .set({ lastUsedAt: recent, expiresAt: soon })
        .where('id', '=', row.id)
        .execute();
      expect(bodyOf(await current(app, token)).result).not.toBeNull();
      expect((await tokenRow(token)).expiresAt).toBe(soon);

      // Last used 29 days ago, one hour left: a request slides it to 30 days from now.
      const old = new Date(Date.now() - 29 * 24 * 3600_000).toISOString();
      await db
        .updateTable('authTokens')
        .set({ lastUsedAt: old, expiresAt: soon })
        .where('id', '=', row.id)
        .execute();
      const before = Date.now();
      expect(bodyOf(await current(app, token)).result).not.toBeNull();
      const slid = await tokenRow(token);
      expect(Date.parse(slid.expiresAt)).toBeGreaterThanOrEqual(before + ttl - 1000);
      expect(Date.parse(slid.lastUsedAt)).toBeGreaterThanOrEqual(before - 1000);

      // Past its expiry: current is empty and protected calls get 401.
      await db
        .updateTable('authTokens')
        .set({ lastUsedAt: old, expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', row.id)
        .execute();
      await expectTokenRefused(token);
    });
  });
});
