import type { ReduceContent, ReduceParagraphResult } from '@paperdesk/contracts';
import { expect, it, vi } from 'vitest';
import type { CheckControl, CheckRequest } from '../../src/compute/check-engine.ts';
import { call, waitFor } from '../check/support.ts';
import { API, reduceSuite } from '../reducing/support.ts';
import { SOURCE_PARAGRAPHS } from '../rewriting/fixtures.ts';

/**
 * update_paragraph after paying once for a small 全文降重 record (issue 22 item 3): an edit is measured alone (the
 * record's figures come from the stored ones, not a whole-record check), only up to the paragraph's paid size,
 * and one record answers a bounded number of paragraph measures a minute.
 */

const s = reduceSuite();

it('update_paragraph is no free scoring oracle: the paragraph alone, within its paid size, a bounded number a minute', async () => {
  const ctx = s.ctx();
  const user = await s.user();
  const init = await s.init(user.token, {
    title: '只付了一小篇',
    text: SOURCE_PARAGRAPHS.slice(0, 2).join('\n'),
    targetSimilarity: 20,
  });
  const rec = init.body.result;
  expect((await s.submit(user.token, rec.id)).status).toBe(200);
  await waitFor(
    async () => {
      const r = await call<{ status: string }>(s.app(), 'POST', `${API}/load_by_id?id=${rec.id}`, {
        token: user.token,
      });
      return r.body.result.status === 'done';
    },
    120_000,
    '改写完成',
  );
  const content: ReduceContent = await s.content(user.token, rec.id);
  // a paragraph the loop rewrote: accepting and rejecting it then give the record different figures (the loop may
  // keep a paragraph as it was, whose two decisions are the same text)
  const first = content.paragraphs.find((p) => p.kind === 'paragraph' && p.rewritten !== null)!;
  expect(
    first,
    JSON.stringify(content.paragraphs.map((p) => [p.kind, p.state, p.before, p.after])),
  ).toBeDefined();
  const decide = (body: Record<string, unknown>) =>
    call<ReduceParagraphResult>(s.app(), 'POST', `${API}/update_paragraph?id=${rec.id}`, {
      token: user.token,
      body: { index: first.index, ...body },
    });

  // every check the measurer sends to the check thread, by the texts of its blocks
  const library = ctx.checks.library;
  const runner = library.runner.bind(library);
  const checked: string[][] = [];
  const spy = vi.spyOn(library, 'runner').mockImplementation(async () => {
    const index = await runner();
    return new Proxy(index, {
      get: (target, key) =>
        key === 'check'
          ? (request: CheckRequest, control?: CheckControl) => {
              checked.push(request.document.blocks.map((b) => b.text));
              return target.check(request, control);
            }
          : Reflect.get(target, key),
    });
  });

  // 1. someone else's 19,900-character text to be measured on a paragraph of a few hundred: refused, unmeasured
  const foreign = '城市治理现代化需要多元主体协同参与公共事务，'.repeat(905).slice(0, 19_900);
  const oversized = await decide({ decision: 'edited', text: foreign });
  expect(oversized.status, oversized.body.message).toBe(413);
  expect(checked).toEqual([]);

  // 2. a decision between stored texts measures nothing: the record's figures come from the paragraphs' scores
  const accepted = await decide({ decision: 'accepted' });
  expect(accepted.status, accepted.body.message).toBe(200);
  expect(checked).toEqual([]);
  const rejected = await decide({ decision: 'rejected' });
  expect(rejected.status, rejected.body.message).toBe(200);
  expect(checked).toEqual([]);
  expect(rejected.body.result.record.after).not.toEqual(accepted.body.result.record.after);

  // 3. an edit of the paragraph's own size: that paragraph alone goes to the check thread
  const mine = `${first.original.slice(0, 60)}（作者自行修改）`;
  const edited = await decide({ decision: 'edited', text: mine });
  expect(edited.status, edited.body.message).toBe(200);
  expect(checked).toEqual([[mine]]);
  spy.mockRestore();

  // 4. one record answers a bounded number of paragraph measures a minute (4 so far)
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await decide({ decision: 'accepted' })).status);
  expect(statuses.indexOf(429), statuses.join(',')).toBe(8);
}, 180_000);
