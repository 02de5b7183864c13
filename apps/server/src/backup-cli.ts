import path from 'node:path';
import type { Config } from './config.ts';
import { backupSqlite, restoreSqlite } from './db/backup.ts';

const cwd = () => process.env.INIT_CWD ?? process.cwd();
const POSTGRES = 'PostgreSQL 部署请用 deploy/backup.sh 与 deploy/restore.sh（见 docs/deploy.md）';
const summary = (rows: Record<string, number>) =>
  Object.entries(rows)
    .map(([t, n]) => `${t} ${n}`)
    .join('，');

/** `npm run backup [-- <folder>]`: a consistent snapshot of the embedded database while the server serves. */
export async function runBackup(config: Config, args: string[]): Promise<void> {
  if (config.DATABASE_URL?.startsWith('postgres')) {
    console.error(POSTGRES);
    process.exitCode = 2;
    return;
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const target = path.resolve(cwd(), args[0] ?? path.join('backups', `paperdesk-${stamp}`));
  const started = Date.now();
  const m = await backupSqlite(config.DATA_DIR, target);
  console.log(
    `已备份到 ${target}：数据库 ${(m.database.bytes / 1048576).toFixed(1)} MB（${summary(m.rows)}），${((Date.now() - started) / 1000).toFixed(1)} 秒。比对库索引不在备份中，恢复后首次启动时从数据库重建。`,
  );
}

/** `npm run restore -- <folder>`: a backup into a DATA_DIR without a database; then `npm start`. */
export async function runRestore(config: Config, args: string[]): Promise<void> {
  if (config.DATABASE_URL?.startsWith('postgres')) {
    console.error(POSTGRES);
    process.exitCode = 2;
    return;
  }
  if (!args[0]) {
    console.error('用法: DATA_DIR=<新的数据目录> npm run restore -- <备份目录>');
    process.exitCode = 2;
    return;
  }
  const source = path.resolve(cwd(), args[0]);
  const m = restoreSqlite(source, config.DATA_DIR);
  console.log(
    `已从 ${source}（${m.createdAt}）恢复到 ${config.DATA_DIR}：${summary(m.rows)}。启动服务（npm start）即可，比对库索引会自动重建。`,
  );
}
