import type { Page, PptOutlineQuota, PptRecord, PptSourceText, PptTemplate } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { renderPaperDocx } from '@paperdesk/documents';
import JSZip from 'jszip';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { computePool } from '../../src/compute/pool.ts';
import { buildApp } from '../../src/http/app.ts';
import { createLlm } from '../../src/services/llm-usage.ts';
import { createLocalQueue } from '../../src/jobs/local.ts';
import { createSlides } from '../../src/services/slides/records.ts';
import { createOrder, credit, expectLedgerMatches, makeUser } from '../billing/helpers.ts';
import { call, multipart, waitFor } from '../check/support.ts';
import { fakeModelEnv, startFakeOpenAi } from '../fakes/openai-server.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { BAD_JSON, pptModel } from './support.ts';

const fake = await startFakeOpenAi();
afterAll(() => fake.close());

const API = '/api/base/ai_ppt_info_api';
const env = fakeModelEnv(fake, { LLM_TIMEOUT_MS: '5000' });
const PRICE_FEN = 990;

/** The slides of a .pptx in order, each as the text of its runs. */
async function pptxSlides(data: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(data);
  const names = Object.keys(zip.files)
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => Number(/(\d+)\.xml/.exec(a)?.[1]) - Number(/(\d+)\.xml/.exec(b)?.[1]));
  return Promise.all(
    names.map(async (n) =>
      [...(await zip.file(n)!.async('string')).matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join(''),
    ),
  );
}

describeEachDatabase(
  'ai_ppt_info_api',
  (getCtx) => {
    let app: FastifyInstance;
    /** The same API with no model configured. */
    let noModel: FastifyInstance;

    beforeAll(async () => {
      const ctx = getCtx();
      app = await buildApp(ctx);
      const llm = createLlm({ config: ctx.config, db: ctx.db, sysConfig: ctx.sysConfig, provider: null });
      const slides = createSlides({
        db: ctx.db,
        llm,
        billing: ctx.billing,
        jobs: ctx.jobs,
        sysConfig: ctx.sysConfig,
      });
      noModel = await buildApp({ ...ctx, llm, slides });
      await ctx.jobs.startWorkers();
    });
    afterAll(async () => {
      await app?.close();
      await noModel?.close();
    });
    beforeEach(() => {
      fake.reset();
      fake.respond(pptModel);
    });

    const draft = {
      topic: '城市更新中的社区治理研究',
      templateId: 'academic-blue',
      slideCount: 10,
      scene: 'defense',
    };

    async function create(token: string, body: Record<string, unknown> = draft) {
      const r = await call<PptRecord>(app, 'POST', `${API}/save_or_update`, { token, body });
      expect(r.status, r.body.message).toBe(200);
      return r.body.result;
    }
    async function withOutline(token: string) {
      const rec = await create(token);
      const r = await call<PptRecord>(app, 'POST', `${API}/generate_outline?id=${rec.id}`, { token });
      expect(r.status, r.body.message).toBe(200);
      return r.body.result;
    }
    const load = async (token: string, id: number) =>
      (await call<PptRecord>(app, 'POST', `${API}/load_by_id?id=${id}`, { token })).body.result;
    const settled = (token: string, id: number) =>
      waitFor(
        async () => {
          const r = await load(token, id);
          return r.status === 'done' || r.status === 'failed' ? r : null;
        },
        30_000,
        'PPT 生成结束',
      );
    const balance = async (userId: number) => (await getCtx().billing.wallet(userId)).balance;
    const rowsOf = async (userId: number) =>
      getCtx().db.selectFrom('pptRecords').selectAll().where('userId', '=', userId).execute();
    const ledgerOf = (userId: number, reason: 'charge' | 'refund') =>
      getCtx()
        .db.selectFrom('ledger')
        .selectAll()
        .where('userId', '=', userId)
        .where('reason', '=', reason)
        .execute();
    const download = (token: string, id: number) =>
      app.inject({
        method: 'GET',
        url: `${API}/download?id=${id}`,
        headers: { authorization: `Bearer ${token}` },
      });

    it('lists the templates with SVG previews, without signing in', async () => {
      const r = await call<PptTemplate[]>(app, 'POST', `${API}/get_template_list`);
      expect(r.status).toBe(200);
      const ids = r.body.result.map((t) => t.id);
      expect(ids).toEqual(expect.arrayContaining(['academic-blue', 'business-gray', 'china-red']));
      for (const t of r.body.result) {
        expect(t.name).toBeTruthy();
        expect(t.preview.startsWith('<svg')).toBe(true);
        expect(t.colors.primary).toMatch(/^[0-9A-F]{6}$/i);
      }
    });

    it('refuses bad input with a Chinese message and stores nothing', async () => {
      const u = await makeUser(getCtx());
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ ...draft, topic: '   ' }, /主题/],
        [{ ...draft, topic: '题'.repeat(10_000) }, /主题最多 100 字/],
        [{ ...draft, templateId: 'no-such-template' }, /模板不存在/],
        [{ ...draft, slideCount: 7 }, /至少 8 页/],
        [{ ...draft, slideCount: 31 }, /最多 30 页/],
        [{ ...draft, scene: 'party' }, /.+/],
      ];
      for (const [body, message] of cases) {
        const r = await call(app, 'POST', `${API}/save_or_update`, { token: u.token, body });
        expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(r.body.message).toMatch(message);
      }
      expect(await rowsOf(u.id)).toHaveLength(0);
      expect(fake.requests).toHaveLength(0);
      const tooLongSource = await call(app, 'POST', `${API}/save_or_update`, {
        token: u.token,
        body: { ...draft, sourceText: '资'.repeat(20_001) },
      });
      expect(tooLongSource.status).toBe(400);
      // an outline with an empty point is refused too
      const rec = await create(u.token);
      const badOutline = await call(app, 'POST', `${API}/save_or_update`, {
        token: u.token,
        body: { ...draft, id: rec.id, outline: { sections: [{ title: '背景', points: [''] }] } },
      });
      expect(badOutline.status).toBe(400);
      // submitting without an outline: nothing charged
      await credit(getCtx(), u.id, 'balance', PRICE_FEN);
      const early = await call(app, 'POST', `${API}/submit_by_id?id=${rec.id}`, { token: u.token });
      expect(early.status).toBe(422);
      expect(early.body.message).toContain('大纲');
      expect(await balance(u.id)).toBe(PRICE_FEN);
    });

    it('answers 503 without a model: nothing stored, nothing charged', async () => {
      const u = await makeUser(getCtx());
      await credit(getCtx(), u.id, 'balance', PRICE_FEN);
      const saved = await call(noModel, 'POST', `${API}/save_or_update`, { token: u.token, body: draft });
      expect(saved.status).toBe(503);
      expect(saved.body.message).toBe('AI 模型未配置，请联系管理员');
      expect(await rowsOf(u.id)).toHaveLength(0);

      // a record drafted while the model was there cannot be outlined or submitted once it is gone
      const rec = await withOutline(u.token);
      fake.reset();
      for (const path of ['generate_outline', 'submit_by_id']) {
        const r = await call(noModel, 'POST', `${API}/${path}?id=${rec.id}`, { token: u.token });
        expect(r.status, path).toBe(503);
        expect(r.body.message).toBe('AI 模型未配置，请联系管理员');
      }
      expect(fake.requests).toHaveLength(0);
      expect((await load(u.token, rec.id)).status).toBe('created');
      expect(await balance(u.id)).toBe(PRICE_FEN);
      expect(await ledgerOf(u.id, 'charge')).toHaveLength(0);
    });

    it('drafts an outline for free, counts it against the daily limit, and keeps the user’s edits', async () => {
      const u = await makeUser(getCtx());
      const rec = await create(u.token, { ...draft, sourceText: '本文以上海市三个街道为例。' });
      expect(rec.status).toBe('created');
      expect(rec.priceFen).toBe(PRICE_FEN);
      const r = await call<PptRecord>(app, 'POST', `${API}/generate_outline?id=${rec.id}`, {
        token: u.token,
      });
      expect(r.status, r.body.message).toBe(200);
      expect(r.body.result.outline?.sections.map((s) => s.title)).toEqual([
        '研究背景与意义',
        '研究方法',
        '结论与展望',
      ]);
      // the prompt carried the topic, the scene and the user's source text
      const prompt = fake.requests[0]!.messages[0]!.content;
      expect(prompt).toContain(draft.topic);
      expect(prompt).toContain('毕业答辩');
      expect(prompt).toContain('上海市三个街道');
      const quota = await call<PptOutlineQuota>(app, 'POST', `${API}/get_outline_quota`, { token: u.token });
      expect(quota.body.result).toEqual({ usedToday: 1, limit: 20 });
      expect(await balance(u.id)).toBe(0);
      expect(await ledgerOf(u.id, 'charge')).toHaveLength(0);

      // the user reorders sections, drops one and adds a point
      const edited = {
        sections: [
          { title: '研究方法', points: ['数据来源', '模型设计', '稳健性检验'] },
          { title: '研究背景与意义', points: ['行业现状'] },
        ],
      };
      const saved = await call<PptRecord>(app, 'POST', `${API}/save_or_update`, {
        token: u.token,
        body: { ...draft, id: rec.id, outline: edited },
      });
      expect(saved.status, saved.body.message).toBe(200);
      expect((await load(u.token, rec.id)).outline).toEqual(edited);

      // the daily limit (an admin setting) stops the next draft with 429 and no model call
      await getCtx().sysConfig.set('limit.ppt.outlinePerDay', 1);
      fake.reset();
      const over = await call(app, 'POST', `${API}/generate_outline?id=${rec.id}`, { token: u.token });
      expect(over.status).toBe(429);
      expect(over.body.message).toContain('今日免费生成大纲');
      expect(fake.requests).toHaveLength(0);
      await getCtx().sysConfig.set('limit.ppt.outlinePerDay', 20);
    });

    it('answers 402 without credit and leaves the record to be paid later', async () => {
      const u = await makeUser(getCtx());
      const rec = await withOutline(u.token);
      const r = await call(app, 'POST', `${API}/submit_by_id?id=${rec.id}`, { token: u.token });
      expect(r.status).toBe(402);
      expect(r.body.message).toContain('余额不足');
      const after = await load(u.token, rec.id);
      expect(after.status).toBe('created');
      expect(after.paidFen).toBe(0);
      expect(await ledgerOf(u.id, 'charge')).toHaveLength(0);
    });

    it('generates the deck: charged once, progress per section, a .pptx with the model’s text', async () => {
      const u = await makeUser(getCtx());
      await credit(getCtx(), u.id, 'balance', PRICE_FEN);
      const rec = await withOutline(u.token);
      fake.reset();
      fake.respond(pptModel);
      const sub = await call<PptRecord>(app, 'POST', `${API}/submit_by_id?id=${rec.id}`, { token: u.token });
      expect(sub.status, sub.body.message).toBe(200);
      expect(['queued', 'running', 'done']).toContain(sub.body.result.status);
      const again = await call<PptRecord>(app, 'POST', `${API}/submit_by_id?id=${rec.id}`, {
        token: u.token,
      });
      expect(again.body.message).toContain('无需重复提交');

      const done = await settled(u.token, rec.id);
      expect(done.status, done.message).toBe('done');
      expect(done.progress).toBe(100);
      expect(done.paidFen).toBe(PRICE_FEN);
      expect(await balance(u.id)).toBe(0);
      expect(await ledgerOf(u.id, 'charge')).toHaveLength(1);
      // one model call per section, each asking for its share of the 10 pages
      expect(fake.requests).toHaveLength(3);
      expect(fake.requests.every((q) => q.model === 'fake-model')).toBe(true);

      // title, 目录, three section pages, four content pages, 谢谢 = the 10 pages asked for
      expect(done.slides?.map((s) => s.kind)).toEqual([
        'title',
        'agenda',
        'section',
        'bullets',
        'highlight',
        'section',
        'bullets',
        'section',
        'bullets',
        'closing',
      ]);
      const file = await download(u.token, rec.id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('presentationml');
      expect(String(file.headers['content-disposition'])).toContain(encodeURIComponent(draft.topic));
      const slides = await pptxSlides(file.rawPayload);
      expect(slides).toHaveLength(10);
      expect(done.fileSize).toBe(file.rawPayload.length);
      expect(slides[0]).toContain(draft.topic);
      expect(slides[1]).toContain('研究方法');
      expect(slides[3]).toContain('模型要点研究背景与意义甲0');
      expect(slides[4]).toContain('模型说明研究背景与意义1');
      expect(slides[8]).toContain('模型要点结论与展望甲0');
      expect(slides[9]).toContain('谢谢');

      // the list shows it too
      const list = await call<Page<PptRecord>>(app, 'POST', `${API}/query_list?pageNo=1&pageSize=10`, {
        token: u.token,
        body: { status: 'done' },
      });
      expect(list.body.result.records.map((x) => x.id)).toEqual([rec.id]);
      await expectLedgerMatches(getCtx(), u.id);
    });

    it('switching template re-renders without a model call or a charge', async () => {
      const u = await makeUser(getCtx());
      await credit(getCtx(), u.id, 'balance', PRICE_FEN);
      const rec = await withOutline(u.token);
      await call(app, 'POST', `${API}/submit_by_id?id=${rec.id}`, { token: u.token });
      expect((await settled(u.token, rec.id)).status).toBe('done');
      const before = (await download(u.token, rec.id)).rawPayload;
      fake.reset();
      // the deck is drawn again in the compute pool, not on the API's thread
      const render = vi.spyOn(computePool(), 'renderFile');

      const bad = await call(app, 'POST', `${API}/change_template?id=${rec.id}`, {
        token: u.token,
        body: { templateId: 'nope' },
      });
      expect(bad.status).toBe(400);
      const r = await call<PptRecord>(app, 'POST', `${API}/change_template?id=${rec.id}`, {
        token: u.token,
        body: { templateId: 'china-red' },
      });
      expect(r.status, r.body.message).toBe(200);
      expect(r.body.result.templateId).toBe('china-red');
      expect(render.mock.calls.map(([file]) => file.kind)).toEqual(['deck']);
      render.mockRestore();
      const after = (await download(u.token, rec.id)).rawPayload;
      expect(after.equals(before)).toBe(false);
      // the same pages and text (section pages are decorated differently per template)
      const [was, now] = [await pptxSlides(before), await pptxSlides(after)];
      expect(now).toHaveLength(was.length);
      for (const i of [3, 4, 6, 8]) expect(now[i]).toBe(was[i]);
      const theme = async (b: Buffer) => (await JSZip.loadAsync(b)).file(/slide1\.xml$/)[0]!.async('string');
      expect(await theme(after)).not.toEqual(await theme(before));
      expect(fake.requests).toHaveLength(0);
      expect(await balance(u.id)).toBe(0);
      expect(await ledgerOf(u.id, 'charge')).toHaveLength(1);
    });

    it('asks again once after invalid JSON and succeeds when the second answer is valid', async () => {
      const u = await makeUser(getCtx());
      await credit(getCtx(), u.id, 'balance', PRICE_FEN);
      const rec = await withOutline(u.token);
      fake.reset();
      fake.respond(pptModel);
      fake.script(BAD_JSON);
      await call(app, 'POST', `${API}/submit_by_id?id=${rec.id}`, { token: u.token });
      const done = await settled(u.token, rec.id);
      expect(done.status, done.message).toBe('done');
      expect(fake.requests).toHaveLength(4);
      // the retry showed the model its bad answer and what was wrong
      expect(fake.requests[1]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
      expect(fake.requests[1]!.messages[2]!.content).toContain('不符合要求');
    });

    it('fails after a second invalid answer and refunds exactly once', async () => {
      const u = await makeUser(getCtx());
      await credit(getCtx(), u.id, 'balance', PRICE_FEN);
      const rec = await withOutline(u.token);
      fake.reset();
      fake.respond(pptModel);
      fake.script(BAD_JSON, BAD_JSON);
      await call(app, 'POST', `${API}/submit_by_id?id=${rec.id}`, { token: u.token });
      const failed = await settled(u.token, rec.id);
      expect(failed.status).toBe('failed');
      expect(failed.message).toContain('费用已退回');
      expect(failed.message).toContain('格式有误');
      expect(fake.requests).toHaveLength(2);
      expect(await balance(u.id)).toBe(PRICE_FEN);
      // a second failure report (a retried job, another worker) refunds nothing more
      await getCtx().slides.failJob(rec.id, new Error('again'));
      expect(await balance(u.id)).toBe(PRICE_FEN);
      expect(await ledgerOf(u.id, 'refund')).toHaveLength(1);
      const file = await download(u.token, rec.id);
      expect(file.statusCode).toBe(409);
      await expectLedgerMatches(getCtx(), u.id);
    });

    it('reads an uploaded .docx as source text without storing it, and refuses other files', async () => {
      const u = await makeUser(getCtx());
      const docx = await renderPaperDocx({
        kind: 'paper',
        title: '社区治理的实证研究',
        abstract: '本文以三个街道为样本考察社区治理。',
        keywords: ['社区治理'],
        sections: [{ heading: '引言', paragraphs: ['居民参与是社区治理的核心议题。'] }],
        references: [],
      });
      const form = multipart({}, { name: '论文.docx', data: docx });
      const r = await call<PptSourceText>(app, 'POST', `${API}/read_source`, { token: u.token, ...form });
      expect(r.status, r.body.message).toBe(200);
      expect(r.body.result.fileName).toBe('论文.docx');
      expect(r.body.result.text).toContain('居民参与是社区治理的核心议题');
      expect(r.body.result.truncated).toBe(false);
      const exe = multipart({}, { name: 'tool.exe', data: Buffer.from('MZ') });
      expect((await call(app, 'POST', `${API}/read_source`, { token: u.token, ...exe })).status).toBe(415);
      const broken = multipart({}, { name: 'bad.docx', data: Buffer.from('not a zip') });
      expect((await call(app, 'POST', `${API}/read_source`, { token: u.token, ...broken })).status).toBe(422);
      expect(await rowsOf(u.id)).toHaveLength(0);
    });

    it('a restart re-queues a charged record left running (recover); a shutdown mid-job neither fails nor refunds', async () => {
      const ctx = getCtx();
      const u = await makeUser(ctx);
      await credit(ctx, u.id, 'balance', PRICE_FEN);
      const rec = await withOutline(u.token);
      // charged and left `running` by a crash: no job exists for it any more
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('pptRecords')
          .set({ status: 'running', progress: 40, submittedAt: new Date().toISOString() })
          .where('id', '=', rec.id)
          .execute();
        await ctx.billing.charge(trx, {
          userId: u.id,
          service: 'ppt',
          edition: 'standard',
          items: 1,
          recordType: 'ppt',
          recordId: rec.id,
        });
      });
      // a worker that is shut down while the model is answering leaves the record for the next start
      fake.reset();
      fake.respond(() => ({ chunks: ['{"slides":'], end: 'stall' }));
      const stopping = createLocalQueue();
      ctx.slides.registerJobs(stopping);
      await stopping.startWorkers();
      await waitFor(async () => fake.requests.length > 0, 10_000, '模型请求');
      await stopping.close();
      await new Promise((r) => setTimeout(r, 200));
      const left = await load(u.token, rec.id);
      expect(left.status).toBe('running');
      expect(await ledgerOf(u.id, 'refund')).toHaveLength(0);

      fake.reset();
      fake.respond(pptModel);
      const fresh = createLocalQueue();
      ctx.slides.registerJobs(fresh);
      await fresh.startWorkers();
      const done = await settled(u.token, rec.id);
      await fresh.close();
      expect(done.status, done.message).toBe('done');
      expect(await ledgerOf(u.id, 'charge')).toHaveLength(1);
      expect(await ledgerOf(u.id, 'refund')).toHaveLength(0);
      expect(await balance(u.id)).toBe(0);
    });

    it('paying one deck by QR (sandbox order) submits it, charging exactly the order', async () => {
      const u = await makeUser(getCtx());
      const rec = await withOutline(u.token);
      const order = await createOrder(app, u.token, { recordType: 'ppt', recordId: rec.id });
      expect(order.amountFen).toBe(PRICE_FEN);
      const paid = await call<{ status: string }>(app, 'POST', '/api/order/order_info_api/f/sandbox_pay', {
        body: { orderNo: order.orderNo },
      });
      expect(paid.body.result.status).toBe('fulfilled');
      const done = await settled(u.token, rec.id);
      expect(done.status, done.message).toBe('done');
      expect(done.paidFen).toBe(PRICE_FEN);
      expect(await balance(u.id)).toBe(0);
      await expectLedgerMatches(getCtx(), u.id);
    });

    it('hides one user’s records from another (404) and deletes only finished ones', async () => {
      const a = await makeUser(getCtx());
      const b = await makeUser(getCtx());
      const rec = await withOutline(a.token);
      for (const path of ['load_by_id', 'generate_outline', 'submit_by_id', 'delete']) {
        const r = await call(app, 'POST', `${API}/${path}?id=${rec.id}`, { token: b.token });
        expect(r.status, path).toBe(404);
        expect(r.body.message).toBe('PPT 记录不存在');
      }
      const t = await call(app, 'POST', `${API}/change_template?id=${rec.id}`, {
        token: b.token,
        body: { templateId: 'china-red' },
      });
      expect(t.status).toBe(404);
      const s = await call(app, 'POST', `${API}/save_or_update`, {
        token: b.token,
        body: { ...draft, id: rec.id },
      });
      expect(s.status).toBe(404);
      expect((await download(b.token, rec.id)).statusCode).toBe(404);
      const listB = await call<Page<PptRecord>>(app, 'POST', `${API}/query_list`, {
        token: b.token,
        body: {},
      });
      expect(listB.body.result.total).toBe(0);
      expect((await load(a.token, rec.id)).topic).toBe(draft.topic);

      const del = await call(app, 'POST', `${API}/delete?id=${rec.id}`, { token: a.token });
      expect(del.status).toBe(200);
      expect(await rowsOf(a.id)).toHaveLength(0);
      const unauth = await call(app, 'POST', `${API}/query_list`, { body: {} });
      expect(unauth.status).toBe(401);
    });
  },
  env,
);
