import { z } from 'zod';
import { PageQuery } from './paging.ts';

/** Admin-only account list (`GET /api/admin/users`). */
export const AdminUserQuery = PageQuery.extend({
  keyword: z.string().trim().max(64, '关键词最多 64 个字符').optional().describe('按用户名筛选（包含）'),
});
export type AdminUserQuery = z.infer<typeof AdminUserQuery>;

export const AdminUser = z.object({
  id: z.number().int(),
  loginName: z.string(),
  role: z.enum(['user', 'admin']),
  loginMethods: z.array(z.enum(['password', 'qr', 'wechat'])),
  wechatBound: z.boolean().describe('是否已绑定微信（openid 不对外展示）'),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;
