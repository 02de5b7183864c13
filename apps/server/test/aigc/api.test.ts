import type { AigcRecord, AigcReport, AigcWordCountResult, Page } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';
import { createOrder, credit, expectLedgerMatches, makeUser, refundDeltas } from '../billing/helpers.ts';
import { call, chargeRows, documentText, waitFor } from '../check/support.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { hasData, heldOutPairs } from './data.ts';
import { API, creditAigcQuota, footprint, initPaste, waitForFinished } from './support.ts';

if (!hasData)
  console.warn(
    '跳过 AIGC 真实文本测试：找不到 ../shared/data 下的 CSL 摘要与 ai_academic_zh（数据集不随仓库分发）',
  );

describeEachDatabase('paper_aigc_api', (getCtx) => {
  let app: FastifyInstance;
  const paper = ['第一章 绪论', documentText(21, 2, 5), '第二章 方法', documentText(22, 2, 5)].join('\n');

  beforeAll(async () => {
    app = await buildApp(getCtx());
    await getCtx().jobs.startWorkers();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('word_count counts billed characters and quotes 1元/千字 without storing anything', async () => {
    const r = await call<AigcWordCountResult>(app, 'POST', `${API}/word_count`, { body: { text: paper } });
    expect(r.status).toBe(200);
    const chars = paper.replace(/\n/g, '').length;
    expect(r.body.result).toMatchObject({
      characters: chars,
      minChars: 200,
      maxChars: 300_000,
      quote: { unitPriceFen: 100, priceFen: Math.ceil(chars / 1000) * 100, quotaNeeded: 1 },
    });
    const n = await getCtx().db.selectFrom('aigcRecords').select('id').execute();
    expect(n).toHaveLength(0);
  });

  it('init → 402 without credit → quota pays once → job → report with paragraph bands → PDF', async () => {
    const ctx = getCtx();
    const user = await makeUser(ctx);
    const rec = await initPaste(app, user.token, paper, '数字治理研究');
    expect(rec).toMatchObject({ status: 'created', paidFen: 0, metrics: null });
    expect(rec.priceFen).toBe(Math.ceil(rec.characters / 1000) * 100);

    const short = await call(app, 'POST', `${API}/submit_check?id=${rec.id}`, { token: user.token });
    expect(short.status).toBe(402);
    expect(short.body.message).toMatch(/余额不足/);
    expect(short.body.result).toMatchObject({ quotaKind: 'aigc_check', quotaNeeded: 1, quotaAvailable: 0 });
    expect(
      (await call<AigcRecord>(app, 'POST', `${API}/load_by_id?id=${rec.id}`, { token: user.token })).body
        .result.status,
    ).toBe('created');
    expect(await chargeRows(ctx, user.id)).toHaveLength(0);

    await creditAigcQuota(ctx, user.id, 2);
    const [a, b] = await Promise.all([
      call<AigcRecord>(app, 'POST', `${API}/submit_check?id=${rec.id}&pay=quota`, { token: user.token }),
      call<AigcRecord>(app, 'POST', `${API}/submit_check?id=${rec.id}&pay=quota`, { token: user.token }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.message, b.body.message].filter((m) => m.includes('无需重复提交'))).toHaveLength(1);
    const charges = await chargeRows(ctx, user.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ account: 'aigc_check' });
    expect(Number(charges[0]!.delta)).toBe(-1);

    const done = await waitForFinished(app, user.token, rec.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, paidFen: 0, chargeSource: 'quota' });
    const m = done.metrics!;
    // headings are shown but not scored
    const body = paper.split('\n').filter((l) => !l.startsWith('第'));
    expect(m.totalChars).toBe(body.join('').replace(/\s/g, '').length);
    expect(m.paragraphCount).toBe(4);
    expect(m.aiCharRatio).toBeGreaterThanOrEqual(0);
    expect(m.aiCharRatio).toBeLessThanOrEqual(1);
    expect(m.bandCounts.high + m.bandCounts.medium + m.bandCounts.light + m.bandCounts.none).toBe(4);

    const rep = await call<AigcReport>(app, 'POST', `${API}/load_content_by_id?id=${rec.id}`, {
      token: user.token,
    });
    expect(rep.status).toBe(200);
    const report = rep.body.result;
    expect(report.metrics).toEqual(m);
    expect(report.chapters.map((c) => c.title)).toEqual(['第一章 绪论', '第二章 方法']);
    expect(report.paragraphs.map((p) => p.kind)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'heading',
      'paragraph',
      'paragraph',
    ]);
    for (const p of report.paragraphs.filter((x) => x.kind === 'paragraph')) {
      expect(p.probability).not.toBeNull();
      for (const s of p.spans) {
        expect(s.start).toBeGreaterThanOrEqual(0);
        expect(s.end).toBeLessThanOrEqual(p.text.length);
        expect(s.band).not.toBe('none');
      }
    }
    // each chapter's suspicious characters add up to the document's
    expect(report.chapters.reduce((s, c) => s + c.aiChars, 0)).toBe(m.aiChars);
    expect(report.model.version).toBe(m.modelVersion);

    const pdf = await app.inject({
      method: 'GET',
      url: `${API}/download_report?id=${rec.id}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain(
      encodeURIComponent('数字治理研究-AIGC检测报告.pdf'),
    );
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text.replace(/\s+/g, '')).toContain('AIGC总体疑似度');

    const list = await call<Page<AigcRecord>>(app, 'POST', `${API}/query_list?pageNo=1&pageSize=10`, {
      token: user.token,
      body: { status: 'done' },
    });
    expect(list.body.result.total).toBe(1);
    expect(list.body.result.records[0]?.metrics?.aiCharRatio).toBe(m.aiCharRatio);
    await expectLedgerMatches(ctx, user.id);
  }, 120_000);

  it('balance pays when there is no quota: 1元 per started 1,000 characters', async () => {
    const ctx = getCtx();
    const user = await makeUser(ctx);
    await credit(ctx, user.id, 'balance', 10_000);
    const rec = await initPaste(app, user.token, paper);
    const r = await call<AigcRecord>(app, 'POST', `${API}/submit_check?id=${rec.id}`, { token: user.token });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ paidFen: rec.priceFen, chargeSource: 'balance' });
    expect((await waitForFinished(app, user.token, rec.id)).status).toBe('done');
    await expectLedgerMatches(ctx, user.id);
  });

  it('a failing job refunds exactly once; reload charges once more and finishes', async () => {
    const ctx = getCtx();
    const user = await makeUser(ctx);
    await creditAigcQuota(ctx, user.id, 1);
    const rec = await initPaste(app, user.token, paper);
    // a record whose stored document cannot be read makes every attempt fail
    await ctx.db
      .updateTable('aigcDocuments')
      .set({ document: '{not json' })
      .where('recordId', '=', rec.id)
      .execute();
    await call(app, 'POST', `${API}/submit_check?id=${rec.id}&pay=quota`, { token: user.token });
    const failed = await waitForFinished(app, user.token, rec.id);
    expect(failed.status).toBe('failed');
    expect(failed.message).toMatch(/费用已退回/);
    await ctx.aigc.failJob(rec.id, new Error('again'));
    expect(await refundDeltas(ctx, user.id)).toHaveLength(1);
    expect((await ctx.billing.wallet(user.id)).quotas.aigc_check).toBe(1);

    // the report of a failed record does not exist
    const noReport = await call(app, 'POST', `${API}/load_content_by_id?id=${rec.id}`, { token: user.token });
    expect(noReport.status).toBe(409);

    // reload: the document is repaired (as an operator would after a fix) and the run is paid once more
    await ctx.db
      .updateTable('aigcDocuments')
      .set({
        document: JSON.stringify({ blocks: paper.split('\n').map((text) => ({ kind: 'paragraph', text })) }),
      })
      .where('recordId', '=', rec.id)
      .execute();
    const again = await call<AigcRecord>(app, 'POST', `${API}/reload?id=${rec.id}`, { token: user.token });
    expect(again.status).toBe(200);
    expect(['queued', 'running', 'done']).toContain(again.body.result.status);
    const done = await waitForFinished(app, user.token, rec.id);
    expect(done.status).toBe('done');
    expect(await chargeRows(ctx, user.id)).toHaveLength(2);
    expect((await ctx.billing.wallet(user.id)).quotas.aigc_check).toBe(0);
    // a finished record cannot be reloaded (nothing is charged)
    const doneReload = await call(app, 'POST', `${API}/reload?id=${rec.id}`, { token: user.token });
    expect(doneReload.status).toBe(409);
    expect(await chargeRows(ctx, user.id)).toHaveLength(2);
    await expectLedgerMatches(ctx, user.id);
  });

  it('a restarted process finishes a record a crash left running, without charging again', async () => {
    const ctx = getCtx();
    const user = await makeUser(ctx);
    await creditAigcQuota(ctx, user.id, 1);
    const rec = await initPaste(app, user.token, paper);
    await call(app, 'POST', `${API}/submit_check?id=${rec.id}&pay=quota`, { token: user.token });
    await waitForFinished(app, user.token, rec.id);
    // the process "dies" mid-run: the record is left running, its report not yet written
    await ctx.db.deleteFrom('aigcReports').where('recordId', '=', rec.id).execute();
    await ctx.db
      .updateTable('aigcRecords')
      .set({ status: 'running', progress: 40, metrics: null, finishedAt: null })
      .where('id', '=', rec.id)
      .execute();
    const restarted = await createContext(ctx.config);
    try {
      await restarted.jobs.startWorkers();
      await waitFor(
        async () => (await restarted.aigc.load(user.id, rec.id)).status === 'done',
        30_000,
        '重启后检测完成',
      );
    } finally {
      await restarted.close();
    }
    const rep = await call<AigcReport>(app, 'POST', `${API}/load_content_by_id?id=${rec.id}`, {
      token: user.token,
    });
    expect(rep.status).toBe(200);
    expect(await chargeRows(ctx, user.id)).toHaveLength(1);
    await expectLedgerMatches(ctx, user.id);
  });

  it("another user's record is 404 on every call; delete removes only one's own", async () => {
    const ctx = getCtx();
    const owner = await makeUser(ctx);
    const stranger = await makeUser(ctx);
    await creditAigcQuota(ctx, stranger.id, 5);
    const rec = await initPaste(app, owner.token, paper);
    const before = await footprint(ctx, stranger.id);
    for (const url of [
      `load_by_id?id=${rec.id}`,
      `load_content_by_id?id=${rec.id}`,
      `submit_check?id=${rec.id}`,
      `reload?id=${rec.id}`,
      `delete?id=${rec.id}`,
      `check_order_id?id=${rec.id}&orderId=1`,
    ]) {
      const r = await call(app, 'POST', `${API}/${url}`, { token: stranger.token });
      expect(r.status, url).toBe(404);
      expect(r.body.message, url).toBe('检测记录不存在');
    }
    const dl = await app.inject({
      method: 'GET',
      url: `${API}/download_report?id=${rec.id}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(dl.statusCode).toBe(404);
    expect(await footprint(ctx, stranger.id)).toEqual(before);
    expect((await call(app, 'POST', `${API}/load_by_id?id=999999`, { token: owner.token })).status).toBe(404);

    const del = await call(app, 'POST', `${API}/delete?id=${rec.id}`, { token: owner.token });
    expect(del.status).toBe(200);
    expect((await call(app, 'POST', `${API}/load_by_id?id=${rec.id}`, { token: owner.token })).status).toBe(
      404,
    );
  });

  it('pay-per-record: an order for this record, paid in the sandbox, submits it once', async () => {
    const ctx = getCtx();
    const user = await makeUser(ctx);
    const rec = await initPaste(app, user.token, paper);
    const order = await createOrder(app, user.token, { recordType: 'aigc', recordId: rec.id });
    expect(order.amountFen).toBe(rec.priceFen);
    const unpaid = await call<{ paid: boolean }>(
      app,
      'POST',
      `${API}/check_order_id?id=${rec.id}&orderId=${order.id}`,
      { token: user.token },
    );
    expect(unpaid.body.result.paid).toBe(false);
    const paid = await call(app, 'POST', '/api/order/order_info_api/f/sandbox_pay', {
      body: { orderNo: order.orderNo },
    });
    expect(paid.status).toBe(200);
    const confirmed = await call<{ paid: boolean; record: AigcRecord }>(
      app,
      'POST',
      `${API}/check_order_id?id=${rec.id}&orderId=${order.id}`,
      { token: user.token },
    );
    expect(confirmed.body.result.paid).toBe(true);
    expect(confirmed.body.result.record.chargeSource).toBe('order');
    expect(await chargeRows(ctx, user.id)).toHaveLength(1);
    expect((await waitForFinished(app, user.token, rec.id)).status).toBe('done');
    await expectLedgerMatches(ctx, user.id);
  });

  describe.skipIf(!hasData)('real texts (held-out split)', () => {
    it('human CSL abstracts score low and AI-written abstracts of the same titles score high', async () => {
      const ctx = getCtx();
      const user = await makeUser(ctx);
      await creditAigcQuota(ctx, user.id, 2);
      const pairs = heldOutPairs(4);
      expect(pairs.length).toBe(4);
      const human = await initPaste(app, user.token, pairs.map((p) => p.human).join('\n'), '人工摘要');
      const ai = await initPaste(app, user.token, pairs.map((p) => p.ai).join('\n'), 'AI 摘要');
      for (const r of [human, ai])
        expect(
          (await call(app, 'POST', `${API}/submit_check?id=${r.id}&pay=quota`, { token: user.token })).status,
        ).toBe(200);
      const h = (await waitForFinished(app, user.token, human.id)).metrics!;
      const a = (await waitForFinished(app, user.token, ai.id)).metrics!;
      expect(h.reliable && a.reliable).toBe(true);
      expect(h.aiCharRatio).toBeLessThan(0.25);
      expect(a.aiCharRatio).toBeGreaterThan(0.6);
      expect(a.probability).toBeGreaterThan(h.probability + 0.4);
      expect(['none', 'light']).toContain(h.band);
      expect(['high', 'medium']).toContain(a.band);
      // the AI report highlights sentences; their offsets fall inside their paragraphs
      const rep = await call<AigcReport>(app, 'POST', `${API}/load_content_by_id?id=${ai.id}`, {
        token: user.token,
      });
      const flagged = rep.body.result.paragraphs.filter((p) => p.band === 'high' || p.band === 'medium');
      expect(flagged.length).toBeGreaterThanOrEqual(2);
      expect(flagged[0]!.spans.length).toBeGreaterThan(0);
    });
  });
});
