import { randomUUID } from 'node:crypto';
import {
  envelope,
  IdQuery,
  OrderView,
  orderEndpoints,
  PaymentProviderKind,
  SandboxPayInput,
} from '@paperdesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NOTIFY_PATH } from '../../integrations/payments/index.ts';
import { sandboxPayPage } from '../sandbox-pay-page.ts';
import { adminFirst, requireAdmin } from '../auth.ts';
import { scriptNonce } from '../csp.ts';
import { ok } from '../envelope.ts';
import { guestRoute, userRoute } from './factory.ts';
import type { RouteModule } from './types.ts';

const BASE = '/api/order/order_info_api';
const tags = ['order_info_api 订单'];
const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * `order_info_api`: orders (packages, top-ups, pay-per-record), their status, the account centre's
 * order and ledger lists, payment callbacks and the sandbox pay page.
 */
export const orderRoutes: RouteModule = async (app, ctx) => {
  const createLimit = app.rateLimit({
    max: 30,
    timeWindow: '1 minute',
    keyGenerator: (req) => `order-create:${req.ip}`,
  });

  const ep = orderEndpoints;
  userRoute(
    app,
    tags,
    ep.create_order,
    async (c) => ok(await ctx.billing.orders.create(c.userId, c.body, origin(c.req)), '下单成功'),
    { preHandler: [createLimit] },
  );
  userRoute(app, tags, ep.load_by_id, async (c) => ok(await ctx.billing.orders.load(c.userId, c.query.id)));
  userRoute(app, tags, ep.query_list, async (c) =>
    ok(await ctx.billing.orders.list(c.userId, c.query, c.body)),
  );
  userRoute(app, tags, ep.query_ledger, async (c) =>
    ok(await ctx.billing.ledger(c.userId, c.query, c.body ?? {})),
  );
  guestRoute(app, tags, ep.payment_methods, async () => ok(ctx.billing.orders.paymentMethods()));

  app.post(
    `${BASE}/refund`,
    {
      preValidation: adminFirst(ctx),
      schema: {
        tags,
        summary: '管理员：整单退款（收回到账的额度或余额，再由支付渠道退款）',
        querystring: IdQuery,
        body: z.object({ reason: z.string().min(1).max(80).default('用户申请退款') }).optional(),
        response: { 200: envelope(OrderView) },
      },
    },
    async (req) => {
      const admin = requireAdmin(req);
      const reason = req.body?.reason ?? '用户申请退款';
      const r = await ctx.billing.orders.refund(req.query.id, {
        reason,
        // this older call has no request key: a repeat finds nothing left to refund (409)
        idemKey: `order:${req.query.id}:whole:${randomUUID()}`,
        actorUserId: admin.id,
        inTrx: (trx, change) =>
          ctx.admin.audit.record(
            {
              actorUserId: admin.id,
              action: 'order.refund',
              target: `order:${req.query.id}`,
              before: change.before,
              after: { ...change.after, reason },
            },
            trx,
          ),
      });
      return ok(r.order, '已退款');
    },
  );

  app.post(
    `${BASE}/f/sandbox_pay`,
    {
      schema: {
        tags,
        summary: '测试支付：支付页的「确认支付」按钮（仅未配置真实支付时可用）',
        body: SandboxPayInput,
        response: { 200: envelope(OrderView) },
      },
    },
    async (req) => ok(await ctx.billing.orders.sandboxPay(req.body.orderNo), '测试支付成功'),
  );

  app.get(
    '/m/pay/:orderNo',
    { schema: { hide: true, params: z.object({ orderNo: z.string().max(64) }) } },
    async (req, reply) => {
      const order = await ctx.billing.orders.sandboxOrder(req.params.orderNo);
      return reply
        .status(order ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(sandboxPayPage(order, scriptNonce(reply)));
    },
  );

  // Payment callbacks need the exact bytes the provider signed: a raw-body parser, scoped to these routes only.
  await app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      `${NOTIFY_PATH}/:provider`,
      {
        schema: {
          tags,
          summary: '支付结果通知（微信支付 / 支付宝回调，验签后处理）',
          params: z.object({ provider: PaymentProviderKind }),
        },
      },
      async (req, reply) => {
        const { provider } = req.params as { provider: PaymentProviderKind };
        const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const answer = await ctx.billing.orders.handleNotify(
          provider,
          { headers: req.headers, rawBody },
          req.log,
        );
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      },
    );
  });
};
