import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { buildDocx } from '../../packages/textkit/test/fixtures.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/context.ts';
import { importLibraryPath } from '../../apps/server/src/services/checks/import.ts';
import { importSeedLibrary, SEED_FILE } from '../../apps/server/src/services/checks/seed.ts';

/**
 * `npm run bench:library -- [--docx N]`: reference-library import throughput with the index updated as it
 * goes (SQLite in a temporary DATA_DIR): the bundled seed (.jsonl.gz), then N generated .docx files (a
 * title and the seed's abstracts, read one by one through the compute pool like any upload).
 */
const { values } = parseArgs({ options: { docx: { type: 'string', default: '10000' } } });
const docxCount = Number(values.docx);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paperdesk-bench-lib-'));
const ctx = await createContext(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PAY_SANDBOX: 'true' }));
const library = ctx.checks.library;
await library.ensureReady();

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000).toLocaleString('en-US');
try {
  let t = performance.now();
  const seed = await importSeedLibrary(library, ctx.sysConfig);
  let ms = performance.now() - t;
  let stats = await library.stats();
  console.log(
    `seed (.jsonl.gz): ${seed.added} documents, ${stats.characters.toLocaleString('en-US')} characters in ${(ms / 1000).toFixed(1)} s → ${rate(seed.added, ms)} docs/s, ${rate(stats.characters, ms)} chars/s (index ${(await library.ensureReady()).size} docs)`,
  );

  // .docx files: two abstracts each, titled, so none is a duplicate of a seed document
  const abstracts = zlib
    .gunzipSync(fs.readFileSync(SEED_FILE))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { text: string }).text);
  const dir = path.join(dataDir, 'docx');
  fs.mkdirSync(dir);
  t = performance.now();
  for (let i = 0; i < docxCount; i++) {
    const a = abstracts[i % abstracts.length] ?? '';
    const b = abstracts[(i * 7 + 13) % abstracts.length] ?? '';
    const buf = await buildDocx([
      { text: `生成文献 ${i + 1}`, style: 'Title' },
      { text: `第${i + 1}号。${a}` },
      { text: b },
    ]);
    fs.writeFileSync(path.join(dir, `${String(i).padStart(5, '0')}.docx`), buf);
  }
  console.log(`generated ${docxCount} .docx in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const before = stats.characters;
  t = performance.now();
  const r = await importLibraryPath(library, dir);
  ms = performance.now() - t;
  stats = await library.stats();
  console.log(
    `.docx folder: ${r.added} added, ${r.skipped} duplicates, ${r.failed.length} failed; ${(stats.characters - before).toLocaleString('en-US')} characters in ${(ms / 1000).toFixed(1)} s → ${rate(r.added + r.skipped, ms)} files/s, ${rate(stats.characters - before, ms)} chars/s (index ${(await library.ensureReady()).size} docs)`,
  );
} finally {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
