import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { setup, teardown } from '../../apps/server/test/support/postgres-setup.ts';

type Database = 'sqlite' | 'postgres';

/** `BENCH_DATABASES=sqlite`, `=postgres` or `=sqlite,postgres` (the default): which databases a bench runs on. */
function chosen(): Set<Database> {
  const names = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
  for (const n of names)
    if (n !== 'sqlite' && n !== 'postgres') throw new Error(`BENCH_DATABASES: unknown database ${n}`);
  return new Set(names as Database[]);
}

/**
 * Runs `measure` on SQLite (the server's default), then on a fresh PostgreSQL database, dropped after. The
 * PostgreSQL server is found as the tests find it (TEST_DATABASE_URL, else 127.0.0.1:5432, else a throw-away
 * cluster from the Debian binaries); when there is none, says why it skipped it.
 */
export async function onEachDatabase(
  measure: (label: string, env: Record<string, string>) => Promise<void>,
): Promise<void> {
  const databases = chosen();
  if (databases.has('sqlite')) await measure('SQLite', {});
  if (!databases.has('postgres')) return;
  const name = `paperdesk_bench_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client | undefined;
  try {
    await setup();
    admin = new pg.Client({ connectionString: process.env.PAPERDESK_PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (err) {
    console.log(`PostgreSQL  skipped: ${(err as Error).message}`);
    await admin?.end().catch(() => {});
    await teardown();
    return;
  }
  try {
    const url = new URL(process.env.PAPERDESK_PG_ADMIN_URL!);
    url.pathname = `/${name}`;
    await measure('PostgreSQL', { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database ${name} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
    await teardown();
  }
}
