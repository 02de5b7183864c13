import type { CheckRecord, CheckReport } from '@paperdesk/contracts';
import { expect, it } from 'vitest';
import { credit, makeUser } from '../billing/helpers.ts';
import { adminToken, call, documentText, importLibrary, waitForCheckDone } from '../check/support.ts';
import { freshApp } from '../support/databases.ts';

/**
 * 本人文献 by declared author names (issue 22 item 5): typing someone's name as the author makes their library paper
 * 本人文献. That stays (知网 works the same way), but the report says the exclusion rests on the author's own
 * declaration, in its JSON, its page and its downloads.
 */
const fresh = freshApp('sqlite', {}, { app: true, ready: (ctx) => ctx.jobs.startWorkers() });

it('a paper counted as 本人文献 by the typed author name is marked as declared', async () => {
  const app = fresh.app();
  const text = documentText(8101, 3, 4);
  await importLibrary(app, await adminToken(fresh.ctx()), [
    { title: '李四的期刊论文', author: '李四', source: '管理世界', year: 2021, text },
  ]);
  const user = await makeUser(fresh.ctx());
  await credit(fresh.ctx(), user.id, 'balance', 100_000);

  const reportAs = async (author: string) => {
    const init = await call<CheckRecord>(app, 'POST', '/api/base/check_api/check_init', {
      token: user.token,
      body: { title: '我的论文', author, edition: 'standard', text },
    });
    expect(init.status, init.body.message).toBe(200);
    const id = init.body.result.id;
    expect(
      (await call(app, 'POST', '/api/base/check_api/check_submit', { token: user.token, body: { id } }))
        .status,
    ).toBe(200);
    await waitForCheckDone(app, user.token, id);
    const json = await call<CheckReport>(app, 'GET', `/api/base/check_api/report_paragraphs?id=${id}`, {
      token: user.token,
    });
    const html = await app.inject({
      method: 'GET',
      url: `/api/base/check_api/download_report?id=${id}&type=html`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    return { source: json.body.result.sources[0]!, html: html.body };
  };

  const declared = await reportAs('李四');
  expect(declared.source).toMatchObject({ title: '李四的期刊论文', own: true, ownByDeclaration: true });
  expect(declared.html).toContain('本人文献：依作者声明');

  const plain = await reportAs('');
  expect(plain.source.own).toBe(false);
  expect(plain.source.ownByDeclaration).toBeUndefined();
}, 120_000);
