import { createHash, randomBytes } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { chatEndpoints as ep } from '@paperdesk/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChatOwner } from '../../services/chat/index.ts';
import { ok } from '../envelope.ts';
import { adminRoute, guestRoute, guestStreamRoute } from './factory.ts';
import type { RouteModule } from './types.ts';

/** The group's calls: the guest cookie travels with them only. */
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
  const { chat } = ctx;

  guestRoute(app, tags, ep.query_list, async (c) =>
    ok(await chat.list(ownerOf(c.req, c.reply), c.query, c.body ?? {})),
  );
  guestRoute(app, tags, ep.load_by_id, async (c) => ok(await chat.load(ownerOf(c.req, c.reply), c.query.id)));
  guestRoute(app, tags, ep.delete, async (c) => {
    await chat.remove(ownerOf(c.req, c.reply), c.query.id);
    return ok(true, '已删除');
  });
  guestRoute(app, tags, ep.status, async (c) => ok(await chat.status(ownerOf(c.req, c.reply))));
  adminRoute(app, ctx, tags, ep.llm_usage, async (c) => ok(await ctx.llm.usage(c.body ?? {})));

  guestStreamRoute(
    app,
    tags,
    ep.completions,
    async ({ req, reply, body }) => {
      const owner = ownerOf(req, reply);
      // Every check, the storing of both messages and the charge happen here; failures are plain JSON errors.
      const generation = await chat.start(owner, body);

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
    { preHandler: [completionLimit] },
  );
};
