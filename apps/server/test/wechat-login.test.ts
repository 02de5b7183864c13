import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.ts';
import { WECHAT_CALLBACK_PATH } from '../src/http/routes/wechat.ts';
import { wechatSignature } from '../src/integrations/wechat/crypto.ts';
import { bodyOf, browserCookie, current, expectError, LOGIN, register } from './auth/helpers.ts';
import { describeEachDatabase } from './support/databases.ts';
import { fakeWechatForFile, OFFICIAL_ACCOUNT, wechatLoginEnv } from './support/wechat.ts';

const fake = await fakeWechatForFile();

describeEachDatabase(
  'WeChat official account login',
  (getCtx) => {
    let app: FastifyInstance;
    let base: string;
    beforeAll(async () => {
      app = await buildApp(getCtx());
      base = await app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => app.close());

    const callbackUrl = () => `${base}${WECHAT_CALLBACK_PATH}`;
    const startQr = async (cookie?: string) => {
      const res = await app.inject({
        method: 'POST',
        url: `${LOGIN}/f/login_qr_code`,
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode, res.body).toBe(200);
      const { id, qrCode } = bodyOf<{ id: string; qrCode: string }>(res).result;
      return { id, qrCode, cookie: cookie ?? browserCookie(res) };
    };
    const validate = (id: string, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: `${LOGIN}/f/val_login_qr_code?id=${encodeURIComponent(id)}`,
        headers: cookie ? { cookie } : {},
      });
    const counts = async () => {
      const db = getCtx().db;
      const users = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const confirmed = await db
        .selectFrom('qrLogins')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '!=', 'pending')
        .executeTakeFirstOrThrow();
      return { users: Number(users.n), confirmed: Number(confirmed.n) };
    };

    it('answers the server verification GET with echostr only when the signature is right', async () => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = '8374621';
      const signature = wechatSignature(OFFICIAL_ACCOUNT.token, timestamp, nonce);
      const good = await app.inject({
        method: 'GET',
        url: WECHAT_CALLBACK_PATH,
        query: { signature, timestamp, nonce, echostr: 'echo-5839' },
      });
      expect(good.statusCode).toBe(200);
      expect(good.body).toBe('echo-5839');

      const bad = await app.inject({
        method: 'GET',
        url: WECHAT_CALLBACK_PATH,
        query: { signature: 'f'.repeat(40), timestamp, nonce, echostr: 'echo-5839' },
      });
      expectError(bad, 403);
      expect(bad.body).not.toContain('echo-5839');
      expectError(
        await app.inject({ method: 'GET', url: WECHAT_CALLBACK_PATH, query: { echostr: 'x' } }),
        403,
      );
    });

    it('scan → encrypted SCAN event → the same browser gets a token once; the account signs in with WeChat', async () => {
      const { id, qrCode, cookie } = await startQr();
      // The QR text is WeChat's URL for a temporary QR whose scene string is our login id.
      expect(qrCode).toMatch(/^http:\/\/weixin\.qq\.com\/q\//);
      expect(fake.sceneOf(qrCode)).toBe(id);
      expect(bodyOf(await validate(id, cookie)).result).toBeNull();

      const openid = 'oFake_user_0001';
      const scan = await fake.scan(qrCode, { openid, callbackUrl: callbackUrl() });
      expect(scan).toEqual({ status: 200, body: 'success' });

      // Another browser (or none) cannot redeem it, and trying does not burn it.
      expectError(await validate(id), 403);
      const other = await startQr();
      expectError(await validate(id, other.cookie), 403);

      const ok = await validate(id, cookie);
      expect(ok.statusCode).toBe(200);
      const token = bodyOf<{ access_token: string }>(ok).result.access_token;
      expect(token).toMatch(/^[\w-]{43}$/);
      expectError(await validate(id, cookie), 409);

      const me = bodyOf<{ id: number; loginName: string; loginMethods: string[] }>(
        await current(app, token),
      ).result;
      expect(me.loginName).toMatch(/^wx_[0-9a-f]{12}$/);
      expect(me.loginMethods).toContain('wechat');
      const row = await getCtx()
        .db.selectFrom('users')
        .selectAll()
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      expect(row.wechatOpenid).toBe(openid);
      expect(row.passwordHash).toBeNull();
      const account = await app.inject({
        method: 'GET',
        url: '/api/base/account_info_api/account',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(bodyOf<{ freeCheck: { eligible: boolean } }>(account).result.freeCheck.eligible).toBe(true);
    });

    it('a subscribe-by-scan event signs in too, and the same openid always finds the same account', async () => {
      const openid = 'oFake_user_0002';
      const first = await startQr();
      expect(
        await fake.scan(first.qrCode, { openid, callbackUrl: callbackUrl(), event: 'subscribe' }),
      ).toEqual({
        status: 200,
        body: 'success',
      });
      const t1 = bodyOf<{ access_token: string }>(await validate(first.id, first.cookie)).result.access_token;
      const before = await counts();
      const second = await startQr(first.cookie);
      await fake.scan(second.qrCode, { openid, callbackUrl: callbackUrl() });
      const t2 = bodyOf<{ access_token: string }>(await validate(second.id, second.cookie)).result
        .access_token;
      expect((await counts()).users).toBe(before.users);
      const id1 = bodyOf<{ id: number }>(await current(app, t1)).result.id;
      const id2 = bodyOf<{ id: number }>(await current(app, t2)).result.id;
      expect(id2).toBe(id1);
    });

    it('refuses callbacks with a bad signature, a bad msg_signature, a foreign appid or plaintext, writing nothing', async () => {
      const { id, qrCode, cookie } = await startQr();
      const before = await counts();
      const cases = [
        { badSignature: true },
        { badMsgSignature: true },
        { appIdInside: 'wx_someone_else_app' },
        { encrypt: false },
      ];
      for (const c of cases) {
        const res = await fake.scan(qrCode, { openid: 'oFake_attacker', callbackUrl: callbackUrl(), ...c });
        expect(res.status, JSON.stringify(c)).toBe(403);
        const body = JSON.parse(res.body) as { code: number; message: string; result: null };
        expect(body).toMatchObject({ code: 403, result: null });
        expect(body.message).toMatch(/微信回调校验失败/);
      }
      // A well-signed request whose body is not a WeChat message at all.
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = '1';
      const signature = wechatSignature(OFFICIAL_ACCOUNT.token, timestamp, nonce);
      for (const payload of [
        '<xml><Encrypt>',
        '<!DOCTYPE x [<!ENTITY a "b">]><xml><Encrypt>&a;</Encrypt></xml>',
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: WECHAT_CALLBACK_PATH,
          query: { signature, timestamp, nonce, encrypt_type: 'aes', msg_signature: '0'.repeat(40) },
          headers: { 'content-type': 'text/xml' },
          payload,
        });
        expectError(res, 403);
      }
      // JSON instead of XML.
      const json = await app.inject({
        method: 'POST',
        url: WECHAT_CALLBACK_PATH,
        query: { signature, timestamp, nonce },
        payload: { ToUserName: 'x' },
      });
      expectError(json, 415);

      expect(await counts()).toEqual(before);
      expect(bodyOf(await validate(id, cookie)).result).toBeNull();
      const row = await getCtx()
        .db.selectFrom('users')
        .select('id')
        .where('wechatOpenid', '=', 'oFake_attacker')
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('acknowledges events for unknown or used ids with success and changes nothing', async () => {
      const { id, qrCode, cookie } = await startQr();
      await fake.scan(qrCode, { openid: 'oFake_user_0003', callbackUrl: callbackUrl() });
      await validate(id, cookie);
      const before = await counts();
      // Replayed scan of a redeemed id, and an event about an id that never existed.
      expect(await fake.scan(qrCode, { openid: 'oFake_user_0004', callbackUrl: callbackUrl() })).toEqual({
        status: 200,
        body: 'success',
      });
      const inner =
        '<xml><ToUserName><![CDATA[gh_fake0001]]></ToUserName><FromUserName><![CDATA[oFake_user_0005]]></FromUserName>' +
        '<CreateTime>1</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[SCAN]]></Event>' +
        '<EventKey><![CDATA[no-such-login-id]]></EventKey></xml>';
      expect(await fake.post(callbackUrl(), inner, { openid: 'oFake_user_0005' })).toEqual({
        status: 200,
        body: 'success',
      });
      // An ordinary text message is not a login.
      const text =
        '<xml><ToUserName><![CDATA[gh_fake0001]]></ToUserName><FromUserName><![CDATA[oFake_user_0006]]></FromUserName>' +
        '<CreateTime>1</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[你好]]></Content></xml>';
      expect(await fake.post(callbackUrl(), text, { openid: 'oFake_user_0006' })).toEqual({
        status: 200,
        body: 'success',
      });
      expect(await counts()).toEqual(before);
    });

    it('a WeChat id cannot be confirmed from the self-hosted phone page (no free WeChat sign-in by password)', async () => {
      const phone = await register(app, 'phone_user_wx');
      const { id, cookie } = await startQr();
      const res = await app.inject({
        method: 'POST',
        url: `${LOGIN}/qr_confirm`,
        headers: { authorization: `Bearer ${phone}` },
        payload: { id },
      });
      expectError(res, 400);
      expect(bodyOf(await validate(id, cookie)).result).toBeNull();
      const me = bodyOf<{ loginMethods: string[] }>(await current(app, phone)).result;
      expect(me.loginMethods).toEqual(['password']);
    });

    it('fetches the access token once and reuses it for every QR', async () => {
      const calls = fake.stats.stableTokenCalls;
      await Promise.all(Array.from({ length: 5 }, () => startQr()));
      // Earlier tests in this file already fetched it for this app's provider; at most one more fetch.
      expect(fake.stats.stableTokenCalls - calls).toBeLessThanOrEqual(1);
      expect(fake.stats.stableTokenCalls).toBeGreaterThanOrEqual(1);
    });
  },
  { ...wechatLoginEnv(fake), WECHAT_AES_KEY: OFFICIAL_ACCOUNT.aesKey },
);

describeEachDatabase(
  'WeChat login unavailable',
  (getCtx) => {
    it('answers 503 in Chinese when WeChat refuses the credentials, and the callback is 404 without a token', async () => {
      const app = await buildApp(getCtx());
      const res = await app.inject({ method: 'POST', url: `${LOGIN}/f/login_qr_code` });
      expectError(res, 503);
      expect(bodyOf(res).message).toMatch(/微信/);
      const n = await getCtx().db.selectFrom('qrLogins').select('id').execute();
      expect(n).toHaveLength(0);
      expectError(await app.inject({ method: 'GET', url: WECHAT_CALLBACK_PATH }), 404);
      await app.close();
    });
  },
  { WECHAT_APP_ID: OFFICIAL_ACCOUNT.appId, WECHAT_APP_SECRET: 'wrong-secret', WECHAT_API_BASE: fake.url },
);
