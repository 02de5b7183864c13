import type { AccountSummary } from '@paperdesk/contracts';
import type { Db } from '../db/index.ts';
import type { FreeCheckStatus } from './billing/free-check.ts';
import { notFound } from '../errors.ts';
import { readWallet } from './billing/ledger.ts';

/** The account summary shown in the account centre: balance (fen), quotas per service, free-check status. */
export function createAccountSummary(db: Db, freeCheckStatus: (userId: number) => Promise<FreeCheckStatus>) {
  return async (userId: number): Promise<AccountSummary> => {
    const user = await db
      .selectFrom('users')
      .select(['id', 'username', 'createdAt'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw notFound('用户不存在');
    const [wallet, freeCheck] = await Promise.all([readWallet(db, userId), freeCheckStatus(userId)]);
    return {
      userId: user.id,
      loginName: user.username,
      balance: wallet.balance,
      quotas: wallet.quotas,
      freeCheck,
      createdAt: user.createdAt,
    };
  };
}
