import { createServer, type Server } from 'node:http';
import type { CheckReport, ReferenceCheck } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keyLibraryTitles } from '../../src/db/migrations/0020_library_title_keys.ts';
import { buildApp } from '../../src/http/app.ts';
import { credit, makeUser } from '../billing/helpers.ts';
import {
  adminToken,
  call,
  chargeRows,
  checkPaper,
  documentText,
  importLibrary,
  paragraph,
  postFile,
} from '../check/support.ts';
import { describeEachDatabase } from '../support/databases.ts';

// An OpenAlex that always answers 429: verification must leave entries 未能核实 and name it unavailable.
let provider: Server;
let asked = 0;
const PORT = 18_000 + Math.floor(Math.random() * 2_000);
beforeAll(async () => {
  provider = createServer((_req, res) => {
    asked++;
    res.writeHead(429).end('slow down');
  });
  await new Promise<void>((resolve) => provider.listen(PORT, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

const KNOWN = '[1] 王五. 城市治理研究的若干问题[J]. 管理世界, 2020, 36(4): 1-12.';
const INVENTED = '[2] 赵钱. 一篇没有人写过的论文[J]. 管理世界, 2021, 37(1): 5-9.';

describeEachDatabase(
  'reference_api and the 参考文献核查 chapter',
  (getCtx) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      const ctx = getCtx();
      app = await buildApp(ctx);
      await importLibrary(app, await adminToken(ctx), [
        {
          title: '城市治理研究的若干问题',
          author: '王五',
          source: '管理世界',
          year: 2020,
          text: documentText(71, 3, 5),
        },
        {
          title: '数字治理视角下的城市社区韧性研究：以杭州市为例',
          author: '李四',
          source: '公共管理学报',
          year: 2022,
          text: documentText(76, 3, 5),
        },
      ]);
      await ctx.jobs.startWorkers();
    });

    it('checks a pasted list: 已核实 from the library, 未能核实 naming what was searched and what failed', async () => {
      const user = await makeUser(getCtx());
      const r = await call<ReferenceCheck>(app, 'POST', '/api/base/reference_api/check', {
        token: user.token,
        body: { text: `${KNOWN}\n${INVENTED}\n`, standard: '2015' },
      });
      expect(r.status, r.body.message).toBe(200);
      const [known, invented] = r.body.result.entries;
      expect(known?.verdict).toMatchObject({
        status: 'verified',
        label: '已核实',
        source: '比对库',
        record: { title: '城市治理研究的若干问题' },
      });
      expect(invented?.verdict).toEqual({
        status: 'unverified',
        label: '未能核实',
        searched: ['比对库'],
        unavailable: ['OpenAlex'],
      });
      expect(asked).toBeGreaterThan(0);
      // the first call starts the compute pool's worker, which compiles the engines on a loaded 2-core machine
    }, 180_000);

    it('finds a record whose title is cited with other punctuation, spacing, width or without its subtitle', async () => {
      const ctx = getCtx();
      const user = await makeUser(ctx);
      // rows written before migration 0019 have no keys: the migration's backfill gives them theirs
      await ctx.db.updateTable('libraryDocuments').set({ titleKey: '', mainTitleKey: '' }).execute();
      await keyLibraryTitles(ctx.db as unknown as Kysely<unknown>);
      const text = [
        '[1] 王五. 城市治理研究的 若干问题[J]. 管理世界, 2020, 36(4): 1-12.',
        '[2] 李四. 数字治理视角下的城市社区韧性研究[J]. 公共管理学报, 2022.',
        '[3] 李四. 数字治理视角下的城市社区韧性研究——以杭州市为例[J]. 公共管理学报, 2022.',
        '[4] 李四. 数字治理视角下的城市社区韧性研究：以宁波市为例[J]. 公共管理学报, 2023.',
      ].join('\n');
      const r = await call<ReferenceCheck>(app, 'POST', '/api/base/reference_api/check', {
        token: user.token,
        body: { text },
      });
      const verdicts = r.body.result.entries.map((e) => e.verdict.status);
      expect(verdicts.slice(0, 3)).toEqual(['verified', 'verified', 'verified']);
      // another subtitle and another year: the record is found, and the engine's rules say what differs
      expect(r.body.result.entries[3]?.verdict.status).not.toBe('verified');
    });

    it('an export file that is not one, or an empty paste, gets a Chinese message, not an error', async () => {
      const user = await makeUser(getCtx());
      const bad = await call<ReferenceCheck>(app, 'POST', '/api/base/reference_api/check', {
        token: user.token,
        body: { text: 'TY  - JOUR\nER  - \n' },
      });
      expect(bad.status).toBe(200);
      expect(bad.body.result).toMatchObject({
        found: false,
        message: expect.stringMatching(/没有可读取的文献条目/),
      });
      const empty = await call<ReferenceCheck>(app, 'POST', '/api/base/reference_api/check', {
        token: user.token,
        body: { text: '\u200b\ufeff\n \n' },
      });
      expect(empty.body.result.message).toMatch(/没有读到参考文献条目/);
    });

    it('checks an uploaded file for free: a UTF-16 paper with its citations, a BibTeX export, not a .exe', async () => {
      const ctx = getCtx();
      const user = await makeUser(ctx);
      const url = '/api/base/reference_api/check_file';
      // a .txt paper (UTF-16 with its mark, as Notepad saves "Unicode"): text before the list, so citations count
      const paper = [
        '第一章 绪论',
        `${paragraph(75, 3)}已有研究[2]，另见[1]。`,
        '参考文献',
        KNOWN,
        INVENTED,
      ].join('\r\n');
      const asPaper = await postFile<ReferenceCheck>(
        app,
        `${url}?standard=2025`,
        user.token,
        { name: '论文.txt', data: Buffer.from(`\ufeff${paper}`, 'utf16le') },
        {},
      );
      expect(asPaper.status, asPaper.body.message).toBe(200);
      expect(asPaper.body.result).toMatchObject({
        standard: '2025',
        summary: { total: 2, verified: 1, unverified: 1 },
        citations: { scheme: 'numeric', outOfOrder: [1] },
      });
      const bib =
        '@article{w,\n  title = {城市治理研究的若干问题},\n  author = {王五},\n  journal = {管理世界},\n  year = {2020},\n  volume = {36},\n  number = {4},\n  pages = {1--12}\n}\n';
      const asExport = await postFile<ReferenceCheck>(
        app,
        url,
        user.token,
        { name: 'refs.bib', data: Buffer.from(bib) },
        {},
      );
      expect(asExport.body.result).toMatchObject({
        standard: '2015',
        citations: null,
        summary: { total: 1, verified: 1 },
      });
      const exe = await postFile<ReferenceCheck>(
        app,
        url,
        user.token,
        { name: 'refs.exe', data: Buffer.from('MZ') },
        {},
      );
      expect(exe.status).toBe(415);
      expect(await chargeRows(ctx, user.id)).toEqual([]);
    }, 120_000);

    it('every 查重 report has the chapter; a paper with no list says so', async () => {
      const ctx = getCtx();
      const user = await makeUser(ctx);
      await credit(ctx, user.id, 'balance', 100_000);
      const submit = async (text: string) => {
        const { id } = await checkPaper(app, user.token, {
          title: '参考文献核查',
          author: '',
          edition: 'standard',
          text,
        });
        const rep = await call<CheckReport>(app, 'GET', `/api/base/check_api/report_paragraphs?id=${id}`, {
          token: user.token,
        });
        return rep.body.result.references;
      };
      const withList = await submit(
        ['第一章 绪论', `${paragraph(72, 4)}已有研究[1]。`, '参考文献', KNOWN, INVENTED].join('\n'),
      );
      expect(withList?.summary).toMatchObject({ total: 2, verified: 1, unverified: 1 });
      expect(withList?.citations).toMatchObject({ scheme: 'numeric', uncited: [2] });
      const without = await submit(['第一章 绪论', paragraph(73, 4), paragraph(74, 4)].join('\n'));
      expect(without).toMatchObject({ found: false, message: expect.stringMatching(/未在文中找到/) });
    });
  },
  { REFS_OPENALEX_URL: `http://127.0.0.1:${PORT}`, REFS_MAILTO: 'ops@example.edu', REFS_TIMEOUT_MS: '2000' },
);
