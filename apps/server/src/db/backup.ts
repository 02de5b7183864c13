import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * Backups of the embedded mode (SQLite under DATA_DIR). The database holds everything that cannot be rebuilt:
 * accounts, orders, records and their reports, uploaded files, the reference library and every 自建库. The
 * fingerprint index under DATA_DIR/library is derived from it and is not copied: the restored server rebuilds it
 * from the database on its first start (a stale copy would be detected and rebuilt anyway).
 *
 * The snapshot comes from SQLite's online backup API, all pages in one step: one read transaction, so the copy
 * is the database as of one commit while the server goes on writing (WAL: readers never block the writer).
 * A backup is written to `<dir>.partial` and renamed when complete, so a cut-off one never looks usable.
 */
export const DB_FILE = 'paperdesk.db';
const MANIFEST = 'backup.json';

export interface BackupManifest {
  kind: 'paperdesk-sqlite-backup';
  createdAt: string;
  database: { file: string; bytes: number; sha256: string };
  /** Row counts at the snapshot, for the restore's report. */
  rows: Record<string, number>;
}

const COUNTED = [
  'users',
  'orders',
  'check_records',
  'check_reports',
  'library_documents',
  'uploaded_sources',
] as const;

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function countRows(db: SQLite.Database): Record<string, number> {
  const rows: Record<string, number> = {};
  for (const table of COUNTED) {
    const exists = db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(table);
    if (exists) rows[table] = (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  }
  return rows;
}

/** Snapshot of `<dataDir>/paperdesk.db` into the folder `target` (which must not exist yet). */
export async function backupSqlite(dataDir: string, target: string): Promise<BackupManifest> {
  const source = path.join(dataDir, DB_FILE);
  if (!fs.existsSync(source)) throw new Error(`${source} 不存在：DATA_DIR 下没有数据库`);
  if (fs.existsSync(target)) throw new Error(`${target} 已存在：备份不覆盖已有的目录`);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  const copy = path.join(partial, DB_FILE);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // every remaining page in the next step: one read transaction, never restarted by the server's writes
    await db.backup(copy, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  const snapshot = new SQLite(copy, { fileMustExist: true });
  let rows: Record<string, number>;
  try {
    const check = snapshot.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`备份的数据库未通过完整性检查：${String(check)}`);
    // one self-contained file: no -wal beside it to lose
    snapshot.pragma('journal_mode = DELETE');
    rows = countRows(snapshot);
  } finally {
    snapshot.close();
  }
  const manifest: BackupManifest = {
    kind: 'paperdesk-sqlite-backup',
    createdAt: new Date().toISOString(),
    database: { file: DB_FILE, bytes: fs.statSync(copy).size, sha256: sha256(copy) },
    rows,
  };
  fs.writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(partial, target);
  return manifest;
}

/**
 * Puts a backup into a DATA_DIR that holds no database yet (a fresh machine, or a folder set aside for it); the
 * file appears under its name only once whole and verified. The server started on it migrates it if needed and
 * rebuilds the index.
 */
export function restoreSqlite(source: string, dataDir: string): BackupManifest {
  const manifestFile = path.join(source, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new Error(`${source} 不是完整的备份（缺少 ${MANIFEST}）`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.kind !== 'paperdesk-sqlite-backup') throw new Error(`${manifestFile} 不是 PaperDesk 的备份`);
  const target = path.join(dataDir, DB_FILE);
  if (fs.existsSync(target))
    throw new Error(`${target} 已存在：恢复只写入还没有数据库的 DATA_DIR（先停服务并移走现有数据）`);
  const file = path.join(source, manifest.database.file);
  if (sha256(file) !== manifest.database.sha256)
    throw new Error(`${file} 与备份记录的校验值不符，备份已损坏`);
  fs.mkdirSync(dataDir, { recursive: true });
  const partial = `${target}.restoring`;
  fs.copyFileSync(file, partial);
  fs.renameSync(partial, target);
  return manifest;
}
