import type { PayOptions, WritingRecord } from '@paperdesk/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { initPaste } from '../aigc/support.ts';
import { call, documentText, waitFor } from '../check/support.ts';
import { startFakeOpenAi } from '../fakes/openai-server.ts';
import { reduceSuite } from '../reducing/support.ts';
import { fakeModelRewrite, passageOf, SOURCE_PARAGRAPHS, SOURCE_TEXT } from '../rewriting/fixtures.ts';
import { pptModel } from '../slides/support.ts';
import { draft, THESIS_COVER, writer } from '../writing/support.ts';
import { createOrder, credit, expectLedgerMatches } from './helpers.ts';

/**
 * Measured (issue 26): for every paid service, the price the confirm step shows before payment (pay_options: the
 * price and what the chosen way takes) against what the ledger records after the payment. They must be equal.
 * Prints the table (`[price-ledger]` lines) for the closing note.
 */

const fake = await startFakeOpenAi();
afterAll(() => fake.close());
const s = reduceSuite({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_TIMEOUT_MS: '5000' });

interface Row {
  service: string;
  way: string;
  shownPrice: number;
  shownMoney: number;
  qrFen: number;
  ledgerCharge: number;
  ledgerQuota: number;
  orderPaid: number;
}
const rows: Row[] = [];

const options = async (token: string, recordType: string, id: number) => {
  const r = await call<PayOptions>(
    s.app(),
    'POST',
    `/api/order/pay_api/pay_options?recordType=${recordType}&recordId=${id}`,
    {
      token,
    },
  );
  expect(r.status, r.body.message).toBe(200);
  return r.body.result;
};

/** The ledger's charge rows of one record: money (balance) and quota taken. */
async function charged(userId: number, refType: string, id: number) {
  const entries = await s
    .ctx()
    .db.selectFrom('ledger')
    .select(['account', 'delta'])
    .where('userId', '=', userId)
    .where('reason', '=', 'charge')
    .where('refType', '=', refType)
    .where('refId', '=', String(id))
    .execute();
  const money = 0 - entries.filter((e) => e.account === 'balance').reduce((a, e) => a + Number(e.delta), 0);
  const quota = 0 - entries.filter((e) => e.account !== 'balance').reduce((a, e) => a + Number(e.delta), 0);
  return { money, quota };
}

/** Shows the options, pays the chosen way (a submit with `pay`, or a QR order), and records the row. */
async function measure(opts: {
  service: string;
  userId: number;
  token: string;
  recordType: string;
  id: number;
  way: 'free' | 'quota' | 'balance' | 'qr';
  submit: (pay: string) => Promise<{ status: number; body: { message: string } }>;
  /** What the confirm page sends with a QR order besides the record (edition, 全文降重's targets). */
  orderTerms?: Record<string, unknown>;
}) {
  const o = await options(opts.token, opts.recordType, opts.id);
  const chosen = o.options.find((x) => x.way === opts.way)!;
  expect(chosen.available, `${opts.service}: ${chosen.reason}`).toBe(true);
  let orderPaid = 0;
  if (opts.way === 'qr') {
    const order = await createOrder(s.app(), opts.token, {
      recordType: opts.recordType,
      recordId: opts.id,
      ...opts.orderTerms,
    });
    orderPaid = order.amountFen;
    const paid = await call<{ status: string }>(s.app(), 'POST', '/api/order/order_info_api/f/sandbox_pay', {
      body: { orderNo: order.orderNo },
    });
    expect(paid.body.result.status).toBe('fulfilled');
  } else {
    const r = await opts.submit(opts.way);
    expect(r.status, r.body.message).toBe(200);
  }
  const ledger = await waitFor(async () => {
    const c = await charged(opts.userId, opts.recordType, opts.id);
    return c.money > 0 || c.quota > 0 || o.priceFen === 0 ? c : null;
  });
  const row: Row = {
    service: opts.service,
    way: opts.way,
    shownPrice: o.priceFen,
    shownMoney: chosen.balanceFen + chosen.qrFen,
    qrFen: chosen.qrFen,
    ledgerCharge: ledger.money,
    ledgerQuota: ledger.quota,
    orderPaid,
  };
  rows.push(row);
  // the money the page said this way takes is the money the ledger took; a QR paid exactly its part
  expect(row.ledgerCharge, opts.service).toBe(row.shownMoney);
  expect(row.orderPaid, opts.service).toBe(row.qrFen);
  if (opts.way === 'quota') expect(row.ledgerQuota).toBe(chosen.quotaUnits);
  await expectLedgerMatches(s.ctx(), opts.userId);
}

describe('price shown before payment = ledger entry after it', () => {
  it('every paid service', async () => {
    fake.respond((req) => ({ chunks: [fakeModelRewrite(passageOf(req.messages.at(-1)?.content ?? ''))] }));
    const u = await s.user(1_000_000);
    const post = (url: string, body?: unknown) => call(s.app(), 'POST', url, { token: u.token, body });

    for (const edition of ['standard', 'professional'] as const) {
      const rec = await call<{ id: number }>(s.app(), 'POST', '/api/base/check_api/check_init', {
        token: u.token,
        body: { title: `价格核对 ${edition}`, author: '', edition, text: documentText(5, 12, 6) },
      });
      await measure({
        service: `查重 ${edition === 'standard' ? '普通版' : '专业版'}`,
        userId: u.id,
        token: u.token,
        recordType: 'check',
        id: rec.body.result.id,
        way: 'balance',
        submit: (pay) => post('/api/base/check_api/check_submit', { id: rec.body.result.id, pay }),
      });
    }

    const aigc = await initPaste(s.app(), u.token, documentText(9, 8, 6));
    await measure({
      service: 'AIGC检测',
      userId: u.id,
      token: u.token,
      recordType: 'aigc',
      id: aigc.id,
      way: 'balance',
      submit: (pay) => post(`/api/base/paper_aigc_api/submit_check?id=${aigc.id}&pay=${pay}`),
    });

    const machine = await call<{ id: number }>(s.app(), 'POST', '/api/base/machine_api/machine_init', {
      token: u.token,
      body: { title: '智能降重价格', text: SOURCE_TEXT },
    });
    await measure({
      service: '智能降重',
      userId: u.id,
      token: u.token,
      recordType: 'rewrite',
      id: machine.body.result.id,
      way: 'balance',
      submit: (pay) => post('/api/base/machine_api/machine_submit', { id: machine.body.result.id, pay }),
    });

    for (const kind of ['similarity', 'aigc'] as const) {
      const init = await s.init(u.token, {
        text: SOURCE_PARAGRAPHS.slice(0, 3).join('\n'),
        kind,
        path: 'model',
      });
      expect(init.status, init.body.message).toBe(200);
      const id = init.body.result.id;
      await measure({
        service: kind === 'aigc' ? '降AIGC（AI 模型）' : '全文降重（AI 模型）',
        userId: u.id,
        token: u.token,
        recordType: 'reduce',
        id,
        way: 'balance',
        submit: (pay) => post(`/api/base/paper_machine_api/machine_submit?id=${id}&pay=${pay}`),
      });
    }

    fake.reset();
    fake.respond(pptModel);
    const ppt = await call<{ id: number }>(s.app(), 'POST', '/api/base/ai_ppt_info_api/save_or_update', {
      token: u.token,
      body: {
        topic: '城市更新中的社区治理研究',
        templateId: 'academic-blue',
        slideCount: 10,
        scene: 'defense',
      },
    });
    const outlined = await post(`/api/base/ai_ppt_info_api/generate_outline?id=${ppt.body.result.id}`);
    expect(outlined.status, outlined.body.message).toBe(200);
    await measure({
      service: 'AI生成PPT',
      userId: u.id,
      token: u.token,
      recordType: 'ppt',
      id: ppt.body.result.id,
      way: 'balance',
      submit: (pay) => post(`/api/base/ai_ppt_info_api/submit_by_id?id=${ppt.body.result.id}&pay=${pay}`),
    });

    // 论文写作: a 课程/期刊 paper and a 毕业论文, priced on the confirm page from the outline's record, charged by
    // the submit that carries the edited outline (no QR: the order cannot submit the outline)
    fake.reset();
    fake.respond(writer);
    for (const paperType of ['course', 'thesis'] as const) {
      const outline = await call<WritingRecord>(
        s.app(),
        'POST',
        '/api/base/paper_info_api/query_paper_content',
        {
          token: u.token,
          body: {
            type: 'outline',
            draft: draft({ paperType, targetWords: paperType === 'thesis' ? 8000 : 3000 }),
          },
        },
      );
      expect(outline.status, outline.body.message).toBe(200);
      const rec = outline.body.result;
      await measure({
        service: paperType === 'thesis' ? '论文写作 毕业论文' : '论文写作 课程/期刊论文',
        userId: u.id,
        token: u.token,
        recordType: 'writing',
        id: rec.id,
        way: 'balance',
        submit: (pay) =>
          paperType === 'thesis'
            ? post('/api/base/paper_info_api/paper_submit', {
                id: rec.id,
                outline: rec.outline,
                cover: THESIS_COVER,
                pay,
              })
            : post('/api/base/paper_info_api/paper_xueshu_submit', { id: rec.id, outline: rec.outline, pay }),
      });
    }

    // the other ways: a package use, and the balance with a QR payment for the rest
    const q = await s.user(0);
    await credit(s.ctx(), q.id, 'check', 1);
    const big = await call<{ id: number }>(s.app(), 'POST', '/api/base/check_api/check_init', {
      token: q.token,
      body: { title: '套餐额度', author: '', edition: 'professional', text: documentText(6, 100, 8) },
    });
    await measure({
      service: '查重 专业版',
      userId: q.id,
      token: q.token,
      recordType: 'check',
      id: big.body.result.id,
      way: 'quota',
      submit: (pay) =>
        call(s.app(), 'POST', '/api/base/check_api/check_submit', {
          token: q.token,
          body: { id: big.body.result.id, pay },
        }),
    });
    const small = await call<{ id: number; priceFen: number }>(
      s.app(),
      'POST',
      '/api/base/check_api/check_init',
      {
        token: q.token,
        body: { title: '余额加扫码', author: '', edition: 'professional', text: documentText(7, 12, 6) },
      },
    );
    await credit(s.ctx(), q.id, 'balance', Math.floor(small.body.result.priceFen / 3));
    await measure({
      service: '查重 专业版',
      userId: q.id,
      token: q.token,
      recordType: 'check',
      id: small.body.result.id,
      way: 'qr',
      submit: async () => ({ status: 200, body: { message: '' } }),
    });

    // 降AIGC paid by QR with the balance first, the target changed on the confirm page: the order carries it
    const r = await s.user(0);
    const reduce = await s.init(r.token, {
      text: SOURCE_PARAGRAPHS.slice(0, 3).join('\n'),
      kind: 'aigc',
      path: 'offline',
      targetAigc: 20,
    });
    expect(reduce.status, reduce.body.message).toBe(200);
    await credit(s.ctx(), r.id, 'balance', Math.floor(reduce.body.result.priceFen / 2));
    await measure({
      service: '降AIGC（离线，扫码时改目标）',
      userId: r.id,
      token: r.token,
      recordType: 'reduce',
      id: reduce.body.result.id,
      way: 'qr',
      orderTerms: { edition: 'standard', targetAigc: 12 },
      submit: async () => ({ status: 200, body: { message: '' } }),
    });
    const ran = await s.finished(r.token, reduce.body.result.id);
    expect(ran.targets.aigc).toBe(12);

    const yuan = (f: number) => (f / 100).toFixed(2);
    console.log(
      '[price-ledger] | 服务 | 方式 | 确认页价格 | 确认页应付（余额+扫码） | 其中扫码 | 扫码订单实付 | 流水扣余额 | 流水扣额度 | 相等 |',
    );
    for (const r of rows)
      console.log(
        `[price-ledger] | ${r.service} | ${r.way} | ¥${yuan(r.shownPrice)} | ¥${yuan(r.shownMoney)} | ¥${yuan(r.qrFen)} | ¥${yuan(r.orderPaid)} | ¥${yuan(r.ledgerCharge)} | ${r.ledgerQuota} | ${r.ledgerCharge === r.shownMoney ? '✓' : '✗'} |`,
      );
  }, 120_000);
});
