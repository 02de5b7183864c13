import { randomBytes } from 'node:crypto';
import {
  type EndpointBody,
  type EndpointQuery,
  LoginInput,
  loginEndpoints as ep,
} from '@paperdesk/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../auth.ts';
import { rateLimited } from '../errors.ts';
import { ok } from '../envelope.ts';
import { guestRoute, userRoute } from './factory.ts';
import type { RouteModule, ZodApp } from './types.ts';

const tags = ['login_api 登录'];
/** Cookie that binds a QR id to the browser that requested it. */
const BROWSER_COOKIE = 'pd_bid';

function browserKey(req: FastifyRequest, reply: FastifyReply): string {
  const existing = req.cookies[BROWSER_COOKIE];
  if (existing && existing.length >= 20 && existing.length <= 100) return existing;
  const key = randomBytes(24).toString('base64url');
  reply.setCookie(BROWSER_COOKIE, key, {
    // sent back only with this group's calls, the QR ones that read it
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
const mergedLogin = (c: { query: EndpointQuery<typeof ep.login>; body: EndpointBody<typeof ep.login> }) =>
  LoginInput.parse({
    username: c.body?.username ?? c.query.username,
    password: c.body?.password ?? c.query.password,
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
  const { accounts, qrLogin } = ctx;
  const token = async (userId: number) => ({ access_token: await accounts.issueToken(userId, 'password') });

  guestRoute(
    app,
    tags,
    ep.login,
    async (c) => {
      const input = mergedLogin(c);
      return ok(await token(await accounts.verifyPassword(input.username, input.password)), '登录成功');
    },
    { preHandler: [loginLimit] },
  );
  guestRoute(
    app,
    tags,
    ep.register,
    async (c) => ok(await token(await accounts.register(c.body)), '注册成功'),
    {
      preHandler: [registerLimit],
    },
  );
  guestRoute(app, tags, ep.current, async (c) => ok(c.user ? accounts.toCurrentUser(c.user) : null));
  guestRoute(app, tags, ep.logout, async (c) => {
    if (c.user) await accounts.revokeToken(c.user.tokenId);
    return ok(true, '已退出登录');
  });
  userRoute(app, tags, ep.change_password, async ({ req, body }) => {
    const user = requireUser(req);
    await accounts.changePassword(user.id, body.oldPassword, body.newPassword);
    await accounts.revokeAllTokens(user.id, user.tokenId);
    return ok(true, '密码已修改，其他设备上的登录已失效');
  });

  guestRoute(
    app,
    tags,
    ep.login_qr_code,
    async ({ req, reply }) =>
      ok(
        await qrLogin.start(browserKey(req, reply), origin(req), {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        }),
      ),
    { preHandler: [qrLimit] },
  );
  guestRoute(app, tags, ep.val_login_qr_code, async ({ req, query }) =>
    ok(await qrLogin.validate(query.id, req.cookies[BROWSER_COOKIE], req.ip)),
  );
  userRoute(app, tags, ep.qr_request, async (c) => ok(await qrLogin.request(c.body.id)));
  userRoute(app, tags, ep.qr_confirm, async (c) => {
    await qrLogin.confirm(c.body.id, c.userId);
    return ok(true, '已确认登录');
  });
};
