import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Config, loadConfig, paymentStartupProblem, paySandboxRequested } from '../../src/config.ts';
import { createPaymentProviders } from '../../src/integrations/payments/index.ts';
import { freshApp } from '../support/databases.ts';
import { bearer, makeUser } from './helpers.ts';

/**
 * Issue 10 item 5: a deployment that forgets its payment keys must not give everything away through the
 * 测试支付 sandbox (its button credits real balance). The sandbox runs only when opted in.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const ALIPAY = {
  ALIPAY_APP_ID: '2021000000000000',
  ALIPAY_PRIVATE_KEY: keys.privateKey,
  ALIPAY_PUBLIC_KEY: keys.publicKey,
};
const cfg = (env: Record<string, string>): Config => loadConfig({ LOG_LEVEL: 'silent', ...env });

describe('payments config: when the sandbox runs', () => {
  it('reads PAY_SANDBOX as true, false or unset', () => {
    expect(cfg({}).PAY_SANDBOX).toBeUndefined();
    expect(cfg({ PAY_SANDBOX: '' }).PAY_SANDBOX).toBeUndefined();
    expect(cfg({ PAY_SANDBOX: 'true' }).PAY_SANDBOX).toBe(true);
    expect(cfg({ PAY_SANDBOX: '1' }).PAY_SANDBOX).toBe(true);
    expect(cfg({ PAY_SANDBOX: 'false' }).PAY_SANDBOX).toBe(false);
    expect(() => cfg({ PAY_SANDBOX: 'yes' })).toThrow(/PAY_SANDBOX/);
  });

  it('is on only when opted in, or by default in development', () => {
    expect(paySandboxRequested(cfg({}))).toBe(false); // NODE_ENV defaults to production
    expect(paySandboxRequested(cfg({ NODE_ENV: 'test' }))).toBe(false);
    expect(paySandboxRequested(cfg({ NODE_ENV: 'development' }))).toBe(true);
    expect(paySandboxRequested(cfg({ NODE_ENV: 'development', PAY_SANDBOX: 'false' }))).toBe(false);
    expect(paySandboxRequested(cfg({ NODE_ENV: 'production', PAY_SANDBOX: 'true' }))).toBe(true);
  });

  it('lists the sandbox provider only then, and never next to a real provider', () => {
    const kinds = (env: Record<string, string>) => [...createPaymentProviders(cfg(env)).keys()];
    expect(kinds({ NODE_ENV: 'test' })).toEqual([]);
    expect(kinds({ NODE_ENV: 'production', PAY_SANDBOX: 'false' })).toEqual([]);
    expect(kinds({ NODE_ENV: 'test', PAY_SANDBOX: 'true' })).toEqual(['sandbox']);
    expect(kinds({ NODE_ENV: 'development' })).toEqual(['sandbox']);
    expect(
      kinds({ NODE_ENV: 'production', PAY_SANDBOX: 'true', PUBLIC_URL: 'https://pay.test', ...ALIPAY }),
    ).toEqual(['alipay']);
  });

  it('refuses production without a real provider unless PAY_SANDBOX is chosen', () => {
    const problem = paymentStartupProblem(cfg({ NODE_ENV: 'production' }));
    expect(problem).toMatch(/拒绝启动/);
    for (const name of ['PAY_SANDBOX=true', 'PAY_SANDBOX=false', 'WECHATPAY_MCH_ID', 'ALIPAY_APP_ID'])
      expect(problem).toContain(name);
    expect(paymentStartupProblem(cfg({ NODE_ENV: 'production', PAY_SANDBOX: 'true' }))).toBeNull();
    expect(paymentStartupProblem(cfg({ NODE_ENV: 'production', PAY_SANDBOX: 'false' }))).toBeNull();
    expect(paymentStartupProblem(cfg({ NODE_ENV: 'production', ...ALIPAY }))).toBeNull();
    expect(paymentStartupProblem(cfg({ NODE_ENV: 'development' }))).toBeNull();
  });
});

describe('payments config: the real server process', () => {
  /** `main.ts serve` with only the given settings (none of the caller's payment variables). */
  function serve(env: Record<string, string>) {
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) => !/^(PAY_|WECHATPAY_|ALIPAY_|NODE_ENV$|PORT$|DATA_DIR$|DATABASE_URL$)/.test(k),
      ),
    );
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paperdesk-pay-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), 'serve'],
      {
        cwd: root,
        env: { ...inherited, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    return { child, output: () => output, dataDir };
  }

  it('exits non-zero with NODE_ENV=production and no payment choice, naming the variables to set', async () => {
    const { child, output, dataDir } = serve({ NODE_ENV: 'production' });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(code).not.toBe(0);
    expect(output()).toContain('拒绝启动');
    expect(output()).toContain('PAY_SANDBOX=true');
    expect(output()).toContain('WECHATPAY_MCH_ID');
    expect(output()).toContain('ALIPAY_APP_ID');
  }, 60_000);

  it('starts with PAY_SANDBOX=true and says plainly in a WARN line that payments are simulated', async () => {
    const { child, output, dataDir } = serve({ NODE_ENV: 'production', PAY_SANDBOX: 'true' });
    try {
      const deadline = Date.now() + 45_000;
      while (!output().includes('付款为模拟') && child.exitCode === null && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(child.exitCode).toBeNull();
      const line = output()
        .split('\n')
        .find((l) => l.includes('付款为模拟'));
      expect(line).toBeDefined();
      expect(JSON.parse(line!)).toMatchObject({ level: 40, msg: expect.stringContaining('不会扣款') });
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** One app on a fresh SQLite database with the given payment settings. */
function appWith(env: Record<string, string | undefined>) {
  const fresh = freshApp('sqlite', env, { app: true });
  return {
    ctx: fresh.ctx,
    post: async <T = unknown>(url: string, token?: string, payload?: Record<string, unknown>) => {
      const res = await fresh.app().inject({
        method: 'POST',
        url,
        headers: token ? bearer(token) : {},
        ...(payload ? { payload } : {}),
      });
      return { status: res.statusCode, body: res.json() as { code: number; message: string; result: T } };
    },
    get: (url: string) => fresh.app().inject({ method: 'GET', url }),
  };
}

const ORDER = '/api/order/order_info_api';
const FEATURE = '/api/base/ai_sys_config_api/f/load_by_id?id=feature.payment';

describe('payments over HTTP: sandbox not opted in', () => {
  const t = appWith({ PAY_SANDBOX: undefined });

  it('lists no sandbox, refuses to create orders with a Chinese message, and has no sandbox page', async () => {
    const user = await makeUser(t.ctx());
    expect((await t.post(`${ORDER}/f/payment_methods`)).body.result).toEqual([]);
    const created = await t.post(`${ORDER}/create_order`, user.token, { topUpFen: 1000 });
    expect(created.status).toBe(503);
    expect(created.body).toMatchObject({
      code: 503,
      message: '暂未开通在线支付，请联系管理员',
      result: null,
    });
    const asked = await t.post(`${ORDER}/create_order`, user.token, {
      topUpFen: 1000,
      provider: 'sandbox',
    });
    expect(asked.status).toBe(503);
    const pay = await t.post(`${ORDER}/f/sandbox_pay`, undefined, { orderNo: 'P2025000000000000' });
    expect(pay.status).toBe(404);
    expect(pay.body.message).toBe('测试支付未启用');
    expect((await t.get('/m/pay/P2025000000000000')).statusCode).toBe(404);
    expect((await t.ctx().billing.wallet(user.id)).balance).toBe(0);
    expect((await t.post<{ value: unknown }>(FEATURE)).body.result.value).toEqual({
      providers: [],
      sandbox: false,
      notice: '暂未开通在线支付',
    });
  });
});

describe('payments over HTTP: sandbox opted in (PAY_SANDBOX=true)', () => {
  const t = appWith({ PAY_SANDBOX: 'true' });

  it('lists the sandbox, marks its orders, shows the banner on its page and tells pages it is simulated', async () => {
    const user = await makeUser(t.ctx());
    expect((await t.post(`${ORDER}/f/payment_methods`)).body.result).toEqual([
      { provider: 'sandbox', label: '测试支付', sandbox: true, default: true },
    ]);
    const created = await t.post<{ orderNo: string }>(`${ORDER}/create_order`, user.token, {
      topUpFen: 1000,
    });
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({ sandbox: true, status: 'created' });
    const page = await t.get(`/m/pay/${created.body.result.orderNo}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('测试支付：未配置真实支付渠道，付款为模拟，不会扣款');
    const paid = await t.post(`${ORDER}/f/sandbox_pay`, undefined, { orderNo: created.body.result.orderNo });
    expect(paid.status).toBe(200);
    expect((await t.ctx().billing.wallet(user.id)).balance).toBe(1000);
    expect((await t.post<{ value: unknown }>(FEATURE)).body.result.value).toEqual({
      providers: ['sandbox'],
      sandbox: true,
      notice: '测试支付：未配置真实支付渠道，付款为模拟，不会扣款',
    });
  });
});
