import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '@paperdesk/contracts';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';
import { paymentRequired } from '../../src/http/errors.ts';
import { createLlm } from '../../src/services/llm-usage.ts';
import type { ChatCharging } from '../../src/services/chat/charging.ts';
import { createChat } from '../../src/services/chat/index.ts';
import { bearer, credit, expectLedgerMatches, makeUser } from '../billing/helpers.ts';
import { fakeModelEnv, startFakeOpenAi } from '../fakes/openai-server.ts';
import { describeEachDatabase, testConfig } from '../support/databases.ts';
import { allEvents, readSse } from './sse.ts';

const fake = await startFakeOpenAi();
afterAll(() => fake.close());

const env = fakeModelEnv(fake, { LLM_TIMEOUT_MS: '2000' });
const BASE = '/api/base/chat_gpt_api';

/** The parts of the envelopes these tests read. */
interface Loose {
  total: number;
  records: Array<{ id: number; title: string }>;
  messages: Array<{ role: string; content: string; status: string; error: string | null }>;
  guest: { usedToday: number; remaining: number };
}
const j = async (res: Promise<Response> | Response) => (await (await res).json()) as Envelope<Loose>;

/** Charges recorded in memory, standing in for billing (which owns the real ledger). */
function recordingCharging() {
  const log = { charges: [] as number[], refunds: [] as number[], refuse: false };
  const charging: ChatCharging = {
    async charge(_trx, { messageId }) {
      if (log.refuse) throw paymentRequired('余额不足，请充值或购买 AI 助手套餐');
      log.charges.push(messageId);
      return `test-charge-${messageId}`;
    },
    async refund(_trx, { messageId }) {
      log.refunds.push(messageId);
    },
  };
  return { log, charging };
}

async function listen(ctx: AppContext): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp(ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

describeEachDatabase(
  'chat_gpt_api',
  (get) => {
    let url = '';
    let app: FastifyInstance;
    let charged: ReturnType<typeof recordingCharging>;
    let tokenA = '';
    let tokenB = '';

    beforeAll(async () => {
      const ctx = get();
      charged = recordingCharging();
      const chat = await createChat({
        db: ctx.db,
        sysConfig: ctx.sysConfig,
        llm: ctx.llm,
        charging: charged.charging,
      });
      ({ app, url } = await listen({ ...ctx, chat }));
      const a = await ctx.accounts.register({ username: 'chat_alice', password: 'password123' });
      const b = await ctx.accounts.register({ username: 'chat_bob', password: 'password123' });
      tokenA = await ctx.accounts.issueToken(a, 'password');
      tokenB = await ctx.accounts.issueToken(b, 'password');
    });
    afterAll(() => app?.close());
    beforeEach(() => {
      fake.reset();
      charged.log.charges.length = 0;
      charged.log.refunds.length = 0;
      charged.log.refuse = false;
    });

    const post = (
      path: string,
      opts: { token?: string; body?: unknown; cookie?: string; signal?: AbortSignal } = {},
    ) =>
      fetch(`${url}${BASE}/${path}`, {
        method: 'POST',
        headers: {
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
        },
        body: opts.body !== undefined ? JSON.stringify(opts.body) : null,
        signal: opts.signal ?? null,
      });
    const count = async (table: 'chatMessages' | 'chatConversations' | 'llmCalls') =>
      Number(
        (
          await get()
            .db.selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const send = async (body: unknown, token = tokenA) => {
      const res = await post('completions', { token, body });
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      return allEvents(res);
    };
    const data = <T>(events: Array<{ event: string; data: unknown }>, name: string) =>
      events.find((e) => e.event === name)?.data as T;

    it('streams an answer over SSE and stores both messages', async () => {
      fake.script({
        chunks: ['## 选题', '\n\n1. 人工智能', '与教育'],
        chunkDelayMs: 5,
        usage: { prompt: 120, completion: 15 },
      });
      const events = await send({ message: '帮我想几个教育学的论文选题' });
      expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'delta', 'delta', 'done']);
      const start = data<{
        conversationId: number;
        userMessageId: number;
        assistantMessageId: number;
        title: string;
      }>(events, 'start');
      expect(start.title).toBe('帮我想几个教育学的论文选题');
      const done = data<{ usage: unknown; charged: boolean; conversationId: number }>(events, 'done');
      expect(done).toMatchObject({
        conversationId: start.conversationId,
        usage: { promptTokens: 120, completionTokens: 15, estimated: false },
        charged: true,
      });
      expect(charged.log.charges).toEqual([start.assistantMessageId]);

      const detail = await j(post(`load_by_id?id=${start.conversationId}`, { token: tokenA }));
      expect(
        detail.result.messages.map((m: { role: string; content: string; status: string }) => [
          m.role,
          m.content,
          m.status,
        ]),
      ).toEqual([
        ['user', '帮我想几个教育学的论文选题', 'complete'],
        ['assistant', '## 选题\n\n1. 人工智能与教育', 'complete'],
      ]);
      // The system prompt (versioned template) leads the model's messages.
      expect(fake.requests[0]!.messages[0]!.role).toBe('system');
      expect(fake.requests[0]!.messages[0]!.content).toContain('学术写作助手');
      const row = await get()
        .db.selectFrom('chatMessages')
        .select(['llmCallId', 'chargeRef'])
        .where('id', '=', start.assistantMessageId)
        .executeTakeFirstOrThrow();
      expect(row.llmCallId).not.toBeNull();
      expect(row.chargeRef).toBe(`test-charge-${start.assistantMessageId}`);

      // A follow-up carries the history.
      fake.script({ chunks: ['好的，提纲如下'] });
      const next = await send({ conversationId: start.conversationId, message: '第一个展开成提纲' });
      expect(data<{ conversationId: number }>(next, 'done').conversationId).toBe(start.conversationId);
      expect(fake.requests[1]!.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
      expect(fake.requests[1]!.messages.at(-1)!.content).toBe('第一个展开成提纲');
    });

    it('lists, pages and deletes conversations', async () => {
      for (const m of ['第二个会话', '第三个会话']) {
        fake.script({ chunks: ['ok'] });
        await send({ message: m });
      }
      const page1 = await j(post('query_list?pageNo=1&pageSize=2', { token: tokenA, body: {} }));
      expect(page1.result.total).toBe(3);
      expect(page1.result.records.map((r: { title: string }) => r.title)).toEqual([
        '第三个会话',
        '第二个会话',
      ]);
      const page2 = await j(post('query_list?pageNo=2&pageSize=2', { token: tokenA }));
      expect(page2.result.records).toHaveLength(1);
      const filtered = await j(post('query_list', { token: tokenA, body: { keyword: '第二' } }));
      expect(filtered.result.records.map((r: { title: string }) => r.title)).toEqual(['第二个会话']);

      const id = page1.result.records[0]!.id;
      const messagesBefore = await count('chatMessages');
      const del = await post(`delete?id=${id}`, { token: tokenA });
      expect((await j(del)).result).toBe(true);
      expect(await count('chatMessages')).toBe(messagesBefore - 2);
      expect((await post(`load_by_id?id=${id}`, { token: tokenA })).status).toBe(404);
    });

    it('rejects empty and over-long messages with a clear message, storing nothing', async () => {
      const before = [await count('chatMessages'), await count('chatConversations')];
      for (const message of ['', '   \n  ']) {
        const res = await post('completions', { token: tokenA, body: { message } });
        expect(res.status).toBe(400);
        expect((await j(res)).message).toBe('消息不能为空');
      }
      const missing = await post('completions', { token: tokenA, body: {} });
      expect(missing.status).toBe(400);
      const long = await post('completions', { token: tokenA, body: { message: '论'.repeat(100_000) } });
      expect(long.status).toBe(400);
      expect((await j(long)).message).toBe('消息过长：最多 8000 字，当前 100000 字，请分段发送');
      // The limit is the admin's to change.
      await get().sysConfig.set('limit.chat.maxMessageChars', 50);
      const over = await post('completions', { token: tokenA, body: { message: 'x'.repeat(51) } });
      expect((await j(over)).message).toContain('最多 50 字');
      await get().sysConfig.set('limit.chat.maxMessageChars', 8000);
      expect([await count('chatMessages'), await count('chatConversations')]).toEqual(before);
      expect(fake.requests).toHaveLength(0);
      expect(charged.log.charges).toEqual([]);
    });

    it("another user's conversation is a 404 everywhere", async () => {
      fake.script({ chunks: ['私密'] });
      const mine = data<{ conversationId: number }>(
        await send({ message: 'Alice 的会话' }),
        'start',
      ).conversationId;
      const before = await count('chatMessages');
      for (const path of [`load_by_id?id=${mine}`, `delete?id=${mine}`]) {
        const res = await post(path, { token: tokenB });
        expect(res.status).toBe(404);
        expect((await j(res)).message).toBe('会话不存在或已删除');
      }
      const res = await post('completions', {
        token: tokenB,
        body: { conversationId: mine, message: '偷看' },
      });
      expect(res.status).toBe(404);
      // A guest cannot reach it either.
      expect((await post(`load_by_id?id=${mine}`)).status).toBe(404);
      expect(await count('chatMessages')).toBe(before);
      const list = await j(post('query_list', { token: tokenB }));
      expect(list.result.records.map((r: { id: number }) => r.id)).not.toContain(mine);
      expect((await post(`load_by_id?id=${mine}`, { token: tokenA })).status).toBe(200);
    });

    it('keeps and marks a partial answer when the provider fails mid-stream, and refunds', async () => {
      fake.script({ chunks: ['文献综述可以', '从三个方面'], end: 'break' });
      const events = await send({ message: '文献综述怎么写' });
      expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'delta', 'error']);
      const start = data<{ conversationId: number; assistantMessageId: number }>(events, 'start');
      const err = data<{ message: string; partial: boolean; refunded: boolean; code: string }>(
        events,
        'error',
      );
      expect(err).toMatchObject({ partial: true, refunded: true, code: 'interrupted' });
      expect(err.message).toContain('已保留已生成的部分');
      expect(charged.log.charges).toEqual([start.assistantMessageId]);
      expect(charged.log.refunds).toEqual([start.assistantMessageId]);
      const detail = await j(post(`load_by_id?id=${start.conversationId}`, { token: tokenA }));
      const answer = detail.result.messages.at(-1);
      expect(answer).toMatchObject({
        role: 'assistant',
        content: '文献综述可以从三个方面',
        status: 'partial',
      });
      expect(answer?.error).toContain('回答不完整');
      const row = await get()
        .db.selectFrom('chatMessages')
        .select('chargeRef')
        .where('id', '=', start.assistantMessageId)
        .executeTakeFirstOrThrow();
      expect(row.chargeRef).toBeNull();
    });

    it('a provider failing before any output: error event, answer marked failed, refunded', async () => {
      fake.script({ status: 500 }, { status: 500 }, { status: 500 });
      const events = await send({ message: '润色这段话' });
      expect(events.map((e) => e.event)).toEqual(['start', 'error']);
      const err = data<{ message: string; partial: boolean; refunded: boolean }>(events, 'error');
      expect(err).toMatchObject({
        partial: false,
        refunded: true,
        message: 'AI 模型服务暂时不可用，请稍后重试',
      });
      const start = data<{ conversationId: number }>(events, 'start');
      const detail = await j(post(`load_by_id?id=${start.conversationId}`, { token: tokenA }));
      expect(detail.result.messages.at(-1)).toMatchObject({ status: 'error', content: '' });
    });

    it('a client that disconnects cancels the generation; cost recorded once', async () => {
      const callsBefore = await count('llmCalls');
      fake.script({ chunks: ['第一段', '第二段', '第三段', '第四段', '第五段'], chunkDelayMs: 150 });
      const ac = new AbortController();
      const res = await post('completions', {
        token: tokenA,
        body: { message: '写一段引言' },
        signal: ac.signal,
      });
      let start: { conversationId: number; assistantMessageId: number } | null = null;
      try {
        for await (const ev of readSse(res)) {
          if (ev.event === 'start') start = ev.data as typeof start;
          if (ev.event === 'delta') ac.abort();
        }
      } catch {
        // the aborted read
      }
      expect(start).not.toBeNull();
      // The upstream request is cancelled, not left running.
      await expect.poll(() => fake.closedEarly, { timeout: 3000 }).toBe(1);
      await expect.poll(() => count('llmCalls')).toBe(callsBefore + 1);
      const msg = await get()
        .db.selectFrom('chatMessages')
        .selectAll()
        .where('id', '=', start!.assistantMessageId)
        .executeTakeFirstOrThrow();
      await expect
        .poll(
          async () =>
            (
              await get()
                .db.selectFrom('chatMessages')
                .select('status')
                .where('id', '=', start!.assistantMessageId)
                .executeTakeFirstOrThrow()
            ).status,
        )
        .toBe('stopped');
      const after = await get()
        .db.selectFrom('chatMessages')
        .selectAll()
        .where('id', '=', start!.assistantMessageId)
        .executeTakeFirstOrThrow();
      expect(after.content.startsWith('第一段')).toBe(true);
      expect(after.content.length).toBeLessThan('第一段第二段第三段第四段第五段'.length);
      const call = await get()
        .db.selectFrom('llmCalls')
        .selectAll()
        .where('id', '=', after.llmCallId!)
        .executeTakeFirstOrThrow();
      expect(call).toMatchObject({ status: 'aborted', feature: 'chat', usageEstimated: 1 });
      expect(msg.conversationId).toBe(start!.conversationId);
      // Charged once, not refunded (the user chose to stop after output began).
      expect(charged.log.charges).toEqual([start!.assistantMessageId]);
      expect(charged.log.refunds).toEqual([]);
      await new Promise((r) => setTimeout(r, 300));
      expect(await count('llmCalls')).toBe(callsBefore + 1);
    });

    it('regenerate replaces the last answer', async () => {
      fake.script({ chunks: ['第一版'] });
      const first = await send({ message: '翻译：Hello' });
      const conversationId = data<{ conversationId: number }>(first, 'start').conversationId;
      fake.script({ chunks: ['第二版'] });
      const again = await send({ conversationId, regenerate: true });
      expect(data<{ userMessageId: number }>(again, 'start').userMessageId).toBe(
        data<{ userMessageId: number }>(first, 'start').userMessageId,
      );
      expect(fake.requests[1]!.messages.at(-1)!.content).toBe('翻译：Hello');
      expect(fake.requests[1]!.messages.filter((m) => m.role === 'assistant')).toHaveLength(0);
      const detail = await j(post(`load_by_id?id=${conversationId}`, { token: tokenA }));
      expect(detail.result.messages.map((m: { content: string }) => m.content)).toEqual([
        '翻译：Hello',
        '第二版',
      ]);
      expect(charged.log.charges).toHaveLength(2);
      const bad = await post('completions', { token: tokenA, body: { regenerate: true } });
      expect(bad.status).toBe(400);
    });

    it('a user who cannot pay gets 402 and nothing is stored', async () => {
      charged.log.refuse = true;
      const before = [await count('chatMessages'), await count('chatConversations')];
      const res = await post('completions', { token: tokenA, body: { message: '新问题' } });
      expect(res.status).toBe(402);
      expect((await j(res)).message).toContain('余额不足');
      expect([await count('chatMessages'), await count('chatConversations')]).toEqual(before);
      expect(fake.requests).toHaveLength(0);
    });

    it('guests: a daily allowance per browser (and per IP), conversations kept by cookie', async () => {
      await get().sysConfig.set('limit.chat.guestDaily', 3);
      await get().sysConfig.set('limit.chat.guestDailyPerIp', 5);
      const status0 = await post('f/status');
      const cookie = status0.headers.get('set-cookie')!.split(';')[0]!;
      expect(cookie).toMatch(/^pd_gid=/);
      expect((await j(status0)).result).toMatchObject({
        available: true,
        signedIn: false,
        guest: { dailyLimit: 3, usedToday: 0, remaining: 3 },
      });

      let conversationId = 0;
      for (let i = 0; i < 3; i++) {
        fake.script({ chunks: [`答${i}`] });
        const res = await post('completions', {
          cookie,
          body: { message: `游客问题${i}`, conversationId: conversationId || null },
        });
        expect(res.status).toBe(200);
        const events = await allEvents(res);
        conversationId = data<{ conversationId: number }>(events, 'start').conversationId;
        expect(data<{ charged: boolean }>(events, 'done').charged).toBe(true);
      }
      const over = await post('completions', { cookie, body: { message: '第四条' } });
      expect(over.status).toBe(429);
      expect((await j(over)).message).toBe('游客每日可免费体验 3 条，今日已用完，请登录后继续使用');
      const status1 = await j(post('f/status', { cookie }));
      expect(status1.result.guest).toMatchObject({ usedToday: 3, remaining: 0 });
      // Guest conversations belong to the cookie.
      const list = await j(post('query_list', { cookie }));
      expect(list.result.records.map((r: { id: number }) => r.id)).toEqual([conversationId]);
      expect(
        (await j(post('query_list', { token: tokenA }))).result.records.map((r: { id: number }) => r.id),
      ).not.toContain(conversationId);
      const other = await post('f/status');
      const cookie2 = other.headers.get('set-cookie')!.split(';')[0]!;
      expect((await j(post('query_list', { cookie: cookie2 }))).result.total).toBe(0);
      expect((await post(`load_by_id?id=${conversationId}`, { cookie: cookie2 })).status).toBe(404);
      // A failed answer gives the message back.
      fake.script({ status: 400 });
      const failed = await allEvents(
        await post('completions', { cookie: cookie2, body: { message: '会失败' } }),
      );
      expect(data<{ refunded: boolean }>(failed, 'error').refunded).toBe(true);
      expect((await j(post('f/status', { cookie: cookie2 }))).result.guest.usedToday).toBe(0);
      // A new cookie on the same IP still meets the IP's cap (5 in all today: 3 used above).
      for (let i = 0; i < 2; i++) {
        fake.script({ chunks: ['ok'] });
        expect(
          (await post('completions', { cookie: cookie2, body: { message: `换浏览器${i}` } })).status,
        ).toBe(200);
      }
      // (each response above was left unread; the fake answers fast and the server finishes regardless)
      const capped = await post('completions', { cookie: cookie2, body: { message: '超过 IP 上限' } });
      expect(capped.status).toBe(429);
      await get().sysConfig.set('limit.chat.guestDaily', 5);
      await get().sysConfig.set('limit.chat.guestDailyPerIp', 30);
    });
  },
  env,
);

describeEachDatabase('chat_gpt_api without a model', (get) => {
  it('answers 503 with the clear message and stores or charges nothing', async () => {
    const ctx = get();
    const charged = recordingCharging();
    const llm = createLlm({ config: testConfig({}), db: ctx.db, sysConfig: ctx.sysConfig });
    const chat = await createChat({ db: ctx.db, sysConfig: ctx.sysConfig, llm, charging: charged.charging });
    const app = await buildApp({ ...ctx, llm, chat });
    const userId = await ctx.accounts.register({ username: 'nomodel', password: 'password123' });
    const token = await ctx.accounts.issueToken(userId, 'password');
    for (const headers of [{ authorization: `Bearer ${token}` }, {}]) {
      const res = await app.inject({
        method: 'POST',
        url: `${BASE}/completions`,
        headers,
        payload: { message: '你好' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 503, message: 'AI 模型未配置，请联系管理员', result: null });
    }
    for (const t of ['chatMessages', 'chatConversations', 'llmCalls', 'chatGuestQuota'] as const) {
      const n = await ctx.db
        .selectFrom(t)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(0);
    }
    expect(charged.log.charges).toEqual([]);
    const status = await app.inject({ method: 'POST', url: `${BASE}/f/status` });
    expect(status.json().result).toMatchObject({ available: false, message: 'AI 模型未配置，请联系管理员' });
    // The public entry the pages read says so too (written at start-up by the context).
    const entry = await app.inject({
      method: 'POST',
      url: '/api/base/ai_sys_config_api/f/load_by_id?id=feature.llm',
    });
    expect(entry.json().result.value).toMatchObject({
      available: false,
      message: 'AI 模型未配置，请联系管理员',
    });
    await app.close();
  });
});

describeEachDatabase(
  'chat_gpt_api charged through billing',
  (get) => {
    beforeEach(() => fake.reset());

    it('takes one chat item per answer, refunds a failed one, and refuses with 402 when nothing is left', async () => {
      const ctx = get();
      const { app, url } = await listen(ctx);
      const user = await makeUser(ctx);
      const chatQuota = async () => (await ctx.billing.wallet(user.id)).quotas.chat;
      const post = (body: unknown) =>
        fetch(`${url}${BASE}/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(user.token) },
          body: JSON.stringify(body),
        });

      // Nothing bought yet: 402 from billing, nothing stored.
      const refused = await post({ message: '你好' });
      expect(refused.status).toBe(402);
      const n = await ctx.db
        .selectFrom('chatMessages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(0);

      await credit(ctx, user.id, 'chat', 2);
      fake.script({ chunks: ['第一条回答'] });
      const ok = await allEvents(await post({ message: '第一个问题' }));
      expect(ok.at(-1)?.event).toBe('done');
      expect(await chatQuota()).toBe(1);

      fake.script({ chunks: ['断'], end: 'break' });
      const broken = await allEvents(await post({ message: '第二个问题' }));
      expect(broken.at(-1)).toMatchObject({ event: 'error', data: { partial: true, refunded: true } });
      expect(await chatQuota()).toBe(1);

      fake.script({ chunks: ['第三条回答'] });
      expect((await allEvents(await post({ message: '第三个问题' }))).at(-1)?.event).toBe('done');
      expect(await chatQuota()).toBe(0);
      // The balance pays once the package is used up (price.chat.standard).
      const price = (await ctx.billing.quote('chat', 'standard', { items: 1 })).fen;
      await credit(ctx, user.id, 'balance', price);
      fake.script({ chunks: ['第四条回答'] });
      expect((await allEvents(await post({ message: '第四个问题' }))).at(-1)?.event).toBe('done');
      expect((await ctx.billing.wallet(user.id)).balance).toBe(0);
      expect((await post({ message: '第五个问题' })).status).toBe(402);
      await expectLedgerMatches(ctx, user.id);
      await app.close();
    });

    it('admins see model usage per feature, model and outcome; others may not', async () => {
      const ctx = get();
      const app = await buildApp(ctx);
      const adminId = await ctx.accounts.register({
        username: 'llm_admin',
        password: 'password123',
        role: 'admin',
      });
      const admin = await ctx.accounts.issueToken(adminId, 'password');
      const user = await makeUser(ctx);
      const url = `${BASE}/admin/llm_usage`;
      expect(
        (await app.inject({ method: 'POST', url, headers: bearer(user.token), payload: {} })).statusCode,
      ).toBe(403);
      const res = await app.inject({
        method: 'POST',
        url,
        headers: bearer(admin),
        payload: { feature: 'chat' },
      });
      expect(res.statusCode).toBe(200);
      const { rows, totals } = res.json().result as {
        rows: Array<{
          feature: string;
          model: string;
          status: string;
          calls: number;
          completionTokens: number;
          estimatedCalls: number;
        }>;
        totals: { calls: number };
      };
      // The previous test: three complete answers and one broken stream (estimated usage).
      expect(rows.map((r) => [r.feature, r.model, r.status, r.calls, r.estimatedCalls])).toEqual([
        ['chat', 'fake-model', 'ok', 3, 0],
        ['chat', 'fake-model', 'partial', 1, 1],
      ]);
      expect(rows[0]!.completionTokens).toBe('第一条回答第三条回答第四条回答'.length);
      expect(totals.calls).toBe(4);
      const none = await app.inject({
        method: 'POST',
        url,
        headers: bearer(admin),
        payload: { from: '2999-01-01T00:00:00Z' },
      });
      expect(none.json().result.totals.calls).toBe(0);
      await app.close();
    });
  },
  env,
);
