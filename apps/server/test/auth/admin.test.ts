import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { bodyOf, current, expectError, login, register } from './helpers.ts';

interface AdminPage {
  records: {
    id: number;
    loginName: string;
    role: string;
    loginMethods: string[];
    wechatBound: boolean;
    disabled: boolean;
  }[];
  total: number;
  pageNo: number;
  pageSize: number;
}

describeEachDatabase('admin-only calls (requireAdmin)', (getCtx) => {
  let app: FastifyInstance;
  let adminToken: string;
  let userToken: string;
  beforeAll(async () => {
    app = await buildApp(getCtx());
    await getCtx().accounts.register({ username: 'root_admin', password: 'admin-password-1', role: 'admin' });
    adminToken = bodyOf<{ access_token: string }>(await login(app, 'root_admin', 'admin-password-1')).result
      .access_token;
    userToken = await register(app, 'plain_user');
    for (const name of ['pct_a', 'pctXa', 'PCT_upper', 'other_1', 'other_2']) await register(app, name);
  });
  afterAll(() => app.close());

  const list = (query: string, token?: string) =>
    app.inject({
      method: 'GET',
      url: `/api/admin/users${query}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('server roles come from the database: current shows admin for the admin only', async () => {
    expect(bodyOf<{ roles: string[] }>(await current(app, adminToken)).result.roles).toEqual(['admin']);
    expect(bodyOf<{ roles: string[] }>(await current(app, userToken)).result.roles).toEqual(['user']);
  });

  it('a normal user gets 403, a guest 401, the admin the list', async () => {
    expect(expectError(await list('', userToken), 403).message).toBe('仅管理员可执行此操作');
    expectError(await list(''), 401);
    const res = await list('', adminToken);
    expect(res.statusCode).toBe(200);
    const page = bodyOf<AdminPage>(res).result;
    expect(page.total).toBe(7);
    expect(page.records.map((r) => r.loginName)).toContain('plain_user');
    expect(res.body).not.toMatch(/passwordHash|argon|openid/i);
  });

  it('pages newest first and filters by username, case-insensitively, with LIKE wildcards taken literally', async () => {
    const p1 = bodyOf<AdminPage>(await list('?pageNo=1&pageSize=3', adminToken)).result;
    const p3 = bodyOf<AdminPage>(await list('?pageNo=3&pageSize=3', adminToken)).result;
    expect(p1).toMatchObject({ pageNo: 1, pageSize: 3, total: 7 });
    expect(p1.records).toHaveLength(3);
    expect(p3.records).toHaveLength(1);
    expect(p3.records[0]?.loginName).toBe('root_admin');
    const ids = p1.records.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const names = async (keyword: string) =>
      bodyOf<AdminPage>(await list(`?keyword=${encodeURIComponent(keyword)}`, adminToken))
        .result.records.map((r) => r.loginName)
        .sort();
    expect(await names('pct_')).toEqual(['PCT_upper', 'pct_a']);
    expect(await names('PCT')).toEqual(['PCT_upper', 'pctXa', 'pct_a']);
    expect(await names('%')).toEqual([]);
    expect(await names("' OR 1=1 --")).toEqual([]);
  });

  it('rejects bad paging with 400', async () => {
    for (const q of ['?pageSize=1000', '?pageNo=0', '?pageNo=abc', `?keyword=${'k'.repeat(65)}`]) {
      expectError(await list(q, adminToken), 400);
    }
  });
});
