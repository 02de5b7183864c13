import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { createContext } from '../../src/context.ts';
import { openDatabase } from '../../src/db/index.ts';
import { freshDatabaseUrl, testConfig } from '../support/databases.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const FEATURES = ['feature.payment', 'feature.freeCheck', 'feature.llm'];

/**
 * The public `feature.*` entries tell every page what this site offers (payment mode, the free check, models).
 * The serving process writes them from its configuration; a command-line run with its own environment must not
 * (issue 22: `npm run user:create` rewrote them and pages announced the wrong payment mode).
 */
it('npm run user:create leaves the public feature entries as the server wrote them', async () => {
  const db = await freshDatabaseUrl('sqlite');
  const served = { DATABASE_URL: db.url, DATA_DIR: db.dataDir, FREE_CHECK_SELF_HOSTED_QR: 'true' };
  // read straight from the database: opening a context would be a start of its own
  const rows = async () => {
    const { db: conn } = openDatabase({ databaseUrl: db.url, dataDir: db.dataDir });
    try {
      return await conn
        .selectFrom('sysConfig')
        .select(['key', 'value'])
        .where('key', 'in', FEATURES)
        .orderBy('key')
        .execute();
    } finally {
      await conn.destroy();
    }
  };
  try {
    await (await createContext(testConfig(served))).close();
    const published = await rows();
    expect(published.map((r) => r.key)).toEqual([...FEATURES].sort());
    expect(published.find((r) => r.key === 'feature.freeCheck')?.value).toContain('"qrSignIn":true');

    // an operator's shell: another environment (no free check, no sandbox payments)
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/main.ts', 'user:create', '--username', 'cli_admin', '--admin'],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATABASE_URL: db.url,
          DATA_DIR: db.dataDir,
          PAY_SANDBOX: 'false',
          FREE_CHECK_SELF_HOSTED_QR: 'false',
          PAPERDESK_PASSWORD: 'cli-password-123',
          LLM_BASE_URL: '',
        },
        timeout: 120_000,
      },
    );
    expect(await rows()).toEqual(published);
  } finally {
    await db.drop();
  }
}, 180_000);
