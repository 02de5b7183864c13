import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type {
  LibraryDocument,
  LibraryImportResult,
  LibraryStats,
  LibraryUploadResult,
  Page,
} from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { buildApp } from '../../src/http/app.ts';
import { importLibraryPath } from '../../src/services/checks/import.ts';
import { importJournal } from '../../src/services/checks/import-journal.ts';
import { createLibrary } from '../../src/services/checks/library.ts';
import { makeUser } from '../billing/helpers.ts';
import { buildDocx, encodeGbk } from '../check/fixtures.ts';
import { adminToken, call, documentText, multipart } from '../check/support.ts';
import { describeEachDatabase } from '../support/databases.ts';

const LIB = '/api/base/library_api';

/** 自建库 documents: in the index, but not in the shared library's stats. */
const livePersonal = async (ctx: { db: import('../../src/db/index.ts').Db }) =>
  Number(
    (
      await ctx.db
        .selectFrom('libraryDocuments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('deletedAt', 'is', null)
        .where('origin', '=', 'personal')
        .executeTakeFirstOrThrow()
    ).n,
  );
const run = promisify(execFile);

describeEachDatabase('reference library', (getCtx) => {
  let app: FastifyInstance;
  let admin: string;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'paperdesk-lib-'));

  beforeAll(async () => {
    app = await buildApp(getCtx());
    admin = await adminToken(getCtx());
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('admins upload files and import JSON; identical texts are stored once; users may not', async () => {
    const docx = await buildDocx([
      { text: '文献上传测试标题', style: 'Title' },
      { text: documentText(201, 1, 4) },
    ]);
    const m = multipart(
      { author: '钱七', source: '测试期刊', year: '2021' },
      { name: '第一篇.txt', data: Buffer.from(documentText(200, 2, 4)) },
      [{ name: '第二篇.docx', data: docx }],
    );
    const up = await call<LibraryImportResult>(app, 'POST', `${LIB}/upload`, {
      token: admin,
      ...m,
    });
    expect(up.status, up.body.message).toBe(200);
    expect(up.body.result).toMatchObject({ added: 2, skipped: 0 });

    const list = await call<Page<LibraryDocument>>(app, 'POST', `${LIB}/query_list?pageSize=10`, {
      token: admin,
      body: {},
    });
    expect(list.body.result.total).toBe(2);
    const titles = list.body.result.records.map((r) => r.title).sort();
    expect(titles).toEqual(['文献上传测试标题', '第一篇']);
    expect(
      list.body.result.records.every(
        (r) => r.author === '钱七' && r.source === '测试期刊' && r.year === 2021 && r.origin === 'upload',
      ),
    ).toBe(true);

    // the same text again (even with other whitespace) is skipped
    const again = await call<LibraryImportResult>(app, 'POST', `${LIB}/import`, {
      token: admin,
      body: {
        documents: [
          { title: '重复', text: `  ${documentText(200, 2, 4).replace('\n', '\n\n')}  ` },
          { title: '新文献', author: '孙八', source: '学报', year: 2015, text: documentText(202, 2, 4) },
        ],
      },
    });
    expect(again.body.result).toMatchObject({ added: 1, skipped: 1 });

    const user = await makeUser(getCtx());
    const denied = await call(app, 'POST', `${LIB}/import`, {
      token: user.token,
      body: { documents: [{ title: 'x', text: documentText(203) }] },
    });
    expect(denied.status).toBe(403);
    const anon = await call(app, 'POST', `${LIB}/stats`);
    expect(anon.status).toBe(401);

    const bad = multipart({}, { name: '扫描.exe', data: Buffer.from('MZ') });
    const r = await call<LibraryUploadResult>(app, 'POST', `${LIB}/upload`, {
      token: admin,
      ...bad,
    });
    // each file gets its own result: an unsupported type is reported, not a failure of the whole upload
    expect(r.status).toBe(200);
    expect(r.body.result.files).toEqual([
      { file: '扫描.exe', status: 'unreadable', message: expect.stringMatching(/docx/), documentId: null },
    ]);

    const stats = await call<LibraryStats>(app, 'POST', `${LIB}/stats`, { token: admin });
    expect(stats.body.result.documents).toBe(3);
    expect(stats.body.result.characters).toBeGreaterThan(500);
  });

  it('several processes stay consistent: each catches up with SQL (adds and deletions) before a check', async () => {
    const ctx = getCtx();
    const a = createLibrary({ db: ctx.db, dataDir: path.join(tmp, 'a') });
    const b = createLibrary({ db: ctx.db, dataDir: path.join(tmp, 'b') });
    const ia = await a.ensureReady();
    const ib = await b.ensureReady();
    const before = ib.size;
    expect(ia.size).toBe(before);

    const added = await a.add([{ title: '进程 A 新增', text: documentText(210, 2, 4) }], {
      origin: 'import',
    });
    const id = String(added.ids[0]);
    expect(ia.has(id)).toBe(true);
    expect(ib.has(id)).toBe(false); // B has not synced yet
    expect(await b.sync()).toEqual({ added: 1, removed: 0 });
    expect(ib.has(id)).toBe(true);

    await a.remove(Number(id));
    expect(ia.has(id)).toBe(false);
    expect(await b.sync()).toMatchObject({ removed: 1 });
    expect(ib.has(id)).toBe(false);
    expect(ib.size).toBe(before);
    // a deleted text may be imported again
    const back = await a.add([{ title: '进程 A 新增', text: documentText(210, 2, 4) }], { origin: 'import' });
    expect(back.added).toBe(1);
    await b.sync();
    expect(ib.has(String(back.ids[0]))).toBe(true);
    await a.close();
    await b.close();
  });

  it('the index is persisted under DATA_DIR and loaded at the next start, then caught up', async () => {
    const ctx = getCtx();
    const dir = path.join(tmp, 'persist');
    const logs: string[] = [];
    const first = createLibrary({ db: ctx.db, dataDir: dir, log: (m) => logs.push(m) });
    const idx = await first.ensureReady();
    expect(logs.at(-1)).toMatch(/从数据库建立/);
    await first.add([{ title: '持久化测试', text: documentText(220, 2, 4) }], { origin: 'import' });
    await first.close(); // saves
    expect(fs.existsSync(path.join(dir, 'library', 'index', 'manifest.json'))).toBe(true);
    const saved = idx.size;

    // while this process was down, another one added a document
    const other = createLibrary({ db: ctx.db, dataDir: path.join(tmp, 'other') });
    const late = await other.add([{ title: '停机期间新增', text: documentText(221, 2, 4) }], {
      origin: 'import',
    });

    const second = createLibrary({ db: ctx.db, dataDir: dir, log: (m) => logs.push(m) });
    const loaded = await second.ensureReady();
    expect(logs.at(-1)).toMatch(/从文件载入/);
    expect(loaded.size).toBe(saved + 1);
    expect(loaded.has(String(late.ids[0]))).toBe(true);

    // a damaged file is not trusted: the index is rebuilt from SQL
    await second.close();
    fs.writeFileSync(path.join(dir, 'library', 'index', 'manifest.json'), 'garbage');
    const third = createLibrary({ db: ctx.db, dataDir: dir, log: (m) => logs.push(m) });
    const rebuilt = await third.ensureReady();
    expect(logs.some((l) => l.includes('无法使用'))).toBe(true);
    expect(rebuilt.size).toBe(saved + 1);
    await third.close();
    await other.close();
  });

  it('an index file that disagrees with the database (restored, copied, cut off) is rebuilt from it', async () => {
    const ctx = getCtx();
    const dir = path.join(tmp, 'disagree');
    const logs: string[] = [];
    const first = createLibrary({ db: ctx.db, dataDir: dir, log: (m) => logs.push(m) });
    await first.ensureReady();
    const gone = await first.add([{ title: '将被直接删除', text: documentText(260, 2, 4) }], {
      origin: 'import',
    });
    await first.close(); // saves a file holding that document
    // the database goes back to a state without it and without a tombstone, as a restore from a backup does
    await ctx.db.deleteFrom('libraryDocuments').where('id', '=', gone.ids[0]!).execute();

    const second = createLibrary({ db: ctx.db, dataDir: dir, log: (m) => logs.push(m) });
    const index = await second.ensureReady();
    expect(logs.some((l) => /索引与数据库不一致（缺 0 篇，多 1 篇）/.test(l))).toBe(true);
    expect(logs.at(-1)).toMatch(/从数据库建立/);
    expect(index.has(String(gone.ids[0]))).toBe(false);
    expect(index.size).toBe((await second.stats()).documents + (await livePersonal(ctx)));
    await second.close();
  });

  it('importLibraryPath reads a folder (docx, pdf, txt incl. GBK) and reports what it could not read', async () => {
    const dir = path.join(tmp, 'import');
    fs.mkdirSync(path.join(dir, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(dir, '甲.txt'), documentText(230, 2, 4));
    fs.writeFileSync(path.join(dir, 'sub', '乙.txt'), encodeGbk(documentText(231, 2, 4)));
    fs.writeFileSync(path.join(dir, '丙.docx'), await buildDocx([{ text: documentText(232, 1, 5) }]));
    fs.writeFileSync(path.join(dir, '坏.pdf'), 'not a pdf');
    fs.writeFileSync(path.join(dir, '说明.md'), 'ignored: not a document type');
    const s = await importLibraryPath(getCtx().checks.library, dir, { source: '导入测试', year: 2019 });
    expect(s.added).toBe(3);
    expect(s.failed).toEqual([{ item: '坏.pdf', message: '文件已损坏或已加密，无法读取' }]);
    const rows = await getCtx()
      .db.selectFrom('libraryDocuments')
      .select(['title', 'source', 'year', 'text'])
      .where('source', '=', '导入测试')
      .orderBy('title')
      .execute();
    expect(rows.map((r) => r.title).sort()).toEqual(['丙', '乙', '甲'].sort());
    expect(rows.every((r) => r.year === 2019)).toBe(true);
    expect(rows.find((r) => r.title === '乙')!.text).toBe(documentText(231, 2, 4));
  });

  it('`npm run library:import` cut off after some files goes on after them and says how far it got', async () => {
    const ctx = getCtx();
    const dir = path.join(tmp, 'resume');
    fs.mkdirSync(dir, { recursive: true });
    for (const [i, name] of ['一.txt', '二.txt', '三.txt'].entries())
      fs.writeFileSync(path.join(dir, name), documentText(261 + i, 2, 4));
    // what a run killed after its first file leaves behind (written after each commit)
    const journal = importJournal(ctx.config.DATA_DIR, dir);
    journal.write('2026-01-01T00:00:00.000Z', {
      items: 1,
      lastItem: '一.txt',
      summary: { added: 1, skipped: 0, failed: [] },
    });
    const { stdout } = await run('npm', ['run', '--silent', 'library:import', '--', dir], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: ctx.config.DATABASE_URL,
        DATA_DIR: ctx.config.DATA_DIR,
        NODE_ENV: 'test',
      },
    });
    expect(stdout).toContain('在「一.txt」之后中断：前 1 项已入库');
    expect(stdout).toContain('新增 3 篇'); // the cut-off run's one and this run's two
    const titles = await ctx.db
      .selectFrom('libraryDocuments')
      .select('title')
      .where('title', 'in', ['一', '二', '三'])
      .execute();
    // 一 was not read again: the journal said it was stored (here it was not, to show the skip)
    expect(titles.map((t) => t.title).sort()).toEqual(['三', '二']);
    expect(journal.read()).toBeNull();
  }, 180_000); // a CLI process: tsx and the server's modules load first

  it('`npm run library:import -- file.jsonl` imports good lines and lists the bad ones', async () => {
    const ctx = getCtx();
    const file = path.join(tmp, 'docs.jsonl');
    const lines = [
      JSON.stringify({
        title: 'JSONL 甲',
        author: '周九',
        source: '学报',
        year: 2010,
        text: documentText(240, 2, 4),
      }),
      '{ not json',
      JSON.stringify({ author: '无题', text: documentText(241, 2, 4) }),
      '',
      JSON.stringify({
        title: 'JSONL 乙',
        author: '吴十',
        source: '论文集',
        year: '2012',
        text: documentText(242, 2, 4),
      }),
      JSON.stringify({ title: 'JSONL 甲 重复', text: documentText(240, 2, 4) }),
    ];
    fs.writeFileSync(file, lines.join('\n'));
    const env = {
      ...process.env,
      DATABASE_URL: ctx.config.DATABASE_URL,
      DATA_DIR: ctx.config.DATA_DIR,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    };
    const { stdout } = await run('npm', ['run', '--silent', 'library:import', '--', file], {
      cwd: repoRoot,
      env,
    });
    expect(stdout).toContain('新增 2 篇，跳过重复 1 篇，失败 2 项');
    expect(stdout).toContain('失败 第 2 行: 不是合法的 JSON');
    expect(stdout).toMatch(/失败 第 3 行: title/);
    const got = await ctx.db
      .selectFrom('libraryDocuments')
      .select(['title', 'year'])
      .where('title', 'like', 'JSONL%')
      .orderBy('title')
      .execute();
    expect(got).toEqual([
      { title: 'JSONL 乙', year: 2012 },
      { title: 'JSONL 甲', year: 2010 },
    ]);
  }, 60_000);
});
