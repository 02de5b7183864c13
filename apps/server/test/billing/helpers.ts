import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import type { LoginMethod } from '../../src/db/tables/accounts.ts';
import { applyDelta } from '../../src/services/billing/ledger.ts';

/**
 * A fresh user signed in with the given method: `wechat` makes an account of its own WeChat openid (as
 * the official-account login does; those get the free daily check), the others a password account.
 */
export async function makeUser(
  ctx: AppContext,
  method: LoginMethod = 'password',
): Promise<{ id: number; token: string }> {
  const id =
    method === 'wechat'
      ? await ctx.accounts.findOrCreateByOpenid(`oTest_${randomBytes(8).toString('hex')}`)
      : await ctx.accounts.register({
          username: `u_${randomBytes(5).toString('hex')}`,
          password: 'password-123',
        });
  const token = await ctx.accounts.issueToken(id, method);
  return { id, token };
}

/** A fresh admin account's bearer token. */
export async function makeAdmin(ctx: AppContext): Promise<string> {
  const id = await ctx.accounts.register({
    username: `admin_${randomBytes(5).toString('hex')}`,
    password: 'password-123',
    role: 'admin',
  });
  return ctx.accounts.issueToken(id, 'password');
}

/** Credits an account through the ledger (as an admin adjustment), like a fulfilled order would. */
export async function credit(
  ctx: AppContext,
  userId: number,
  account: 'balance' | 'check' | 'rewrite' | 'chat',
  amount: number,
) {
  const r = await applyDelta(ctx.db, {
    userId,
    account,
    delta: amount,
    reason: 'adjust',
    refType: 'test',
    refId: randomBytes(4).toString('hex'),
    idemKey: `test:${randomBytes(8).toString('hex')}`,
  });
  if (!r.applied) throw new Error('credit failed');
}

/** Every account's wallet amount equals its ledger sum. */
export async function expectLedgerMatches(ctx: AppContext, userId: number) {
  const rows = await ctx.billing.audit(userId);
  for (const r of rows)
    if (r.wallet !== r.ledger) throw new Error(`账户 ${r.account}: 钱包 ${r.wallet} ≠ 流水合计 ${r.ledger}`);
  return rows;
}

/** The amounts refunded to a user, oldest first. */
export async function refundDeltas(ctx: AppContext, userId: number): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('ledger')
    .select('delta')
    .where('userId', '=', userId)
    .where('reason', '=', 'refund')
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.delta));
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The public base URL the payment-provider tests configure (notify URLs are built from it). */
export const PUBLIC_URL = 'https://pay.paperdesk.test';

/** An order as the order API returns it. */
export type Order = {
  id: number;
  orderNo: string;
  status: string;
  amountFen: number;
  qrCode: string;
  sandbox: boolean;
  providerLabel: string;
};

/** POST create_order as the user; expects 200 and returns the order. */
export async function createOrder(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown>,
): Promise<Order> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/order/order_info_api/create_order',
    headers: bearer(token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Order;
}

/** The order's status as the paying page polls it (load_by_id may ask the gateway first). */
export async function orderStatus(app: FastifyInstance, token: string, id: number): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/order/order_info_api/load_by_id?id=${id}`,
    headers: bearer(token),
  });
  return res.json().result.status as string;
}
