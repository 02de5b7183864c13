import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Finds a PostgreSQL server for the storage tests: TEST_DATABASE_URL, else 127.0.0.1:5432,
 * else a throw-away cluster started here from the Debian binaries. Each test file then creates
 * and drops its own database on it (see databases.ts).
 */
async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

let stopCluster: (() => void) | null = null;

export async function setup(): Promise<void> {
  const candidates = [process.env.TEST_DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/postgres'].filter(
    (u): u is string => !!u,
  );
  for (const url of candidates) {
    if (await reachable(url)) {
      process.env.PAPERDESK_PG_ADMIN_URL = url;
      return;
    }
  }
  const url = await startThrowawayCluster();
  process.env.PAPERDESK_PG_ADMIN_URL = url;
}

export async function teardown(): Promise<void> {
  stopCluster?.();
}

async function startThrowawayCluster(): Promise<string> {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort() : [];
  const bin = versions.length ? path.join('/usr/lib/postgresql', versions.at(-1)!, 'bin') : null;
  if (!bin)
    throw new Error('没有可用的 PostgreSQL：设置 TEST_DATABASE_URL，或安装 postgresql（.ci/run 会安装）');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paperdesk-pg-'));
  const port = 55432 + Math.floor(Math.random() * 1000);
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) execFileSync('chown', ['postgres', dir]);
  const run = (cmd: string, args: string[]) =>
    asPostgres ? execFileSync('su', ['postgres', '-c', [cmd, ...args].join(' ')]) : execFileSync(cmd, args);
  run(path.join(bin, 'initdb'), ['-D', dir, '-A', 'trust', '-U', 'postgres']);
  const cmd = `${path.join(bin, 'postgres')} -D ${dir} -p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const child = asPostgres
    ? spawn('su', ['postgres', '-c', cmd], { stdio: 'ignore' })
    : spawn('sh', ['-c', cmd], { stdio: 'ignore' });
  stopCluster = () => child.kill('SIGINT');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  for (let i = 0; i < 60; i++) {
    if (await reachable(url)) return url;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('临时 PostgreSQL 启动失败');
}
