import { randomBytes } from 'node:crypto';
import pg from 'pg';

const pgAdmin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Runs `measure` on SQLite (the server's default), then on a fresh PostgreSQL database, dropped after, when a
 * PostgreSQL server answers at TEST_DATABASE_URL; otherwise says why it skipped it.
 */
export async function onEachDatabase(
  measure: (label: string, env: Record<string, string>) => Promise<void>,
): Promise<void> {
  await measure('SQLite', {});
  const name = `paperdesk_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgAdmin });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(pgAdmin);
    url.pathname = `/${name}`;
    await measure('PostgreSQL', { DATABASE_URL: url.toString() });
    await admin.query(`drop database ${name} with (force)`);
  } catch (err) {
    console.log(`PostgreSQL  skipped: ${(err as Error).message}`);
  } finally {
    await admin.end().catch(() => {});
  }
}
