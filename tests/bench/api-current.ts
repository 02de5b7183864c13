/**
 * `npm run bench:api`: requests/s of `login_api/current` under a 10 s loopback load, on SQLite and
 * (when a server answers) PostgreSQL. Starts the real server process for each database.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { registerUser, startServer } from '../e2e/support/server.ts';
import { onEachDatabase } from './api-databases.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);

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
await onEachDatabase(measure);
