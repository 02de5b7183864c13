import {
  type AdminUser,
  type AdminUserDetail,
  type AdminUserQuery,
  type Page,
  QuotaKind,
} from '@paperdesk/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { likeLiteral, selectPage } from '../../db/paging.ts';
import type { LoginMethod } from '../../db/tables/accounts.ts';
import type { Billing } from '../billing/index.ts';
import { notFound } from '../../errors.ts';
import type { AdminOperations } from './operations.ts';

const RECENT_ORDERS = 20;
const RECENT_LEDGER = 30;

type UserRow = {
  id: number;
  username: string;
  role: 'user' | 'admin';
  loginMethods: string;
  wechatOpenid: string | null;
  disabled: number;
  createdAt: string;
};

const toUser = (r: UserRow): AdminUser => ({
  id: Number(r.id),
  loginName: r.username,
  role: r.role,
  loginMethods: r.loginMethods.split(',').filter(Boolean) as LoginMethod[],
  wechatBound: r.wechatOpenid !== null,
  disabled: r.disabled !== 0,
  createdAt: r.createdAt,
});

const userColumns = [
  'id',
  'username',
  'role',
  'loginMethods',
  'wechatOpenid',
  'disabled',
  'createdAt',
] as const;

/** The users page: search, and one user's balance, quotas, recent orders and ledger rows. */
export function createAdminUsers(deps: {
  db: Db;
  billing: Pick<Billing, 'wallet' | 'ledger'>;
  operations: Pick<AdminOperations, 'orders'>;
}) {
  const { db } = deps;
  return {
    async list(q: AdminUserQuery): Promise<Page<AdminUser>> {
      let base = db.selectFrom('users');
      if (q.keyword) {
        // substring match, case-insensitive on both databases, with LIKE wildcards taken literally
        const pattern = `%${likeLiteral(q.keyword.toLowerCase())}%`;
        base = base.where(sql<boolean>`lower(${sql.ref('username')}) like ${pattern} escape '\\'`);
      }
      return selectPage(base.select(userColumns).orderBy('id', 'desc'), q, toUser);
    },

    async detail(userId: number): Promise<AdminUserDetail> {
      const row = await db
        .selectFrom('users')
        .select(userColumns)
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row) throw notFound('用户不存在');
      const [wallet, orders, ledger] = await Promise.all([
        deps.billing.wallet(userId),
        deps.operations.orders({ pageNo: 1, pageSize: RECENT_ORDERS, userId }),
        deps.billing.ledger(userId, { pageNo: 1, pageSize: RECENT_LEDGER }, {}),
      ]);
      return {
        user: toUser(row),
        balanceFen: wallet.balance,
        quotas: QuotaKind.options.map((kind) => ({ kind, amount: wallet.quotas[kind] })),
        orders: orders.records,
        ordersTotal: orders.total,
        ledger: ledger.records,
        ledgerTotal: ledger.total,
      };
    },
  };
}

export type AdminUsers = ReturnType<typeof createAdminUsers>;
