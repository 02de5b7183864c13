import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';
import { freeCheckFeature, networkOf } from '../../src/services/billing/free-check.ts';
import { bodyOf, browserCookie, LOGIN } from '../auth/helpers.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { credit, expectLedgerMatches, makeUser } from './helpers.ts';

/**
 * Issue 10 item 6: password accounts cost nothing to make, and in self-hosted QR mode each one gains
 * the `qr` login method by confirming one scan from its own phone. The free daily 专业版 check must not
 * be farmable that way: off unless the operator opts in, then once per device and network per day.
 */

/** One browser (its `pd_bid` cookie) at one address signs in by self-hosted QR as a password account. */
async function selfQrSignIn(
  app: FastifyInstance,
  ctx: AppContext,
  device: { cookie?: string; ip: string },
): Promise<{ id: number; token: string; cookie: string }> {
  const id = await ctx.accounts.register({
    username: `farm_${randomBytes(5).toString('hex')}`,
    password: 'password-123',
  });
  const phone = await ctx.accounts.issueToken(id, 'password');
  const start = await app.inject({
    method: 'POST',
    url: `${LOGIN}/f/login_qr_code`,
    remoteAddress: device.ip,
    headers: device.cookie ? { cookie: device.cookie } : {},
  });
  expect(start.statusCode, start.body).toBe(200);
  const qr = bodyOf<{ id: string }>(start).result;
  const cookie = device.cookie ?? browserCookie(start);
  const confirm = await app.inject({
    method: 'POST',
    url: `${LOGIN}/qr_confirm`,
    remoteAddress: device.ip,
    headers: { authorization: `Bearer ${phone}` },
    payload: { id: qr.id },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const val = await app.inject({
    method: 'POST',
    url: `${LOGIN}/f/val_login_qr_code?id=${encodeURIComponent(qr.id)}`,
    remoteAddress: device.ip,
    headers: { cookie },
  });
  const token = bodyOf<{ access_token: string } | null>(val).result?.access_token;
  expect(token, val.body).toBeTruthy();
  return { id, token: token!, cookie };
}

let record = 0;
/** What the pages read before promising guests a free check. */
async function publicRule(app: FastifyInstance) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/base/ai_sys_config_api/f/load_by_id?id=feature.freeCheck',
  });
  return bodyOf<{ value: unknown }>(res).result.value;
}

/** A professional check of 8,000 characters charged to the account (balance credited beforehand). */
async function chargeCheck(ctx: AppContext, userId: number) {
  await credit(ctx, userId, 'balance', 1200);
  return ctx.billing.charge(ctx.db, {
    userId,
    service: 'check',
    edition: 'professional',
    characters: 8000,
    recordType: 'farm',
    recordId: ++record,
  });
}

describe('free check: the network of an address', () => {
  it('is the IPv4 address itself, and the /64 of an IPv6 one', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('2001:db8:aa:1::5')).toBe('2001:db8:aa:1::/64');
    expect(networkOf('2001:0db8:00aa:0001:ffff:1:2:3')).toBe('2001:db8:aa:1::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('2001:db8:aa:2::5')).not.toBe(networkOf('2001:db8:aa:1::5'));
  });
});

describe('free check: what the pages may promise', () => {
  it('a QR sign-in comes with it under WeChat login, or self-hosted only when opted in', () => {
    expect(freeCheckFeature({ qrMode: 'wechat', selfHostedQr: false })).toMatchObject({ qrSignIn: true });
    expect(freeCheckFeature({ qrMode: 'self', selfHostedQr: true })).toMatchObject({ qrSignIn: true });
    expect(freeCheckFeature({ qrMode: 'self', selfHostedQr: false })).toEqual({
      qrSignIn: false,
      qrMode: 'self',
      rule: '本站未开放每日免费专业版查重',
    });
  });
});

describeEachDatabase('free check: self-hosted QR, not opted in (the default)', (getCtx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(getCtx());
  });
  afterAll(() => app.close());

  it('ten password accounts confirming a QR scan from one device and IP get no free check', async () => {
    const ctx = getCtx();
    const ip = '198.51.100.10';
    expect(await publicRule(app)).toEqual({
      qrSignIn: false,
      qrMode: 'self',
      rule: '本站未开放每日免费专业版查重',
    });
    const first = await selfQrSignIn(app, ctx, { ip });
    const accounts = [first];
    for (let i = 1; i < 10; i++) accounts.push(await selfQrSignIn(app, ctx, { ip, cookie: first.cookie }));
    for (const a of accounts) {
      expect(await ctx.billing.freeCheckStatus(a.id)).toEqual({
        eligible: false,
        availableToday: false,
        reason: '本站未开放每日免费专业版查重',
      });
      expect((await chargeCheck(ctx, a.id)).source).toBe('balance');
      await expectLedgerMatches(ctx, a.id);
    }
    // The account centre says so too, instead of promising one.
    const account = await app.inject({
      method: 'GET',
      url: '/api/base/account_info_api/account',
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(bodyOf<{ freeCheck: unknown }>(account).result.freeCheck).toEqual({
      eligible: false,
      availableToday: false,
      reason: '本站未开放每日免费专业版查重',
    });
  });

  it('a WeChat-openid account still gets its free check', async () => {
    const ctx = getCtx();
    const wx = await makeUser(ctx, 'wechat');
    expect(await ctx.billing.freeCheckStatus(wx.id)).toEqual({
      eligible: true,
      availableToday: true,
      reason: null,
    });
    expect((await chargeCheck(ctx, wx.id)).source).toBe('free');
    expect((await chargeCheck(ctx, wx.id)).source).toBe('balance');
    await expectLedgerMatches(ctx, wx.id);
  });
});

describeEachDatabase(
  'free check: self-hosted QR, opted in (FREE_CHECK_SELF_HOSTED_QR=true)',
  (getCtx) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp(getCtx());
    });
    afterAll(() => app.close());

    it('ten password accounts on one device and IP share a single free check per day', async () => {
      const ctx = getCtx();
      const ip = '198.51.100.20';
      expect(await publicRule(app)).toMatchObject({ qrSignIn: true, qrMode: 'self' });
      const first = await selfQrSignIn(app, ctx, { ip });
      const accounts = [first];
      for (let i = 1; i < 10; i++) accounts.push(await selfQrSignIn(app, ctx, { ip, cookie: first.cookie }));
      expect(await ctx.billing.freeCheckStatus(first.id)).toEqual({
        eligible: true,
        availableToday: true,
        reason: null,
      });
      const sources = [];
      for (const a of accounts) sources.push((await chargeCheck(ctx, a.id)).source);
      expect(sources.filter((s) => s === 'free')).toHaveLength(1);
      expect(sources[0]).toBe('free');
      expect(await ctx.billing.freeCheckStatus(accounts[5]!.id)).toEqual({
        eligible: true,
        availableToday: false,
        reason: '该设备或网络今天已用过免费检测，明天（北京时间）可再用',
      });
      for (const a of accounts) await expectLedgerMatches(ctx, a.id);
    });

    it('new browsers on the same IP, or the same browser on new IPs, do not get another', async () => {
      const ctx = getCtx();
      const home = await selfQrSignIn(app, ctx, { ip: '198.51.100.30' });
      expect((await chargeCheck(ctx, home.id)).source).toBe('free');
      // Cookies cleared each time, same network (an IPv6 /64 counts as one network).
      const sameIp = await selfQrSignIn(app, ctx, { ip: '198.51.100.30' });
      expect((await chargeCheck(ctx, sameIp.id)).source).toBe('balance');
      const v6a = await selfQrSignIn(app, ctx, { ip: '2001:db8:30:1::a' });
      const v6b = await selfQrSignIn(app, ctx, { ip: '2001:db8:30:1::b' });
      expect((await chargeCheck(ctx, v6a.id)).source).toBe('free');
      expect((await chargeCheck(ctx, v6b.id)).source).toBe('balance');
      // Same browser, other networks.
      const roaming = await selfQrSignIn(app, ctx, { ip: '198.51.100.31', cookie: home.cookie });
      expect((await chargeCheck(ctx, roaming.id)).source).toBe('balance');
      // Another device on another network is another person: its own free check.
      const neighbour = await selfQrSignIn(app, ctx, { ip: '198.51.100.32' });
      expect((await chargeCheck(ctx, neighbour.id)).source).toBe('free');
    });

    it('refunding a free check frees its device and network again, exactly once', async () => {
      const ctx = getCtx();
      const a = await selfQrSignIn(app, ctx, { ip: '198.51.100.40' });
      const b = await selfQrSignIn(app, ctx, { ip: '198.51.100.40', cookie: a.cookie });
      const charged = await chargeCheck(ctx, a.id);
      expect(charged.source).toBe('free');
      expect((await ctx.billing.freeCheckStatus(b.id)).availableToday).toBe(false);
      const refund = { recordType: 'farm', recordId: record };
      expect(await ctx.billing.refund(ctx.db, refund)).toMatchObject({ refunded: true, free: true });
      expect(await ctx.billing.refund(ctx.db, refund)).toMatchObject({ refunded: false });
      expect((await ctx.billing.freeCheckStatus(b.id)).availableToday).toBe(true);
      expect((await chargeCheck(ctx, b.id)).source).toBe('free');
      expect((await chargeCheck(ctx, a.id)).source).toBe('balance');
      await expectLedgerMatches(ctx, a.id);
      await expectLedgerMatches(ctx, b.id);
    });

    it('two accounts of one device racing for it: exactly one is free', async () => {
      const ctx = getCtx();
      const a = await selfQrSignIn(app, ctx, { ip: '198.51.100.50' });
      const b = await selfQrSignIn(app, ctx, { ip: '198.51.100.50', cookie: a.cookie });
      await credit(ctx, a.id, 'balance', 1200);
      await credit(ctx, b.id, 'balance', 1200);
      const base = {
        service: 'check' as const,
        edition: 'professional',
        characters: 8000,
        recordType: 'race',
      };
      const [x, y] = await Promise.all([
        ctx.billing.charge(ctx.db, { ...base, userId: a.id, recordId: 1 }),
        ctx.billing.charge(ctx.db, { ...base, userId: b.id, recordId: 2 }),
      ]);
      expect([x.source, y.source].sort()).toEqual(['balance', 'free']);
    });

    it('a password account that never scanned is told how to get one', async () => {
      const ctx = getCtx();
      const pw = await makeUser(ctx, 'password');
      expect(await ctx.billing.freeCheckStatus(pw.id)).toEqual({
        eligible: false,
        availableToday: false,
        reason: '扫码登录后每天可免费检测一次专业版（每台设备、每个网络每天一次）',
      });
    });
  },
  { FREE_CHECK_SELF_HOSTED_QR: 'true' },
);
