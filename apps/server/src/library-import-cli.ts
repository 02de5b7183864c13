import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from './config.ts';
import { createContext } from './context.ts';
import { type ImportSummary, importLibraryPath } from './services/checks/import.ts';
import { importJournal } from './services/checks/import-journal.ts';
import { importSeedLibrary, SEED_NAME } from './services/checks/seed.ts';

const USAGE =
  '用法: npm run library:import -- <文件夹 | 文件.jsonl | 文件.docx/.pdf/.txt> [--source 出处] [--author 作者] [--year 年份]';

/** `npm run library:import -- <path>`: fills the reference library from files or a .jsonl export. */
export async function runLibraryImport(config: Config, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { source: { type: 'string' }, author: { type: 'string' }, year: { type: 'string' } },
  });
  const target = positionals[0];
  if (!target) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const full = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  if (!fs.existsSync(full)) {
    console.error(`找不到 ${full}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const year = values.year ? Number(values.year) : undefined;
  if (year !== undefined && !(Number.isInteger(year) && year >= 1000 && year <= 3000)) {
    console.error('--year 应为四位年份');
    process.exitCode = 2;
    return;
  }
  const journal = importJournal(config.DATA_DIR, full);
  const earlier = journal.read();
  if (earlier)
    console.log(
      `上次导入（${earlier.startedAt} 开始）在「${earlier.lastItem}」之后中断：前 ${earlier.items} 项已入库（新增 ${earlier.summary.added} 篇，跳过 ${earlier.summary.skipped} 篇，失败 ${earlier.summary.failed.length} 项），从下一项继续。`,
    );
  // what this run adds to what the cut-off one had stored
  const merged = (now: ImportSummary): ImportSummary =>
    earlier
      ? {
          added: earlier.summary.added + now.added,
          skipped: earlier.summary.skipped + now.skipped,
          failed: [...earlier.summary.failed, ...now.failed],
        }
      : now;
  const ctx = await createContext(config, { publishFeatures: false });
  try {
    const started = Date.now();
    const startedAt = earlier?.startedAt ?? new Date(started).toISOString();
    const part = await importLibraryPath(ctx.checks.library, full, {
      source: values.source,
      author: values.author,
      year,
      onProgress: (n) => console.log(`已处理 ${n} 项…`),
      resumeAfter: earlier?.items ?? 0,
      onCommitted: (p) => journal.write(startedAt, { ...p, summary: merged(p.summary) }),
    });
    const summary = merged(part);
    journal.finish();
    const stats = await ctx.checks.library.stats();
    console.log(
      `导入完成：新增 ${summary.added} 篇，跳过重复 ${summary.skipped} 篇，失败 ${summary.failed.length} 项（${((Date.now() - started) / 1000).toFixed(1)} 秒）。比对库现有 ${stats.documents} 篇，${stats.characters.toLocaleString('en-US')} 字。`,
    );
    for (const f of summary.failed.slice(0, 50)) console.log(`  失败 ${f.item}: ${f.message}`);
    if (summary.failed.length > 50) console.log(`  ……另有 ${summary.failed.length - 50} 项失败`);
    console.log('运行中的服务会在下一次检测前自动同步新文献。');
    if (summary.added === 0 && summary.failed.length > 0) process.exitCode = 1;
  } finally {
    await ctx.close();
  }
}

/** `npm run library:seed`: import the bundled seed library (idempotent: a second run adds nothing). */
export async function runLibrarySeed(config: Config): Promise<void> {
  const ctx = await createContext(config, { publishFeatures: false });
  try {
    // the index is loaded first so every batch is indexed as it is stored (and saved for the next start)
    if (ctx.checks.library.holdsIndex) await ctx.checks.library.ensureReady();
    const before = await ctx.checks.library.stats();
    const r = await importSeedLibrary(ctx.checks.library, ctx.sysConfig, {
      onProgress: (n) => n % 1000 === 0 && console.log(`已处理 ${n} 篇…`),
    });
    const stats = await ctx.checks.library.stats();
    const seconds = r.elapsedMs / 1000;
    console.log(
      `${SEED_NAME}：新增 ${r.added} 篇，跳过已有 ${r.skipped} 篇，失败 ${r.failed.length} 项（${seconds.toFixed(1)} 秒，` +
        `索引同步更新，${Math.round((r.added + r.skipped) / seconds)} 篇/秒，` +
        `${Math.round((stats.characters - before.characters) / seconds).toLocaleString('en-US')} 字/秒）。比对库现有 ${stats.documents} 篇，${stats.characters.toLocaleString('en-US')} 字。`,
    );
    for (const f of r.failed.slice(0, 20)) console.log(`  失败 ${f.item}: ${f.message}`);
    if (r.failed.length > 0) process.exitCode = 1;
  } finally {
    await ctx.close();
  }
}
