import type { FastifyInstance } from 'fastify';
import type { CompiledQuery } from 'kysely';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { makeUser } from '../billing/helpers.ts';
import { call, documentText } from '../check/support.ts';
import { describeEachDatabase } from '../support/databases.ts';

/**
 * A page polls its running record every few seconds: answering that poll must not read the stored paper (up to
 * 300,000 characters, which SQLite reads synchronously on the API's event loop). Only the run reads it.
 */
const tables = {
  check_records: 'checkRecords',
  aigc_records: 'aigcRecords',
  rewrite_records: 'rewriteRecords',
} as const;

describeEachDatabase('reading one record', (getCtx) => {
  let app: FastifyInstance;
  const text = documentText(57, 4, 5);

  beforeAll(async () => {
    app = await buildApp(getCtx());
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A record's stored paper: 查重 and AIGC检测 keep it in a table of its own (migration 0021), 降重 in the row. */
  async function storedPaper(table: keyof typeof tables, id: number): Promise<string> {
    const db = getCtx().db;
    const paper =
      table === 'rewrite_records'
        ? db.selectFrom('rewriteRecords').select('document').where('id', '=', id)
        : db
            .selectFrom(table === 'check_records' ? 'checkDocuments' : 'aigcDocuments')
            .select('document')
            .where('recordId', '=', id);
    return (await paper.executeTakeFirstOrThrow()).document;
  }

  /** The SQL `answer` runs, captured at the database's executor. */
  async function queriesOf(answer: () => Promise<unknown>): Promise<string[]> {
    const executor = getCtx().db.getExecutor();
    const seen: string[] = [];
    const execute = executor.executeQuery.bind(executor);
    vi.spyOn(executor, 'executeQuery').mockImplementation((query: CompiledQuery) => {
      seen.push(query.sql);
      return execute(query);
    });
    await answer();
    vi.restoreAllMocks();
    return seen;
  }

  it.each([
    ['check_api', 'check_records', { title: '论文', author: '张三', edition: 'standard' }],
    ['paper_aigc_api', 'aigc_records', { title: '论文', author: '张三' }],
    ['machine_api', 'rewrite_records', { title: '论文' }],
  ] as const)('%s/load_by_id reads %s without the stored paper', async (api, table, fields) => {
    const user = await makeUser(getCtx());
    const init = await call<{ id: number; status: string }>(
      app,
      'POST',
      `/api/base/${api}/${api === 'check_api' ? 'check_init' : 'machine_init'}`,
      { token: user.token, body: { ...fields, text } },
    );
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    expect((await storedPaper(table, init.body.result.id)).length).toBeGreaterThan(text.length);

    const loads: { status: number; body: { result: unknown } }[] = [];
    const sql = await queriesOf(async () => {
      loads.push(
        await call(app, 'POST', `/api/base/${api}/load_by_id?id=${init.body.result.id}`, {
          token: user.token,
        }),
      );
    });
    expect(loads[0]?.status).toBe(200);
    expect(loads[0]?.body.result).toMatchObject({ id: init.body.result.id, status: 'created' });
    const reads = sql.filter((q) => q.includes(`"${table}"`));
    expect(reads.length).toBeGreaterThan(0);
    for (const q of reads) {
      expect(q).not.toMatch(/select \*|"document"/);
    }
  });
});
