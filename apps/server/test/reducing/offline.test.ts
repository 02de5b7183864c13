import { checkRewriteOutput } from '@paperdesk/rewrite';
import { expect, it } from 'vitest';
import { expectLedgerMatches } from '../billing/helpers.ts';
import { PROTECTED, SOURCE_TEXT } from '../rewriting/fixtures.ts';
import { reduceSuite } from './support.ts';

const s = reduceSuite();

it('offline 降重 end to end: the copied passage checks lower after, each paragraph never worse, charged once', async () => {
  const ctx = s.ctx();
  const user = await s.user();
  const init = await s.init(user.token, { title: '数字治理', text: SOURCE_TEXT, targetSimilarity: 30 });
  expect(init.status, init.body.message).toBe(200);
  const rec = init.body.result;
  expect(rec).toMatchObject({ kind: 'similarity', goal: 'similarity', path: 'offline', status: 'created' });
  expect(rec.targets).toEqual({ similarity: 30, aigc: null });
  expect(rec.targetParagraphs).toBe(4);

  const sub = await s.submit(user.token, rec.id);
  expect(sub.status, sub.body.message).toBe(200);
  expect(sub.body.result.paidFen).toBe(rec.priceFen);
  const again = await s.submit(user.token, rec.id);
  expect(again.body.message).toContain('无需重复提交');

  const done = await s.finished(user.token, rec.id);
  expect(done.status, done.message).toBe('done');
  expect(done.before?.similarity).toBeGreaterThan(80);
  // 专业版 tolerates edited copying: the offline rules lower it, not to zero (the notes say so)
  expect(done.after!.similarity!).toBeLessThan(done.before!.similarity!);
  // both figures are measured for the whole text, whatever was asked
  expect(done.after?.aigc).not.toBeNull();

  const content = await s.content(user.token, rec.id);
  const body = content.paragraphs.filter((p) => p.kind === 'paragraph');
  expect(body).toHaveLength(4);
  for (const p of body) {
    expect(p.state).toBe('done');
    expect(p.rounds.length).toBeGreaterThan(0);
    expect(p.after!.similarity!).toBeLessThanOrEqual(p.before!.similarity!);
    expect(checkRewriteOutput(p.original, p.text).ok).toBe(true);
    if (p.rewritten) expect(p.changes.length).toBeGreaterThan(0);
  }
  expect(Math.min(...body.map((p) => p.after!.similarity!))).toBeLessThan(70);
  const rewritten = body.map((p) => p.text).join('\n');
  for (const span of PROTECTED) expect(rewritten).toContain(span);
  // notes are there exactly when the whole text missed its target
  expect(done.notes.length > 0).toBe(done.after!.similarity! > 30);
  expect((await ctx.billing.wallet(user.id)).balance).toBe(100_000 - rec.priceFen);
  await expectLedgerMatches(ctx, user.id);
  console.log(
    `offline 降重: 复制比 ${done.before?.similarity} % → ${done.after?.similarity} %, AIGC ${done.before?.aigc} % → ${done.after?.aigc} %, met ${done.metParagraphs}/${done.targetParagraphs}`,
  );
});
