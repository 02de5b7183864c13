import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';
import { statusOf } from '../../src/http/errors.ts';
import { createGgufProvider } from '../../src/integrations/llm/gguf-provider.ts';
import {
  estimateTokens,
  LlmError,
  type LlmStreamEvent,
  NOT_CONFIGURED_MESSAGE,
  prompts,
  render,
} from '../../src/integrations/llm/index.ts';
import { createLimiter } from '../../src/integrations/llm/limiter.ts';
import { createLlm } from '../../src/services/llm-usage.ts';
import { fakeModelEnv, startFakeOpenAi } from '../fakes/openai-server.ts';
import { describeEachDatabase, testConfig } from '../support/databases.ts';

const fake = await startFakeOpenAi();
afterAll(() => fake.close());

const baseEnv = fakeModelEnv(fake, { LLM_API_KEY: 'sk-test', LLM_TIMEOUT_MS: '2000' });

function llmFor(ctx: AppContext, env: Record<string, string | undefined> = {}) {
  return createLlm({ config: testConfig({ ...baseEnv, ...env }), db: ctx.db, sysConfig: ctx.sysConfig });
}

async function collect(it: AsyncIterable<LlmStreamEvent>) {
  const deltas: string[] = [];
  let done: Extract<LlmStreamEvent, { type: 'done' }>['result'] | null = null;
  for await (const ev of it) {
    if (ev.type === 'delta') deltas.push(ev.text);
    else done = ev.result;
  }
  return { deltas, done };
}

const callRow = (ctx: AppContext, id: number) =>
  ctx.db.selectFrom('llmCalls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const callCount = async (ctx: AppContext) =>
  Number(
    (
      await ctx.db
        .selectFrom('llmCalls')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function catchLlm(p: Promise<unknown>): Promise<LlmError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof LlmError) return e;
    throw e;
  }
  throw new Error('expected an LlmError');
}

/** The error a one-word chat completion fails with. */
const failedChat = (llm: ReturnType<typeof createLlm>) =>
  catchLlm(llm.complete({ feature: 'chat', messages: [{ role: 'user', content: 'x' }] }));

/** The error a one-word chat stream fails with; `onEvent` sees every event before it (and may abort `signal`). */
const failedStream = (
  llm: ReturnType<typeof createLlm>,
  onEvent: (ev: LlmStreamEvent) => void,
  signal?: AbortSignal,
) =>
  catchLlm(
    (async () => {
      const request = { feature: 'chat' as const, messages: [{ role: 'user' as const, content: 'x' }] };
      for await (const ev of llm.stream({ ...request, ...(signal ? { signal } : {}) })) onEvent(ev);
    })(),
  );

describeEachDatabase(
  'model layer',
  (get) => {
    beforeEach(() => fake.reset());

    it('completes through the OpenAI-compatible server and records usage once', async () => {
      const ctx = get();
      const userId = await ctx.accounts.register({ username: 'llm_user', password: 'password123' });
      const llm = llmFor(ctx);
      fake.script({ chunks: ['论文', '选题', '建议'], usage: { prompt: 42, completion: 7 } });
      const result = await llm.complete({
        feature: 'chat',
        messages: [{ role: 'user', content: '给个选题' }],
        userId,
        maxTokens: 300,
      });
      expect(result.text).toBe('论文选题建议');
      expect(result.usage).toEqual({ promptTokens: 42, completionTokens: 7, estimated: false });
      expect(result.finishReason).toBe('stop');
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]).toMatchObject({
        model: 'fake-model',
        stream: true,
        includeUsage: true,
        maxTokens: 300,
        authorization: 'Bearer sk-test',
      });
      const row = await callRow(ctx, result.callId);
      expect(row).toMatchObject({
        feature: 'chat',
        provider: 'openai',
        model: 'fake-model',
        userId,
        status: 'ok',
        promptTokens: 42,
        completionTokens: 7,
        usageEstimated: 0,
        attempts: 1,
        error: null,
      });
    });

    it('streams deltas in order, then one done event', async () => {
      const llm = llmFor(get());
      fake.script({ chunks: ['一', '二', '三'], chunkDelayMs: 5 });
      const { deltas, done } = await collect(
        llm.stream({ feature: 'chat', messages: [{ role: 'user', content: 'x' }] }),
      );
      expect(deltas).toEqual(['一', '二', '三']);
      expect(done?.text).toBe('一二三');
    });

    it('uses the per-feature model from sys_config', async () => {
      const ctx = get();
      const llm = llmFor(ctx);
      await ctx.sysConfig.set('llm.model.writing', 'writer-model');
      fake.script({ chunks: ['a'] }, { chunks: ['b'] });
      const w = await llm.complete({ feature: 'writing', messages: [{ role: 'user', content: 'x' }] });
      const c = await llm.complete({ feature: 'chat', messages: [{ role: 'user', content: 'x' }] });
      expect(fake.requests.map((r) => r.model)).toEqual(['writer-model', 'fake-model']);
      expect(w.model).toBe('writer-model');
      expect(c.model).toBe('fake-model');
      await ctx.sysConfig.set('llm.model.writing', '');
    });

    it('retries 429 and 5xx with backoff before the stream starts', async () => {
      const ctx = get();
      const llm = llmFor(ctx);
      fake.script({ status: 429, headers: { 'retry-after-ms': '5' } }, { status: 503 }, { chunks: ['好了'] });
      const result = await llm.complete({ feature: 'chat', messages: [{ role: 'user', content: 'x' }] });
      expect(result.text).toBe('好了');
      expect(fake.requests).toHaveLength(3);
      expect((await callRow(ctx, result.callId)).attempts).toBe(3);
    });

    it('gives up after LLM_MAX_RETRIES and records the failure', async () => {
      const ctx = get();
      const llm = llmFor(ctx, { LLM_MAX_RETRIES: '2' });
      fake.script({ status: 500 }, { status: 502 }, { status: 500 }, { chunks: ['never'] });
      const err = await failedChat(llm);
      expect(err.code).toBe('provider');
      expect(statusOf(err)).toBe(503);
      expect(fake.requests).toHaveLength(3);
      const row = await callRow(ctx, err.callId!);
      expect(row).toMatchObject({ status: 'error', attempts: 3 });
      expect(row.error).toContain('HTTP 500');
    });

    it('does not retry other 4xx; a bad key reads as a configuration problem', async () => {
      const llm = llmFor(get());
      fake.script({ status: 400, error: 'context too long' });
      const bad = await failedChat(llm);
      expect(bad.code).toBe('rejected');
      expect(fake.requests).toHaveLength(1);
      fake.script({ status: 401, error: 'invalid key' });
      const key = await failedChat(llm);
      expect(key.message).toContain('密钥无效');
      expect(fake.requests).toHaveLength(2);
    });

    it('never retries once output started: a broken stream keeps its partial text', async () => {
      const ctx = get();
      const llm = llmFor(ctx);
      fake.script({ chunks: ['前半', '句话'], end: 'break' }, { chunks: ['should not be requested'] });
      const seen: string[] = [];
      const err = await failedStream(llm, (ev) => {
        if (ev.type === 'delta') seen.push(ev.text);
      });
      expect(err.code).toBe('interrupted');
      expect(err.partialText).toBe('前半句话');
      expect(seen.join('')).toBe('前半句话');
      expect(fake.requests).toHaveLength(1);
      const row = await callRow(ctx, err.callId!);
      expect(row).toMatchObject({
        status: 'partial',
        usageEstimated: 1,
        completionTokens: estimateTokens('前半句话'),
      });
    });

    it('treats a stream that ends without finish_reason as interrupted', async () => {
      const llm = llmFor(get());
      fake.script({ chunks: ['半'], end: 'cut' });
      const err = await failedChat(llm);
      expect(err.code).toBe('interrupted');
      expect(err.partialText).toBe('半');
    });

    it('times out a provider that goes quiet mid-answer', async () => {
      const ctx = get();
      const llm = llmFor(ctx, { LLM_TIMEOUT_MS: '300' });
      fake.script({ chunks: ['开始'], end: 'stall' });
      const t0 = Date.now();
      const err = await failedChat(llm);
      expect(err.code).toBe('timeout');
      expect(err.partialText).toBe('开始');
      expect(Date.now() - t0).toBeLessThan(3000);
      expect((await callRow(ctx, err.callId!)).status).toBe('partial');
      await expect.poll(() => fake.closedEarly).toBe(1);
    });

    it('times out (and retries) a provider that never answers', async () => {
      const llm = llmFor(get(), { LLM_TIMEOUT_MS: '200', LLM_MAX_RETRIES: '1' });
      fake.script({ headerDelayMs: 1000, chunks: ['late'] }, { headerDelayMs: 1000, chunks: ['late'] });
      const err = await failedChat(llm);
      expect(err.code).toBe('timeout');
      expect(fake.requests).toHaveLength(2);
    });

    it('cancels the upstream request when the signal aborts, and records it once', async () => {
      const ctx = get();
      const llm = llmFor(ctx);
      const before = await callCount(ctx);
      fake.script({ chunks: ['a', 'b', 'c', 'd', 'e', 'f'], chunkDelayMs: 100 });
      const ac = new AbortController();
      const err = await failedStream(
        llm,
        (ev) => {
          if (ev.type === 'delta' && ev.text === 'b') ac.abort();
        },
        ac.signal,
      );
      expect(err.code).toBe('aborted');
      expect(err.partialText).toBe('ab');
      await expect.poll(() => fake.closedEarly).toBe(1);
      expect(await callCount(ctx)).toBe(before + 1);
      expect((await callRow(ctx, err.callId!)).status).toBe('aborted');
    });

    it('a consumer that stops iterating cancels the call too', async () => {
      const ctx = get();
      const llm = llmFor(ctx);
      const before = await callCount(ctx);
      fake.script({ chunks: ['a', 'b', 'c', 'd'], chunkDelayMs: 100 });
      for await (const ev of llm.stream({ feature: 'chat', messages: [{ role: 'user', content: 'x' }] })) {
        if (ev.type === 'delta') break;
      }
      await expect.poll(() => fake.closedEarly).toBe(1);
      expect(await callCount(ctx)).toBe(before + 1);
      const last = await ctx.db
        .selectFrom('llmCalls')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last.status).toBe('aborted');
      expect(llm.limiter.active).toBe(0);
    });

    it('limits concurrency per user (refused) and overall (queued)', async () => {
      const ctx = get();
      const llm = llmFor(ctx, { LLM_CONCURRENCY: '1', LLM_CONCURRENCY_PER_USER: '1' });
      const u1 = await ctx.accounts.register({ username: 'llm_conc1', password: 'password123' });
      const u2 = await ctx.accounts.register({ username: 'llm_conc2', password: 'password123' });
      fake.respond(() => ({ chunks: ['x', 'y'], chunkDelayMs: 80 }));
      const order: string[] = [];
      const first = llm
        .complete({ feature: 'chat', messages: [{ role: 'user', content: '1' }], userId: u1 })
        .then(() => order.push('u1'));
      await expect.poll(() => llm.limiter.active).toBe(1);
      const busy = await catchLlm(
        llm.complete({ feature: 'chat', messages: [{ role: 'user', content: '2' }], userId: u1 }),
      );
      expect(busy.code).toBe('user_busy');
      expect(statusOf(busy)).toBe(429);
      const second = llm
        .complete({ feature: 'chat', messages: [{ role: 'user', content: '3' }], userId: u2 })
        .then(() => order.push('u2'));
      await expect.poll(() => llm.limiter.waiting).toBe(1);
      await Promise.all([first, second]);
      expect(order).toEqual(['u1', 'u2']);
      expect(llm.limiter.active).toBe(0);
    });

    it('with nothing configured: 503 with the clear message, no call, no row', async () => {
      const ctx = get();
      const llm = createLlm({ config: testConfig({}), db: ctx.db, sysConfig: ctx.sysConfig });
      const before = await callCount(ctx);
      expect(await llm.available('chat')).toBe(false);
      const err = await failedChat(llm);
      expect(statusOf(err)).toBe(503);
      expect(err.message).toBe(NOT_CONFIGURED_MESSAGE);
      expect(await callCount(ctx)).toBe(before);
      expect(fake.requests).toHaveLength(0);
    });

    it('a base URL without any model name is not available either', async () => {
      const ctx = get();
      const llm = llmFor(ctx, { LLM_MODEL: '' });
      expect(await llm.available('chat')).toBe(false);
      await ctx.sysConfig.set('llm.model.ppt', 'ppt-model');
      expect(await llm.available('ppt')).toBe(true);
      await ctx.sysConfig.set('llm.model.ppt', '');
    });

    it('publishes availability for the pages through ai_sys_config_api', async () => {
      const ctx = get();
      const app = await buildApp(ctx);
      await createLlm({ config: testConfig({}), db: ctx.db, sysConfig: ctx.sysConfig }).publishAvailability();
      let res = await app.inject({
        method: 'POST',
        url: '/api/base/ai_sys_config_api/f/load_by_id?id=feature.llm',
      });
      expect(res.json().result.value).toMatchObject({
        available: false,
        provider: null,
        message: NOT_CONFIGURED_MESSAGE,
      });
      await llmFor(ctx).publishAvailability();
      res = await app.inject({
        method: 'POST',
        url: '/api/base/ai_sys_config_api/f/load_by_id?id=feature.llm',
      });
      expect(res.json().result.value).toMatchObject({
        available: true,
        provider: 'openai',
        message: '',
        features: { chat: true, writing: true },
      });
      // The model's name and address are not public.
      expect(JSON.stringify(res.json())).not.toContain('fake-model');
      await app.close();
    });

    describe('local GGUF', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gguf-test-'));
      const notGguf = path.join(dir, 'model.bin');
      const gguf = path.join(dir, 'tiny.gguf');
      fs.writeFileSync(notGguf, 'PK\u0003\u0004 this is a zip, not a model');
      // Only the magic and version: enough for the checks here (loading it would need the real package).
      fs.writeFileSync(gguf, Buffer.concat([Buffer.from('GGUF'), Buffer.from([3, 0, 0, 0])]));
      afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

      const gg = (
        ctx: AppContext,
        file: string,
        installed = true,
        provider?: ReturnType<typeof createGgufProvider>,
      ) =>
        createLlm({
          config: testConfig({ LLM_GGUF_PATH: file }),
          db: ctx.db,
          sysConfig: ctx.sysConfig,
          ...(provider ? { provider } : {}),
          ggufPackageInstalled: () => installed,
        });

      it('says clearly when the file is missing or is not GGUF', async () => {
        const ctx = get();
        const missing = await gg(ctx, path.join(dir, 'nope.gguf')).status('chat');
        expect(missing).toMatchObject({ available: false, provider: 'gguf' });
        expect(missing.message).toContain('本地模型文件不存在');
        const wrong = await gg(ctx, notGguf).status('chat');
        expect(wrong.message).toContain('不是 GGUF 格式');
        const err = await catchLlm(
          gg(ctx, notGguf).complete({ feature: 'chat', messages: [{ role: 'user', content: 'x' }] }),
        );
        expect(statusOf(err)).toBe(503);
        expect(err.message).toContain('不是 GGUF 格式');
      });

      it('says clearly when node-llama-cpp is not installed', async () => {
        const ctx = get();
        const s = await gg(ctx, gguf, false).status('chat');
        expect(s.available).toBe(false);
        expect(s.message).toContain('node-llama-cpp');
        expect((await gg(ctx, gguf, true).status('chat')).available).toBe(true);
        // The dynamic import itself failing with "module not found" gives the same clear message.
        const provider = createGgufProvider({
          path: gguf,
          loader: async () => {
            throw Object.assign(new Error("Cannot find package 'node-llama-cpp'"), {
              code: 'ERR_MODULE_NOT_FOUND',
            });
          },
        });
        const llm = gg(ctx, gguf, true, provider);
        const err = await failedChat(llm);
        expect(err.message).toContain('node-llama-cpp');
        expect(err.message).toContain('没有安装');
      });

      it('streams through the node-llama-cpp API (a stand-in module) and honours the signal', async () => {
        const ctx = get();
        const calls: Array<{ history: unknown; prompt: string; maxTokens?: number }> = [];
        const standIn = {
          async getLlama() {
            return {
              async loadModel({ modelPath }: { modelPath: string }) {
                expect(modelPath).toBe(gguf);
                return {
                  tokenize: (t: string) => [...t],
                  async createContext() {
                    return { getSequence: () => ({}), async dispose() {} };
                  },
                  async dispose() {},
                };
              },
            };
          },
          LlamaChatSession: class {
            history: unknown = null;
            setChatHistory(h: unknown) {
              this.history = h;
            }
            async prompt(
              prompt: string,
              o: { maxTokens?: number; signal?: AbortSignal; onTextChunk?: (t: string) => void },
            ) {
              calls.push({ history: this.history, prompt, maxTokens: o.maxTokens });
              for (const piece of ['本地', '模型', '回答', '结束']) {
                if (o.signal?.aborted) break;
                o.onTextChunk?.(piece);
                await new Promise((r) => setTimeout(r, 20));
              }
              return '';
            }
            dispose() {}
          },
        };
        const provider = createGgufProvider({ path: gguf, loader: async () => standIn });
        const llm = gg(ctx, gguf, true, provider);
        const r = await llm.complete({
          feature: 'chat',
          messages: [
            { role: 'system', content: 'sys' },
            { role: 'user', content: '问' },
            { role: 'assistant', content: '答' },
            { role: 'user', content: '再问' },
          ],
          maxTokens: 64,
        });
        expect(r.text).toBe('本地模型回答结束');
        expect(r.provider).toBe('gguf');
        expect(r.usage.completionTokens).toBe(8);
        expect(calls[0]).toEqual({
          history: [
            { type: 'system', text: 'sys' },
            { type: 'user', text: '问' },
            { type: 'model', response: ['答'] },
          ],
          prompt: '再问',
          maxTokens: 64,
        });
        const ac = new AbortController();
        const err = await failedStream(
          llm,
          (ev) => {
            if (ev.type === 'delta') ac.abort();
          },
          ac.signal,
        );
        expect(err.code).toBe('aborted');
        expect((await callRow(ctx, err.callId!)).status).toBe('aborted');
      });
    });
  },
  baseEnv,
);

describe('model layer pieces', () => {
  it('renders versioned prompt templates and refuses a missing placeholder', () => {
    expect(prompts.chatSystem.version).toBeGreaterThanOrEqual(1);
    expect(render(prompts.chatSystem, { date: '2025-01-01' })).toContain('2025-01-01');
    expect(() => render(prompts.chatSystem, {})).toThrow(/缺少参数 date/);
  });

  it('estimates tokens: about one per Chinese character, one per four other characters', () => {
    expect(estimateTokens('论文选题')).toBe(4);
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('')).toBe(0);
  });

  it('a limiter slot waiting in line can be abandoned by its signal', async () => {
    const limiter = createLimiter({ total: 1, perKey: 5, waitMs: 5000 });
    const release = await limiter.acquire('a');
    const ac = new AbortController();
    const waiting = limiter.acquire('b', ac.signal);
    expect(limiter.waiting).toBe(1);
    ac.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'aborted' });
    expect(limiter.waiting).toBe(0);
    release();
    release(); // twice is harmless
    expect(limiter.active).toBe(0);
    const again = await limiter.acquire('b');
    expect(limiter.active).toBe(1);
    again();
  });

  it('a full line times out as busy', async () => {
    const limiter = createLimiter({ total: 1, perKey: 5, waitMs: 30 });
    const release = await limiter.acquire(null);
    await expect(limiter.acquire(null)).rejects.toMatchObject({ code: 'busy', kind: 'unavailable' });
    release();
  });
});
