import type { ReduceContent, ReduceDetail, ReduceRecord } from '@paperdesk/contracts';
import { expect } from 'vitest';
import { credit, makeUser } from '../billing/helpers.ts';
import { call, waitFor } from '../check/support.ts';
import { freshApp } from '../support/databases.ts';
import { importSourceLibrary } from '../rewriting/library.ts';

export const API = '/api/base/paper_machine_api';
export const AIGC_API = '/api/base/paper_aigc_api';

/**
 * One context and app for a test file, on SQLite (REDUCE_TEST_DB=postgres runs the same tests on PostgreSQL; the
 * kernel's own tests cover both in CI): the 查重 library holds the source of the fixture passage, so it checks as copied.
 */
export function reduceSuite(env: Record<string, string | undefined> = {}) {
  const fresh = freshApp(process.env.REDUCE_TEST_DB === 'postgres' ? 'postgres' : 'sqlite', env, {
    app: true,
    async ready(ctx) {
      await importSourceLibrary(fresh.app(), ctx);
      await ctx.jobs.startWorkers();
    },
  });
  return {
    ctx: fresh.ctx,
    app: fresh.app,
    async user(balanceFen = 100_000) {
      const u = await makeUser(fresh.ctx());
      if (balanceFen > 0) await credit(fresh.ctx(), u.id, 'balance', balanceFen);
      return u;
    },
    async init(token: string, body: Record<string, unknown>) {
      return call<ReduceRecord>(fresh.app(), 'POST', `${API}/machine_init`, { token, body });
    },
    async submit(token: string, id: number, query = '') {
      return call<ReduceRecord>(fresh.app(), 'POST', `${API}/machine_submit?id=${id}${query}`, { token });
    },
    async finished(token: string, id: number): Promise<ReduceDetail> {
      return waitFor(
        async () => {
          const r = await call<ReduceDetail>(fresh.app(), 'POST', `${API}/load_by_id?id=${id}`, { token });
          return ['done', 'failed'].includes(r.body.result.status) ? r.body.result : null;
        },
        // a 降重 measures the AI score of every candidate too (the loop refuses a rise): under the shared machine's
        // load (~20 on 2 cores) the 4-paragraph run took 30 s
        90_000,
        '改写完成',
      );
    },
    /** Leaves a finished record as a run killed after its first `doneParagraphs` paragraphs would: running, their outcomes stored. */
    async killedAfter(id: number, doneParagraphs: number) {
      const db = fresh.ctx().db;
      await db
        .updateTable('reduceParagraphs')
        .set({ outcome: null })
        .where('recordId', '=', id)
        .where('idx', '>=', doneParagraphs)
        .execute();
      await db
        .updateTable('reduceRecords')
        .set({ status: 'running', doneParagraphs, afterScores: null, finishedAt: null })
        .where('id', '=', id)
        .execute();
    },
    async content(token: string, id: number): Promise<ReduceContent> {
      const r = await call<ReduceContent>(fresh.app(), 'POST', `${API}/load_content_by_id?id=${id}`, {
        token,
      });
      expect(r.status, r.body.message).toBe(200);
      return r.body.result;
    },
  };
}
