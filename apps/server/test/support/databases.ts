import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { loadConfig, type Config } from '../../src/config.ts';
import { type AppContext, createContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';

export type TestDialect = 'sqlite' | 'postgres';
export const dialects: TestDialect[] = ['sqlite', 'postgres'];

/** A fresh, migrated database of the given kind; `drop()` removes it. */
export async function freshDatabaseUrl(
  dialect: TestDialect,
): Promise<{ url: string; dataDir: string; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paperdesk-test-'));
  if (dialect === 'sqlite') {
    return {
      url: `sqlite:${path.join(dataDir, 'test.db')}`,
      dataDir,
      // retries: the checkpoint thread may still be closing its connection (and removing the log files) just then
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 }),
    };
  }
  const admin = process.env.PAPERDESK_PG_ADMIN_URL;
  if (!admin) throw new Error('PAPERDESK_PG_ADMIN_URL 未设置：server 测试需要 postgres-setup 全局初始化');
  const name = `paperdesk_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      // pg's Pool.end() resolves before its sockets have closed; a forced drop racing them makes the
      // closing clients throw 57P01 as uncaught errors. Give them a moment to go first.
      for (let i = 0; i < 40; i++) {
        const r = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (!r.rows[0]?.n) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Test settings; the 测试支付 sandbox is opted in explicitly (override `PAY_SANDBOX` to test without it). */
export function testConfig(overrides: Record<string, string | undefined>): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAY_SANDBOX: 'true', ...overrides });
}

/** What `freshApp` gives the enclosing block once its `beforeAll` ran. */
export interface FreshApp {
  ctx(): AppContext;
  /** The HTTP app (only with `app: true`). */
  app(): FastifyInstance;
}

/**
 * A fresh migrated database of `dialect` and its context (`env` over the test settings) for the enclosing block,
 * with the HTTP app when `opts.app` is set; `opts.ready` then prepares them (e.g. starts the job workers). Made before
 * the block's tests; closed and dropped after them.
 */
export function freshApp(
  dialect: TestDialect,
  env: Record<string, string | undefined> = {},
  opts: { app?: boolean; ready?: (ctx: AppContext) => Promise<void> } = {},
): FreshApp {
  let ctx: AppContext | undefined;
  let app: FastifyInstance | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = await freshDatabaseUrl(dialect);
    drop = db.drop;
    ctx = await createContext(testConfig({ DATABASE_URL: db.url, DATA_DIR: db.dataDir, ...env }));
    if (opts.app) app = await buildApp(ctx);
    await opts.ready?.(ctx);
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
    await drop?.();
  });
  const made = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`freshApp: no ${what} (before beforeAll, or not asked for)`);
    return value;
  };
  return { ctx: () => made(ctx, 'context'), app: () => made(app, 'app') };
}

/**
 * Runs a describe block once per database kind with a fresh migrated context:
 * `describeEachDatabase('billing', (get) => { it('…', async () => { const ctx = get(); … }) })`.
 */
export function describeEachDatabase(
  name: string,
  body: (getCtx: () => AppContext, dialect: TestDialect) => void,
  env: Record<string, string | undefined> = {},
): void {
  for (const dialect of dialects) {
    describe(`${name} [${dialect}]`, () => {
      body(freshApp(dialect, env).ctx, dialect);
    });
  }
}
