import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { buildApp } from '../../src/http/app.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { bodyOf, current, login } from './helpers.ts';

/** `npm run user:create -- …` is `tsx apps/server/src/main.ts user:create …`; run it as a real process. */
function userCreate(args: string[], env: Record<string, string>) {
  const r = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    ['apps/server/src/main.ts', 'user:create', ...args],
    {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describeEachDatabase('npm run user:create', (getCtx) => {
  let app: FastifyInstance;
  let env: Record<string, string>;
  beforeAll(async () => {
    app = await buildApp(getCtx());
    const { DATABASE_URL, DATA_DIR } = getCtx().config;
    env = { DATA_DIR, ...(DATABASE_URL ? { DATABASE_URL } : {}) };
  });
  afterAll(() => app.close());

  it('--admin creates an admin who can sign in and use admin-only calls', async () => {
    const r = userCreate(['--username', 'cli_admin', '--password', 'cli-admin-pass', '--admin'], env);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/已创建用户 cli_admin（ID \d+，管理员）/);

    const res = await login(app, 'cli_admin', 'cli-admin-pass');
    expect(res.statusCode, res.body).toBe(200);
    const token = bodyOf<{ access_token: string }>(res).result.access_token;
    expect(bodyOf<{ roles: string[] }>(await current(app, token)).result.roles).toEqual(['admin']);
    const admin = await app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(admin.statusCode).toBe(200);
  });

  it('without --admin creates a normal user; a duplicate fails with a message and a non-zero exit', async () => {
    const r = userCreate(['--username', 'cli_user', '--password', 'cli-user-pass'], env);
    expect(r.status, r.stderr).toBe(0);
    const token = bodyOf<{ access_token: string }>(await login(app, 'cli_user', 'cli-user-pass')).result
      .access_token;
    expect(bodyOf<{ roles: string[] }>(await current(app, token)).result.roles).toEqual(['user']);

    const dup = userCreate(['--username', 'cli_user', '--password', 'another-pass', '--admin'], env);
    expect(dup.status).toBe(1);
    expect(dup.stderr).toContain('该用户名已被注册');
    const row = await getCtx()
      .db.selectFrom('users')
      .select('role')
      .where('username', '=', 'cli_user')
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
  });
});

/** Bad input is refused before any database is opened, so one run covers both kinds. */
it('npm run user:create: a short password or a missing one fails with a message and exit code 2, creating nothing', () => {
  const env = { DATA_DIR: '/nonexistent/paperdesk-user-create' };
  const short = userCreate(['--username', 'cli_short', '--password', 'short'], env);
  expect(short.status).toBe(2);
  expect(short.stderr).toContain('密码至少 8 位');
  const missing = userCreate(['--username', 'cli_nopass'], env);
  expect(missing.status).toBe(2);
  expect(missing.stderr).toContain('用法');
  expect(fs.existsSync(env.DATA_DIR)).toBe(false);
});
