import { billingCharCount } from '@paperdesk/textkit';
import { afterAll, beforeEach, expect, it } from 'vitest';
import type { ReduceDetail } from '@paperdesk/contracts';
import { expectLedgerMatches } from '../billing/helpers.ts';
import { call, waitFor } from '../check/support.ts';
import { type FakeRequest, fakeModelEnv, startFakeOpenAi } from '../fakes/openai-server.ts';
import { passageOf, SOURCE_PARAGRAPHS } from '../rewriting/fixtures.ts';
import { API, reduceSuite } from './support.ts';

/**
 * Paid for what met the target (issue 25): a model that returns the paragraph unchanged or garbage is refused by
 * the loop, counted in the round log and not charged; a paragraph that meets the target is; the charge is settled
 * once when the job ends (one charge, at most one refund per record).
 */
const fake = await startFakeOpenAi();
afterAll(() => fake.close());

const s = reduceSuite(fakeModelEnv(fake, { LLM_MAX_RETRIES: '1', LLM_TIMEOUT_MS: '2000' }));

const [unchanged, garbage, , good] = SOURCE_PARAGRAPHS as [string, string, string, string];
/** A real paraphrase of the fourth paragraph: same claims, negation, citation; few shared runs. */
const PARAPHRASE =
  '数字技术给城市管理带来了新手段和新思路，可技术自身不会自然地让管理效能变好。地方政府要健全制度，靠更开放的数据安排推动多方一起参与，最终让管理能力走向现代化[3]。';

beforeEach(() => {
  fake.reset();
  fake.respond((req: FakeRequest) => {
    const passage = passageOf(req.messages.at(-1)?.content ?? '');
    if (passage.startsWith(unchanged.slice(0, 10))) return { chunks: [passage] };
    if (passage.startsWith(garbage.slice(0, 10)))
      return { chunks: ['好的，以下是改写后的段落：作为一个AI助手我无法'] };
    return { chunks: [PARAPHRASE] };
  });
});

/** The first job of a file loads the detector and the library: on a shared 2-core machine that takes a while. */
const finished = (token: string, id: number) =>
  waitFor(
    async () => {
      const r = await call<ReduceDetail>(s.app(), 'POST', `${API}/load_by_id?id=${id}`, { token });
      return ['done', 'failed'].includes(r.body.result.status) ? r.body.result : null;
    },
    120_000,
    '改写完成',
  );

const ledger = (userId: number, reason: string) =>
  s
    .ctx()
    .db.selectFrom('ledger')
    .select('delta')
    .where('userId', '=', userId)
    .where('reason', '=', reason)
    .execute();

it('unchanged and garbage answers are refused, counted and not charged; the met paragraph is; one charge, one refund', {
  timeout: 180_000,
}, async () => {
  const ctx = s.ctx();
  const user = await s.user();
  const init = await s.init(user.token, {
    text: [unchanged, garbage, good].join('\n'),
    path: 'model',
    targetSimilarity: 30,
  });
  expect(init.status, init.body.message).toBe(200);
  const rec = init.body.result;
  expect((await s.submit(user.token, rec.id)).status).toBe(200);
  const done = await finished(user.token, rec.id);
  expect(done.status, done.message).toBe('done');

  const body = (await s.content(user.token, rec.id)).paragraphs;
  expect(body.map((p) => p.billed)).toEqual([false, false, true]);
  // the unchanged answer is not a candidate; the garbage one is refused by the guard with its reasons
  expect(body[0]!.rewritten).toBeNull();
  expect(body[1]!.rewritten).toBeNull();
  expect(body[1]!.rounds.some((r) => !r.accepted && r.rejected.length > 0)).toBe(true);
  expect(body[2]!.met).toBe(true);

  const settled = done.settlement!;
  expect(settled).toMatchObject({
    billedParagraphs: 1,
    billedCharacters: billingCharCount(good),
    unmetParagraphs: 0,
    untouchedParagraphs: 2,
  });
  // the confirm page's figure is the most a job costs: what is kept is the billed share of it
  expect(settled.chargedFen + settled.refundFen).toBe(rec.priceFen);
  expect(settled.chargedFen).toBeLessThanOrEqual(rec.priceFen);
  expect(settled.chargedFen).toBe(Math.round((rec.priceFen * billingCharCount(good)) / rec.characters));
  expect(done.paidFen).toBe(settled.chargedFen);
  expect(await ledger(user.id, 'charge')).toHaveLength(1);
  expect(await ledger(user.id, 'refund')).toHaveLength(1);
  expect((await ctx.billing.wallet(user.id)).balance).toBe(100_000 - settled.chargedFen);
  await expectLedgerMatches(ctx, user.id);
});

it('nothing met: the whole charge comes back in one refund, and a resumed run settles nothing twice', async () => {
  const ctx = s.ctx();
  const user = await s.user();
  const rec = (
    await s.init(user.token, { text: [unchanged, garbage].join('\n'), path: 'model', targetSimilarity: 30 })
  ).body.result;
  await s.submit(user.token, rec.id);
  const done = await finished(user.token, rec.id);
  expect(done.settlement).toMatchObject({ billedParagraphs: 0, chargedFen: 0, refundFen: rec.priceFen });
  expect(done.paidFen).toBe(0);
  // a run killed after the first paragraph and resumed: it reuses the stored outcome and settles again, but the
  // charge is closed, so no second refund and no second charge
  await s.killedAfter(rec.id, 1);
  await ctx.reducing.runJob(rec.id, { attempt: 1, signal: new AbortController().signal });
  const again = await finished(user.token, rec.id);
  expect(again.status).toBe('done');
  expect(await ledger(user.id, 'charge')).toHaveLength(1);
  expect(await ledger(user.id, 'refund')).toHaveLength(1);
  expect((await ctx.billing.wallet(user.id)).balance).toBe(100_000);
  await expectLedgerMatches(ctx, user.id);
});
