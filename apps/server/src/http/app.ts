import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { AppContext } from '../context.ts';
import { authPlugin } from './auth.ts';
import { badRequest, DomainError, statusMessages, statusOf } from './errors.ts';
import { registerRoutes } from './routes/index.ts';
import { securityHeaders } from './security-headers.ts';

/** Secrets never reach the logs. */
const redact = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'access_token',
  '*.password',
  '*.access_token',
];

/** Whether any string (or key) in a parsed query/params/JSON body contains U+0000. */
function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

/**
 * What helmet adds, for the answers it never sees: Node's client errors (written to the socket) and
 * URLs the router rejects before any hook runs. They are JSON, so the policy forbids everything.
 */
const bareSecurityHeaders: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};
const rawSecurityHeaders = Object.entries(bareSecurityHeaders)
  .map(([k, v]) => `${k}: ${v}\r\n`)
  .join('');

/** A URL the router cannot decode (`/api/%E0%A4%A`) or with an over-long parameter, before routing. */
function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const status = err.code === 'FST_ERR_BAD_URL' ? 400 : err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 500;
  const message = status === 500 ? statusMessages[500] : '请求地址有误';
  reply.headers(bareSecurityHeaders).status(status).send({ code: status, message, result: null });
}

/**
 * Requests Node rejects before Fastify sees them (a URL or headers over 16 KB, e.g. a huge username
 * in the login query string; malformed HTTP; timeouts) still get the envelope and a Chinese message.
 */
function clientErrorHandler(err: NodeJS.ErrnoException, socket: import('node:net').Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [413, 'Payload Too Large', '请求过大：网址或请求头超出长度限制']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', '请求超时，请重试']
        : [400, 'Bad Request', '请求格式有误'];
  const body = JSON.stringify({ code: status, message, result: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n${rawSecurityHeaders}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, redact },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    clientErrorHandler,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof DomainError) {
      const status = statusOf(err);
      if (status >= 500) req.log.error({ err, details: err.details }, err.message);
      // A 402 carries what to buy (shortfall, cheapest packages) so the page can offer it.
      const result = status === 402 ? (err.details ?? null) : null;
      return reply.status(status).send({ code: status, message: err.message, result });
    }
    if (err instanceof ZodError) {
      const first = err.issues[0];
      const field = first?.path.join('.') ?? '';
      const msg = first?.message ?? statusMessages[400];
      return reply
        .status(400)
        .send({ code: 400, message: field ? `${field}: ${msg}` : String(msg), result: null });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const msg = first?.message ?? statusMessages[400];
      return reply
        .status(400)
        .send({ code: 400, message: field ? `${field}: ${msg}` : String(msg), result: null });
    }
    if (isResponseSerializationError(err)) req.log.error({ err }, 'response does not match its schema');
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'unhandled error');
    // Rate-limit rejections carry their own Chinese message (with the wait time); keep it.
    const message =
      status === 429 && typeof err.message === 'string' && /[\u4e00-\u9fff]/.test(err.message)
        ? err.message
        : (statusMessages[status] ?? statusMessages[500]);
    return reply.status(status).send({ code: status, message, result: null });
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET') {
      return reply.status(404).send({ code: 404, message: '接口不存在', result: null });
    }
    return sendIndex(reply);
  });

  // Security headers on every answer, errors and the 404/SPA fallback included: the first onRequest hook
  // registered (security-headers.ts; the policy is in csp.ts).
  securityHeaders(app);
  if (config.CORS_ORIGINS) {
    const cors = (await import('@fastify/cors')).default;
    await app.register(cors, { origin: config.CORS_ORIGINS.split(',').map((s) => s.trim()) });
  }
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Fail open when Redis is unreachable: a cache outage must not lock everyone out of login.
    skipOnError: true,
    ...(ctx.redis ? { redis: ctx.redis } : {}),
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      code: 429,
      message: `请求过于频繁，请 ${Math.ceil(context.ttl / 1000)} 秒后再试`,
      result: null,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'PaperDesk API',
        description: '论文工作台接口。每个响应为 { code, message, result }。',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin, { ctx });
  // PostgreSQL text cannot hold U+0000: such a value would fail deep inside a query as a 500 (SQLite
  // would store it). No field of this API has a use for it, so it is refused up front, everywhere.
  app.addHook('preValidation', async (req) => {
    if (containsNul(req.query) || containsNul(req.params) || containsNul(req.body)) {
      throw badRequest('请求参数不能包含空字符');
    }
  });

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await ctx.db.selectFrom('users').select('id').limit(1).execute();
    return { status: 'ok' };
  });

  await registerRoutes(app, ctx);

  const webDist = config.WEB_DIST;
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  function sendIndex(reply: import('fastify').FastifyReply) {
    if (!hasWeb)
      return reply.status(404).type('text/plain; charset=utf-8').send('前端尚未构建：请运行 npm run build');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
  }
  return app;
}
