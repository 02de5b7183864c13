import { AdminUser, AdminUserQuery, envelope, page } from '@paperdesk/contracts';
import { sql } from 'kysely';
import type { LoginMethod } from '../../db/tables/accounts.ts';
import { requireAdmin } from '../auth.ts';
import { ok } from '../envelope.ts';
import type { RouteModule } from './types.ts';

const tags = ['admin 管理'];

/** Admin-only calls (server role `admin`, see `npm run user:create -- --admin`). */
export const adminRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: '账户列表（仅管理员）：分页，按用户名筛选',
        querystring: AdminUserQuery,
        response: { 200: envelope(page(AdminUser)) },
      },
    },
    async (req) => {
      requireAdmin(req);
      const { pageNo, pageSize, keyword } = req.query;
      let q = ctx.db.selectFrom('users');
      if (keyword) {
        // Substring match, case-insensitive on both databases, with LIKE wildcards taken literally.
        const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where(sql<boolean>`lower(${sql.ref('username')}) like ${pattern} escape '\\'`);
      }
      const [{ total }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        q
          .select(['id', 'username', 'role', 'loginMethods', 'wechatOpenid', 'disabled', 'createdAt'])
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
      ]);
      return ok({
        records: rows.map((r) => ({
          id: r.id,
          loginName: r.username,
          role: r.role,
          loginMethods: r.loginMethods.split(',').filter(Boolean) as LoginMethod[],
          wechatBound: r.wechatOpenid !== null,
          disabled: r.disabled !== 0,
          createdAt: r.createdAt,
        })),
        total: Number(total),
        pageNo,
        pageSize,
      });
    },
  );
};
