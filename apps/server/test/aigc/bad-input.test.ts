import type { AigcRecord } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { makeUser } from '../billing/helpers.ts';
import { call, paragraph } from '../check/support.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { itReadsDocumentsLikeEveryService } from '../support/document-intake.ts';
import { API, creditAigcQuota, footprint, initPaste } from './support.ts';

describeEachDatabase('paper_aigc_api bad input', (getCtx) => {
  let app: FastifyInstance;
  let user: { id: number; token: string };
  const paper = [paragraph(41, 6), paragraph(42, 6)].join('\n');

  beforeAll(async () => {
    app = await buildApp(getCtx());
    user = await makeUser(getCtx());
    await creditAigcQuota(getCtx(), user.id, 10);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Every rejection leaves no record and no ledger row behind. */
  async function expectNothingStored() {
    expect(await footprint(getCtx(), user.id)).toEqual({ records: 0, ledger: 0 });
  }

  itReadsDocumentsLikeEveryService({
    api: API,
    init: 'machine_init',
    app: () => app,
    token: () => user.token,
    paper,
    expectNothingStored,
    docxFields: {},
    docxRecord: {},
    forget: async (id) => {
      await call(app, 'POST', `${API}/delete?id=${id}`, { token: user.token });
    },
  });

  it('no token is 401; bad ids are 400; unknown ids 404', async () => {
    expect(
      (await call(app, 'POST', `${API}/machine_init`, { body: { title: 'x', text: paper } })).status,
    ).toBe(401);
    expect((await call(app, 'POST', `${API}/query_list`, { body: {} })).status).toBe(401);
    for (const url of ['load_by_id?id=abc', 'submit_check?id=-1', 'delete', 'check_order_id?id=1']) {
      const r = await call(app, 'POST', `${API}/${url}`, { token: user.token });
      expect(r.status, url).toBe(400);
    }
    expect((await call(app, 'POST', `${API}/submit_check?id=424242`, { token: user.token })).status).toBe(
      404,
    );
    await expectNothingStored();
  });

  it('unpaid records: no report, no reload, no download', async () => {
    const rec = await initPaste(app, user.token, paper);
    for (const url of [`load_content_by_id?id=${rec.id}`, `reload?id=${rec.id}`]) {
      const r = await call(app, 'POST', `${API}/${url}`, { token: user.token });
      expect(r.status, url).toBe(409);
    }
    const dl = await app.inject({
      method: 'GET',
      url: `${API}/download_report?id=${rec.id}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(dl.statusCode).toBe(409);
    await call(app, 'POST', `${API}/delete?id=${rec.id}`, { token: user.token });
    await expectNothingStored();
  });

  it('documents every paper_aigc_api call of spec §7 in the OpenAPI description', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const name of [
      'query_list',
      'query_content_list',
      'delete',
      'load_by_id',
      'load_content_by_id',
      'word_count',
      'machine_init',
      'machine_submit',
      'check_order_id',
      'reload',
      'download_report',
      'submit_check',
      'aigc_machine_submit',
    ])
      expect(paths, name).toContain(`${API}/${name}`);
  });

  it('降AIGC calls before the detection is done, or with a detection id where a 降AIGC record is meant: nothing stored or charged', async () => {
    const rec = await initPaste(app, user.token, paper);
    // 一键降AIGC needs a finished report
    const early = await call(app, 'POST', `${API}/aigc_machine_submit?id=${rec.id}`, { token: user.token });
    expect(early.status).toBe(409);
    // machine_submit and query_content_list name 降AIGC records (paper_machine_api), not this detection record
    for (const name of ['machine_submit', 'query_content_list']) {
      const r = await call(app, 'POST', `${API}/${name}?id=${rec.id}`, { token: user.token, body: {} });
      expect(r.status, name).toBe(404);
    }
    expect(await getCtx().db.selectFrom('reduceRecords').select('id').execute()).toEqual([]);
    const after = await call<AigcRecord>(app, 'POST', `${API}/load_by_id?id=${rec.id}`, {
      token: user.token,
    });
    expect(after.body.result.status).toBe('created');
    await call(app, 'POST', `${API}/delete?id=${rec.id}`, { token: user.token });
    await expectNothingStored();
  });
});
