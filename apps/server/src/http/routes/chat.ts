import { createHash, randomBytes } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import {
  ChatCompletionInput,
  ChatConversation,
  ChatConversationDetail,
  ChatListFilter,
  ChatStatus,
  envelope,
  IdQuery,
  LlmUsageFilter,
  LlmUsageSummary,
  PageQuery,
  page,
} from '@paperdesk/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ChatOwner } from '../../services/chat/index.ts';
import { adminFirst, requireAdmin } from '../auth.ts';
import { ok } from '../envelope.ts';
import type { RouteModule } from './types.ts';

const BASE = '/api/base/chat_gpt_api';
const tags = ['chat_gpt_api AI 助手'];
/** Guests' conversations and daily allowance are tied to this cookie (and, loosely, to the IP). */
const GUEST_COOKIE = 'pd_gid';
const HEARTBEAT_MS = 15_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const cookieOptions = { path: BASE, httpOnly: true, sameSite: 'lax', maxAge: 3600 * 24 * 365 } as const;

/** The signed-in user, or the guest this browser is (a cookie is issued on first use). */
function ownerOf(req: FastifyRequest, reply: FastifyReply): ChatOwner {
  if (req.user) return { kind: 'user', userId: req.user.id };
  let key = req.cookies[GUEST_COOKIE];
  if (!key || key.length < 20 || key.length > 100) {
    key = randomBytes(24).toString('base64url');
    reply.setCookie(GUEST_COOKIE, key, cookieOptions);
    newGuestKeys.set(req, key);
  }
  return { kind: 'guest', guestKey: sha256(`guest:${key}`), ipKey: sha256(`ip:${req.ip}`) };
}
/** Cookies set by `ownerOf` on this request: a hijacked (streamed) reply must write them itself. */
const newGuestKeys = new WeakMap<FastifyRequest, string>();

export const chatRoutes: RouteModule = (app, ctx) => {
  const completionLimit = app.rateLimit({
    max: 30,
    timeWindow: '1 minute',
    keyGenerator: (req) => (req.user ? `chat-user:${req.user.id}` : `chat-ip:${req.ip}`),
  });

  app.post(
    `${BASE}/query_list`,
    {
      schema: {
        tags,
        summary: '会话列表（最近更新在前）',
        querystring: PageQuery,
        body: ChatListFilter.nullable().optional(),
        response: { 200: envelope(page(ChatConversation)) },
      },
    },
    async (req, reply) => ok(await ctx.chat.list(ownerOf(req, reply), req.query, req.body ?? {})),
  );

  app.post(
    `${BASE}/load_by_id`,
    {
      schema: {
        tags,
        summary: '会话及其全部消息',
        querystring: IdQuery,
        response: { 200: envelope(ChatConversationDetail) },
      },
    },
    async (req, reply) => ok(await ctx.chat.load(ownerOf(req, reply), req.query.id)),
  );

  app.post(
    `${BASE}/delete`,
    {
      schema: {
        tags,
        summary: '删除会话（连同消息）',
        querystring: IdQuery,
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (req, reply) => {
      await ctx.chat.remove(ownerOf(req, reply), req.query.id);
      return ok(true, '已删除');
    },
  );

  app.post(
    `${BASE}/f/status`,
    {
      schema: {
        tags,
        summary: '模型是否可用、字数上限、游客今日剩余次数',
        response: { 200: envelope(ChatStatus) },
      },
    },
    async (req, reply) => ok(await ctx.chat.status(ownerOf(req, reply))),
  );

  app.post(
    `${BASE}/admin/llm_usage`,
    {
      preValidation: adminFirst(ctx),
      schema: {
        tags,
        summary: '管理员：模型调用量（所有 AI 功能），按功能、模型与结果汇总',
        body: LlmUsageFilter.nullable().optional(),
        response: { 200: envelope(LlmUsageSummary) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return ok(await ctx.llm.usage(req.body ?? {}));
    },
  );

  app.post(
    `${BASE}/completions`,
    {
      preHandler: [completionLimit],
      schema: {
        tags,
        summary: '发送消息，回答以 SSE 流式返回（event: start / delta / done / error）',
        description:
          '检查通过后以 text/event-stream 返回：start {conversationId,userMessageId,assistantMessageId,title}，' +
          'delta {text}，done {…, usage, charged} 或 error {message, code, partial, refunded}。' +
          '检查失败（参数、401/402/404、游客额度 429、模型未配置 503）时返回普通 JSON 信封。',
        body: ChatCompletionInput,
        produces: ['text/event-stream', 'application/json'],
      },
    },
    async (req, reply) => {
      const owner = ownerOf(req, reply);
      // Every check, the storing of both messages and the charge happen here; failures are plain JSON errors.
      const generation = await ctx.chat.start(owner, req.body);

      const controller = new AbortController();
      const res = reply.raw;
      // Stop button and closed tabs look the same from here: the connection closes before we end it.
      res.on('close', () => {
        if (!res.writableEnded) controller.abort();
      });
      reply.hijack();
      const headers: OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v;
      const newKey = newGuestKeys.get(req);
      if (newKey) headers['set-cookie'] = app.serializeCookie(GUEST_COOKIE, newKey, cookieOptions);
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.flushHeaders();
      const send = (event: string, data: unknown) => {
        if (!res.destroyed && !res.writableEnded)
          res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const heartbeat = setInterval(() => {
        if (!res.destroyed && !res.writableEnded) res.write(': ping\n\n');
      }, HEARTBEAT_MS);
      try {
        await generation.run(send, controller.signal);
      } catch (err) {
        req.log.error({ err }, 'chat generation failed');
        send('error', {
          message: '服务器内部错误，请稍后重试',
          code: 'internal',
          conversationId: generation.start.conversationId,
          assistantMessageId: generation.start.assistantMessageId,
          partial: false,
          refunded: false,
        });
      } finally {
        clearInterval(heartbeat);
        if (!res.writableEnded) res.end();
      }
    },
  );
};
