import type { CheckCost, CheckRecord, ReduceRecord } from '@paperdesk/contracts';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrder } from '../billing/helpers.ts';
import { call, documentText, waitFor } from '../check/support.ts';
import { startFakeOpenAi } from '../fakes/openai-server.ts';
import { API as REDUCE, reduceSuite } from '../reducing/support.ts';
import { fakeModelRewrite, passageOf, SOURCE_PARAGRAPHS } from '../rewriting/fixtures.ts';

/**
 * Money follows what is delivered: a pay-per-record order is priced from the record's terms when it is made,
 * so those terms (查重's edition, 全文降重's path) no longer change while it stands, and the charge re-prices the
 * record and refuses an order whose amount no longer matches. Each attack below is made through the API by an
 * ordinary user with no balance, as in issue 22.
 */

const fake = await startFakeOpenAi();
afterAll(() => fake.close());
const s = reduceSuite({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_TIMEOUT_MS: '2000' });
beforeEach(() => {
  fake.reset();
  fake.respond((req) => ({ chunks: [fakeModelRewrite(passageOf(req.messages.at(-1)?.content ?? ''))] }));
});

const CHECK = '/api/base/check_api';
const pay = (orderNo: string) =>
  call<{ status: string }>(s.app(), 'POST', '/api/order/order_info_api/f/sandbox_pay', { body: { orderNo } });

async function checkRecord(token: string, edition: 'standard' | 'professional'): Promise<CheckRecord> {
  const r = await call<CheckRecord>(s.app(), 'POST', `${CHECK}/check_init`, {
    token,
    body: { title: '按次支付的论文', author: '', edition, text: documentText(77, 3, 5) },
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result;
}

const loadCheck = async (token: string, id: number) =>
  (await call<CheckRecord>(s.app(), 'POST', `${CHECK}/load_by_id?id=${id}`, { token })).body.result;

describe('paid terms', () => {
  it('查重: an order for 普通版 cannot be turned into 专业版 by check_cost or check_submit; the paid record runs as ordered', async () => {
    const user = await s.user(0);
    const rec = await checkRecord(user.token, 'standard');
    const order = await createOrder(s.app(), user.token, { recordType: 'check', recordId: rec.id });
    expect(order.amountFen).toBe(rec.priceFen);

    const swap = await call<CheckCost>(s.app(), 'POST', `${CHECK}/check_cost`, {
      token: user.token,
      body: { id: rec.id, edition: 'professional' },
    });
    expect(swap.status, '下单后不能再换版本').toBe(409);
    const viaSubmit = await call(s.app(), 'POST', `${CHECK}/check_submit`, {
      token: user.token,
      body: { id: rec.id, edition: 'professional', orderId: order.id },
    });
    expect(viaSubmit.status).toBe(409);
    expect((await loadCheck(user.token, rec.id)).edition).toBe('standard');

    expect((await pay(order.orderNo)).body.result.status).toBe('fulfilled');
    const done = await waitFor(async () => {
      const r = await loadCheck(user.token, rec.id);
      return r.status === 'done' ? r : null;
    });
    expect([done.edition, done.paidFen]).toEqual(['standard', order.amountFen]);
  });

  it('the charge re-prices the record: an order whose amount no longer matches pays for nothing (the money stays in the balance)', async () => {
    const ctx = s.ctx();
    const user = await s.user(0);
    const rec = await checkRecord(user.token, 'standard');
    const order = await createOrder(s.app(), user.token, { recordType: 'check', recordId: rec.id });
    // the price changes between the order and the payment (an admin's new price list)
    const key = 'price.check.standard';
    const before = await ctx.db
      .selectFrom('sysConfig')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    const entry = JSON.parse(before.value) as { fen: number };
    await ctx.db
      .updateTable('sysConfig')
      .set({ value: JSON.stringify({ ...entry, fen: entry.fen * 3 }) })
      .where('key', '=', key)
      .execute();
    try {
      expect((await pay(order.orderNo)).body.result.status).toBe('fulfilled');
      const submit = await call(s.app(), 'POST', `${CHECK}/check_submit`, {
        token: user.token,
        body: { id: rec.id, orderId: order.id },
      });
      expect(submit.status).toBe(409);
      expect(submit.body.message).toContain('不一致');
      const after = await loadCheck(user.token, rec.id);
      expect([after.status, after.paidFen]).toEqual(['created', 0]);
      expect((await ctx.billing.wallet(user.id)).balance).toBe(order.amountFen);
    } finally {
      await ctx.db.updateTable('sysConfig').set({ value: before.value }).where('key', '=', key).execute();
    }
  });

  it('全文降重: an order for the offline path cannot be turned into the model path by machine_submit', async () => {
    const user = await s.user(0);
    const init = await s.init(user.token, {
      text: SOURCE_PARAGRAPHS.slice(0, 2).join('\n'),
      path: 'offline',
    });
    expect(init.status, init.body.message).toBe(200);
    const rec = init.body.result;
    const order = await createOrder(s.app(), user.token, { recordType: 'reduce', recordId: rec.id });
    expect(order.amountFen).toBe(rec.priceFen);

    const swap = await s.submit(user.token, rec.id, '&path=model');
    expect(swap.status, '下单后不能再换改写方式').toBe(409);

    expect((await pay(order.orderNo)).body.result.status).toBe('fulfilled');
    const done = await s.finished(user.token, rec.id);
    // it ran on the order's terms: the order's amount was the charge, settled per paragraph when the job ended
    // (what met no target came back), and nothing was charged at the model path's price
    expect(done.path).toBe('offline');
    expect(done.settlement).not.toBeNull();
    expect(done.settlement!.chargedFen + done.settlement!.refundFen).toBe(order.amountFen);
    expect(done.paidFen).toBe(done.settlement!.chargedFen);
    const record = await call<ReduceRecord>(s.app(), 'POST', `${REDUCE}/load_by_id?id=${rec.id}`, {
      token: user.token,
    });
    expect(record.body.result.path).toBe('offline');
  });
});
