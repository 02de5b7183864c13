import { randomBytes } from 'node:crypto';
import {
  ChangePasswordInput,
  CurrentUser,
  envelope,
  LoginInput,
  LoginResult,
  QrCodeQuery,
  QrCodeStart,
  QrConfirmInput,
  QrRequestInfo,
  QrRequestInput,
  QrValidateResult,
  RegisterInput,
} from '@paperdesk/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth.ts';
import { rateLimited } from '../errors.ts';
import { ok } from '../envelope.ts';
import type { RouteModule, ZodApp } from './types.ts';

const BASE = '/api/base/login_api';
const tags = ['login_api 登录'];
/** Cookie that binds a QR id to the browser that requested it. */
const BROWSER_COOKIE = 'pd_bid';

function browserKey(req: FastifyRequest, reply: FastifyReply): string {
  const existing = req.cookies[BROWSER_COOKIE];
  if (existing && existing.length >= 20 && existing.length <= 100) return existing;
  const key = randomBytes(24).toString('base64url');
  reply.setCookie(BROWSER_COOKIE, key, {
    path: '/api/base/login_api',
    httpOnly: true,
    sameSite: 'lax',
    // Behind HTTPS (directly or via TRUST_PROXY) the cookie never travels over plain HTTP.
    secure: req.protocol === 'https',
    maxAge: 3600 * 24 * 365,
  });
  return key;
}

const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** Username and password may come in the query string (the spec's client) or a JSON body. */
const LoginQuery = z.object({
  username: z.string().max(200).optional(),
  password: z.string().max(200).optional(),
});
const LoginBody = LoginQuery.optional().nullable();
const mergedLogin = (req: { query: z.infer<typeof LoginQuery>; body: z.infer<typeof LoginBody> }) =>
  LoginInput.parse({
    username: req.body?.username ?? req.query.username,
    password: req.body?.password ?? req.query.password,
  });

type Limiter = ReturnType<ZodApp['createRateLimit']>;

/**
 * Runs every limiter (each counts the attempt) and answers 429 with a Chinese message when one is
 * exhausted. `app.rateLimit()` handlers cannot be chained: the plugin marks the request after the
 * first one, so a second limiter on the same route would silently never count.
 */
const limitedBy =
  (...limiters: Limiter[]) =>
  async (req: FastifyRequest, reply: FastifyReply) => {
    for (const limit of limiters) {
      const r = await limit(req);
      if (!r.isAllowed && r.isExceeded) {
        reply.header('retry-after', r.ttlInSeconds);
        throw rateLimited(`请求过于频繁，请 ${r.ttlInSeconds} 秒后再试`);
      }
    }
  };

const usernameKey = (req: FastifyRequest) => {
  const q = req.query as { username?: unknown } | undefined;
  const b = req.body as { username?: unknown } | null | undefined;
  return String(b?.username ?? q?.username ?? '')
    .trim()
    .toLowerCase()
    .slice(0, 64);
};

export const loginRoutes: RouteModule = (app, ctx) => {
  const perIp = app.createRateLimit({
    max: 5,
    timeWindow: '1 minute',
    keyGenerator: (req) => `login-ip:${req.ip}`,
  });
  const perUsername = app.createRateLimit({
    max: 5,
    timeWindow: '1 minute',
    keyGenerator: (req) => `login-user:${usernameKey(req)}`,
  });
  const loginLimit = limitedBy(perIp, perUsername);
  const registerLimit = limitedBy(
    app.createRateLimit({ max: 10, timeWindow: '1 hour', keyGenerator: (req) => `register-ip:${req.ip}` }),
  );
  const qrLimit = limitedBy(
    app.createRateLimit({ max: 60, timeWindow: '1 minute', keyGenerator: (req) => `qr-ip:${req.ip}` }),
  );

  app.post(
    `${BASE}/f/login`,
    {
      preHandler: loginLimit,
      schema: {
        tags,
        summary: '用户名密码登录（手机端注册的账户）',
        querystring: LoginQuery,
        body: LoginBody,
        response: { 200: envelope(LoginResult) },
      },
    },
    async (req) => {
      const input = mergedLogin(req);
      const userId = await ctx.accounts.verifyPassword(input.username, input.password);
      return ok({ access_token: await ctx.accounts.issueToken(userId, 'password') }, '登录成功');
    },
  );

  app.post(
    `${BASE}/f/register`,
    {
      preHandler: registerLimit,
      schema: {
        tags,
        summary: '注册账户（手机端）',
        body: RegisterInput,
        response: { 200: envelope(LoginResult) },
      },
    },
    async (req) => {
      const userId = await ctx.accounts.register(req.body);
      return ok({ access_token: await ctx.accounts.issueToken(userId, 'password') }, '注册成功');
    },
  );

  app.post(
    `${BASE}/current`,
    {
      schema: {
        tags,
        summary: '当前用户；未登录或令牌无效时 result 为空',
        response: { 200: envelope(CurrentUser.nullable()) },
      },
    },
    async (req) => ok(req.user ? ctx.accounts.toCurrentUser(req.user) : null),
  );

  app.post(
    `${BASE}/logout`,
    { schema: { tags, summary: '退出登录（吊销当前令牌）', response: { 200: envelope(z.boolean()) } } },
    async (req) => {
      if (req.user) await ctx.accounts.revokeToken(req.user.tokenId);
      return ok(true, '已退出登录');
    },
  );

  app.post(
    `${BASE}/change_password`,
    {
      schema: {
        tags,
        summary: '修改密码（其他设备上的登录随之失效）',
        body: ChangePasswordInput,
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      await ctx.accounts.changePassword(user.id, req.body.oldPassword, req.body.newPassword);
      await ctx.accounts.revokeAllTokens(user.id, user.tokenId);
      return ok(true, '密码已修改，其他设备上的登录已失效');
    },
  );

  app.post(
    `${BASE}/f/login_qr_code`,
    {
      preHandler: qrLimit,
      schema: { tags, summary: '获取扫码登录二维码', response: { 200: envelope(QrCodeStart) } },
    },
    async (req, reply) =>
      ok(
        await ctx.qrLogin.start(browserKey(req, reply), origin(req), {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        }),
      ),
  );

  app.post(
    `${BASE}/f/val_login_qr_code`,
    {
      schema: {
        tags,
        summary: '轮询扫码结果：确认后返回 access_token，之前 result 为空',
        querystring: QrCodeQuery,
        response: { 200: envelope(QrValidateResult) },
      },
    },
    async (req) => ok(await ctx.qrLogin.validate(req.query.id, req.cookies[BROWSER_COOKIE], req.ip)),
  );

  app.post(
    `${BASE}/qr_request`,
    {
      schema: {
        tags,
        summary: '（新增）手机端确认前查看：电脑端请求登录的时间、网络与浏览器（需已登录）',
        body: QrRequestInput,
        response: { 200: envelope(QrRequestInfo) },
      },
    },
    async (req) => {
      requireUser(req);
      return ok(await ctx.qrLogin.request(req.body.id));
    },
  );

  app.post(
    `${BASE}/qr_confirm`,
    {
      schema: {
        tags,
        summary: '手机端确认扫码登录（需已登录）',
        body: QrConfirmInput,
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      await ctx.qrLogin.confirm(req.body.id, user.id);
      return ok(true, '已确认登录');
    },
  );
};
