import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { createContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';
import { applyDelta } from '../../src/services/billing/ledger.ts';

/**
 * The app a benchmark script drives: in-process, a fresh SQLite database in a temporary folder (`name`-…), the
 * local queue's workers started; `close()` stops it and removes its folder.
 */
export async function benchApp(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const ctx = await createContext(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PAY_SANDBOX: 'true',
      DATABASE_URL: `sqlite:${dir}/b.db`,
      DATA_DIR: dir,
    }),
  );
  const app = await buildApp(ctx);
  await ctx.jobs.startWorkers();
  /** A fresh user with `delta` on `account`; returns a caller of the POST routes under `prefix` as that user. */
  const user = async (
    prefix: string,
    account: Parameters<typeof applyDelta>[1]['account'],
    delta: number,
  ) => {
    const userId = await ctx.accounts.register({
      username: `b_${randomBytes(4).toString('hex')}`,
      password: 'password-123',
    });
    const headers = { authorization: `Bearer ${await ctx.accounts.issueToken(userId, 'password')}` };
    await applyDelta(ctx.db, {
      userId,
      account,
      delta,
      reason: 'adjust',
      refType: 'bench',
      refId: '1',
      idemKey: `bench:${randomBytes(6).toString('hex')}`,
    });
    return async <T>(url: string, payload?: object): Promise<T> =>
      (
        await app.inject({
          method: 'POST',
          url: `${prefix}/${url}`,
          headers,
          ...(payload ? { payload } : {}),
        })
      ).json().result as T;
  };
  const close = async () => {
    await app.close();
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { ctx, app, user, close };
}
