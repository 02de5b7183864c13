import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CheckRecord } from '@paperdesk/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type RunningServer,
  registerUser,
  sandboxBuy,
  startServer,
  submitCheck,
} from '../../../tests/e2e/support/server.ts';
import { repoRoot } from '../src/config.ts';
import { documentText } from './check/support.ts';

const run = promisify(execFile);

/**
 * `npm run backup` while the real server serves, `npm run restore` into a fresh DATA_DIR, a server on the
 * restored data: a check finished before the backup is there with its report, a check made after it is not
 * there at all, and one that was running while the backup was taken is either absent or finishes.
 * (Two server starts, four CLI runs and three checks: minutes on a loaded 2-core machine, hence the timeout.)
 */
describe('embedded backup and restore', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'paperdesk-backup-'));
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const username = 'backup_user';

  const submitPaper = (server: RunningServer, token: string, seed: number): Promise<number> =>
    submitCheck(server, token, {
      title: `备份测试 ${seed}`,
      author: '备份',
      edition: 'standard',
      text: documentText(seed, 4, 5),
    });

  async function record(server: RunningServer, token: string, id: number) {
    return server.api<CheckRecord>(`/api/base/check_api/load_by_id?id=${id}`, { token });
  }

  async function untilDone(server: RunningServer, token: string, id: number): Promise<CheckRecord> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const r = await record(server, token, id);
      if (r.body.result?.status === 'done' || r.body.result?.status === 'failed') return r.body.result;
      if (Date.now() > deadline)
        throw new Error(`check ${id} not done in 2 minutes (${r.body.result?.status})`);
      await new Promise((res) => setTimeout(res, 300));
    }
  }

  const npm = (script: string, args: string[], env: Record<string, string>) =>
    run('npm', ['run', '--silent', script, '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', ...env },
    });

  it('a check from before the backup is readable after the restore; one made after it is not there', async () => {
    const server = await startServer();
    servers.push(server);
    const token = await registerUser(server, username);
    await sandboxBuy(server, token, { topUpFen: 100_000 });
    const before = await submitPaper(server, token, 501);
    expect((await untilDone(server, token, before)).status).toBe('done');
    const reportBefore = await server.api<{ metrics: unknown }>(
      `/api/base/check_api/report_paragraphs?id=${before}`,
      { method: 'GET', token },
    );
    expect(reportBefore.status).toBe(200);

    // a check in flight while the snapshot is taken, and the server answering throughout
    const during = await submitPaper(server, token, 502);
    const backupDir = path.join(tmp, 'snapshot');
    const [{ stdout }, health] = await Promise.all([
      npm('backup', [backupDir], { DATA_DIR: server.dataDir }),
      fetch(`${server.url}/healthz`).then((r) => r.status),
    ]);
    expect(stdout).toContain(`已备份到 ${backupDir}`);
    expect(health).toBe(200);
    expect(fs.readdirSync(backupDir).sort()).toEqual(['backup.json', 'paperdesk.db']);
    const after = await submitPaper(server, token, 503);
    expect((await untilDone(server, token, after)).status).toBe('done');
    await untilDone(server, token, during);

    // a restore never writes over a database
    await expect(npm('restore', [backupDir], { DATA_DIR: server.dataDir })).rejects.toThrow(/已存在/);

    const restoredDir = path.join(tmp, 'restored');
    const restore = await npm('restore', [backupDir], { DATA_DIR: restoredDir });
    expect(restore.stdout).toContain(`恢复到 ${restoredDir}`);
    const restored = await startServer({ DATA_DIR: restoredDir });
    servers.push(restored);
    const login = await restored.api<{ access_token: string }>('/api/base/login_api/f/login', {
      body: { username, password: 'password123' },
    });
    expect(login.status, login.body.message).toBe(200);
    const again = login.body.result.access_token;

    const kept = await record(restored, again, before);
    expect(kept.body.result.status).toBe('done');
    const reportAfter = await restored.api<{ metrics: unknown }>(
      `/api/base/check_api/report_paragraphs?id=${before}`,
      { method: 'GET', token: again },
    );
    expect(reportAfter.status).toBe(200);
    expect(reportAfter.body.result.metrics).toEqual(reportBefore.body.result.metrics);

    expect((await record(restored, again, after)).status).toBe(404);
    // the one in flight: the snapshot holds it queued or running (the restored server finishes it) or done
    // with its report, never done without one
    const inFlight = await record(restored, again, during);
    if (inFlight.status === 200) {
      expect((await untilDone(restored, again, during)).status).toBe('done');
      const r = await restored.api(`/api/base/check_api/report_paragraphs?id=${during}`, {
        method: 'GET',
        token: again,
      });
      expect(r.status).toBe(200);
    }
  }, 600_000);
});
