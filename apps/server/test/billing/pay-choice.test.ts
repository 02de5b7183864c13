import type { CheckRecord, LedgerEntry, PayOptions } from '@paperdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call, documentText } from '../check/support.ts';
import { freshApp } from '../support/databases.ts';
import { createOrder, credit, expectLedgerMatches, makeUser } from './helpers.ts';

/**
 * One way to pay, chosen with the user (issue 26): the confirm page asks pay_options what a record costs each way,
 * the user's choice travels with the submit, and the server takes exactly that way. Checked through the API with
 * ordinary password accounts (no free check) at several levels of balance and quota.
 */

const s = freshApp('sqlite', {}, { app: true });
const CHECK = '/api/base/check_api';
const ORDER = '/api/order/order_info_api';
/** The cheapest on-sale 查重 package per use: 10 次 for ¥229. */
const CHECK_UNIT_VALUE = 2290;

async function user(balanceFen: number, quota = 0) {
  const u = await makeUser(s.ctx());
  if (balanceFen > 0) await credit(s.ctx(), u.id, 'balance', balanceFen);
  if (quota > 0) await credit(s.ctx(), u.id, 'check', quota);
  return u;
}

async function checkRecord(token: string, paragraphs = 3): Promise<CheckRecord> {
  const r = await call<CheckRecord>(s.app(), 'POST', `${CHECK}/check_init`, {
    token,
    body: { title: '付款方式', author: '', edition: 'professional', text: documentText(31, paragraphs, 8) },
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result;
}

const options = (token: string, id: number) =>
  call<PayOptions>(s.app(), 'POST', `/api/order/pay_api/pay_options?recordType=check&recordId=${id}`, {
    token,
  });

const submit = (token: string, id: number, pay?: string) =>
  call<CheckRecord>(s.app(), 'POST', `${CHECK}/check_submit`, {
    token,
    body: { id, ...(pay ? { pay } : {}) },
  });

const wallet = async (id: number) => s.ctx().billing.wallet(id);

describe('pay choice', () => {
  it('a quota is not spent on a job cheaper than its per-use value: balance is preselected and taken unless the user picks the quota', async () => {
    const u = await user(100_000, 2);
    const rec = await checkRecord(u.token);
    expect(rec.priceFen).toBeLessThan(CHECK_UNIT_VALUE);
    const o = (await options(u.token, rec.id)).body.result;
    expect(o.priceFen).toBe(rec.priceFen);
    expect(o.quotaUnitValueFen).toBe(CHECK_UNIT_VALUE);
    expect(o.recommended).toBe('balance');
    const quota = o.options.find((x) => x.way === 'quota')!;
    expect(quota).toMatchObject({ available: true, quotaUnits: 1, quotaValueFen: CHECK_UNIT_VALUE });
    expect(o.options.find((x) => x.way === 'balance')).toMatchObject({
      available: true,
      costFen: rec.priceFen,
    });

    // no choice sent: the server never picks the quota
    const paid = await submit(u.token, rec.id);
    expect(paid.status, paid.body.message).toBe(200);
    expect(paid.body.result.paidFen).toBe(rec.priceFen);
    expect((await wallet(u.id)).quotas.check).toBe(2);

    // the user's explicit choice of the quota is honoured
    const second = await checkRecord(u.token);
    const byQuota = await submit(u.token, second.id, 'quota');
    expect(byQuota.status, byQuota.body.message).toBe(200);
    expect(byQuota.body.result.paidFen).toBe(0);
    const w = await wallet(u.id);
    expect([w.quotas.check, w.balance]).toEqual([1, 100_000 - rec.priceFen]);
    await expectLedgerMatches(s.ctx(), u.id);
  });

  it('a job worth more than one use preselects the quota, and the chosen way is the one charged', async () => {
    const u = await user(100_000, 1);
    const rec = await checkRecord(u.token, 100);
    expect(rec.priceFen).toBeGreaterThan(CHECK_UNIT_VALUE);
    const o = (await options(u.token, rec.id)).body.result;
    expect(o.recommended).toBe('quota');
    const r = await submit(u.token, rec.id, o.recommended!);
    expect(r.status, r.body.message).toBe(200);
    const w = await wallet(u.id);
    expect([w.quotas.check, w.balance]).toEqual([0, 100_000]);
    await expectLedgerMatches(s.ctx(), u.id);
  });

  it('a QR payment takes the balance first and asks only for the rest; the ledger adds up to the price', async () => {
    const probe = await user(0);
    const price = (await checkRecord(probe.token)).priceFen;
    const have = Math.floor(price / 2);
    const u = await user(have);
    const rec = await checkRecord(u.token);
    const o = (await options(u.token, rec.id)).body.result;
    expect(o.recommended).toBe('qr');
    expect(o.options.find((x) => x.way === 'qr')).toMatchObject({
      available: true,
      balanceFen: have,
      qrFen: price - have,
    });
    expect(o.options.find((x) => x.way === 'balance')?.available).toBe(false);

    const order = await createOrder(s.app(), u.token, { recordType: 'check', recordId: rec.id });
    expect(order.amountFen).toBe(price - have);
    const paid = await call<{ status: string }>(s.app(), 'POST', `${ORDER}/f/sandbox_pay`, {
      body: { orderNo: order.orderNo },
    });
    expect(paid.body.result.status).toBe('fulfilled');
    const after = await call<CheckRecord>(s.app(), 'POST', `${CHECK}/load_by_id?id=${rec.id}`, {
      token: u.token,
    });
    expect(after.body.result.status).not.toBe('created');
    expect(after.body.result.paidFen).toBe(price);
    expect((await wallet(u.id)).balance).toBe(0);
    const ledger = await call<{ records: LedgerEntry[] }>(
      s.app(),
      'POST',
      `${ORDER}/query_ledger?pageNo=1&pageSize=20`,
      {
        token: u.token,
        body: {},
      },
    );
    const moves = ledger.body.result.records.map((e) => [e.reason, e.delta]);
    expect(moves).toEqual(
      expect.arrayContaining([
        ['order_payment', price - have],
        ['charge', -price],
      ]),
    );
    await expectLedgerMatches(s.ctx(), u.id);
  });

  it('refuses a choice that cannot be honoured, without charging anything, and answers only the owner', async () => {
    const u = await user(100_000);
    const rec = await checkRecord(u.token);
    expect((await submit(u.token, rec.id, 'gift')).status, '契约不认的付款方式').toBe(400);
    expect((await submit(u.token, rec.id, 'free')).status, '密码账户没有免费检测').toBe(409);
    expect((await submit(u.token, rec.id, 'quota')).status, '没有套餐额度').toBe(402);
    const order = await call(s.app(), 'POST', `${ORDER}/create_order`, {
      token: u.token,
      body: { recordType: 'check', recordId: rec.id },
    });
    expect(order.status, '余额够时不扫码').toBe(409);
    const w = await wallet(u.id);
    expect([w.balance, w.quotas.check]).toEqual([100_000, 0]);
    const again = await call<CheckRecord>(s.app(), 'POST', `${CHECK}/load_by_id?id=${rec.id}`, {
      token: u.token,
    });
    expect(again.body.result.status).toBe('created');

    const other = await user(100_000, 5);
    expect((await options(other.token, rec.id)).status).toBe(404);
    expect((await submit(other.token, rec.id, 'quota')).status).toBe(404);
    await expectLedgerMatches(s.ctx(), u.id);
  });

  it('job_options answers before a record exists what pay_options answers for the record of that size (the upload button names that way)', async () => {
    for (const [balance, quota] of [
      [100_000, 2],
      [0, 2],
      [100, 0],
      [100_000, 0],
    ] as const) {
      const u = await user(balance, quota);
      const rec = await checkRecord(u.token, 12);
      const byRecord = (await options(u.token, rec.id)).body.result;
      const job = await call<PayOptions>(
        s.app(),
        'POST',
        `/api/order/pay_api/job_options?service=check&edition=professional&characters=${rec.characters}`,
        { token: u.token },
      );
      expect(job.status, job.body.message).toBe(200);
      expect(job.body.result, `余额 ${balance}，额度 ${quota}`).toEqual(byRecord);
    }
    const guest = await call(
      s.app(),
      'POST',
      '/api/order/pay_api/job_options?service=check&edition=professional&characters=10',
      {},
    );
    expect(guest.status).toBe(401);
    const u = await user(0);
    const unknown = await call(
      s.app(),
      'POST',
      '/api/order/pay_api/job_options?service=check&edition=gold&characters=10',
      { token: u.token },
    );
    expect(unknown.status).toBe(400);
  });

  it('the chat, with no confirm step, takes the cheapest way: its quota while a message is worth at least a quota use, else the balance', async () => {
    const ctx = s.ctx();
    const u = await user(1_000);
    await credit(ctx, u.id, 'chat', 10);
    const charge = (recordId: string) =>
      ctx.billing.charge(ctx.db, {
        userId: u.id,
        service: 'chat',
        edition: 'standard',
        items: 1,
        recordType: 'chat_test',
        recordId,
        pay: 'recommended',
      });
    // 500 messages for ¥19.90: 3.98 fen a use, below the 5 fen a message costs
    expect(await charge('a')).toMatchObject({ source: 'quota', fen: 0, quotaUnits: 1 });
    // the package made dearer than a message: the quota is kept, the balance pays
    await ctx.db.updateTable('products').set({ priceFen: 5_000 }).where('code', '=', 'chat_500').execute();
    try {
      expect(await charge('b')).toMatchObject({ source: 'balance', fen: 5, quotaUnits: 0 });
    } finally {
      await ctx.db.updateTable('products').set({ priceFen: 1_990 }).where('code', '=', 'chat_500').execute();
    }
    const w = await wallet(u.id);
    expect([w.quotas.chat, w.balance]).toEqual([9, 995]);
    await expectLedgerMatches(ctx, u.id);
  });

  it('a QR order carries the edition chosen on the page: the record is priced and run in it, the QR asks only for the rest', async () => {
    const u = await user(100);
    const r = await call<CheckRecord>(s.app(), 'POST', `${CHECK}/check_init`, {
      token: u.token,
      body: { title: '换版本后扫码', author: '', edition: 'standard', text: documentText(41, 12, 6) },
    });
    const rec = r.body.result;
    const pro = (
      await call<PayOptions>(
        s.app(),
        'POST',
        `/api/order/pay_api/pay_options?recordType=check&recordId=${rec.id}&edition=professional`,
        { token: u.token },
      )
    ).body.result;
    expect(pro.priceFen).toBeGreaterThan(rec.priceFen);
    const qr = pro.options.find((o) => o.way === 'qr')!;
    const order = await createOrder(s.app(), u.token, {
      recordType: 'check',
      recordId: rec.id,
      edition: 'professional',
    });
    expect(order.amountFen).toBe(qr.qrFen);
    const paid = await call<{ status: string }>(s.app(), 'POST', `${ORDER}/f/sandbox_pay`, {
      body: { orderNo: order.orderNo },
    });
    expect(paid.body.result.status).toBe('fulfilled');
    const after = (
      await call<CheckRecord>(s.app(), 'POST', `${CHECK}/load_by_id?id=${rec.id}`, { token: u.token })
    ).body.result;
    expect([after.edition, after.paidFen]).toEqual(['professional', pro.priceFen]);
    expect((await wallet(u.id)).balance).toBe(0);
    await expectLedgerMatches(s.ctx(), u.id);
  });
});
