import type { AuditEntry, Page } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { makeUser } from '../billing/helpers.ts';
import { adminToken, call } from '../check/support.ts';
import { describeEachDatabase } from '../support/databases.ts';

describeEachDatabase('admin reset password', (getCtx) => {
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    app = await buildApp(getCtx());
    await app.ready();
    admin = await adminToken(getCtx());
  });
  afterAll(() => app.close());

  it('sets a temporary password, ends the user sessions, and audits without the password', async () => {
    const user = await makeUser(getCtx());
    const name = (
      await getCtx()
        .db.selectFrom('users')
        .select('username')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).username;
    const short = await call(app, 'POST', '/api/admin/users/reset_password', {
      token: admin,
      body: { userId: user.id, password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/至少 8 位/);

    const reset = await call(app, 'POST', '/api/admin/users/reset_password', {
      token: admin,
      body: { userId: user.id, password: 'Temp-pass-2026' },
    });
    expect(reset.status).toBe(200);
    const sessions = await getCtx()
      .db.selectFrom('authTokens')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(0);
    const oldPassword = await call(app, 'POST', '/api/base/login_api/f/login', {
      body: { username: name, password: 'password-123' },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await call(app, 'POST', '/api/base/login_api/f/login', {
      body: { username: name, password: 'Temp-pass-2026' },
    });
    expect(newPassword.status).toBe(200);

    const log = await call<Page<AuditEntry>>(
      app,
      'GET',
      '/api/admin/audit?pageNo=1&pageSize=5&action=user.password',
      {
        token: admin,
      },
    );
    expect(log.body.result.records[0]).toMatchObject({
      action: 'user.password_reset',
      target: `user:${user.id}`,
    });
    expect(JSON.stringify(log.body.result.records[0])).not.toContain('Temp-pass-2026');
  });
});
