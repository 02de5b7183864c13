import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../src/compute/check-engine.ts';
import { importSeedLibrary, SEED_FILE, seedMark, seedOnFirstRun } from '../../src/services/checks/seed.ts';
import { documentText } from '../check/support.ts';
import { freshApp } from '../support/databases.ts';

/** The bundled seed library: a fresh install finds copying from day one (SQLite; the import path is shared). */
describe('seed library', () => {
  const fresh = freshApp('sqlite');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'paperdesk-seed-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('the bundled file is a few MB of CSL abstracts, one JSON document per line', () => {
    const gz = fs.readFileSync(SEED_FILE);
    expect(gz.length).toBeLessThan(5 * 1024 * 1024);
    const lines = zlib.gunzipSync(gz).toString('utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThan(7000);
    const first = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(Object.keys(first).sort()).toEqual(['author', 'source', 'text', 'title', 'year']);
    expect(String(first.source)).toMatch(/^CSL 中文科学文献/);
  });

  it('a batch with one bad line keeps the good ones and names the bad one', async () => {
    const file = path.join(tmp, 'mixed.jsonl.gz');
    const good = (n: number) => JSON.stringify({ title: `批量 ${n}`, text: documentText(300 + n, 2, 3) });
    const lines = [good(1), '{ broken', JSON.stringify({ title: '短', text: '太短了' }), good(2), good(1)];
    fs.writeFileSync(file, zlib.gzipSync(lines.join('\n')));
    const r = await importSeedLibrary(fresh.ctx().checks.library, fresh.ctx().sysConfig, { file });
    expect(r).toMatchObject({ added: 2, skipped: 1 });
    expect(r.failed).toEqual([
      { item: '第 2 行', message: '不是合法的 JSON' },
      { item: '第 3 行', message: '正文过短' },
    ]);
    // the mark is set, so the first-run step leaves this (non-empty) library alone
    expect(await seedMark(fresh.ctx().sysConfig)).toMatchObject({ added: 2 });
    expect(await seedOnFirstRun(fresh.ctx().checks.library, fresh.ctx().sysConfig)).toBeNull();
  });

  it('imports the real seed once (idempotent) and a copied abstract is then found', async () => {
    const library = fresh.ctx().checks.library;
    await fresh.ctx().sysConfig.set('library.seed', null);
    const index = await library.ensureReady();
    const first = await importSeedLibrary(library, fresh.ctx().sysConfig);
    expect(first.failed).toEqual([]);
    expect(first.added).toBeGreaterThan(7000);
    const stats = await library.stats();
    expect(stats.characters).toBeGreaterThan(1_500_000);
    expect(index.size).toBe(stats.documents);
    const again = await importSeedLibrary(library, fresh.ctx().sysConfig);
    expect(again.added).toBe(0);
    expect((await library.stats()).documents).toBe(stats.documents);

    const line = zlib.gunzipSync(fs.readFileSync(SEED_FILE)).toString('utf8').split('\n')[1] ?? '';
    const copied = JSON.parse(line) as { title: string; text: string };
    const result = await runCheck({
      index,
      document: {
        blocks: [
          { kind: 'paragraph', text: copied.text },
          { kind: 'paragraph', text: documentText(400, 2, 4) },
        ],
      },
      edition: 'standard',
      ownerKey: 'user:1',
    });
    expect(result.metrics.totalRatio).toBeGreaterThan(0.2);
    // the engine finds the source by id; the library names it (as the report does)
    const [source] = await library.documents([result.sources[0]?.documentId ?? 0]);
    expect(source?.title).toBe(copied.title);
  }, 30_000);
});
