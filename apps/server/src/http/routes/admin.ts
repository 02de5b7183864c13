import {
  AdjustBalanceInput,
  AdjustBalanceResult,
  AdminConfigEntry,
  AdminConfigSetInput,
  AdminModelStatus,
  AdminModelTestInput,
  AdminModelTestResult,
  AdminModelUsage,
  AdminModelUsageQuery,
  AdminPackage,
  AdminPackageActive,
  AdminPackageCreate,
  AdminPackageUpdate,
  AdminOrder,
  AdminOrderQuery,
  AdminRefundInput,
  AdminRefundResult,
  AdminUser,
  AdminUserDetail,
  AdminUserQuery,
  AdminFailedQuery,
  AdminRetryInput,
  FailedJob,
  IdQuery,
  AuditEntry,
  AuditQuery,
  envelope,
  LibraryMatch,
  LibraryMatchQuery,
  LibrarySeedResult,
  LibraryStatus,
  page,
  ResetPasswordInput,
  SetDisabledInput,
  SystemStatus,
} from '@paperdesk/contracts';
import { z } from 'zod';
import { adminFirst, requireAdmin } from '../auth.ts';
import { ok } from '../envelope.ts';
import type { RouteModule } from './types.ts';

const tags = ['admin 管理'];

/** Admin-only calls (server role `admin`, see `npm run user:create -- --admin`). */
export const adminRoutes: RouteModule = (app, ctx) => {
  const gate = adminFirst(ctx);
  app.get(
    '/api/admin/users',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '账户列表（仅管理员）：分页，按用户名筛选',
        querystring: AdminUserQuery,
        response: { 200: envelope(page(AdminUser)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return ok(await ctx.admin.users.list(req.query));
    },
  );

  app.get(
    '/api/admin/users/detail',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '用户详情：余额、各服务剩余额度、最近订单与流水',
        querystring: IdQuery,
        response: { 200: envelope(AdminUserDetail) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return ok(await ctx.admin.users.detail(req.query.id));
    },
  );

  const admin = ctx.admin.console;

  app.get(
    '/api/admin/audit',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '操作日志（仅管理员）：谁、何时、做了什么、改前改后',
        querystring: AuditQuery,
        response: { 200: envelope(page(AuditEntry)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return ok(await ctx.admin.audit.list(req.query));
    },
  );

  app.get(
    '/api/admin/library/status',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '比对库：规模、索引状态（本进程）、种子库导入记录',
        response: { 200: envelope(LibraryStatus) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return ok(await admin.libraryStatus());
    },
  );

  app.get(
    '/api/admin/library/matches',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '比对库中被检测命中最多的文献（按报告来源统计的检测次数，前 N 篇）',
        querystring: LibraryMatchQuery,
        response: { 200: envelope(z.array(LibraryMatch)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return ok(await admin.libraryMatches(req.query.limit));
    },
  );

  app.post(
    '/api/admin/library/seed',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '导入内置种子比对库（CSL 中文科学文献摘要；已有的跳过，可重复执行）',
        response: { 200: envelope(LibrarySeedResult) },
      },
    },
    async (req) => {
      const user = requireAdmin(req);
      const r = await admin.seedLibrary(user.id);
      return ok(r, `已导入 ${r.added} 篇，跳过已有 ${r.skipped} 篇`);
    },
  );

  app.get(
    '/api/admin/config',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '价格（price.*）与限制（limit.*）配置',
        response: { 200: envelope(z.array(AdminConfigEntry)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return ok(await admin.listConfig());
    },
  );

  app.post(
    '/api/admin/config/set',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '修改一项价格或限制（校验：价格为非负整数分，限制为非负数），立即生效并记入操作日志',
        body: AdminConfigSetInput,
        response: { 200: envelope(AdminConfigEntry) },
      },
    },
    async (req) => {
      const user = requireAdmin(req);
      return ok(await admin.setConfig(user.id, req.body.key, req.body.value), '已保存');
    },
  );

  app.post(
    '/api/admin/users/adjust_balance',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '调整余额（正数增加、负数扣减，单位分）：写一条「人工调整」流水并记入操作日志',
        body: AdjustBalanceInput,
        response: { 200: envelope(AdjustBalanceResult) },
      },
    },
    async (req) => {
      const user = requireAdmin(req);
      return ok(await admin.adjustBalance(user.id, req.body), '余额已调整');
    },
  );

  app.post(
    '/api/admin/users/set_disabled',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '停用或启用账户（停用时立即注销其登录）',
        body: SetDisabledInput,
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (req) => {
      const user = requireAdmin(req);
      await admin.setDisabled(user.id, req.body.userId, req.body.disabled);
      return ok(true, req.body.disabled ? '已停用' : '已启用');
    },
  );

  app.post(
    '/api/admin/users/reset_password',
    {
      preValidation: gate,
      schema: {
        tags,
        summary:
          '重置密码：管理员设一个临时密码（至少 8 位），该用户的登录全部失效；记入操作日志（不含密码）',
        body: ResetPasswordInput,
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (req) => {
      const user = requireAdmin(req);
      await admin.resetPassword(user.id, req.body.userId, req.body.password);
      return ok(true, '密码已重置');
    },
  );

  const operations = ctx.admin.operations;

  app.get(
    '/api/admin/orders',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '全部订单：按状态、类型、订单号或用户名筛选',
        querystring: AdminOrderQuery,
        response: { 200: envelope(page(AdminOrder)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return ok(await operations.orders(req.query));
    },
  );

  app.get(
    '/api/admin/orders/export',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '导出订单 CSV（同样的筛选条件，最多 5 万行）',
        querystring: AdminOrderQuery.omit({ pageNo: true, pageSize: true }),
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const csv = await operations.ordersCsv(req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('订单.csv')}`)
        .send(csv);
    },
  );

  app.post(
    '/api/admin/orders/refund',
    {
      preValidation: gate,
      schema: {
        tags,
        summary:
          '退款（整单或部分）：不填金额退还剩余全部；各次退款合计不超过实付；同一请求编号只退一次；按比例收回到账的额度或余额；记入操作日志',
        body: AdminRefundInput,
        response: { 200: envelope(AdminRefundResult) },
      },
    },
    async (req) => {
      const user = requireAdmin(req);
      const { orderId, amountFen, reason, requestKey } = req.body;
      const r = await ctx.billing.orders.refund(orderId, {
        amountFen,
        reason,
        idemKey: `admin:${requestKey}`,
        actorUserId: user.id,
        inTrx: (trx, change) =>
          ctx.admin.audit.record(
            {
              actorUserId: user.id,
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
    },
  );

  app.get(
    '/api/admin/system',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '系统：各服务排队/运行/失败数、最近失败及原因、数据库与磁盘大小、本进程',
        response: { 200: envelope(SystemStatus) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return ok(await operations.system());
    },
  );

  app.get(
    '/api/admin/system/failed',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '某服务的失败记录（最新在前）及失败原因',
        querystring: AdminFailedQuery,
        response: { 200: envelope(page(FailedJob)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return ok(await operations.failed(req.query));
    },
  );

  app.post(
    '/api/admin/system/retry',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '重试失败的记录：重新排队执行，不再扣费；记入操作日志',
        body: AdminRetryInput,
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (req) => {
      const user = requireAdmin(req);
      await operations.retry(user.id, req.body.kind, req.body.id);
      return ok(true, '已重新排队');
    },
  );

  const models = ctx.admin.models;

  app.get(
    '/api/admin/models',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: 'AI 模型：接口地址、各功能所用模型与是否可用（不显示 API 密钥）',
        response: { 200: envelope(AdminModelStatus) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return ok(await models.status());
    },
  );

  app.get(
    '/api/admin/models/usage',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: 'AI 模型用量：最近 N 天每天每个功能的调用次数、token 与估算成本',
        querystring: AdminModelUsageQuery,
        response: { 200: envelope(AdminModelUsage) },
      },
    },
    async (req) => {
      requireAdmin(req);
      return ok(await models.usage(req.query.days));
    },
  );

  app.post(
    '/api/admin/models/test',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '测试连接：经模型层发一次极短的请求；未配置模型时直接说明，记入操作日志',
        body: AdminModelTestInput,
        response: { 200: envelope(AdminModelTestResult) },
      },
    },
    async (req) => {
      const user = requireAdmin(req);
      return ok(await models.test(user.id, req.body.feature));
    },
  );

  const packages = ctx.admin.packages;

  app.get(
    '/api/admin/packages',
    {
      preValidation: gate,
      schema: { tags, summary: '套餐列表（含已下架）', response: { 200: envelope(z.array(AdminPackage)) } },
    },
    async (req) => {
      requireAdmin(req);
      return ok(await packages.list());
    },
  );

  app.post(
    '/api/admin/packages/create',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '新建套餐（价格不能为负，额度须大于 0），立即上架并记入操作日志',
        body: AdminPackageCreate,
        response: { 200: envelope(AdminPackage) },
      },
    },
    async (req) => {
      const user = requireAdmin(req);
      return ok(await packages.create(user.id, req.body), '套餐已创建');
    },
  );

  app.post(
    '/api/admin/packages/update',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '修改套餐（同样校验），立即生效并记入操作日志（改前改后）',
        body: AdminPackageUpdate,
        response: { 200: envelope(AdminPackage) },
      },
    },
    async (req) => {
      const user = requireAdmin(req);
      return ok(await packages.update(user.id, req.body), '套餐已保存');
    },
  );

  app.post(
    '/api/admin/packages/set_active',
    {
      preValidation: gate,
      schema: {
        tags,
        summary: '下架或重新上架套餐（已售出的套餐额度不受影响）',
        body: AdminPackageActive,
        response: { 200: envelope(AdminPackage) },
      },
    },
    async (req) => {
      const user = requireAdmin(req);
      return ok(
        await packages.setActive(user.id, req.body.id, req.body.active),
        req.body.active ? '已上架' : '已下架',
      );
    },
  );
};
