import type { PaperContent, WritingRecord, WritingSourceFile, WritingSources } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { credit, makeUser } from '../billing/helpers.ts';
import { adminToken, call, documentText, importLibrary, postFile, waitFor } from '../check/support.ts';
import type { FakeReply, FakeRequest } from '../fakes/openai-server.ts';
import { fakeModelEnv, startFakeOpenAi } from '../fakes/openai-server.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { buildDocx } from '../../../../packages/textkit/test/fixtures.ts';
import {
  BIBTEX_ARTICLE,
  BIBTEX_BOOK,
  draft,
  promptOf,
  sectionPathOf,
  sectionText,
  taskOf,
  writer,
} from './support.ts';

const fake = await startFakeOpenAi();
afterAll(() => fake.close());
const API = '/api/base/paper_info_api';
const SRC = '/api/base/writing_source_api';
const env = fakeModelEnv(fake, { LLM_TIMEOUT_MS: '5000' });

/** Library records on the paper's very topic: a run that ignored the uploaded sources would cite these. */
const LIBRARY = [
  { title: '城市数字治理的协同机制', author: '赵六, 李雷', source: '管理世界', year: 2020 },
  { title: '城市数字治理协同机制的实施路径', author: '钱七', source: '中国行政管理', year: 2021 },
];

const BIBTEX = BIBTEX_ARTICLE + BIBTEX_BOOK;
const UPLOADED = [
  '城市数字治理中的协同机制与数据共享',
  'Digital Governance of Cities: Coordination and Data Sharing',
];

/** Every section cites every key it is given, and one it was not. */
function citingWriter(req: FakeRequest): FakeReply {
  if (taskOf(req) !== '撰写章节') return writer(req);
  const keys = [...promptOf(req).matchAll(/^\[(R\d+)\]/gm)].map((m) => m[1]);
  const cites = keys.length ? `[${keys.join(',')}]` : '';
  return {
    chunks: [
      `${sectionText(sectionPathOf(req))}已有研究讨论了城市数字治理的协同机制${cites}，另有研究[R9]。`,
    ],
  };
}

describeEachDatabase(
  '论文写作: a paper’s own sources',
  (getCtx) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      const ctx = getCtx();
      app = await buildApp(ctx);
      await ctx.jobs.startWorkers();
      await importLibrary(
        app,
        await adminToken(ctx),
        LIBRARY.map((d, i) => ({ ...d, text: documentText(300 + i, 2, 4) })),
      );
    });
    afterAll(() => app?.close());

    const newRecord = async (token: string) => {
      fake.reset();
      fake.respond(writer);
      const r = await call<WritingRecord>(app, 'POST', `${API}/query_paper_content`, {
        token,
        body: { type: 'outline', draft: draft() },
      });
      expect(r.status, r.body.message).toBe(200);
      return r.body.result;
    };

    it('reads an export file in the pool and refuses one that is not', async () => {
      const u = await makeUser(getCtx());
      const read = await postFile<WritingSourceFile>(
        app,
        `${SRC}/read_file`,
        u.token,
        { name: 'refs.bib', data: Buffer.from(BIBTEX) },
        {},
      );
      expect(read.status, read.body.message).toBe(200);
      expect(read.body.result.format).toBe('BibTeX');
      expect(read.body.result.records.map((r) => r.title)).toEqual(UPLOADED);
      expect(read.body.result.records[0]).toMatchObject({ authors: ['王五', '孙八'], year: '2022' });

      const bad = await postFile(
        app,
        `${SRC}/read_file`,
        u.token,
        { name: 'refs.bib', data: Buffer.from('这不是文献导出文件') },
        {},
      );
      expect(bad.status).toBe(422);
      expect(bad.body.message).toMatch(/不是可识别的文献导出格式/);
      // a .docx is one work, titled by its title
      const docx = await buildDocx([
        { text: '城市数字治理的协同机制：一项案例研究', style: 'Title' },
        { text: documentText(500, 1, 3) },
      ]);
      const work = await postFile<WritingSourceFile>(
        app,
        `${SRC}/read_file`,
        u.token,
        { name: 'case.docx', data: docx },
        {},
      );
      expect(work.status, work.body.message).toBe(200);
      expect(work.body.result).toMatchObject({ format: 'DOCX' });
      expect(work.body.result.records).toHaveLength(1);
      expect(work.body.result.records[0]?.title).toBe('城市数字治理的协同机制：一项案例研究');
      const exe = await postFile(
        app,
        `${SRC}/read_file`,
        u.token,
        { name: 'a.exe', data: Buffer.from('MZ') },
        {},
      );
      expect(exe.status).toBe(415);
    });

    it("is owner-scoped: another user's record is 404 to save and to list, another user's 自建库 document too", async () => {
      const ctx = getCtx();
      const owner = await makeUser(ctx);
      const other = await makeUser(ctx);
      const rec = await newRecord(owner.token);
      const file = { name: 'refs.bib', format: 'BibTeX', records: [{ title: UPLOADED[0] }] };
      const saved = await call<WritingSources>(app, 'POST', `${SRC}/save`, {
        token: owner.token,
        body: { id: rec.id, files: [file] },
      });
      expect(saved.status, saved.body.message).toBe(200);
      expect(saved.body.result.records).toBe(1);

      const stolen = await call(app, 'POST', `${SRC}/save`, {
        token: other.token,
        body: { id: rec.id, files: [file] },
      });
      expect(stolen.status).toBe(404);
      const peek = await call(app, 'POST', `${SRC}/query_list?id=${rec.id}`, { token: other.token });
      expect(peek.status).toBe(404);

      // the owner's record with the other user's 自建库 document
      const up = await postFile<{ files: { documentId: number | null }[] }>(
        app,
        '/api/base/library_api/my/upload',
        other.token,
        { name: '城市治理笔记.txt', data: Buffer.from(documentText(400, 2, 4)) },
        {},
      );
      expect(up.status, up.body.message).toBe(200);
      const theirs = up.body.result.files[0]?.documentId;
      expect(theirs).toBeTypeOf('number');
      const borrowed = await call(app, 'POST', `${SRC}/save`, {
        token: owner.token,
        body: { id: rec.id, library: [theirs] },
      });
      expect(borrowed.status).toBe(404);
      let mine = await call<WritingSources>(app, 'POST', `${SRC}/query_list?id=${rec.id}`, {
        token: owner.token,
      });
      expect(mine.body.result.sources.map((s) => s.name)).toEqual(['refs.bib']);

      // the owner's own 自建库 document is taken; a save replaces what was there
      const own = await postFile<{ files: { documentId: number | null }[] }>(
        app,
        '/api/base/library_api/my/upload',
        owner.token,
        { name: '我的调研笔记.txt', data: Buffer.from(documentText(401, 2, 4)) },
        {},
      );
      const ownId = own.body.result.files[0]?.documentId;
      const replaced = await call<WritingSources>(app, 'POST', `${SRC}/save`, {
        token: owner.token,
        body: { id: rec.id, library: [ownId] },
      });
      expect(replaced.status, replaced.body.message).toBe(200);
      mine = await call<WritingSources>(app, 'POST', `${SRC}/query_list?id=${rec.id}`, {
        token: owner.token,
      });
      expect(mine.body.result.sources).toMatchObject([{ kind: 'library', documentId: ownId }]);
      expect(mine.body.result.records).toBe(1);

      // more records than a paper takes are refused, not cut silently
      const many = Array.from({ length: 301 }, (_, i) => ({ title: `文献 ${i}` }));
      const big = await call(app, 'POST', `${SRC}/save`, {
        token: owner.token,
        body: { id: rec.id, files: [{ name: 'a.bib', format: 'BibTeX', records: many }] },
      });
      expect(big.status).toBe(400);
    });

    it('a run with uploaded sources cites only those records, though the library holds the same topic', async () => {
      const ctx = getCtx();
      const u = await makeUser(ctx);
      await credit(ctx, u.id, 'balance', 5000);
      const rec = await newRecord(u.token);
      const read = await postFile<WritingSourceFile>(
        app,
        `${SRC}/read_file`,
        u.token,
        { name: 'refs.bib', data: Buffer.from(BIBTEX) },
        {},
      );
      const saved = await call<WritingSources>(app, 'POST', `${SRC}/save`, {
        token: u.token,
        body: { id: rec.id, files: [read.body.result] },
      });
      expect(saved.body.result.records).toBe(2);

      fake.respond(citingWriter);
      const submitted = await call(app, 'POST', `${API}/paper_xueshu_submit`, {
        token: u.token,
        body: { id: rec.id, outline: rec.outline },
      });
      expect(submitted.status, submitted.body.message).toBe(200);
      const done = await waitFor(
        async () => {
          const r = await call<WritingRecord>(app, 'POST', `${API}/load_by_id?id=${rec.id}`, {
            token: u.token,
          });
          return ['done', 'failed'].includes(r.body.result.status) ? r.body.result : null;
        },
        20_000,
        '写作完成',
      );
      expect(done.status, done.message).toBe('done');
      const paper = (
        await call<PaperContent>(app, 'POST', `${API}/query_paper_content`, {
          token: u.token,
          body: { type: 'paper', id: rec.id },
        })
      ).body.result;
      // the English book shares no words with the Chinese sections, so retrieval offers only the article
      expect(paper.references.length).toBe(1);
      for (const entry of paper.references) expect(UPLOADED.some((t) => entry.includes(t))).toBe(true);
      expect(paper.references.join('\n')).not.toMatch(/管理世界|中国行政管理/);
      expect(paper.references[0]).toMatch(
        /^王五, 孙八\. 城市数字治理中的协同机制与数据共享\[J\]\. 公共管理学报, 2022/,
      );

      // written: the sources stay as they were
      const late = await call(app, 'POST', `${SRC}/save`, { token: u.token, body: { id: rec.id } });
      expect(late.status).toBe(409);
    }, 60_000);
  },
  env,
);
