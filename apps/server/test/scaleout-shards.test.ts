import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { shardOf } from '@paperdesk/plagiarism';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningServer,
  registerUser,
  sandboxBuy,
  startServer,
  submitCheck,
} from '../../../tests/e2e/support/server.ts';
import { freshDatabaseUrl } from './support/databases.ts';

/**
 * The library over shards (issue 28) as docs/deploy.md §3a deploys it, on the real PostgreSQL and Redis: two
 * shard workers (`worker --shard 0|1`, LIBRARY_SHARDS=2) and a check worker holding no library, beside one
 * unsharded deployment (LIBRARY_SHARDS=1: its worker holds the whole library) on the same database. The same
 * paper checked through both gives the same report; the shards follow an add and a delete made after they were
 * ready; a shard killed with SIGKILL makes the check wait, retry and fail with exactly one refund; restarted, it
 * loads its saved folder and the check runs again. Timings are printed.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const main = path.join(root, 'apps/server/src/main.ts');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIBRARY_SIZE = 400;
/** How long a sharded check waits for a shard here (60 s by default; long enough for a loaded machine). */
const SHARD_TIMEOUT_MS = 8000;

interface SeedRow {
  title: string;
  author: string;
  source: string;
  year: number | null;
  text: string;
}

const timings: [string, number][] = [];
const since = (started: number) => Math.round(performance.now() - started);

type ShardRow = { shard: number; state: string; documents: number; characters: number; rssBytes: number };
type Report = Record<string, unknown> & {
  sources: { documentId: number }[];
  metrics: { totalRatio: number };
};

describe('the library over two shard workers (LIBRARY_SHARDS=2) against one index, PostgreSQL + Redis', () => {
  let db: Awaited<ReturnType<typeof freshDatabaseUrl>>;
  let whole: RunningServer;
  let sharded: RunningServer;
  const procs = new Map<string, ChildProcess>();
  const output = new Map<string, string>();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'paperdesk-shards-'));
  const tag = randomBytes(4).toString('hex');
  let adminToken: string;
  let token: string;
  let seeds: SeedRow[];
  let ids: number[];
  let base: Record<string, string>;
  const wholeEnv = () => ({ ...base, JOBS_QUEUE: `whole_${tag}`, LIBRARY_SHARDS: '1' });
  const shardEnv = () => ({ ...base, JOBS_QUEUE: `sharded_${tag}`, LIBRARY_SHARDS: '2' });

  /** A worker process (`worker` or `worker --shard i`) with its own DATA_DIR (`dir`); its output is kept. */
  function start(name: string, env: Record<string, string>, args: string[] = [], dir = name) {
    const dataDir = path.join(tmp, dir);
    fs.mkdirSync(dataDir, { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', main, 'worker', ...args], {
      cwd: root,
      env: { ...process.env, ...env, LOG_LEVEL: 'info', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    output.set(name, '');
    const keep = (b: Buffer) => output.set(name, output.get(name) + b.toString());
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    procs.set(name, child);
    return child;
  }

  async function shards(): Promise<ShardRow[]> {
    const r = await sharded.api<{ shards: ShardRow[] }>('/api/admin/system', {
      method: 'GET',
      token: adminToken,
    });
    return r.body.result.shards;
  }

  async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 150_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const got = await probe();
      if (got !== undefined) return got;
      if (Date.now() > deadline)
        throw new Error(
          `${what}：${ms} ms 内未发生\n${[...output].map(([n, o]) => `--- ${n}\n${o.slice(-2000)}`).join('\n')}`,
        );
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function finished(server: RunningServer, id: number): Promise<{ status: string; message: string }> {
    return until(`检测 ${id} 结束`, async () => {
      const r = await server.api<{ status: string; message: string }>(
        `/api/base/check_api/load_by_id?id=${id}`,
        {
          token,
        },
      );
      const s = r.body.result.status;
      return s === 'done' || s === 'failed' ? r.body.result : undefined;
    });
  }

  async function report(server: RunningServer, id: number): Promise<Report> {
    const r = await server.api<Report>(`/api/base/check_api/report_paragraphs?id=${id}`, {
      method: 'GET',
      token,
    });
    expect(r.status).toBe(200);
    // what differs between two runs of the same check: the record, when and how long
    const { recordId: _r, checkedAt: _c, elapsedMs: _e, ...rest } = r.body.result;
    return rest as Report;
  }

  /** Library documents the paper copies from: two of each shard's (by their ids), the last one deleted before checking. */
  let copied: number[];
  /** The paper: passages of those documents and of one added after the shards were up, and its own text. */
  const paper = (added: string) =>
    [
      seeds[copied[0]!]!.text.slice(0, 160),
      '本文在上述研究的基础上，结合作者所在单位近三年的实践记录，讨论了方法在工程应用中的局限与改进方向。',
      seeds[copied[1]!]!.text.slice(0, 200),
      added,
      seeds[copied[2]!]!.text.slice(20, 220),
      '最后，作者对比了不同参数设置下的结果，认为在数据质量较差时应优先保证流程的可追溯性。',
      seeds[copied[3]!]!.text.slice(0, 120),
    ].join('\n');

  beforeAll(async () => {
    db = await freshDatabaseUrl('postgres');
    base = {
      DATABASE_URL: db.url,
      REDIS_URL,
      JOBS_IN_PROCESS: 'false',
      PAY_SANDBOX: 'true',
      LIBRARY_SHARD_TIMEOUT_MS: String(SHARD_TIMEOUT_MS),
      LIBRARY_SHARD_HEARTBEAT_MS: '500',
    };
    execFileSync(process.execPath, ['--import', 'tsx', main, 'migrate'], {
      cwd: root,
      env: { ...process.env, ...base, DATA_DIR: db.dataDir, LOG_LEVEL: 'warn' },
    });
    execFileSync(
      process.execPath,
      ['--import', 'tsx', main, 'user:create', '--username', 'ops_admin', '--admin'],
      {
        cwd: root,
        env: {
          ...process.env,
          ...base,
          DATA_DIR: db.dataDir,
          LOG_LEVEL: 'warn',
          PAPERDESK_PASSWORD: 'admin-password-1',
        },
      },
    );
    let started = performance.now();
    [whole, sharded] = await Promise.all([startServer(wholeEnv()), startServer(shardEnv())]);
    timings.push(['two API processes up (K=1, K=2)', since(started)]);
    const login = await whole.api<{ access_token: string }>('/api/base/login_api/f/login', {
      body: { username: 'ops_admin', password: 'admin-password-1' },
    });
    adminToken = login.body.result.access_token;
    // the first documents of the bundled seed library (CSL abstracts) make the library
    seeds = gunzipSync(fs.readFileSync(path.join(root, 'apps/server/seed/csl-library.jsonl.gz')))
      .toString('utf8')
      .split('\n')
      .slice(0, LIBRARY_SIZE + 1)
      .map((line) => JSON.parse(line) as SeedRow);
    const imported = await whole.api<{ ids: number[] }>('/api/base/library_api/import', {
      token: adminToken,
      body: { documents: seeds.slice(0, LIBRARY_SIZE).map(({ year, ...d }) => (year ? { ...d, year } : d)) },
    });
    expect(imported.status).toBe(200);
    ids = imported.body.result.ids;
    expect(ids).toHaveLength(LIBRARY_SIZE);
    const ofShard = (shard: number, from: number) =>
      ids.findIndex((id, i) => i >= from && shardOf(String(id), 2) === shard);
    copied = [ofShard(0, 3), ofShard(1, 50), ofShard(0, 200), ofShard(1, 300)];

    started = performance.now();
    start('shard-0', shardEnv(), ['--shard', '0']);
    start('shard-1', shardEnv(), ['--shard', '1']);
    start('worker-sharded', shardEnv());
    start('worker-whole', wholeEnv());
    const up = await until('两个分片就绪', async () => {
      const rows = await shards();
      return rows.every((s) => s.state === 'ready') ? rows : undefined;
    });
    timings.push(['two shard workers built from the database (ready)', since(started)]);
    expect(up.map((s) => s.shard)).toEqual([0, 1]);
    // each shard holds its part only, by shardOf over the ids: the two parts make the library
    for (const s of up)
      expect(s.documents).toBe(ids.filter((id) => shardOf(String(id), 2) === s.shard).length);
    expect(up[0]!.documents + up[1]!.documents).toBe(LIBRARY_SIZE);
    expect(up.every((s) => s.characters > 0 && s.rssBytes > 0)).toBe(true);

    token = await registerUser(whole, `student_${tag}`);
    await sandboxBuy(whole, token, { topUpFen: 50_000 });
  }, 300_000);

  afterAll(async () => {
    for (const p of procs.values()) if (p.exitCode === null) p.kill('SIGKILL');
    await Promise.all([whole?.stop(), sharded?.stop()]);
    // this test's queues and heartbeats in the shared Redis
    const keys = execFileSync('redis-cli', ['-u', REDIS_URL, '--scan', '--pattern', `*_${tag}*`], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    if (keys.length) execFileSync('redis-cli', ['-u', REDIS_URL, 'del', ...keys]);
    await db?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
    console.log(
      `sharded library timings (ms):\n${timings.map(([l, ms]) => `  ${l.padEnd(56)} ${ms}`).join('\n')}`,
    );
  });

  let added: { id: number; text: string };
  let sameReport: Report;

  it('the same paper gives the same report over two shards as over one index, adds and deletes followed', async () => {
    // after the shards are up: one document added (to be found), one deleted (never to be found)
    const text = seeds[LIBRARY_SIZE]!.text.slice(0, 180);
    const put = await whole.api<{ ids: number[] }>('/api/base/library_api/import', {
      token: adminToken,
      body: { documents: [{ title: seeds[LIBRARY_SIZE]!.title, author: '', source: '测试', text }] },
    });
    added = { id: put.body.result.ids[0]!, text };
    const deleted = ids[copied[3]!]!;
    expect(
      (await whole.api(`/api/base/library_api/delete?id=${deleted}`, { token: adminToken })).status,
    ).toBe(200);

    const body = { title: '分片对照', author: '学生', edition: 'professional' as const, text: paper(text) };
    let started = performance.now();
    const onWhole = await submitCheck(whole, token, body);
    expect((await finished(whole, onWhole)).status).toBe('done');
    timings.push(['check on one index (K=1), submit → done', since(started)]);
    started = performance.now();
    const onShards = await submitCheck(sharded, token, body);
    expect((await finished(sharded, onShards)).status).toBe('done');
    timings.push(['check over two shards (K=2), submit → done', since(started)]);

    const one = await report(whole, onWhole);
    const two = await report(sharded, onShards);
    // every figure, source, span and ratio
    expect(two).toEqual(one);
    const sources = one.sources.map((s) => s.documentId);
    expect(sources).toContain(added.id);
    for (const i of copied.slice(0, 3)) expect(sources).toContain(ids[i]);
    expect(sources).not.toContain(deleted);
    // the report's sources come from both shards
    expect(new Set(sources.map((id) => shardOf(String(id), 2)))).toEqual(new Set([0, 1]));
    expect(one.metrics.totalRatio).toBeGreaterThan(0.5);
    sameReport = two;
    // the heartbeats follow the add and the delete
    await until('分片心跳跟上增删', async () => {
      const rows = await shards();
      return rows[0]!.documents + rows[1]!.documents === LIBRARY_SIZE ? rows : undefined;
    });
  }, 300_000);

  it('a killed shard makes the check retry, then fail with exactly one refund; restarted, it loads its folder', async () => {
    const balance = async () =>
      Number(
        execFileSync(
          'psql',
          [
            db.url,
            '-Atc',
            `select amount from wallets w join users u on u.id = w.user_id where u.username = 'student_${tag}' and account = 'balance'`,
          ],
          { encoding: 'utf8' },
        ).trim(),
      );
    const before = await balance();
    procs.get('shard-1')!.kill('SIGKILL');
    const body = {
      title: '分片离线',
      author: '学生',
      edition: 'professional' as const,
      text: paper(added.text),
    };
    let started = performance.now();
    const id = await submitCheck(sharded, token, body);
    const failed = await finished(sharded, id);
    timings.push([
      `check with shard 1 killed → failed (${SHARD_TIMEOUT_MS} ms a wait, 2 attempts)`,
      since(started),
    ]);
    expect(failed.status).toBe('failed');
    // the check waited for the shard on each attempt: not a report from the other shard alone
    expect(since(started)).toBeGreaterThan(2 * SHARD_TIMEOUT_MS);
    const ledger = execFileSync(
      'psql',
      [
        db.url,
        '-Atc',
        `select reason, delta from ledger where ref_type = 'check' and ref_id = '${id}' order by id`,
      ],
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n');
    expect(ledger).toHaveLength(2);
    const [charge, refund] = ledger.map((l) => l.split('|'));
    expect(charge![0]).toBe('charge');
    expect(refund![0]).toBe('refund');
    expect(Number(refund![1])).toBe(-Number(charge![1]));
    expect(await balance()).toBe(before);
    // the system page says which shard is gone
    await until('分片 1 显示为 down', async () => ((await shards())[1]!.state === 'down' ? true : undefined));

    started = performance.now();
    start('shard-1-again', shardEnv(), ['--shard', '1'], 'shard-1');
    await until('分片 1 重新就绪', async () => ((await shards())[1]!.state === 'ready' ? true : undefined));
    timings.push(['shard 1 back after SIGKILL (start → ready)', since(started)]);
    // it opened the folder its first run saved, not the database
    expect(output.get('shard-1-again')).toMatch(/比对库分片 1\/2 的索引已从文件载入/);
    started = performance.now();
    const again = await submitCheck(sharded, token, { ...body, title: '分片恢复' });
    expect((await finished(sharded, again)).status).toBe('done');
    timings.push(['check over two shards again (shard 1 restarted), submit → done', since(started)]);
    const { title: _t, ...back } = await report(sharded, again);
    const { title: _s, ...same } = sameReport;
    expect(back).toEqual(same);
  }, 300_000);
});
