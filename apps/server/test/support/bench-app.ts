import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { createContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';

/**
 * The app a benchmark script drives: in-process, a fresh SQLite database in a temporary folder (`name`-…), the
 * local queue's workers started; the script removes `dir` when it is done.
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
  return { dir, ctx, app };
}
