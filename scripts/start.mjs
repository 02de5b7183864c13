import { spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';
import { ensureWebBuild } from './web-build.mjs';

/**
 * `npm start`: build the web app if its sources changed, then migrate and serve (SQLite under ./data by default).
 * A fresh clone (NODE_ENV and PAY_SANDBOX both unset) starts with the 测试支付 sandbox so the product can be
 * tried, and the server says so in a WARN line; an explicit NODE_ENV=production never gets it implicitly.
 * The first start on an empty library imports the bundled seed library (LIBRARY_SEED=auto) so 查重 finds
 * copying from day one; `serve` run directly (tests, systemd units) leaves it off unless asked.
 */
const root = path.resolve(import.meta.dirname, '..');
const trial = process.env.NODE_ENV === undefined && process.env.PAY_SANDBOX === undefined;
ensureWebBuild();
const child = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), 'serve'],
  {
    cwd: root,
    stdio: 'inherit',
    // LIBRARY_SEED=auto: the first start imports the bundled seed library when the library is empty
    env: {
      NODE_ENV: 'production',
      LIBRARY_SEED: 'auto',
      ...(trial ? { PAY_SANDBOX: 'true' } : {}),
      ...process.env,
    },
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
