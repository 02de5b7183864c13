import type {
  CheckCost,
  CheckRecord,
  CheckReport,
  LibrarySize,
  Page,
  WordCountResult,
} from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';
import { createLocalQueue } from '../../src/jobs/local.ts';
import { createOrder, credit, expectLedgerMatches, makeUser, refundDeltas } from '../billing/helpers.ts';
import { describeEachDatabase } from '../support/databases.ts';
import {
  adminToken,
  call,
  chargeRows,
  documentText,
  importLibrary,
  paragraph,
  waitFor,
  waitForCheckDone,
} from './support.ts';

const API = '/api/base/check_api';

/** Charges a record and marks it running as if a worker had taken it, with no job behind it. */
async function chargeAndLeaveRunning(
  ctx: AppContext,
  userId: number,
  rec: { id: number; characters: number },
) {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('checkRecords')
      .set({ status: 'running', progress: 40, submittedAt: new Date().toISOString() })
      .where('id', '=', rec.id)
      .execute();
    await ctx.checks.billing.charge(trx, {
      userId,
      edition: 'standard',
      characters: rec.characters,
      recordId: rec.id,
    });
  });
}

describeEachDatabase('check_api', (getCtx) => {
  let app: FastifyInstance;
  let admin: string;
  const libraryText = documentText(11, 4, 5);
  const otherText = documentText(12, 3, 5);
  let libraryIds: number[] = [];

  beforeAll(async () => {
    const ctx = getCtx();
    app = await buildApp(ctx);
    admin = await adminToken(ctx);
    libraryIds = await importLibrary(app, admin, [
      { title: '城市治理研究的若干问题', author: '王五', source: '管理世界', year: 2020, text: libraryText },
      { title: '另一篇无关的文献', author: '赵六', source: '经济研究', year: 2018, text: otherText },
    ]);
    await ctx.jobs.startWorkers();
  });

  /** A paper: two paragraphs copied from the first library document, two of its own. */
  const copiedA = libraryText.split('\n')[0]!;
  const copiedB = libraryText.split('\n')[2]!;
  const paperText = [
    '第一章 绪论',
    paragraph(901, 4),
    copiedA,
    '第二章 方法',
    copiedB,
    paragraph(902, 5),
  ].join('\n');

  async function initPaste(
    token: string,
    edition: 'standard' | 'professional' = 'standard',
    title = '我的毕业论文',
  ) {
    const r = await call<CheckRecord>(app, 'POST', `${API}/check_init`, {
      token,
      body: { title, author: '张三', edition, text: paperText },
    });
    expect(r.status, r.body.message).toBe(200);
    return r.body.result;
  }

  it('word_count counts billed characters and quotes both editions without storing anything', async () => {
    const r = await call<WordCountResult>(app, 'POST', `${API}/word_count`, { body: { text: paperText } });
    expect(r.status).toBe(200);
    const chars = paperText.replace(/\n/g, '').length;
    expect(r.body.result.characters).toBe(chars);
    const units = Math.ceil(chars / 1000);
    expect(r.body.result.quotes).toEqual([
      { edition: 'standard', unitPriceFen: 50, priceFen: units * 50 },
      { edition: 'professional', unitPriceFen: 150, priceFen: units * 150 },
    ]);
    expect(r.body.result.maxChars).toBe(300_000);
    const n = await getCtx()
      .db.selectFrom('checkRecords')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });

  it('check_init stores the paper as `created` with its price and charges nothing', async () => {
    const user = await makeUser(getCtx());
    const rec = await initPaste(user.token, 'professional');
    expect(rec.status).toBe('created');
    expect(rec.characters).toBe(paperText.replace(/\n/g, '').length);
    expect(rec.priceFen).toBe(Math.ceil(rec.characters / 1000) * 150);
    expect(rec.paidFen).toBe(0);
    expect(await chargeRows(getCtx(), user.id)).toHaveLength(0);

    const cost = await call<CheckCost>(app, 'POST', `${API}/check_cost`, {
      token: user.token,
      body: { id: rec.id },
    });
    expect(cost.body.result).toMatchObject({
      edition: 'professional',
      priceFen: rec.priceFen,
      payableFen: rec.priceFen,
      freeCheck: { eligible: false, applies: false },
      balanceFen: 0,
      sufficient: false,
    });
    // the quote of another edition prices it and writes nothing: the record keeps its edition until submit
    const row = () =>
      getCtx().db.selectFrom('checkRecords').selectAll().where('id', '=', rec.id).executeTakeFirst();
    const before = await row();
    const std = await call<CheckCost>(app, 'POST', `${API}/check_cost`, {
      token: user.token,
      body: { id: rec.id, edition: 'standard' },
    });
    expect(await row()).toEqual(before);
    expect(std.body.result).toMatchObject({
      edition: 'standard',
      priceFen: Math.ceil(rec.characters / 1000) * 50,
    });
    const unchanged = await call<CheckRecord>(app, 'POST', `${API}/load_by_id?id=${rec.id}`, {
      token: user.token,
    });
    expect(unchanged.body.result).toMatchObject({ edition: 'professional', priceFen: rec.priceFen });
  });

  it('insufficient balance: 402 with a clear message, record unchanged, nothing charged', async () => {
    const ctx = getCtx();
    const user = await makeUser(ctx);
    const rec = await initPaste(user.token);
    await credit(ctx, user.id, 'balance', 1); // one fen: not enough
    const r = await call(app, 'POST', `${API}/check_submit`, { token: user.token, body: { id: rec.id } });
    expect(r.status).toBe(402);
    expect(r.body.message).toMatch(/余额不足/);
    const after = await call<CheckRecord>(app, 'POST', `${API}/load_by_id?id=${rec.id}`, {
      token: user.token,
    });
    expect(after.body.result.status).toBe('created');
    expect(after.body.result.submittedAt).toBeNull();
    expect(await chargeRows(ctx, user.id)).toHaveLength(0);
    await expectLedgerMatches(ctx, user.id);
  });

  it('submit twice at once: one charge, one job, then a report with the copied source in red', async () => {
    const ctx = getCtx();
    const user = await makeUser(ctx);
    const rec = await initPaste(user.token);
    await credit(ctx, user.id, 'balance', 10_000);
    const [a, b] = await Promise.all([
      call<CheckRecord>(app, 'POST', `${API}/check_submit`, { token: user.token, body: { id: rec.id } }),
      call<CheckRecord>(app, 'POST', `${API}/check_submit`, { token: user.token, body: { id: rec.id } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.message, b.body.message].filter((m) => m.includes('无需重复提交'))).toHaveLength(1);
    const charges = await chargeRows(ctx, user.id);
    expect(charges).toHaveLength(1);
    expect(Number(charges[0]!.delta)).toBe(-rec.priceFen);
    // a third, later click changes nothing either
    const c = await call<CheckRecord>(app, 'POST', `${API}/check_submit`, {
      token: user.token,
      body: { id: rec.id },
    });
    expect(c.body.message).toMatch(/无需重复提交/);

    const done = await waitForCheckDone(app, user.token, rec.id, '检测完成');
    expect(done.progress).toBe(100);
    expect(done.paidFen).toBe(rec.priceFen);
    expect(await chargeRows(ctx, user.id)).toHaveLength(1);
    await expectLedgerMatches(ctx, user.id);

    const m = done.metrics!;
    // two of six blocks (about 40% of the characters) are copied verbatim from one library document
    const copiedChars = (copiedA + copiedB).length;
    const expected = copiedChars / m.totalChars;
    expect(m.totalRatio).toBeGreaterThan(expected - 0.03);
    expect(m.totalRatio).toBeLessThan(expected + 0.03);
    expect(m.maxSingleSource?.documentId).toBe(libraryIds[0]);
    expect(m.maxSingleSource?.title).toBe('城市治理研究的若干问题');
    expect(m.maxSingleRatio).toBeCloseTo(m.totalRatio, 2);
    expect(m.excludingOwnRatio).toBeCloseTo(m.totalRatio, 5);

    const rep = await call<CheckReport>(app, 'GET', `${API}/report_paragraphs?id=${rec.id}`, {
      token: user.token,
    });
    expect(rep.status).toBe(200);
    const report = rep.body.result;
    expect(report.sources[0]?.documentId).toBe(libraryIds[0]);
    expect(report.sources.map((s) => s.documentId)).not.toContain(libraryIds[1]);
    const copiedPara = report.paragraphs.find((p) => p.text === copiedA)!;
    expect(copiedPara.ratio).toBeGreaterThan(0.9);
    const span = copiedPara.spans[0]!;
    expect(span.kind).toBe('copy');
    expect(report.sources[span.source!]?.title).toBe('城市治理研究的若干问题');
    expect(span.sourceText).toContain(copiedA.slice(span.start + 5, span.start + 25));
    const own = report.paragraphs.find((p) => p.kind === 'paragraph' && p.index === 1)!;
    expect(own.overlapChars).toBe(0);
    expect(report.chapters.map((c) => c.title)).toEqual(['第一章 绪论', '第二章 方法']);
    // the report names the library it ran against and its size then; the check page reads the same (public)
    const size = await call<LibrarySize>(app, 'POST', `${API}/f/library_size`);
    expect(size.status).toBe(200);
    expect(size.body.result).toMatchObject({ name: '公共比对库', documents: libraryIds.length });
    expect(report.library).toEqual({
      name: '公共比对库',
      documents: libraryIds.length,
      characters: size.body.result.characters,
    });

    // downloads, rendered on demand, with a UTF-8 file name
    for (const type of ['simple', 'full'] as const) {
      const res = await app.inject({
        method: 'GET',
        url: `${API}/download_report?id=${rec.id}&type=${type}`,
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('我的毕业论文')}`,
      );
      const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
      const { text } = await extractText(pdf, { mergePages: true });
      expect(text.replace(/\s+/g, '')).toContain('总文字复制比');
      expect(text.replace(/\s+/g, '')).toContain('城市治理研究的若干问题');
    }
    const html = await app.inject({
      method: 'GET',
      url: `${API}/download_report?id=${rec.id}&type=html`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toContain('<mark class="copy">');
  });

  it('declared authors make a library document 本人文献; zero-width characters are flagged and do not hide the copy', async () => {
    const ctx = getCtx();
    const user = await makeUser(ctx);
    await credit(ctx, user.id, 'balance', 10_000);
    const tricked = copiedA.split('').join('\u200B');
    const init = await call<CheckRecord>(app, 'POST', `${API}/check_init`, {
      token: user.token,
      body: {
        title: '声明作者的论文',
        author: '李雷，王五',
        edition: 'standard',
        text: ['第一章 绪论', paragraph(903, 4), tricked].join('\n'),
      },
    });
    expect(init.status, init.body.message).toBe(200);
    await call(app, 'POST', `${API}/check_submit`, { token: user.token, body: { id: init.body.result.id } });
    const done = await waitForCheckDone(app, user.token, init.body.result.id, '检测完成');
    expect(done.metrics!.totalRatio).toBeGreaterThan(0.3);
    expect(done.metrics!.excludingOwnRatio).toBe(0);
    const rep = await call<CheckReport>(app, 'GET', `${API}/report_paragraphs?id=${init.body.result.id}`, {
      token: user.token,
    });
    const report = rep.body.result;
    expect(report.sources[0]).toMatchObject({ documentId: libraryIds[0], own: true });
    expect(report.integrity?.invisibleChars).toBe(copiedA.length - 1);
    expect(report.integrity?.tricks[0]).toMatchObject({ paragraph: 2, kind: 'invisible' });
  });

  it('the free daily 专业版 check: WeChat accounts pay nothing once a day', async () => {
    const ctx = getCtx();
    const user = await makeUser(ctx, 'wechat');
    const rec = await initPaste(user.token, 'professional');
    const cost = await call<CheckCost>(app, 'POST', `${API}/check_cost`, {
      token: user.token,
      body: { id: rec.id },
    });
    expect(cost.body.result.freeCheck).toEqual({ eligible: true, availableToday: true, applies: true });
    expect(cost.body.result.payableFen).toBe(0);
    expect(cost.body.result.sufficient).toBe(true);
    const r = await call<CheckRecord>(app, 'POST', `${API}/check_submit`, {
      token: user.token,
      body: { id: rec.id },
    });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ free: true, paidFen: 0 });
    expect(['queued', 'running', 'done']).toContain(r.body.result.status);
    // the second one today is not free, and the standard edition never is
    const rec2 = await initPaste(user.token, 'professional');
    const cost2 = await call<CheckCost>(app, 'POST', `${API}/check_cost`, {
      token: user.token,
      body: { id: rec2.id },
    });
    expect(cost2.body.result.freeCheck).toEqual({ eligible: true, availableToday: false, applies: false });
    const r2 = await call(app, 'POST', `${API}/check_submit`, { token: user.token, body: { id: rec2.id } });
    expect(r2.status).toBe(402);
    await waitFor(
      async () =>
        (await call<CheckRecord>(app, 'POST', `${API}/load_by_id?id=${rec.id}`, { token: user.token })).body
          .result.status === 'done',
      30_000,
    );
  });

  it("someone else's record is 404 everywhere; own records list, filter, rename and delete", async () => {
    const owner = await makeUser(getCtx());
    const other = await makeUser(getCtx());
    const rec = await initPaste(owner.token, 'standard', '关于城市治理的论文');
    const calls: [string, 'GET' | 'POST', unknown?][] = [
      [`${API}/load_by_id?id=${rec.id}`, 'POST'],
      [`${API}/delete?id=${rec.id}`, 'POST'],
      [`${API}/update_title?id=${rec.id}`, 'POST', { title: '偷改' }],
      [`${API}/check_cost`, 'POST', { id: rec.id }],
      [`${API}/check_submit`, 'POST', { id: rec.id }],
      [`${API}/check_machine_submit?id=${rec.id}`, 'POST'],
      [`${API}/report_paragraphs?id=${rec.id}`, 'GET'],
      [`${API}/download_report?id=${rec.id}&type=simple`, 'GET'],
    ];
    for (const [url, method, body] of calls) {
      const r = await call(app, method, url, { token: other.token, ...(body ? { body } : {}) });
      expect(r.status, url).toBe(404);
      expect(r.body.message).toBe('检测记录不存在');
    }
    const unauth = await call(app, 'POST', `${API}/load_by_id?id=${rec.id}`);
    expect(unauth.status).toBe(401);

    await initPaste(owner.token, 'standard', '第二篇稿子');
    const renamed = await call<CheckRecord>(app, 'POST', `${API}/update_title?id=${rec.id}`, {
      token: owner.token,
      body: { title: '城市治理新论' },
    });
    expect(renamed.body.result.title).toBe('城市治理新论');
    const list = await call<Page<CheckRecord>>(app, 'POST', `${API}/query_list?pageNo=1&pageSize=10`, {
      token: owner.token,
      body: { title: '治理' },
    });
    expect(list.body.result.total).toBe(1);
    expect(list.body.result.records[0]!.title).toBe('城市治理新论');
    const byStatus = await call<Page<CheckRecord>>(app, 'POST', `${API}/query_list`, {
      token: owner.token,
      body: { status: 'created' },
    });
    expect(byStatus.body.result.total).toBe(2);
    const none = await call<Page<CheckRecord>>(app, 'POST', `${API}/query_list`, {
      token: owner.token,
      body: { status: 'done' },
    });
    expect(none.body.result.total).toBe(0);
    const del = await call(app, 'POST', `${API}/delete?id=${rec.id}`, { token: owner.token });
    expect(del.status).toBe(200);
    const gone = await call(app, 'POST', `${API}/load_by_id?id=${rec.id}`, { token: owner.token });
    expect(gone.status).toBe(404);
  });

  it('check_machine_submit: a paper not checked yet has nothing to hand over to 降重 (409), nothing is created', async () => {
    const user = await makeUser(getCtx());
    const rec = await initPaste(user.token);
    const r = await call(app, 'POST', `${API}/check_machine_submit?id=${rec.id}`, { token: user.token });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('检测尚未完成');
    expect(await chargeRows(getCtx(), user.id)).toHaveLength(0);
    // the full hand-over is tested with the 降重 service (test/rewriting)
  });

  it('paying one record by QR (sandbox order) submits it, charging exactly the order', async () => {
    const ctx = getCtx();
    const user = await makeUser(ctx);
    const rec = await initPaste(user.token, 'professional');
    const order = await createOrder(app, user.token, { recordType: 'check', recordId: rec.id });
    expect(order.amountFen).toBe(rec.priceFen);
    const paid = await call<{ status: string }>(app, 'POST', '/api/order/order_info_api/f/sandbox_pay', {
      body: { orderNo: order.orderNo },
    });
    expect(paid.body.result.status).toBe('fulfilled');
    const done = await waitForCheckDone(app, user.token, rec.id, '付款后自动提交并完成');
    expect(done.paidFen).toBe(rec.priceFen);
    expect((await ctx.billing.wallet(user.id)).balance).toBe(0);
    expect(await chargeRows(ctx, user.id)).toHaveLength(1);
    await expectLedgerMatches(ctx, user.id);
    // the page's own submit after payment changes nothing
    const again = await call(app, 'POST', `${API}/check_submit`, {
      token: user.token,
      body: { id: rec.id, orderId: order.id },
    });
    expect(again.body.message).toMatch(/无需重复提交/);
  });

  it("check_cancel ends a running record failed with one refund; created, failed and others' records cannot be cancelled", async () => {
    const ctx = getCtx();
    const user = await makeUser(ctx);
    const rec = await initPaste(user.token);
    const created = await call(app, 'POST', `${API}/check_cancel?id=${rec.id}`, { token: user.token });
    expect(created.status).toBe(409);
    await credit(ctx, user.id, 'balance', 10_000);
    // charged and running (its job is elsewhere): the owner cancels
    await chargeAndLeaveRunning(ctx, user.id, rec);
    const other = await makeUser(ctx);
    expect((await call(app, 'POST', `${API}/check_cancel?id=${rec.id}`, { token: other.token })).status).toBe(
      404,
    );
    const r = await call<CheckRecord>(app, 'POST', `${API}/check_cancel?id=${rec.id}`, { token: user.token });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.result.status).toBe('failed');
    expect(r.body.result.message).toMatch(/已取消检测/);
    const wallets = await expectLedgerMatches(ctx, user.id);
    expect(Number(wallets.find((w) => w.account === 'balance')?.wallet)).toBe(10_000);
    const again = await call(app, 'POST', `${API}/check_cancel?id=${rec.id}`, { token: user.token });
    expect(again.status).toBe(409);
    await expectLedgerMatches(ctx, user.id);
  });

  it('a restart re-queues unfinished records (recover) and runs them', async () => {
    const ctx = getCtx();
    const user = await makeUser(ctx);
    const rec = await initPaste(user.token);
    await credit(ctx, user.id, 'balance', 10_000);
    // the record was charged and left `running` by a crash: no job exists for it any more
    await chargeAndLeaveRunning(ctx, user.id, rec);
    const fresh = createLocalQueue();
    ctx.checks.registerJobs(fresh);
    await fresh.startWorkers();
    const done = await waitForCheckDone(app, user.token, rec.id);
    expect(done.metrics?.totalRatio).toBeGreaterThan(0.3);
    await fresh.close();
    expect(await chargeRows(ctx, user.id)).toHaveLength(1);
  });

  it('the opt-in adds the checked paper to the library as the user’s own; 去除本人文献 then drops it', async () => {
    const ctx = getCtx();
    const user = await makeUser(ctx);
    await credit(ctx, user.id, 'balance', 100_000);
    const mine = ['我的早期论文', paragraph(7001, 5), paragraph(7002, 5)].join('\n');
    const first = await call<CheckRecord>(app, 'POST', `${API}/check_init`, {
      token: user.token,
      body: { title: '我的早期论文', author: '张三', text: mine, addToLibrary: true },
    });
    expect(first.body.result.addToLibrary).toBe(true);
    await call(app, 'POST', `${API}/check_submit`, { token: user.token, body: { id: first.body.result.id } });
    await waitFor(
      async () => {
        const r = await ctx.db
          .selectFrom('checkRecords')
          .select('libraryDocumentId')
          .where('id', '=', first.body.result.id)
          .executeTakeFirst();
        return r?.libraryDocumentId ?? null;
      },
      30_000,
      '加入比对库',
    );
    // default is off: the other papers checked above are not in the library
    const users = await ctx.db
      .selectFrom('libraryDocuments')
      .select('ownerUserId')
      .where('origin', '=', 'user')
      .execute();
    expect(users.map((u) => u.ownerUserId)).toEqual([user.id]);

    const second = await call<CheckRecord>(app, 'POST', `${API}/check_init`, {
      token: user.token,
      body: {
        title: '我的新论文',
        author: '张三',
        text: [paragraph(7001, 5), paragraph(7003, 5)].join('\n'),
      },
    });
    await call(app, 'POST', `${API}/check_submit`, {
      token: user.token,
      body: { id: second.body.result.id },
    });
    const done = await waitForCheckDone(app, user.token, second.body.result.id);
    expect(done.metrics!.totalRatio).toBeGreaterThan(0.4);
    expect(done.metrics!.excludingOwnRatio).toBeLessThan(0.05);
    // someone else checking the same text does not get it excluded
    const stranger = await makeUser(ctx);
    await credit(ctx, stranger.id, 'balance', 100_000);
    const third = await call<CheckRecord>(app, 'POST', `${API}/check_init`, {
      token: stranger.token,
      body: { title: '抄来的论文', text: [paragraph(7001, 5), paragraph(7003, 5)].join('\n') },
    });
    await call(app, 'POST', `${API}/check_submit`, {
      token: stranger.token,
      body: { id: third.body.result.id },
    });
    const done3 = await waitForCheckDone(app, stranger.token, third.body.result.id);
    expect(done3.metrics!.excludingOwnRatio).toBeCloseTo(done3.metrics!.totalRatio, 5);
    // deleting the record takes the opted-in paper out of the library again
    const libId = (
      await ctx.db
        .selectFrom('checkRecords')
        .select('libraryDocumentId')
        .where('id', '=', first.body.result.id)
        .executeTakeFirstOrThrow()
    ).libraryDocumentId;
    await call(app, 'POST', `${API}/delete?id=${first.body.result.id}`, { token: user.token });
    const gone = await ctx.db
      .selectFrom('libraryDocuments')
      .select('deletedAt')
      .where('id', '=', Number(libId))
      .executeTakeFirstOrThrow();
    expect(gone.deletedAt).not.toBeNull();
  });
});

describe('check job failure', () => {
  describeEachDatabase('refund exactly once', (getCtx) => {
    it('a job that keeps failing marks the record failed, keeps the message and refunds once', async () => {
      const ctx = getCtx();
      const app = await buildApp(ctx);
      const user = await makeUser(ctx);
      await credit(ctx, user.id, 'balance', 5_000);
      const text = [paragraph(501, 5), paragraph(502, 5)].join('\n');
      const rec = (
        await call<CheckRecord>(app, 'POST', `${API}/check_init`, {
          token: user.token,
          body: { title: '会失败的检测', text },
        })
      ).body.result;
      const sub = await call<CheckRecord>(app, 'POST', `${API}/check_submit`, {
        token: user.token,
        body: { id: rec.id },
      });
      expect(sub.status).toBe(200);
      expect((await ctx.billing.wallet(user.id)).balance).toBe(5_000 - rec.priceFen);
      // the stored document is damaged, so every attempt throws (workers are not running yet)
      await ctx.db
        .updateTable('checkDocuments')
        .set({ document: '{not json' })
        .where('recordId', '=', rec.id)
        .execute();
      await ctx.jobs.startWorkers();
      const failed = await waitFor(
        async () => {
          const r = await call<CheckRecord>(app, 'POST', `${API}/load_by_id?id=${rec.id}`, {
            token: user.token,
          });
          return r.body.result.status === 'failed' ? r.body.result : null;
        },
        30_000,
        '检测失败',
      );
      expect(failed.message).toMatch(/^检测失败，费用已退回：/);
      expect((await ctx.billing.wallet(user.id)).balance).toBe(5_000);
      // onFailed delivered again (a second worker, a retry storm): no second refund
      await ctx.checks.failJob(rec.id, new Error('again'));
      expect((await ctx.billing.wallet(user.id)).balance).toBe(5_000);
      expect(await refundDeltas(ctx, user.id)).toEqual([rec.priceFen]);
      await expectLedgerMatches(ctx, user.id);
      // and there is no report to download
      const rep = await call(app, 'GET', `${API}/report_paragraphs?id=${rec.id}`, { token: user.token });
      expect(rep.status).toBe(409);
      await app.close();
    });
  });
});
