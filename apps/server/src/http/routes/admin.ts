import { adminEndpoints as ep } from '@paperdesk/contracts';
import type { AppContext } from '../../context.ts';
import { ok } from '../envelope.ts';
import { adminDownloadRoute, adminRoute } from './factory.ts';
import type { RouteModule, ZodApp } from './types.ts';

const tags = ['admin 管理'];

/** Admin-only calls (server role `admin`, see `npm run user:create -- --admin`), one group per console page. */
export const adminRoutes: RouteModule = (app, ctx) => {
  userAdmin(app, ctx);
  libraryAdmin(app, ctx);
  configAdmin(app, ctx);
  orderAdmin(app, ctx);
  systemAdmin(app, ctx);
  modelAdmin(app, ctx);
  packageAdmin(app, ctx);
};

function userAdmin(app: ZodApp, ctx: AppContext) {
  const admin = ctx.admin.console;
  adminRoute(app, ctx, tags, ep.users, async (c) => ok(await ctx.admin.users.list(c.query)));
  adminRoute(app, ctx, tags, ep.users_detail, async (c) => ok(await ctx.admin.users.detail(c.query.id)));
  adminRoute(app, ctx, tags, ep.users_adjust_balance, async (c) =>
    ok(await admin.adjustBalance(c.userId, c.body), '余额已调整'),
  );
  adminRoute(app, ctx, tags, ep.users_set_disabled, async (c) => {
    await admin.setDisabled(c.userId, c.body.userId, c.body.disabled);
    return ok(true, c.body.disabled ? '已停用' : '已启用');
  });
  adminRoute(app, ctx, tags, ep.users_reset_password, async (c) => {
    await admin.resetPassword(c.userId, c.body.userId, c.body.password);
    return ok(true, '密码已重置');
  });
  adminRoute(app, ctx, tags, ep.audit, async (c) => ok(await ctx.admin.audit.list(c.query)));
}

function libraryAdmin(app: ZodApp, ctx: AppContext) {
  const admin = ctx.admin.console;
  adminRoute(app, ctx, tags, ep.library_status, async () => ok(await admin.libraryStatus()));
  adminRoute(app, ctx, tags, ep.library_matches, async (c) => ok(await admin.libraryMatches(c.query.limit)));
  adminRoute(app, ctx, tags, ep.library_seed, async (c) => {
    const r = await admin.seedLibrary(c.userId);
    return ok(r, `已导入 ${r.added} 篇，跳过已有 ${r.skipped} 篇`);
  });
}

function configAdmin(app: ZodApp, ctx: AppContext) {
  const admin = ctx.admin.console;
  adminRoute(app, ctx, tags, ep.config, async () => ok(await admin.listConfig()));
  adminRoute(app, ctx, tags, ep.config_set, async (c) =>
    ok(await admin.setConfig(c.userId, c.body.key, c.body.value), '已保存'),
  );
}

function orderAdmin(app: ZodApp, ctx: AppContext) {
  const operations = ctx.admin.operations;
  adminRoute(app, ctx, tags, ep.orders, async (c) => ok(await operations.orders(c.query)));
  adminDownloadRoute(app, ctx, tags, ep.orders_export, async (c) => ({
    asciiName: 'orders.csv',
    file: {
      body: Buffer.from(await operations.ordersCsv(c.query)),
      contentType: 'text/csv; charset=utf-8',
      filename: '订单.csv',
    },
  }));
  adminRoute(app, ctx, tags, ep.orders_refund, async (c) => {
    const { orderId, amountFen, reason, requestKey } = c.body;
    const r = await ctx.billing.orders.refund(orderId, {
      amountFen,
      reason,
      idemKey: `admin:${requestKey}`,
      actorUserId: c.userId,
      inTrx: (trx, change) =>
        ctx.admin.audit.record(
          {
            actorUserId: c.userId,
            action: 'order.refund',
            target: `order:${orderId}`,
            before: change.before,
            after: {
              ...change.after,
              amountFen: change.after.refundedFen - change.before.refundedFen,
              reason,
            },
          },
          trx,
        ),
    });
    return ok(
      {
        order: await operations.order(orderId),
        refundId: r.refundId,
        amountFen: r.amountFen,
        replayed: r.replayed,
      },
      r.replayed ? '该退款已处理，未重复退款' : '已退款',
    );
  });
}

function systemAdmin(app: ZodApp, ctx: AppContext) {
  const operations = ctx.admin.operations;
  adminRoute(app, ctx, tags, ep.system, async () => ok(await operations.system()));
  adminRoute(app, ctx, tags, ep.system_failed, async (c) => ok(await operations.failed(c.query)));
  adminRoute(app, ctx, tags, ep.system_retry, async (c) => {
    await operations.retry(c.userId, c.body.kind, c.body.id);
    return ok(true, '已重新排队');
  });
}

function modelAdmin(app: ZodApp, ctx: AppContext) {
  const models = ctx.admin.models;
  adminRoute(app, ctx, tags, ep.models, async () => ok(await models.status()));
  adminRoute(app, ctx, tags, ep.models_usage, async (c) => ok(await models.usage(c.query.days)));
  adminRoute(app, ctx, tags, ep.models_test, async (c) => ok(await models.test(c.userId, c.body.feature)));
}

function packageAdmin(app: ZodApp, ctx: AppContext) {
  const packages = ctx.admin.packages;
  adminRoute(app, ctx, tags, ep.packages, async () => ok(await packages.list()));
  adminRoute(app, ctx, tags, ep.packages_create, async (c) =>
    ok(await packages.create(c.userId, c.body), '套餐已创建'),
  );
  adminRoute(app, ctx, tags, ep.packages_update, async (c) =>
    ok(await packages.update(c.userId, c.body), '套餐已保存'),
  );
  adminRoute(app, ctx, tags, ep.packages_set_active, async (c) =>
    ok(await packages.setActive(c.userId, c.body.id, c.body.active), c.body.active ? '已上架' : '已下架'),
  );
}
