import type { PaperContent, WritingRecord, WritingSection } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { computePool } from '../../src/compute/pool.ts';
import { buildApp } from '../../src/http/app.ts';
import { createLlm } from '../../src/services/llm-usage.ts';
import { createLocalQueue } from '../../src/jobs/local.ts';
import {
  createWriting,
  DEFAULT_OUTLINES_PER_DAY,
  OUTLINE_LIMIT_KEY,
} from '../../src/services/writing/records.ts';
import { credit, expectLedgerMatches, makeUser, refundDeltas } from '../billing/helpers.ts';
import { call, chargeRows, waitFor } from '../check/support.ts';
import { fakeModelEnv, startFakeOpenAi } from '../fakes/openai-server.ts';
import { describeEachDatabase } from '../support/databases.ts';
import {
  docxText,
  draft,
  LEAF_PATHS,
  sectionPathOf,
  sectionText,
  taskOf,
  THESIS_COVER,
  writer,
} from './support.ts';

const fake = await startFakeOpenAi();
afterAll(() => fake.close());

const API = '/api/base/paper_info_api';
const env = fakeModelEnv(fake, { LLM_TIMEOUT_MS: '5000' });

describeEachDatabase(
  'paper_info_api',
  (getCtx) => {
    let app: FastifyInstance;

    beforeAll(async () => {
      app = await buildApp(getCtx());
      await getCtx().jobs.startWorkers();
    });
    afterAll(() => app?.close());
    beforeEach(() => {
      fake.reset();
      fake.respond(writer);
    });

    const count = async (
      table: 'writingRecords' | 'writingSections' | 'writingOutlineDrafts',
      userId: number,
    ) => {
      const db = getCtx().db;
      const r =
        table === 'writingSections'
          ? await db
              .selectFrom('writingSections')
              .innerJoin('writingRecords', 'writingRecords.id', 'writingSections.recordId')
              .where('writingRecords.userId', '=', userId)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          : table === 'writingRecords'
            ? await db
                .selectFrom('writingRecords')
                .where('userId', '=', userId)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            : await db
                .selectFrom('writingOutlineDrafts')
                .where('userId', '=', userId)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow();
      return Number(r.n);
    };
    const outline = (token: string, over: Record<string, unknown> = {}) =>
      call<WritingRecord>(app, 'POST', `${API}/query_paper_content`, {
        token,
        body: { type: 'outline', draft: draft(over) },
      });
    const submitPaper = (token: string, rec: WritingRecord) =>
      call<WritingRecord>(app, 'POST', `${API}/paper_xueshu_submit`, {
        token,
        body: { id: rec.id, outline: rec.outline },
      });
    const waitStatus = (token: string, id: number, status: WritingRecord['status']) =>
      waitFor(
        async () => {
          const r = await call<WritingRecord>(app, 'POST', `${API}/load_by_id?id=${id}`, { token });
          return r.body.result.status === status ? r.body.result : null;
        },
        20_000,
        `写作状态 ${status}`,
      );
    const download = (token: string, id: number) =>
      app.inject({
        method: 'GET',
        url: `${API}/download?id=${id}`,
        headers: { authorization: `Bearer ${token}` },
      });

    it('documents every paper_info_api call in the OpenAPI description', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
      for (const call of [
        'query_paper_content',
        'query_content_list',
        'query_list',
        'load_by_id',
        'delete',
        'reload',
        'download',
        'load_other_by_id',
        'paper_xueshu_submit',
        'paper_submit',
      ])
        expect(paths).toContain(`${API}/${call}`);
    });

    it('drafts an outline: numbering stripped, a created record at the standard price, one free draft used', async () => {
      const u = await makeUser(getCtx());
      const r = await outline(u.token);
      expect(r.status).toBe(200);
      const rec = r.body.result;
      expect(rec.status).toBe('created');
      expect(rec.priceFen).toBe(2990);
      expect(rec.outline.map((c) => c.title)).toEqual(['绪论', '理论基础', '结论与展望']);
      expect(rec.outline[0]?.children?.map((c) => c.brief)).toEqual(['数字化转型的现状', '理论与实践意义']);
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]?.messages[0]?.content).toContain('城市数字治理的协同机制研究');
      const other = await call<{ outlineDraftsToday: number; discipline: string }>(
        app,
        'POST',
        `${API}/load_other_by_id?id=${rec.id}`,
        { token: u.token },
      );
      expect(other.body.result).toMatchObject({ outlineDraftsToday: 1, discipline: '公共管理' });
    });

    it('retries an invalid outline answer once, and answers 503 with nothing stored when both are invalid', async () => {
      const u = await makeUser(getCtx());
      fake.script({ chunks: ['好的，以下是大纲：第一章 绪论……'] });
      const retried = await outline(u.token);
      expect(retried.status).toBe(200);
      expect(fake.requests).toHaveLength(2);
      expect(retried.body.result.outline).toHaveLength(3);

      fake.reset();
      fake.script({ chunks: ['{"chapters": "不是数组"}'] }, { chunks: ['抱歉，我无法生成。'] });
      const failed = await outline(u.token, { title: '另一篇论文' });
      expect(failed.status).toBe(503);
      expect(failed.body.message).toContain('AI 未能生成有效的大纲');
      expect(fake.requests).toHaveLength(2);
      expect(await count('writingRecords', u.id)).toBe(1);
      expect(await count('writingOutlineDrafts', u.id)).toBe(1);
    });

    it('limits free outlines per user per day (429 once used up, nothing stored)', async () => {
      const ctx = getCtx();
      const u = await makeUser(ctx);
      await ctx.sysConfig.set(OUTLINE_LIMIT_KEY, 2);
      try {
        const first = await outline(u.token);
        const again = await call(app, 'POST', `${API}/query_paper_content`, {
          token: u.token,
          body: { type: 'outline', id: first.body.result.id },
        });
        expect(again.status).toBe(200);
        const refused = await outline(u.token, { title: '第三次生成' });
        expect(refused.status).toBe(429);
        expect(refused.body.message).toContain('今天的免费大纲生成次数（2 次）已用完');
        expect(fake.requests).toHaveLength(2);
        expect(await count('writingRecords', u.id)).toBe(1);
        // another user still has their own allowance
        expect((await outline((await makeUser(ctx)).token)).status).toBe(200);
      } finally {
        await ctx.sysConfig.set(OUTLINE_LIMIT_KEY, DEFAULT_OUTLINES_PER_DAY);
      }
    });

    it('writes a paid paper section by section in order and serves it as a .docx', async () => {
      const ctx = getCtx();
      const u = await makeUser(ctx);
      await credit(ctx, u.id, 'balance', 5000);
      const rec = (await outline(u.token)).body.result;
      fake.reset();
      fake.respond(writer);
      const sub = await submitPaper(u.token, rec);
      expect(sub.status).toBe(200);
      expect(sub.body.result.paidFen).toBe(2990);
      const again = await submitPaper(u.token, rec);
      expect(again.body.message).toContain('无需重复提交');

      const done = await waitStatus(u.token, rec.id, 'done');
      expect(done.progress).toBe(100);
      expect(done.sectionsDone).toBe(4);
      expect(done.sectionsTotal).toBe(4);
      expect(fake.requests.map(taskOf)).toEqual(['摘要', '撰写章节', '撰写章节', '撰写章节', '撰写章节']);
      expect(fake.requests.filter((q) => taskOf(q) === '撰写章节').map(sectionPathOf)).toEqual(LEAF_PATHS);
      // each section sees the outline and what came before it
      const third = fake.requests[3]?.messages[0]?.content ?? '';
      expect(third).toContain('1.2 研究意义');
      expect(third).toContain('第1.2节第二段');
      expect(third).toContain('结论与展望');

      const list = await call<WritingSection[]>(app, 'POST', `${API}/query_content_list?id=${rec.id}`, {
        token: u.token,
      });
      expect(list.body.result.filter((s) => s.leaf).map((s) => s.content)).toEqual(
        LEAF_PATHS.map((p) => sectionText(p).replace('\n\n', '\n')),
      );
      const paper = await call<PaperContent>(app, 'POST', `${API}/query_paper_content`, {
        token: u.token,
        body: { type: 'paper', id: rec.id },
      });
      expect(paper.body.result.keywords).toEqual(['数字治理', '协同机制', '城市']);
      // no library records here: no reference list, and nothing the model might have cited
      expect(paper.body.result.references).toEqual([]);
      expect(paper.body.result.referencesNotice).toContain('此处需引用');
      expect(paper.body.result.sections[0]?.children[1]?.content).toContain('第1.2节');
      const sec = list.body.result.find((s) => s.path === '2.1')!;
      const one = await call<WritingSection>(app, 'POST', `${API}/query_paper_content`, {
        token: u.token,
        body: { type: 'section', id: rec.id, sectionId: sec.id },
      });
      expect(one.body.result.content).toContain('第2.1节');

      const file = await download(u.token, rec.id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('wordprocessingml');
      const text = await docxText(file.rawPayload);
      let at = 0;
      for (const p of LEAF_PATHS) {
        const i = text.indexOf(`这是第${p}节的正文`);
        expect(i).toBeGreaterThan(at);
        at = i;
      }
      expect(text).toContain('城市数字治理的协同机制研究');
      expect(text).toContain('文中引用只取自比对库与您的自建库中的真实文献记录');
      expect(await chargeRows(ctx, u.id)).toHaveLength(1);
      await expectLedgerMatches(ctx, u.id);
    });

    it('puts the thesis cover fields and the English abstract in the .docx', async () => {
      const ctx = getCtx();
      const u = await makeUser(ctx);
      await credit(ctx, u.id, 'balance', 9900);
      const rec = (await outline(u.token, { paperType: 'thesis', targetWords: 8000 })).body.result;
      expect(rec.priceFen).toBe(9900);
      const wrong = await submitPaper(u.token, rec);
      expect(wrong.status).toBe(409);
      const cover = THESIS_COVER;
      const sub = await call<WritingRecord>(app, 'POST', `${API}/paper_submit`, {
        token: u.token,
        body: { id: rec.id, outline: rec.outline, cover },
      });
      expect(sub.status).toBe(200);
      await waitStatus(u.token, rec.id, 'done');
      const other = await call<{ cover: typeof cover }>(app, 'POST', `${API}/load_other_by_id?id=${rec.id}`, {
        token: u.token,
      });
      expect(other.body.result.cover).toEqual(cover);
      // the .docx is laid out in the compute pool, not on the API's thread
      const render = vi.spyOn(computePool(), 'renderFile');
      const text = await docxText((await download(u.token, rec.id)).rawPayload);
      expect(render.mock.calls.map(([file]) => file.kind)).toEqual(['paper-docx']);
      render.mockRestore();
      for (const v of Object.values(cover)) expect(text).toContain(v);
      expect(text).toContain('This thesis studies digital governance');
      expect(text).toContain('这是第3节的正文');
    });

    it('resumes after a crash from the first unwritten section without charging again', async () => {
      const ctx = getCtx();
      const u = await makeUser(ctx);
      await credit(ctx, u.id, 'balance', 2990);
      const rec = (await outline(u.token)).body.result;
      // a process whose queue never starts: the submit is stored and charged, then it "crashes"
      const deps = { db: ctx.db, sysConfig: ctx.sysConfig, billing: ctx.billing, llm: ctx.llm };
      const crashed = createWriting({ ...deps, jobs: createLocalQueue() });
      await crashed.submit(u.id, rec.id, { thesis: false, outline: rec.outline });
      const rows = await ctx.db
        .selectFrom('writingSections')
        .select(['id', 'path'])
        .where('recordId', '=', rec.id)
        .orderBy('ord')
        .execute();
      await ctx.db
        .updateTable('writingRecords')
        .set({
          status: 'running',
          abstract: '此前写好的摘要内容，足够长的一段文字。',
          keywordsOut: '["旧关键词"]',
        })
        .where('id', '=', rec.id)
        .execute();
      for (const p of ['1.1', '1.2']) {
        await ctx.db
          .updateTable('writingSections')
          .set({ content: `崩溃前写好的第${p}节。`, chars: 10 })
          .where('id', '=', rows.find((r) => r.path === p)!.id)
          .execute();
      }
      fake.reset();
      fake.respond(writer);
      const restarted = createLocalQueue();
      createWriting({ ...deps, jobs: restarted }).registerJobs(restarted);
      await restarted.startWorkers();
      await waitStatus(u.token, rec.id, 'done');
      await restarted.close();
      expect(fake.requests.map(taskOf)).toEqual(['撰写章节', '撰写章节']);
      expect(fake.requests.filter((q) => taskOf(q) === '撰写章节').map(sectionPathOf)).toEqual(['2.1', '3']);
      expect(fake.requests[0]?.messages[0]?.content).toContain('崩溃前写好的第1.2节');
      const text = await docxText((await download(u.token, rec.id)).rawPayload);
      expect(text).toContain('崩溃前写好的第1.1节');
      expect(text).toContain('这是第3节的正文');
      expect(await chargeRows(ctx, u.id)).toHaveLength(1);
      await expectLedgerMatches(ctx, u.id);
    });

    it('fails a section that fails twice with one refund, and reload continues where it stopped', async () => {
      const ctx = getCtx();
      const u = await makeUser(ctx);
      await credit(ctx, u.id, 'balance', 2990);
      const rec = (await outline(u.token)).body.result;
      fake.reset();
      fake.respond((req) => (sectionPathOf(req) === '2.1' ? { chunks: ['  '] } : writer(req)));
      await submitPaper(u.token, rec);
      const failed = await waitStatus(u.token, rec.id, 'failed');
      expect(failed.message).toContain('第 2.1 节「核心概念」生成失败');
      expect(failed.message).toContain('费用已退回');
      expect(fake.requests.filter((q) => sectionPathOf(q) === '2.1')).toHaveLength(2);
      expect((await ctx.billing.wallet(u.id)).balance).toBe(2990);
      expect(await refundDeltas(ctx, u.id)).toEqual([2990]);

      fake.reset();
      fake.respond(writer);
      const reload = await call<WritingRecord>(app, 'POST', `${API}/reload?id=${rec.id}`, { token: u.token });
      expect(reload.status).toBe(200);
      const done = await waitStatus(u.token, rec.id, 'done');
      expect(done.sectionsDone).toBe(4);
      expect(fake.requests.map(taskOf)).toEqual(['撰写章节', '撰写章节']);
      expect((await ctx.billing.wallet(u.id)).balance).toBe(0);
      expect(await chargeRows(ctx, u.id)).toHaveLength(2);
      await expectLedgerMatches(ctx, u.id);
      const again = await call(app, 'POST', `${API}/reload?id=${rec.id}`, { token: u.token });
      expect(again.status).toBe(409);
    });

    it('answers 503 without a model: no record, no draft, no charge', async () => {
      const ctx = getCtx();
      const u = await makeUser(ctx);
      await credit(ctx, u.id, 'balance', 2990);
      const rec = (await outline(u.token)).body.result;
      const llm = createLlm({ config: ctx.config, db: ctx.db, sysConfig: ctx.sysConfig, provider: null });
      const writing = createWriting({
        db: ctx.db,
        sysConfig: ctx.sysConfig,
        billing: ctx.billing,
        llm,
        jobs: createLocalQueue(),
      });
      const noModel = await buildApp({ ...ctx, llm, writing });
      try {
        const r = await call(noModel, 'POST', `${API}/query_paper_content`, {
          token: u.token,
          body: { type: 'outline', draft: draft() },
        });
        expect(r.status).toBe(503);
        expect(r.body.message).toBe('AI 模型未配置，请联系管理员');
        const s = await call(noModel, 'POST', `${API}/paper_xueshu_submit`, {
          token: u.token,
          body: { id: rec.id, outline: rec.outline },
        });
        expect(s.status).toBe(503);
      } finally {
        await noModel.close();
      }
      expect(await count('writingRecords', u.id)).toBe(1);
      expect(await count('writingOutlineDrafts', u.id)).toBe(1);
      expect(await count('writingSections', u.id)).toBe(0);
      expect(await chargeRows(ctx, u.id)).toHaveLength(0);
      expect((await ctx.billing.wallet(u.id)).balance).toBe(2990);
    });

    it('answers 402 with what to buy when credit is short, and leaves the record unsubmitted', async () => {
      const u = await makeUser(getCtx());
      const rec = (await outline(u.token)).body.result;
      const r = await call<{ shortFen: number; service: string }>(app, 'POST', `${API}/paper_xueshu_submit`, {
        token: u.token,
        body: { id: rec.id, outline: rec.outline },
      });
      expect(r.status).toBe(402);
      expect(r.body.result).toMatchObject({ service: 'writing', shortFen: 2990 });
      const after = await call<WritingRecord>(app, 'POST', `${API}/load_by_id?id=${rec.id}`, {
        token: u.token,
      });
      expect(after.body.result.status).toBe('created');
      expect(await count('writingSections', u.id)).toBe(0);
    });

    it("hides another user's record (404) and refuses bad input with nothing stored", async () => {
      const owner = await makeUser(getCtx());
      const other = await makeUser(getCtx());
      const rec = (await outline(owner.token)).body.result;
      for (const [url, body] of [
        [`${API}/load_by_id?id=${rec.id}`, undefined],
        [`${API}/load_other_by_id?id=${rec.id}`, undefined],
        [`${API}/query_content_list?id=${rec.id}`, undefined],
        [`${API}/delete?id=${rec.id}`, undefined],
        [`${API}/query_paper_content`, { type: 'paper', id: rec.id }],
        [`${API}/query_paper_content`, { type: 'outline', id: rec.id }],
        [`${API}/paper_xueshu_submit`, { id: rec.id, outline: rec.outline }],
      ] as const) {
        const r = await call(app, 'POST', url, { token: other.token, ...(body ? { body } : {}) });
        expect(r.status, url).toBe(404);
      }
      expect((await download(other.token, rec.id)).statusCode).toBe(404);

      fake.reset();
      const bad: Array<[Record<string, unknown>, string]> = [
        [{ title: '   ' }, '请填写论文题目'],
        [{ title: '题'.repeat(500) }, '题目最多 100 字'],
        [{ targetWords: 100 }, '目标字数至少'],
        [{ targetWords: 99_999 }, '目标字数最多'],
      ];
      for (const [over, message] of bad) {
        const r = await outline(other.token, over);
        expect(r.status).toBe(400);
        expect(r.body.message).toContain(message);
      }
      const empty = await call(app, 'POST', `${API}/paper_xueshu_submit`, {
        token: owner.token,
        body: { id: rec.id, outline: [] },
      });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toContain('大纲至少需要一个章节');
      const noTitle = await call(app, 'POST', `${API}/paper_xueshu_submit`, {
        token: owner.token,
        body: { id: rec.id, outline: [{ title: '', brief: '' }] },
      });
      expect(noTitle.status).toBe(400);
      expect(fake.requests).toHaveLength(0);
      expect(await count('writingRecords', other.id)).toBe(0);
      expect(await count('writingSections', owner.id)).toBe(0);
    });
  },
  env,
);
