import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../src/context.ts';
import { buildApp } from '../src/http/app.ts';
import { expectError, freshIp, login, register } from './auth/helpers.ts';
import { describeEachDatabase } from './support/databases.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * With REDIS_URL, app.ts hands ctx.redis to @fastify/rate-limit, so every API process counts login
 * attempts in one place. Two app instances over the same database stand in for two `serve`
 * processes behind a load balancer; a unique ioredis keyPrefix keeps this run's counters apart.
 */
describeEachDatabase('login rate limits shared through Redis', (getCtx) => {
  const namespace = `pd-test-rl-${randomBytes(6).toString('hex')}:`;
  const prefixes = new Set<string>();
  const connections: Redis[] = [];
  const apps: FastifyInstance[] = [];

  const instance = async (prefix = namespace) => {
    prefixes.add(prefix);
    const redis = new Redis(REDIS_URL, { keyPrefix: prefix, maxRetriesPerRequest: 1 });
    connections.push(redis);
    const ctx: AppContext = { ...getCtx(), redis };
    const app = await buildApp(ctx);
    apps.push(app);
    return app;
  };

  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await instance();
    b = await instance();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    const admin = new Redis(REDIS_URL);
    for (const prefix of prefixes) {
      const keys = await admin.keys(`${prefix}*`);
      if (keys.length) await admin.del(...keys);
    }
    await admin.quit();
    for (const r of connections) await r.quit();
  });

  it('per IP: attempts on two instances add up, the 6th gets 429, and the counters live in Redis', async () => {
    const ip = freshIp();
    for (const app of [a, b, a, b, a])
      expectError(await login(app, `nobody_${randomBytes(3).toString('hex')}`, 'x', ip), 401);
    expect(expectError(await login(b, 'nobody_else', 'x', ip), 429).message).toMatch(
      /^请求过于频繁，请 \d+ 秒后再试$/,
    );
    expectError(await login(a, 'nobody_else', 'x', ip), 429);

    const admin = new Redis(REDIS_URL);
    const keys = await admin.keys(`${namespace}*login-ip:${ip}`);
    await admin.quit();
    expect(keys).toHaveLength(1);
  });

  it('per username: wrong passwords from many IPs across both instances lock that username for both', async () => {
    await register(a, 'redis_target');
    for (let i = 0; i < 5; i++) expectError(await login(i % 2 ? a : b, 'redis_target', `guess-${i}`), 401);
    expectError(await login(a, 'redis_target', 'correct-horse-1'), 429);
    expectError(await login(b, 'redis_target', 'correct-horse-1'), 429);
  });

  it('an instance in another namespace does not see these counters', async () => {
    const other = await instance(`pd-test-rl-${randomBytes(6).toString('hex')}:`);
    const res = await login(other, 'redis_target', 'correct-horse-1');
    expect(res.statusCode, res.body).toBe(200);
    const admin = new Redis(REDIS_URL);
    const stray = await admin.keys('*login-user:redis_target');
    await admin.quit();
    // Every counter for this username sits under one of the two test prefixes, none unprefixed.
    expect(stray.every((k) => k.startsWith('pd-test-rl-'))).toBe(true);
    expect(stray.filter((k) => !k.startsWith(namespace))).toHaveLength(1);
  });
});
