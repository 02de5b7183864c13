import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  apiAt,
  freePort,
  type RunningServer,
  registerUser,
  startServer,
} from '../../../tests/e2e/support/server.ts';
import { freshDatabaseUrl } from './support/databases.ts';

/**
 * Scale-out mode over real connections, as docs/deploy.md deploys it: PostgreSQL for data, Redis +
 * BullMQ for jobs, `migrate` and `library:seed` run once, two API processes that run no jobs
 * (JOBS_IN_PROCESS=false) behind nginx (deploy/nginx/paperdesk.conf, when nginx is installed), two
 * worker processes. A check is submitted through one API process, run by a worker and read through
 * the other; then the monitoring commands, backup and restore (deploy/backup.sh, deploy/restore.sh) and
 * the systemd units (systemd-analyze verify) are run. Timings are printed.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const deploy = path.join(root, 'deploy');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const main = path.join(root, 'apps/server/src/main.ts');

const SOURCE =
  '城市更新背景下老旧小区公共空间的适老化改造研究表明，居民参与是改造成功的关键因素。本文通过对十二个社区的实地调查，' +
  '发现步行环境、休憩设施与照明条件对老年人户外活动频率有显著影响，并据此提出分级分类的改造策略与长效管理机制。';
const ORIGINAL =
  '本研究另行讨论了数字技术在社区治理中的作用，认为线上议事平台能够降低参与门槛，但需要兼顾不会使用智能手机的群体。' +
  '在资金来源方面，作者比较了财政补贴、居民自筹与社会资本三种模式的可持续性，指出多元共担更有利于后期维护。' +
  '最后，文章结合访谈材料总结了基层工作人员在协调不同利益诉求时采用的沟通方法，为后续研究提供了案例基础。';

const timings: [string, number][] = [];
async function timed<T>(label: string, fn: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  const out = await fn();
  timings.push([label, Math.round(performance.now() - started)]);
  return out;
}

const which = (bin: string) =>
  ['/usr/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/sbin']
    .map((d) => path.join(d, bin))
    .find((p) => fs.existsSync(p)) ?? null;

describe('scale-out deployment (docs/deploy.md): PostgreSQL + Redis, nginx, API and worker processes', () => {
  let db: Awaited<ReturnType<typeof freshDatabaseUrl>>;
  let restored: Awaited<ReturnType<typeof freshDatabaseUrl>> | undefined;
  let apiA: RunningServer;
  let apiB: RunningServer;
  let workers: ChildProcess[] = [];
  let nginx: ChildProcess | null = null;
  let front: Api;
  let env: Record<string, string>;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'paperdesk-deploy-'));
  const cli = (args: string[], extra: Record<string, string> = {}) =>
    execFileSync(process.execPath, ['--import', 'tsx', main, ...args], {
      cwd: root,
      env: { ...process.env, ...env, DATA_DIR: db.dataDir, LOG_LEVEL: 'warn', ...extra },
      encoding: 'utf8',
    });

  beforeAll(async () => {
    db = await freshDatabaseUrl('postgres');
    env = {
      DATABASE_URL: db.url,
      REDIS_URL,
      JOBS_QUEUE: `scaleout_${randomBytes(4).toString('hex')}`,
      JOBS_IN_PROCESS: 'false',
      TRUST_PROXY: 'true',
      PAY_SANDBOX: 'true',
    };
    const migrated = await timed('npm run migrate (empty database)', () => cli(['migrate']));
    expect(migrated).toMatch(/已应用迁移: 0001_accounts/);
    expect(cli(['migrate'])).toMatch(/数据库已是最新/);
    const seeded = await timed('npm run library:seed', () => cli(['library:seed']));
    expect(seeded).toMatch(/新增 \d{4} 篇/);
    cli(['user:create', '--username', 'ops_admin', '--admin'], { PAPERDESK_PASSWORD: 'admin-password-1' });

    [apiA, apiB] = await timed('two API processes up (healthz)', () =>
      Promise.all([startServer(env), startServer(env)]),
    );
    workers = [1, 2].map((n) => {
      const dataDir = path.join(tmp, `worker-${n}`);
      fs.mkdirSync(dataDir);
      return spawn(process.execPath, ['--import', 'tsx', main, 'worker'], {
        cwd: root,
        env: { ...process.env, ...env, LOG_LEVEL: 'warn', DATA_DIR: dataDir },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
    });

    const nginxBin = which('nginx');
    front = apiAt(apiA.url);
    if (!nginxBin) {
      console.log('nginx 未安装：跳过 deploy/nginx/paperdesk.conf 的实测，直接访问 API 进程');
      return;
    }
    // deploy/nginx/paperdesk.conf as shipped, with the test's ports, inside a minimal nginx.conf
    const port = await freePort();
    const site = fs
      .readFileSync(path.join(deploy, 'nginx/paperdesk.conf'), 'utf8')
      .replace('127.0.0.1:8081', new URL(apiA.url).host)
      .replace('127.0.0.1:8082', new URL(apiB.url).host)
      .replace('listen 80;', `listen 127.0.0.1:${port};`);
    fs.writeFileSync(path.join(tmp, 'paperdesk.conf'), site);
    fs.writeFileSync(
      path.join(tmp, 'nginx.conf'),
      `pid ${tmp}/nginx.pid;\nerror_log ${tmp}/error.log warn;\nevents {}\nhttp {\n` +
        `  access_log ${tmp}/access.log;\n  client_body_temp_path ${tmp}/body;\n  proxy_temp_path ${tmp}/proxy;\n` +
        `  include ${tmp}/paperdesk.conf;\n}\n`,
    );
    execFileSync(nginxBin, ['-t', '-p', tmp, '-c', path.join(tmp, 'nginx.conf')], { stdio: 'pipe' });
    nginx = spawn(nginxBin, ['-p', tmp, '-c', path.join(tmp, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'inherit',
    });
    front = apiAt(`http://127.0.0.1:${port}`);
    const deadline = Date.now() + 10_000;
    while ((await front('/healthz', { method: 'GET' }).catch(() => null))?.status !== 200) {
      if (Date.now() > deadline) throw new Error('nginx 10 秒内未就绪');
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 180_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all([apiA?.stop(), apiB?.stop()]);
    await db?.drop();
    await restored?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
    console.log(
      `scale-out deployment timings (ms):\n${timings.map(([l, ms]) => `  ${l.padEnd(52)} ${ms}`).join('\n')}`,
    );
  });

  it('a paid check submitted through one API process is run by a worker and read through the other', async () => {
    const admin = await apiA.api<{ access_token: string }>('/api/base/login_api/f/login', {
      body: { username: 'ops_admin', password: 'admin-password-1' },
    });
    expect(admin.status).toBe(200);
    const imported = await apiA.api('/api/base/library_api/import', {
      token: admin.body.result.access_token,
      body: {
        documents: [
          {
            title: '老旧小区适老化改造研究',
            author: '王五',
            source: '城市规划学刊',
            year: 2021,
            text: SOURCE,
          },
        ],
      },
    });
    expect(imported.status).toBe(200);
    // the check page, through the balancer, sees the seed and the new document
    const size = await front<{ documents: number }>('/api/base/check_api/f/library_size');
    expect(size.body.result.documents).toBeGreaterThan(7000);

    const token = await registerUser(apiB, `student_${randomBytes(3).toString('hex')}`);
    const order = await apiB.api<{ orderNo: string }>('/api/order/order_info_api/create_order', {
      token,
      body: { topUpFen: 5000 },
    });
    expect(order.status).toBe(200);
    const paid = await apiA.api('/api/order/order_info_api/f/sandbox_pay', {
      body: { orderNo: order.body.result.orderNo },
    });
    expect(paid.status).toBe(200);

    const init = await apiB.api<{ id: number }>('/api/base/check_api/check_init', {
      token,
      body: { title: '社区治理研究', author: '学生', edition: 'standard', text: `${SOURCE}\n${ORIGINAL}` },
    });
    expect(init.status).toBe(200);
    const id = init.body.result.id;
    const submitted = performance.now();
    const submit = await apiB.api('/api/base/check_api/check_submit', { token, body: { id } });
    expect(submit.status).toBe(200);

    type Loaded = {
      status: string;
      metrics: { totalRatio: number; maxSingleSource: { title: string } | null } | null;
    };
    let record: Loaded | null = null;
    // the worker may still be loading the seed library's index (7,000+ documents) on a loaded machine
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      const r = await apiA.api<Loaded>(`/api/base/check_api/load_by_id?id=${id}`, { token });
      record = r.body.result;
      if (record.status === 'done' || record.status === 'failed') break;
      await new Promise((res) => setTimeout(res, 100));
    }
    timings.push([
      'check: submitted via API B → done, read via API A',
      Math.round(performance.now() - submitted),
    ]);
    expect(record?.status).toBe('done');
    expect(record?.metrics?.totalRatio).toBeGreaterThan(0.4);
    expect(record?.metrics?.maxSingleSource?.title).toBe('老旧小区适老化改造研究');
    const viaFront = await front<{ library: { documents: number } }>(
      `/api/base/check_api/report_paragraphs?id=${id}`,
      { method: 'GET', token },
    );
    expect(viaFront.body.result.library.documents).toBe(size.body.result.documents);

    // what docs/deploy.md says to monitor: queue depth in Redis, record states in PostgreSQL
    const redis = (...args: string[]) =>
      execFileSync('redis-cli', ['-u', REDIS_URL, ...args], { encoding: 'utf8' }).trim();
    const q = `bull:${env.JOBS_QUEUE}`;
    // the record is done before BullMQ moves its job (and the user-library add after it) out of `active`
    await expect.poll(() => redis('LLEN', `${q}:wait`)).toBe('0');
    await expect.poll(() => redis('LLEN', `${q}:active`)).toBe('0');
    expect(redis('ZCARD', `${q}:failed`)).toBe('0');
    expect(Number(redis('ZCARD', `${q}:completed`))).toBeGreaterThanOrEqual(1);
    const states = execFileSync(
      'psql',
      [db.url, '-Atc', 'select status, count(*) from check_records group by status order by status'],
      { encoding: 'utf8' },
    ).trim();
    expect(states).toBe('done|1');

    // the console's system page names the two worker processes consuming the queue, whichever API answers
    const system = await front<{ jobs: string; workers: { name: string }[] }>('/api/admin/system', {
      method: 'GET',
      token: admin.body.result.access_token,
    });
    expect(system.body.result.jobs).toBe('bullmq');
    expect(system.body.result.workers.map((w) => w.name).sort()).toEqual(
      workers.map((w) => `${os.hostname()}:${w.pid}`).sort(),
    );
  }, 200_000);

  it('backup and restore (deploy/backup.sh, deploy/restore.sh) carry records, reports and the library', async () => {
    const dump = path.join(tmp, 'paperdesk.dump');
    await timed('deploy/backup.sh (pg_dump)', () =>
      execFileSync(path.join(deploy, 'backup.sh'), [dump], { env: { ...process.env, DATABASE_URL: db.url } }),
    );
    restored = await freshDatabaseUrl('postgres');
    const target = restored.url;
    await timed('deploy/restore.sh (pg_restore) into an empty database', () =>
      execFileSync(path.join(deploy, 'restore.sh'), [dump], {
        env: { ...process.env, DATABASE_URL: target },
      }),
    );
    const count = (url: string, sql: string) =>
      execFileSync('psql', [url, '-Atc', sql], { encoding: 'utf8' }).trim();
    for (const sql of [
      'select count(*) from check_reports',
      'select count(*) from library_documents where deleted_at is null',
      'select count(*) from users',
      'select count(*) from kysely_migration',
    ]) {
      expect(count(target, sql), sql).toBe(count(db.url, sql));
    }
    // the restored database is current: migrate has nothing to do
    expect(
      execFileSync(process.execPath, ['--import', 'tsx', main, 'migrate'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: target, DATA_DIR: restored.dataDir },
        encoding: 'utf8',
      }),
    ).toMatch(/数据库已是最新/);
  }, 60_000);

  it('the systemd units of deploy/systemd (the shard unit too) pass systemd-analyze verify', () => {
    const analyze = which('systemd-analyze');
    if (!analyze) {
      console.log('systemd-analyze 未安装：跳过单元文件校验');
      return;
    }
    const units = path.join(tmp, 'units');
    fs.mkdirSync(units);
    for (const f of fs.readdirSync(path.join(deploy, 'systemd')))
      fs.copyFileSync(path.join(deploy, 'systemd', f), path.join(units, f));
    const r = spawnSync(
      analyze,
      [
        'verify',
        '--man=no',
        'paperdesk-migrate.service',
        'paperdesk-api@8081.service',
        'paperdesk-worker@1.service',
        'paperdesk-shard@0.service',
      ],
      { cwd: units, encoding: 'utf8' },
    );
    // verify exits 0 on unknown or misspelt settings and says so on stderr: both must be clean
    expect(r.status).toBe(0);
    expect(`${r.stdout}${r.stderr}`).toBe('');
  });
});
