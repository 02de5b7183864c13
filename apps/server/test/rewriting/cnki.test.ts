import type { MachineDetail, MachineRecord } from '@paperdesk/contracts';
import { checkRewriteOutput } from '@paperdesk/rewrite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';
import { credit, expectLedgerMatches, makeUser, refundDeltas } from '../billing/helpers.ts';
import { call, waitFor } from '../check/support.ts';
import { type FakeRequest, fakeModelEnv, startFakeOpenAi } from '../fakes/openai-server.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { fakeModelRewrite, PROTECTED, passageOf, SOURCE_PARAGRAPHS, SOURCE_TEXT } from './fixtures.ts';

const fake = await startFakeOpenAi();
afterAll(() => fake.close());

const API = '/api/base/machine_api';

const passage = (req: FakeRequest) => passageOf(req.messages.at(-1)?.content ?? '');

describeEachDatabase(
  'machine_api 知网专版 (model through the fake OpenAI server)',
  (getCtx) => {
    let app: FastifyInstance;

    beforeAll(async () => {
      app = await buildApp(getCtx());
      await getCtx().jobs.startWorkers();
    });
    beforeEach(() => {
      fake.reset();
      fake.respond((req) => ({ chunks: [fakeModelRewrite(passage(req))] }));
    });

    async function paidRecord() {
      const ctx = getCtx();
      const user = await makeUser(ctx);
      await credit(ctx, user.id, 'balance', 10_000);
      const init = await call<MachineRecord>(app, 'POST', `${API}/machine_cnki_init`, {
        token: user.token,
        body: { title: '知网专版', text: SOURCE_TEXT },
      });
      expect(init.status, init.body.message).toBe(200);
      expect(init.body.result.priceFen).toBe(Math.ceil(init.body.result.characters / 1000) * 300);
      return { user, rec: init.body.result };
    }

    async function finished(token: string, id: number) {
      return waitFor(
        async () => {
          const r = await call<MachineDetail>(app, 'POST', `${API}/load_by_id?id=${id}`, { token });
          return ['done', 'failed'].includes(r.body.result.status) ? r.body.result : null;
        },
        30_000,
        '知网专版完成',
      );
    }

    it('rewrites each paragraph with the model; a paragraph whose answer drops a number falls back to the offline engine', async () => {
      const ctx = getCtx();
      // the second paragraph's answer loses "286" (the sample size)
      fake.respond((req) => {
        const text = passage(req);
        const answer = fakeModelRewrite(text);
        return { chunks: [text.includes('286个') ? answer.replace('286个', '多个') : answer] };
      });
      const { user, rec } = await paidRecord();
      expect(rec.edition).toBe('cnki');
      const sub = await call<MachineRecord>(app, 'POST', `${API}/machine_cnki_submit`, {
        token: user.token,
        body: { id: rec.id },
      });
      expect(sub.status, sub.body.message).toBe(200);
      expect(sub.body.result.paidFen).toBe(rec.priceFen);

      const done = await finished(user.token, rec.id);
      expect(done.status, done.message).toBe('done');
      expect(done.result?.map((p) => p.method)).toEqual(['model', 'fallback', 'model', 'model']);
      expect(done.stats).toMatchObject({ modelParagraphs: 3, fallbackParagraphs: 1 });
      expect(done.result?.[0]?.text).toBe(fakeModelRewrite(SOURCE_PARAGRAPHS[0]!));
      const rewritten = (done.result ?? []).map((p) => p.text).join('\n');
      for (const span of PROTECTED) expect(rewritten).toContain(span);
      for (const p of done.result ?? []) expect(checkRewriteOutput(p.original, p.text).ok).toBe(true);
      // one model call per paragraph, each carrying the engine's list of spans to keep
      expect(fake.requests).toHaveLength(4);
      // each answer is bounded: about the passage's length, with room
      for (const r of fake.requests) expect(r.maxTokens).toBeGreaterThan(passage(r).length);
      const prompts = fake.requests.map((r) => r.messages.at(-1)?.content ?? '');
      expect(prompts.filter((p) => p.includes('- 286个（数字）'))).toHaveLength(1);
      const calls = await ctx.db
        .selectFrom('llmCalls')
        .select(['feature', 'userId'])
        .where('userId', '=', user.id)
        .execute();
      expect(calls.map((c) => c.feature)).toEqual(['rewrite', 'rewrite', 'rewrite', 'rewrite']);
      expect((await ctx.billing.wallet(user.id)).balance).toBe(10_000 - rec.priceFen);
      await expectLedgerMatches(ctx, user.id);
    });

    it('a provider failure fails the job and refunds exactly once', async () => {
      const ctx = getCtx();
      fake.respond(() => ({ status: 500, error: 'upstream exploded' }));
      const { user, rec } = await paidRecord();
      await call(app, 'POST', `${API}/machine_cnki_submit`, { token: user.token, body: { id: rec.id } });
      const failed = await finished(user.token, rec.id);
      expect(failed.status).toBe('failed');
      expect(failed.message).toContain('费用已退回');
      expect(failed.result).toBeNull();
      expect((await ctx.billing.wallet(user.id)).balance).toBe(10_000);
      expect(await refundDeltas(ctx, user.id)).toEqual([rec.priceFen]);
      // a late second failure report changes nothing
      await ctx.rewriting.failJob(rec.id, new Error('again'));
      expect((await ctx.billing.wallet(user.id)).balance).toBe(10_000);
      await expectLedgerMatches(ctx, user.id);
    });

    it('a record left queued by a crash is picked up again at start', async () => {
      const ctx = getCtx();
      const { user, rec } = await paidRecord();
      // what a crash between charge and job leaves: queued, charged, no job
      await ctx.db.updateTable('rewriteRecords').set({ status: 'queued' }).where('id', '=', rec.id).execute();
      await ctx.billing.charge(ctx.db, {
        userId: user.id,
        service: 'rewrite',
        edition: 'cnki',
        characters: rec.characters,
        recordType: 'rewrite',
        recordId: rec.id,
      });
      const payloads = await recoverPayloads(ctx.rewriting);
      expect(payloads).toContainEqual({ recordId: rec.id });
      await ctx.rewriting.runJob(rec.id, { attempt: 1, signal: new AbortController().signal });
      expect((await finished(user.token, rec.id)).status).toBe('done');
    });
  },
  fakeModelEnv(fake, { LLM_MAX_RETRIES: '1', LLM_TIMEOUT_MS: '2000' }),
);

/** The `rewrite` job's recover(), as a queue calls it at start. */
async function recoverPayloads(rewriting: AppContext['rewriting']): Promise<unknown[]> {
  let recover: (() => Promise<unknown[]>) | undefined;
  rewriting.registerJobs({
    kind: 'local',
    register: (_kind, registration) => {
      recover = registration.recover;
    },
    enqueue: async () => {},
    startWorkers: async () => {},
    workers: async () => [],
    close: async () => {},
  });
  return (await recover?.()) ?? [];
}
