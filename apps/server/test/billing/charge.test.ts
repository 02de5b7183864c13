import { expect, it } from 'vitest';
import { DomainError } from '../../src/errors.ts';
import { shanghaiDay } from '../../src/services/billing/index.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { credit, expectLedgerMatches, makeUser } from './helpers.ts';

describeEachDatabase('billing: quote, charge, refund', (getCtx, dialect) => {
  it('quotes per started 1,000 characters and per item from the seeded prices', async () => {
    const ctx = getCtx();
    const q = await ctx.billing.quote('check', 'professional', { characters: 12_345 });
    expect(q).toMatchObject({ unit: 'per_1000_chars', unitFen: 150, units: 13, fen: 1950 });
    expect(q.breakdown).toContain('19.50');
    expect((await ctx.billing.quote('check', 'professional', { characters: 1 })).fen).toBe(150);
    expect((await ctx.billing.quote('ppt', 'standard', { items: 2 })).fen).toBe(1980);
    await expect(ctx.billing.quote('check', 'nope', { characters: 10 })).rejects.toMatchObject({
      kind: 'invalid',
    });
    await expect(ctx.billing.quote('check', 'professional', { characters: -5 })).rejects.toMatchObject({
      kind: 'invalid',
    });
    await expect(ctx.billing.quote('check', 'professional', { characters: 1.5 })).rejects.toMatchObject({
      kind: 'invalid',
    });
    // An admin's price change applies at once.
    await ctx.sysConfig.set('price.chat.standard', { unit: 'per_item', fen: 7, label: '7 分/条' });
    expect((await ctx.billing.quote('chat', 'standard', { items: 3 })).fen).toBe(21);
    await ctx.sysConfig.set('price.chat.standard', { unit: 'per_item', fen: 5, label: 'AI助手 0.05元/条' });
  });

  it('takes the package quota when chosen, the balance otherwise, and says what to buy when both are short', async () => {
    const ctx = getCtx();
    const u = await makeUser(ctx);
    await credit(ctx, u.id, 'check', 1);
    /** A 专业版 check of 20,000 characters: one package use, or ¥30.00. */
    const chargeCheck = (recordId: number) =>
      ctx.billing.charge(ctx.db, {
        userId: u.id,
        service: 'check',
        edition: 'professional',
        characters: 20_000,
        recordType: 't',
        recordId,
        pay: recordId === 1 ? 'quota' : 'balance',
      });
    const first = await chargeCheck(1);
    expect(first).toMatchObject({ source: 'quota', fen: 0, quotaUnits: 1 });
    // Quota used up; no balance: 402 with the shortfall and packages to buy; nothing changed.
    const err = await chargeCheck(2).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    const e = err as DomainError;
    expect(e.kind).toBe('paymentRequired');
    expect(e.message).toContain('30.00');
    expect(e.details).toMatchObject({ needFen: 3000, balanceFen: 0, shortFen: 3000, quotaAvailable: 0 });
    expect((e.details as { packages: unknown[] }).packages.length).toBeGreaterThan(0);
    await credit(ctx, u.id, 'balance', 5000);
    const second = await chargeCheck(2);
    expect(second).toMatchObject({ source: 'balance', fen: 3000 });
    const w = await ctx.billing.wallet(u.id);
    expect(w.balance).toBe(2000);
    expect(w.quotas.check).toBe(0);
    await expectLedgerMatches(ctx, u.id);
  });

  it('mixes a character quota with the balance for the rest', async () => {
    const ctx = getCtx();
    const u = await makeUser(ctx);
    await credit(ctx, u.id, 'rewrite', 3_000);
    await credit(ctx, u.id, 'balance', 10_000);
    const r = await ctx.billing.charge(ctx.db, {
      userId: u.id,
      service: 'rewrite',
      edition: 'standard',
      characters: 5_500,
      recordType: 'rw',
      recordId: 1,
      pay: 'quota',
    });
    // 3,000 characters from the quota, 2,500 → 3 thousand-blocks × 2 元 from the balance.
    expect(r).toMatchObject({ source: 'quota+balance', quotaUnits: 3_000, fen: 600 });
    const back = await ctx.billing.refund(ctx.db, { recordType: 'rw', recordId: 1 });
    expect(back).toMatchObject({ refunded: true, fen: 600, quotaUnits: 3_000 });
    const w = await ctx.billing.wallet(u.id);
    expect([w.quotas.rewrite, w.balance]).toEqual([3_000, 10_000]);
    await expectLedgerMatches(ctx, u.id);
  });

  it('charges a record once (double-clicked submit), refunds once, and can charge again after a refund', async () => {
    const ctx = getCtx();
    const u = await makeUser(ctx);
    await credit(ctx, u.id, 'balance', 1000);
    const input = {
      userId: u.id,
      service: 'chat' as const,
      edition: 'standard',
      items: 1,
      recordType: 'dbl',
      recordId: 'a',
    };
    const results = await Promise.allSettled([
      ctx.billing.charge(ctx.db, input),
      ctx.billing.charge(ctx.db, input),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ kind: 'conflict' });
    expect((await ctx.billing.wallet(u.id)).balance).toBe(995);
    const refunds = await Promise.all([
      ctx.billing.refund(ctx.db, { recordType: 'dbl', recordId: 'a' }),
      ctx.billing.refund(ctx.db, { recordType: 'dbl', recordId: 'a' }),
    ]);
    expect(refunds.filter((r) => r.refunded)).toHaveLength(1);
    expect((await ctx.billing.wallet(u.id)).balance).toBe(1000);
    await ctx.billing.charge(ctx.db, input);
    expect((await ctx.billing.wallet(u.id)).balance).toBe(995);
    await expectLedgerMatches(ctx, u.id);
  });

  it('rolls the charge back with the caller’s transaction', async () => {
    const ctx = getCtx();
    const u = await makeUser(ctx);
    await credit(ctx, u.id, 'balance', 1000);
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await ctx.billing.charge(trx, {
          userId: u.id,
          service: 'chat',
          edition: 'standard',
          recordType: 'rb',
          recordId: 1,
        });
        throw new Error('record update failed');
      }),
    ).rejects.toThrow('record update failed');
    expect((await ctx.billing.wallet(u.id)).balance).toBe(1000);
    const page = await ctx.billing.ledger(u.id, { pageNo: 1, pageSize: 10 }, { reason: 'charge' });
    expect(page.total).toBe(0);
  });

  it('gives WeChat accounts one free professional check per Asia/Shanghai day, not password or self-hosted QR accounts', async () => {
    const ctx = getCtx();
    const qr = await makeUser(ctx, 'wechat');
    const pw = await makeUser(ctx, 'password');
    const selfQr = await makeUser(ctx, 'qr');
    await credit(ctx, qr.id, 'balance', 10_000);
    expect(await ctx.billing.freeCheckStatus(qr.id)).toEqual({
      eligible: true,
      availableToday: true,
      reason: null,
    });
    // No WeChat login here and FREE_CHECK_SELF_HOSTED_QR is off: nobody else gets one, and the status says why.
    for (const other of [pw, selfQr])
      expect(await ctx.billing.freeCheckStatus(other.id)).toEqual({
        eligible: false,
        availableToday: false,
        reason: '本站未开放每日免费专业版查重',
      });
    const base = {
      userId: qr.id,
      service: 'check' as const,
      edition: 'professional',
      characters: 8000,
      recordType: 'fc',
    };
    // Two at once: exactly one is free, the other is paid.
    const [a, b] = await Promise.all([
      ctx.billing.charge(ctx.db, { ...base, recordId: 1 }),
      ctx.billing.charge(ctx.db, { ...base, recordId: 2 }),
    ]);
    expect([a.source, b.source].sort()).toEqual(['balance', 'free']);
    expect(await ctx.billing.freeCheckStatus(qr.id)).toEqual({
      eligible: true,
      availableToday: false,
      reason: '今日的免费次数已用，明天（北京时间）可再用',
    });
    // The standard edition is never free.
    const std = await ctx.billing.charge(ctx.db, { ...base, edition: 'standard', recordId: 3 });
    expect(std.source).toBe('balance');
    // Refunding the free check gives today's free check back.
    const freeId = a.source === 'free' ? 1 : 2;
    expect(await ctx.billing.refund(ctx.db, { recordType: 'fc', recordId: freeId })).toMatchObject({
      refunded: true,
      free: true,
    });
    expect((await ctx.billing.freeCheckStatus(qr.id)).availableToday).toBe(true);
    const summary = await ctx.accountSummary(qr.id);
    expect(summary.freeCheck).toEqual({ eligible: true, availableToday: true, reason: null });
    expect(summary.balance).toBe(10_000 - 1200 - 400);
    await expectLedgerMatches(ctx, qr.id);
  });

  it('counts the free-check day in Asia/Shanghai', () => {
    expect(shanghaiDay(new Date('2025-03-01T15:59:59Z'))).toBe('2025-03-01');
    expect(shanghaiDay(new Date('2025-03-01T16:00:00Z'))).toBe('2025-03-02');
  });

  it(`measured: 200 parallel charges against a balance for exactly 100 [${dialect}]`, async () => {
    const ctx = getCtx();
    const u = await makeUser(ctx);
    const price = 5; // chat.standard, per message
    await credit(ctx, u.id, 'balance', 100 * price);
    let minSeen = Number.POSITIVE_INFINITY;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        minSeen = Math.min(minSeen, (await ctx.billing.wallet(u.id)).balance);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        ctx.db.transaction().execute((trx) =>
          ctx.billing.charge(trx, {
            userId: u.id,
            service: 'chat',
            edition: 'standard',
            items: 1,
            recordType: 'par',
            recordId: i,
          }),
        ),
      ),
    );
    const ms = performance.now() - started;
    polling = false;
    await poller;
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const failed = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    const kinds = new Set(failed.map((f) => (f.reason as DomainError).kind));
    const rows = await expectLedgerMatches(ctx, u.id);
    const balance = (await ctx.billing.wallet(u.id)).balance;
    console.log(
      `[measured ${dialect}] 200 parallel charges, balance for 100: ${ok} succeeded, ${failed.length} got 402, ` +
        `final balance ${balance}, lowest balance seen ${minSeen}, ledger = wallet for ${rows.length} account(s), ${ms.toFixed(0)} ms`,
    );
    expect(ok).toBe(100);
    expect([...kinds]).toEqual(['paymentRequired']);
    expect(balance).toBe(0);
    expect(minSeen).toBeGreaterThanOrEqual(0);
    const charges = await ctx.billing.ledger(u.id, { pageNo: 1, pageSize: 1 }, { reason: 'charge' });
    expect(charges.total).toBe(100);
  });
});
