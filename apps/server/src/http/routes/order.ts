import { randomUUID } from 'node:crypto';
import { orderEndpoints, PaymentProviderKind } from '@paperdesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NOTIFY_PATH } from '../../integrations/payments/index.ts';
import { sandboxPayPage } from '../sandbox-pay-page.ts';
import { scriptNonce } from '../csp.ts';
import { ok } from '../envelope.ts';
import { adminRoute, guestRoute, userRoute } from './factory.ts';
import type { RouteModule } from './types.ts';

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

  adminRoute(app, ctx, tags, ep.refund, async ({ userId: adminId, query, body }) => {
    const reason = body?.reason ?? '用户申请退款';
    const r = await ctx.billing.orders.refund(query.id, {
      reason,
      // this older call has no request key: a repeat finds nothing left to refund (409)
      idemKey: `order:${query.id}:whole:${randomUUID()}`,
      actorUserId: adminId,
      inTrx: (trx, change) =>
        ctx.admin.audit.record(
          {
            actorUserId: adminId,
            action: 'order.refund',
            target: `order:${query.id}`,
            before: change.before,
            after: { ...change.after, reason },
          },
          trx,
        ),
    });
    return ok(r.order, '已退款');
  });
  guestRoute(app, tags, ep.sandbox_pay, async (c) =>
    ok(await ctx.billing.orders.sandboxPay(c.body.orderNo), '测试支付成功'),
  );

  // The sandbox pay page is HTML for a phone, not an API call: no contract, hidden from the API docs.
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
  // They stay hand-registered: the factories validate a JSON body and answer the envelope, while a gateway
  // posts its own format (XML, a form, signed JSON) under a path parameter and wants its own answer back.
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
