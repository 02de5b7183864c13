import type { ReduceContent, ReduceDetail, ReduceRecord } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AppContext, createContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';
import { credit, makeUser } from '../billing/helpers.ts';
import { call, waitFor } from '../check/support.ts';
import { freshDatabaseUrl, testConfig } from '../support/databases.ts';
import { importSourceLibrary } from '../rewriting/library.ts';

export const API = '/api/base/paper_machine_api';
export const AIGC_API = '/api/base/paper_aigc_api';

/**
 * One context and app for a test file, on SQLite (REDUCE_TEST_DB=postgres runs the same tests on PostgreSQL; the
 * kernel's own tests cover both in CI): the 查重 library holds the source of the fixture passage, so it checks as copied.
 */
export function reduceSuite(env: Record<string, string | undefined> = {}) {
  let ctx: AppContext;
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await freshDatabaseUrl(process.env.REDUCE_TEST_DB === 'postgres' ? 'postgres' : 'sqlite');
    drop = db.drop;
    ctx = await createContext(testConfig({ DATABASE_URL: db.url, DATA_DIR: db.dataDir, ...env }));
    app = await buildApp(ctx);
    await importSourceLibrary(app, ctx);
    await ctx.jobs.startWorkers();
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
    await drop?.();
  });
  return {
    ctx: () => ctx,
    app: () => app,
    async user(balanceFen = 100_000) {
      const u = await makeUser(ctx);
      if (balanceFen > 0) await credit(ctx, u.id, 'balance', balanceFen);
      return u;
    },
    async init(token: string, body: Record<string, unknown>) {
      return call<ReduceRecord>(app, 'POST', `${API}/machine_init`, { token, body });
    },
    async submit(token: string, id: number, query = '') {
      return call<ReduceRecord>(app, 'POST', `${API}/machine_submit?id=${id}${query}`, { token });
    },
    async finished(token: string, id: number): Promise<ReduceDetail> {
      return waitFor(
        async () => {
          const r = await call<ReduceDetail>(app, 'POST', `${API}/load_by_id?id=${id}`, { token });
          return ['done', 'failed'].includes(r.body.result.status) ? r.body.result : null;
        },
        30_000,
        '改写完成',
      );
    },
    async content(token: string, id: number): Promise<ReduceContent> {
      const r = await call<ReduceContent>(app, 'POST', `${API}/load_content_by_id?id=${id}`, { token });
      expect(r.status, r.body.message).toBe(200);
      return r.body.result;
    },
  };
}
