/**
 * `npm run bench:api`: requests/s of `login_api/current` under a 10 s loopback load, on SQLite and
 * (when a server answers) PostgreSQL. Starts the real server process for each database.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { registerUser, startServer } from '../e2e/support/server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const pgAdmin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function measure(label: string, env: Record<string, string>) {
  const server = await startServer({ ...env, LOG_LEVEL: 'error' });
  try {
    const token = await registerUser(server, `bench_${randomBytes(3).toString('hex')}`);
    const result = await autocannon({
      url: `${server.url}/api/base/login_api/current`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      connections: 20,
      duration: seconds,
    });
    console.log(
      `${label.padEnd(11)} ${Math.round(result.requests.average).toString().padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   errors ${result.errors + result.non2xx}`,
    );
  } finally {
    await server.stop();
  }
}

console.log(`current (POST /api/base/login_api/current), ${seconds} s, 20 connections`);
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
