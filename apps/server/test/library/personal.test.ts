import type { CheckReport, LibraryDocument, LibraryUploadResult, Page } from '@paperdesk/contracts';
import { describe, expect, it } from 'vitest';
import { credit, makeUser } from '../billing/helpers.ts';
import { call, documentText, multipart, checkPaper } from '../check/support.ts';
import { freshApp } from '../support/databases.ts';

/** 自建库: a user's private references, compared with that user's papers only, reported as their own group. */
describe('personal library (自建库)', () => {
  const fresh = freshApp('sqlite', {}, { app: true, ready: (ctx) => ctx.jobs.startWorkers() });
  const MY = '/api/base/library_api/my';

  async function check(token: string, text: string): Promise<CheckReport> {
    const { id } = await checkPaper(fresh.app(), token, { title: '我的论文', edition: 'standard', text });
    return (
      await call<CheckReport>(fresh.app(), 'GET', `/api/base/check_api/report_paragraphs?id=${id}`, {
        token,
      })
    ).body.result;
  }

  it('only the owner’s checks find it; it is listed, counted, deletable by the owner alone', async () => {
    const owner = await makeUser(fresh.ctx());
    const other = await makeUser(fresh.ctx());
    for (const u of [owner, other]) await credit(fresh.ctx(), u.id, 'balance', 100_000);
    const draft = documentText(601, 2, 4);
    const m = multipart({}, { name: '同学初稿.txt', data: Buffer.from(draft) });
    const up = await call<LibraryUploadResult>(fresh.app(), 'POST', `${MY}/upload`, {
      token: owner.token,
      ...m,
    });
    expect(up.status, up.body.message).toBe(200);
    const docId = up.body.result.ids[0]!;

    const mine = await call<Page<LibraryDocument>>(fresh.app(), 'POST', `${MY}/query_list`, {
      token: owner.token,
    });
    expect(mine.body.result.records.map((d) => [d.title, d.origin])).toEqual([['同学初稿', 'personal']]);
    const theirs = await call<Page<LibraryDocument>>(fresh.app(), 'POST', `${MY}/query_list`, {
      token: other.token,
    });
    expect(theirs.body.result.total).toBe(0);
    // not part of the shared library's size
    expect((await fresh.ctx().checks.librarySize()).documents).toBe(0);

    const paper = `${draft}\n${documentText(602, 2, 4)}`;
    const ownReport = await check(owner.token, paper);
    expect(ownReport.metrics.totalRatio).toBeGreaterThan(0.3);
    expect(ownReport.sources[0]).toMatchObject({ documentId: docId, personal: true, own: false });
    expect(ownReport.library.personal?.documents).toBe(1);
    // a classmate's draft is not 本人文献: it still counts when own papers are excluded
    expect(ownReport.metrics.excludingOwnRatio).toBeCloseTo(ownReport.metrics.totalRatio, 5);

    const otherReport = await check(other.token, paper);
    expect(otherReport.metrics.totalRatio).toBe(0);
    expect(otherReport.library.personal).toBeUndefined();

    expect((await call(fresh.app(), 'POST', `${MY}/delete?id=${docId}`, { token: other.token })).status).toBe(
      404,
    );
    expect((await call(fresh.app(), 'POST', `${MY}/delete?id=${docId}`, { token: owner.token })).status).toBe(
      200,
    );
    const after = await call<Page<LibraryDocument>>(fresh.app(), 'POST', `${MY}/query_list`, {
      token: owner.token,
    });
    expect(after.body.result.total).toBe(0);
    expect((await call(fresh.app(), 'POST', `${MY}/query_list`)).status).toBe(401);
  }, 30_000);
});
