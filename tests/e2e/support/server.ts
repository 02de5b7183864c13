import { type ChildProcess, execFile, type StdioOptions, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../../..');

/** POST/GET a JSON API call; returns the parsed envelope and status. */
export type Api = <T = unknown>(
  pathAndQuery: string,
  init?: { method?: string; body?: unknown; token?: string },
) => Promise<{ status: number; body: { code: number; message: string; result: T } }>;

export interface RunningServer {
  url: string;
  dataDir: string;
  pid: number;
  /** The process's exit code, null while it runs. */
  exitCode(): number | null;
  api: Api;
  stop(): Promise<void>;
}

/** The JSON API of the server (or proxy) at `url`. */
export const apiAt =
  (url: string): Api =>
  async <T>(pathAndQuery: string, init: Parameters<Api>[1] = {}) => {
    const res = await fetch(`${url}${pathAndQuery}`, {
      method: init.method ?? 'POST',
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as { code: number; message: string; result: T } };
  };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Server processes of this test process still running. A hook that failed or timed out can leave one its
 * afterAll never learned about (a start that finished after the timeout): they are killed when this process exits.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts the server and, beside it, something that can fail on its own (the browser). When either fails the
 * other is stopped before the error is thrown: nothing is left running for an afterAll that never got it.
 */
export async function startServerWith<T extends { close(): Promise<void> }>(
  env: Record<string, string>,
  other: () => Promise<T>,
): Promise<[RunningServer, T]> {
  const [server, beside] = await Promise.allSettled([startServer(env), other()]);
  if (server.status === 'fulfilled' && beside.status === 'fulfilled') return [server.value, beside.value];
  if (server.status === 'fulfilled') await server.value.stop();
  if (beside.status === 'fulfilled') await beside.value.close();
  throw server.status === 'rejected' ? server.reason : (beside as PromiseRejectedResult).reason;
}

/**
 * Spawns the real server process (`main.ts serve`) in production on `port` with its data in `dataDir`, with
 * the 测试支付 sandbox opted in (production refuses to start without a payment choice). `SERVER_NODE_ARGS` in the
 * environment adds Node options NODE_OPTIONS refuses, e.g. `--cpu-prof --cpu-prof-dir=prof` to profile a bench.
 */
export function spawnServer(
  port: number,
  dataDir: string,
  env: Record<string, string>,
  stdio: StdioOptions,
): ChildProcess {
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const main = path.join(root, 'apps/server/src/main.ts');
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', main, 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PAY_SANDBOX: 'true',
      ...env,
    },
    stdio,
  });
}

/** Starts the server process (spawnServer) on a free port with a fresh SQLite database and waits until it answers. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paperdesk-e2e-'));
  const child = spawnServer(port, dataDir, env, ['ignore', 'inherit', 'inherit']);
  running.add(child);
  child.once('exit', () => running.delete(child));
  const url = `http://127.0.0.1:${port}`;
  // a loaded machine (benches, hostile uploads) can take a while to load the server's modules
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`服务进程已退出（${child.exitCode}）`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      // not left behind to load an already busy machine further
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error('服务 120 秒内未就绪');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    pid: child.pid!,
    exitCode: () => child.exitCode,
    api: apiAt(url),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers a user through the API and returns its token. */
export async function registerUser(
  server: RunningServer,
  username: string,
  password = 'password123',
): Promise<string> {
  const r = await server.api<{ access_token: string }>('/api/base/login_api/f/register', {
    body: { username, password },
  });
  if (r.status !== 200) throw new Error(`注册失败: ${r.body.message}`);
  return r.body.result.access_token;
}

/** Starts a 查重 of `paper` on `server` (check_init, then check_submit); returns the record's id. */
export async function submitCheck(
  server: RunningServer,
  token: string,
  paper: { title: string; author: string; edition: 'standard' | 'professional'; text: string },
): Promise<number> {
  const init = await server.api<{ id: number }>('/api/base/check_api/check_init', { token, body: paper });
  if (init.status !== 200) throw new Error(`check_init: ${init.body.message}`);
  const submit = await server.api('/api/base/check_api/check_submit', {
    token,
    body: { id: init.body.result.id },
  });
  if (submit.status !== 200) throw new Error(`check_submit: ${submit.body.message}`);
  return init.body.result.id;
}

/**
 * Buys a package or a top-up in the sandbox as the phone on the pay page would: creates the order, pays it and
 * returns once it is credited (sandbox payments are fulfilled in the same call).
 */
export async function sandboxBuy(
  server: RunningServer,
  token: string,
  body: { topUpFen: number } | { packageId: number },
): Promise<void> {
  const order = await server.api<{ orderNo: string }>('/api/order/order_info_api/create_order', {
    token,
    body,
  });
  if (order.status !== 200) throw new Error(`下单失败: ${order.body.message}`);
  const paid = await server.api<{ status: string }>('/api/order/order_info_api/f/sandbox_pay', {
    body: { orderNo: order.body.result.orderNo },
  });
  if (paid.body.result?.status !== 'fulfilled') throw new Error(`测试支付未到账: ${paid.body.message}`);
}

/** A library record as `library:import` reads it from a .jsonl line. */
export interface LibraryRow {
  title: string;
  author: string;
  source: string;
  year: number;
  text: string;
}

/**
 * Puts `rows` in the running server's library through the real `library:import` command (against its database;
 * the server syncs before a check); returns what the command printed.
 */
export async function importLibrary(
  server: RunningServer,
  rows: LibraryRow[],
  file = 'library.jsonl',
): Promise<string> {
  const jsonl = path.join(server.dataDir, file);
  fs.writeFileSync(jsonl, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'library:import', '--', jsonl], {
    cwd: root,
    env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
  });
  return stdout;
}
