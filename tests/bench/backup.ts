/**
 * `npm run bench:backup`: size and time of `npm run backup` for the seed library plus 100 checks, taken while the
 * server serves. Starts the real server (embedded mode, fresh DATA_DIR, the seed imported as on a first start),
 * runs 100 paid 标准版 checks, then times the backup and the restore into a fresh DATA_DIR. Prints the load
 * average beside every figure: on a shared machine the times are only as quiet as it is.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CheckRecord } from '@paperdesk/contracts';
import SQLite from 'better-sqlite3';
import { documentText } from '../../apps/server/test/check/support.ts';
import { registerUser, sandboxBuy, startServer, submitCheck } from '../e2e/support/server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const CHECKS = 100;
const USERS = 4;
const run = promisify(execFile);
const load = () => os.loadavg()[0]?.toFixed(1);

function folderBytes(dir: string): number {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
}

/** The first start's seed import runs in the background: done once its mark is set. */
async function seedDone(dataDir: string): Promise<void> {
  for (;;) {
    const db = new SQLite(path.join(dataDir, 'paperdesk.db'), { readonly: true });
    try {
      const row = db.prepare("select value from sys_config where key = 'library.seed'").get() as
        | { value: string }
        | undefined;
      if (row && row.value !== 'null') return;
    } finally {
      db.close();
    }
    await new Promise((res) => setTimeout(res, 500));
  }
}

const server = await startServer({ LIBRARY_SEED: 'auto' });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'paperdesk-bench-backup-'));
try {
  await seedDone(server.dataDir);
  // a user may read 60 papers a minute (the upload routes' limit): the checks come from four users
  const users: string[] = [];
  for (let u = 0; u < USERS; u++) {
    const token = await registerUser(server, `bench_backup_${u}`);
    await sandboxBuy(server, token, { topUpFen: 10_000 });
    users.push(token);
  }
  const checks: { id: number; token: string }[] = [];
  const started = Date.now();
  for (let i = 0; i < CHECKS; i++) {
    const token = users[i % USERS]!;
    const id = await submitCheck(server, token, {
      title: `备份基准 ${i}`,
      author: '基准',
      edition: 'standard',
      text: documentText(700 + i, 6, 6),
    });
    checks.push({ id, token });
  }
  for (const { id, token } of checks) {
    for (;;) {
      const r = await server.api<CheckRecord>(`/api/base/check_api/load_by_id?id=${id}`, { token });
      if (r.body.result.status === 'done' || r.body.result.status === 'failed') break;
      await new Promise((res) => setTimeout(res, 200));
    }
  }
  console.log(
    `${CHECKS} checks submitted and done in ${((Date.now() - started) / 1000).toFixed(1)} s (load ${load()})`,
  );
  console.log(
    `DATA_DIR ${(folderBytes(server.dataDir) / 1048576).toFixed(1)} MB (database, WAL and the index)`,
  );

  const env = { ...process.env, NODE_ENV: 'production' };
  const target = path.join(tmp, 'snapshot');
  let t = performance.now();
  const backup = await run('npm', ['run', '--silent', 'backup', '--', target], {
    cwd: root,
    env: { ...env, DATA_DIR: server.dataDir },
  });
  console.log(
    `backup: ${((performance.now() - t) / 1000).toFixed(1)} s including npm and tsx start-up (load ${load()}), ${(folderBytes(target) / 1048576).toFixed(1)} MB on disk\n  ${backup.stdout.trim()}`,
  );
  t = performance.now();
  const restore = await run('npm', ['run', '--silent', 'restore', '--', target], {
    cwd: root,
    env: { ...env, DATA_DIR: path.join(tmp, 'restored') },
  });
  console.log(
    `restore: ${((performance.now() - t) / 1000).toFixed(1)} s including npm and tsx start-up (load ${load()})\n  ${restore.stdout.trim()}`,
  );
} finally {
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
