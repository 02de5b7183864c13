import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../config.ts';
import type { createSysConfig } from '../sys-config.ts';
import { type ImportSummary, importLibraryPath } from './import.ts';
import type { Library } from './library.ts';

/**
 * The bundled seed library: CSL journal abstracts (Apache-2.0, see NOTICE), built by
 * `npm run library:seed:build` from ../shared/data. Imported by `npm run library:seed`, by the admin
 * console's first-run button, and by `serve` on a first run when LIBRARY_SEED=auto (what `npm start` sets),
 * so a fresh install finds copying from day one.
 */
export const SEED_FILE = path.join(repoRoot, 'apps/server/seed/csl-library.jsonl.gz');
export const SEED_NAME = 'CSL 中文科学文献开放种子库';
/** sys_config key marking that the seed was imported once (a later empty library is the admin's choice). */
export const SEED_MARK_KEY = 'library.seed';
/**
 * sys_config key set before a seed import starts and cleared with the mark: a first-start import cut off
 * (kill -9, power) leaves it, and the next start finishes the import (already stored texts are skipped).
 */
export const SEED_PENDING_KEY = 'library.seed.pending';

export interface SeedMark {
  name: string;
  added: number;
  skipped: number;
  importedAt: string;
}

type SysConfig = ReturnType<typeof createSysConfig>;

export interface SeedResult extends ImportSummary {
  elapsedMs: number;
}

/** Import the seed (idempotent: texts already in the library are skipped) and mark it imported. */
export async function importSeedLibrary(
  library: Library,
  sysConfig: SysConfig,
  opts: { file?: string; onProgress?: (done: number) => void } = {},
): Promise<SeedResult> {
  const file = opts.file ?? SEED_FILE;
  if (!fs.existsSync(file))
    throw new Error(`找不到种子库文件 ${file}（可用 npm run library:seed:build 重新生成）`);
  const started = Date.now();
  await sysConfig.set(
    SEED_PENDING_KEY,
    { startedAt: new Date(started).toISOString() },
    '内置种子比对库导入中',
  );
  const summary = await importLibraryPath(library, file, {
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
  });
  const mark: SeedMark = {
    name: SEED_NAME,
    added: summary.added,
    skipped: summary.skipped,
    importedAt: new Date().toISOString(),
  };
  // the mark and the end of the pending flag together: a start (or a reader) never sees one without the other
  await sysConfig.setAll([
    { key: SEED_MARK_KEY, value: mark, description: '内置种子比对库的导入记录' },
    { key: SEED_PENDING_KEY, value: null },
  ]);
  return { ...summary, elapsedMs: Date.now() - started };
}

export const seedMark = (sysConfig: SysConfig) => sysConfig.get<SeedMark | null>(SEED_MARK_KEY, null);

/**
 * First run only: the seed goes in when it was never imported and the library is empty, or when an import
 * of it was cut off (it is then finished). An admin who later empties the library on purpose does not get it
 * back at the next start.
 */
export async function seedOnFirstRun(library: Library, sysConfig: SysConfig): Promise<SeedResult | null> {
  const cutOff = (await sysConfig.get<unknown>(SEED_PENDING_KEY, null)) !== null;
  if (!cutOff) {
    if (await seedMark(sysConfig)) return null;
    if ((await library.stats()).documents > 0) return null;
  }
  return importSeedLibrary(library, sysConfig);
}

/** The shared library's name in reports: an admin's `library.name`, else one that says whether the seed is in it. */
export async function libraryName(sysConfig: SysConfig): Promise<string> {
  const custom = await sysConfig.get<string | null>('library.name', null);
  if (typeof custom === 'string' && custom.trim()) return custom.trim();
  return (await seedMark(sysConfig)) ? `公共比对库（含 ${SEED_NAME}）` : '公共比对库';
}
