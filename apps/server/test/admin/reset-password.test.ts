import { expect, it } from 'vitest';
import { makeUser } from '../billing/helpers.ts';
import { call } from '../check/support.ts';
import { adminApp } from '../support/admin-app.ts';
import { describeEachDatabase } from '../support/databases.ts';

describeEachDatabase('admin reset password', (getCtx) => {
  const site = adminApp(getCtx);

  it('sets a temporary password, ends the user sessions, and audits without the password', async () => {
    const user = await makeUser(getCtx());
    const name = (
      await getCtx()
        .db.selectFrom('users')
        .select('username')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).username;
    const short = await call(site.app, 'POST', '/api/admin/users/reset_password', {
      token: site.admin,
      body: { userId: user.id, password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/至少 8 位/);

    const reset = await call(site.app, 'POST', '/api/admin/users/reset_password', {
      token: site.admin,
      body: { userId: user.id, password: 'Temp-pass-2026' },
    });
    expect(reset.status).toBe(200);
    const sessions = await getCtx()
      .db.selectFrom('authTokens')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(0);
    const oldPassword = await call(site.app, 'POST', '/api/base/login_api/f/login', {
      body: { username: name, password: 'password-123' },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await call(site.app, 'POST', '/api/base/login_api/f/login', {
      body: { username: name, password: 'Temp-pass-2026' },
    });
    expect(newPassword.status).toBe(200);

    const log = await site.audit('pageNo=1&pageSize=5&action=user.password');
    expect(log.records[0]).toMatchObject({
      action: 'user.password_reset',
      target: `user:${user.id}`,
    });
    expect(JSON.stringify(log.records[0])).not.toContain('Temp-pass-2026');
  });
});
