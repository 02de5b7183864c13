import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, registerUser, startServer } from '../../../tests/e2e/support/server.ts';
import { freshDatabaseUrl } from './support/databases.ts';

/**
 * Scale-out mode over real connections: PostgreSQL for data, Redis + BullMQ for jobs, two API
 * processes that run no jobs (JOBS_IN_PROCESS=false) and a separate worker process. A library
 * document imported through one API node is found by a check submitted through the other and run
 * by the worker.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const SOURCE =
  '城市更新背景下老旧小区公共空间的适老化改造研究表明，居民参与是改造成功的关键因素。本文通过对十二个社区的实地调查，' +
  '发现步行环境、休憩设施与照明条件对老年人户外活动频率有显著影响，并据此提出分级分类的改造策略与长效管理机制。';
const ORIGINAL =
  '本研究另行讨论了数字技术在社区治理中的作用，认为线上议事平台能够降低参与门槛，但需要兼顾不会使用智能手机的群体。' +
  '在资金来源方面，作者比较了财政补贴、居民自筹与社会资本三种模式的可持续性，指出多元共担更有利于后期维护。' +
  '最后，文章结合访谈材料总结了基层工作人员在协调不同利益诉求时采用的沟通方法，为后续研究提供了案例基础。';

describe('scale-out: PostgreSQL + Redis, API and worker processes', () => {
  let db: Awaited<ReturnType<typeof freshDatabaseUrl>>;
  let apiA: RunningServer;
  let apiB: RunningServer;
  let worker: ChildProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await freshDatabaseUrl('postgres');
    env = {
      DATABASE_URL: db.url,
      REDIS_URL,
      JOBS_QUEUE: `scaleout_${randomBytes(4).toString('hex')}`,
      JOBS_IN_PROCESS: 'false',
      PAY_SANDBOX: 'true',
    };
    [apiA, apiB] = await Promise.all([startServer(env), startServer(env)]);
    worker = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), 'worker'],
      {
        cwd: root,
        env: { ...process.env, ...env, LOG_LEVEL: 'warn', DATA_DIR: db.dataDir },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(root, 'apps/server/src/main.ts'),
        'user:create',
        '--username',
        'ops_admin',
        '--admin',
      ],
      {
        cwd: root,
        env: { ...process.env, ...env, PAPERDESK_PASSWORD: 'admin-password-1', DATA_DIR: db.dataDir },
      },
    );
  }, 120_000);

  afterAll(async () => {
    worker?.kill('SIGTERM');
    await Promise.all([apiA?.stop(), apiB?.stop()]);
    await db?.drop();
  });

  it('runs a paid check end to end across processes', async () => {
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
    const submit = await apiB.api(`/api/base/check_api/check_submit`, { token, body: { id } });
    expect(submit.status).toBe(200);

    type Loaded = {
      status: string;
      metrics: { totalRatio: number; maxSingleSource: { title: string } | null } | null;
    };
    let record: Loaded | null = null;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const r = await apiA.api<Loaded>(`/api/base/check_api/load_by_id?id=${id}`, { token });
      record = r.body.result;
      if (record.status === 'done' || record.status === 'failed') break;
      await new Promise((res) => setTimeout(res, 300));
    }
    expect(record?.status).toBe('done');
    expect(record?.metrics?.totalRatio).toBeGreaterThan(0.4);
    expect(record?.metrics?.maxSingleSource?.title).toBe('老旧小区适老化改造研究');
  });
});
