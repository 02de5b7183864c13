import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { registerUser, type RunningServer, startServerWith } from './support/server.ts';

/**
 * Login panel and /login against the real server (spec §2, §4, §5): QR polling cadence observed by
 * intercepting the validation calls, QR confirmation through the server's own confirm endpoint,
 * password login success and failure, logout. (Also issue 2's "sign in and see the user id".)
 */
const root = path.resolve(import.meta.dirname, '../..');
let server: RunningServer;
let browser: Browser;
let webCopy: string;

beforeAll(async () => {
  webCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'paperdesk-web-'));
  fs.cpSync(path.join(root, 'apps/web/dist'), webCopy, { recursive: true });
  [server, browser] = await startServerWith({ WEB_DIST: webCopy }, launchBrowser);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(webCopy, { recursive: true, force: true });
});

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;
const panel = (page: Page) => page.getByTestId('login-panel');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function userId(token: string): Promise<number> {
  const r = await server.api<{ id: number }>('/api/base/login_api/current', { token });
  return r.body.result.id;
}

interface Call {
  start: number;
  end: number;
  id: string;
}

/** Records every QR validation call (start and end times); optionally delays the answers. */
async function watchValidation(page: Page, delayMs = 0): Promise<Call[]> {
  const calls: Call[] = [];
  await page.route('**/api/base/login_api/f/val_login_qr_code**', async (route: Route) => {
    const call: Call = {
      start: Date.now(),
      end: Number.POSITIVE_INFINITY,
      id: new URL(route.request().url()).searchParams.get('id') ?? '',
    };
    calls.push(call);
    const response = await route.fetch();
    if (delayMs) await sleep(delayMs);
    call.end = Date.now();
    await route.fulfill({ response });
  });
  return calls;
}

function assertOneInFlight(calls: Call[]) {
  for (let i = 1; i < calls.length; i++) expect(calls[i]!.start).toBeGreaterThanOrEqual(calls[i - 1]!.end);
}

// The tests that mostly wait out polling ticks run side by side (each its own browser context); the cadence
// test, whose ±300 ms bounds a busy machine could stretch, runs on its own.
describe('QR polling (spec §4)', () => {
  it('validates every 3000 ± 300 ms while the panel is open, one call at a time', async () => {
    const { context, page } = await newPage(browser);
    const calls = await watchValidation(page);
    await page.goto(`${server.url}/home`);
    await expect.poll(() => calls.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
    const gaps = calls.slice(1, 4).map((c, i) => c.start - calls[i]!.start);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(2700);
      expect(gap).toBeLessThanOrEqual(3300);
    }
    assertOneInFlight(calls);
    expect(new Set(calls.map((c) => c.id)).size).toBe(1);
    expect(calls[0]!.id).toBe(await page.getByTestId('qr-image').getAttribute('data-qr-id'));
    await context.close();
  });

  it.concurrent('never starts a second validation while one is still waiting for its answer', async ({
    expect,
  }) => {
    const { context, page } = await newPage(browser);
    const calls = await watchValidation(page, 4500);
    await page.goto(`${server.url}/home`);
    await expect.poll(() => calls.length, { timeout: 25_000 }).toBeGreaterThanOrEqual(3);
    assertOneInFlight(calls.filter((c) => Number.isFinite(c.end)));
    // The 3000 ms ticks that fall inside a slow call are skipped: the next call starts at the first tick after it.
    const gap = calls[1]!.start - calls[0]!.start;
    expect(gap).toBeGreaterThanOrEqual(4500);
    expect(gap).toBeLessThanOrEqual(6300);
    await context.close();
  });

  it.concurrent('stops when the panel is closed (拒绝登录，随便看看)', async ({ expect }) => {
    const { context, page } = await newPage(browser);
    const calls = await watchValidation(page);
    await page.goto(`${server.url}/home`);
    await expect.poll(() => calls.length).toBeGreaterThanOrEqual(1);
    await page.getByTestId('refuse-login').click();
    await expect.poll(() => panel(page).isVisible()).toBe(false);
    const closedAt = Date.now();
    await sleep(4000);
    expect(calls.filter((c) => c.start > closedAt + 50)).toEqual([]);
    await context.close();
  });

  it.concurrent('signs in when the phone confirms, closes the panel and stops polling', async ({
    expect,
  }) => {
    const token = await registerUser(server, 'qr_phone_user');
    const id = await userId(token);
    const { context, page } = await newPage(browser);
    const calls = await watchValidation(page);
    await page.goto(`${server.url}/home`);
    const qr = page.getByTestId('qr-image');
    await expect.poll(() => qr.getAttribute('data-status')).toBe('ready');
    const qrId = await qr.getAttribute('data-qr-id');
    expect(qrId).toBeTruthy();
    // The phone: a signed-in user confirms this QR id on the server.
    const confirm = await server.api('/api/base/login_api/qr_confirm', { token, body: { id: qrId } });
    expect(confirm.status).toBe(200);
    await expect.poll(() => page.getByTestId('user-area').textContent()).toContain(`用户ID：${id}`);
    await expect.poll(() => panel(page).isVisible()).toBe(false);
    const signedInAt = Date.now();
    const stored = await page.evaluate(() => localStorage.getItem('Admin-Token'));
    expect(stored).toBeTruthy();
    expect(await userId(stored!)).toBe(id);
    await sleep(4000);
    expect(calls.filter((c) => c.start > signedInAt)).toEqual([]);
    await context.close();
  });

  it('refreshes the QR on click and on 刷新二维码', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/home`);
    const qr = page.getByTestId('qr-image');
    await expect.poll(() => qr.getAttribute('data-status')).toBe('ready');
    const first = await qr.getAttribute('data-qr-id');
    await qr.click();
    await expect.poll(() => qr.getAttribute('data-qr-id')).not.toBe(first);
    const second = await qr.getAttribute('data-qr-id');
    await page.getByTestId('qr-refresh').click();
    await expect.poll(() => qr.getAttribute('data-qr-id')).not.toBe(second);
    await context.close();
  });
});

describe('password login in the panel', () => {
  it('signs in with a trimmed username and shows 用户ID：{id}', async () => {
    const token = await registerUser(server, 'panel_user', 'password123');
    const id = await userId(token);
    const { context, page } = await newPage(browser);
    const loginUrls: string[] = [];
    page.on('request', (r) => r.url().includes('/f/login?') && loginUrls.push(r.url()));
    await page.goto(`${server.url}/home`);
    await expect.poll(() => panel(page).isVisible()).toBe(true);
    await page.getByPlaceholder('请输入用户名').fill('  panel_user ');
    await page.getByPlaceholder('请输入密码').fill('password123');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('user-area').textContent()).toContain(`用户ID：${id}`);
    await expect.poll(() => panel(page).isVisible()).toBe(false);
    expect(new URL(loginUrls[0]!).searchParams.get('username')).toBe('panel_user');
    await context.close();
  });

  it('on a wrong password clears loading, shows why, and stays signed out', async () => {
    await registerUser(server, 'panel_user2', 'password123');
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/home`);
    await page.getByPlaceholder('请输入用户名').fill('panel_user2');
    await page.getByPlaceholder('请输入密码').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('用户名或密码错误');
    expect(await page.getByTestId('login-submit').getAttribute('class')).not.toContain('ant-btn-loading');
    expect(await panel(page).isVisible()).toBe(true);
    expect(await page.getByTestId('navbar-login').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('Admin-Token'))).toBeNull();
    await context.close();
  });

  it('checks required fields on blur without message text, toggles the password and warns about caps lock', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/home`);
    const username = page.getByPlaceholder('请输入用户名');
    await username.focus();
    await page.getByPlaceholder('请输入密码').focus();
    const item = page.locator('.password-form__item[data-field="username"]');
    await expect.poll(() => item.getAttribute('class')).toContain('has-error');
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    expect((await item.innerText()).trim()).toBe('');
    await username.fill('someone');
    await expect.poll(() => item.getAttribute('class')).not.toContain('has-error');

    const password = page.getByPlaceholder('请输入密码');
    await password.fill('secret');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByTestId('toggle-password').click();
    expect(await password.getAttribute('type')).toBe('text');

    await password.focus();
    await page.keyboard.type('A');
    await expect
      .poll(() => page.locator('.ant-tooltip').filter({ hasText: '大写锁定已打开' }).isVisible())
      .toBe(true);
    await context.close();
  });

  it('links to /login and 拒绝登录，随便看看 only closes the panel', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/home`);
    await page.getByTestId('refuse-login').click();
    await expect.poll(() => panel(page).isVisible()).toBe(false);
    expect(pathOf(page)).toBe('/home');
    await page.getByTestId('navbar-login').click();
    await expect.poll(() => panel(page).isVisible()).toBe(true);
    await page.getByTestId('to-login-page').click();
    await expect.poll(() => pathOf(page)).toBe('/login');
    await context.close();
  });
});

describe('/login page', () => {
  it('signs in and returns to the redirect target', async () => {
    const token = await registerUser(server, 'page_user', 'password123');
    const id = await userId(token);
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/checkvip`);
    await expect.poll(() => pathOf(page)).toBe('/login?redirect=%2Fcheckvip');
    await page.getByPlaceholder('请输入用户名').fill('page_user');
    await page.getByPlaceholder('请输入密码').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('用户名或密码错误');
    await page.getByPlaceholder('请输入密码').fill('password123');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => pathOf(page)).toBe('/checkvip');
    await expect.poll(() => page.getByTestId('user-area').textContent()).toContain(`用户ID：${id}`);
    await context.close();
  });

  it('registers a new account and signs it in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByTestId('to-register').click();
    await page.getByPlaceholder('请输入用户名').fill('new_reader');
    await page.getByPlaceholder('密码至少 8 位').fill('reader-pass-1');
    await page.getByPlaceholder('请再次输入密码').fill('reader-pass-1');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => pathOf(page)).toBe('/home');
    await expect.poll(() => page.getByTestId('user-area').textContent()).toMatch(/用户ID：\d+/);
    await context.close();
  });

  it('logs out through the user menu: token revoked, tags cleared, back to /login?redirect=', async () => {
    const token = await registerUser(server, 'logout_user');
    const { context, page } = await newPage(browser, { token });
    await page.goto(`${server.url}/checkvip`);
    await page.getByTestId('user-area').click();
    await page.getByTestId('user-menu').getByText('退出登录').click();
    await expect.poll(() => pathOf(page)).toBe('/login?redirect=%2Fcheckvip');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('Admin-Token'))).toBeNull();
    const current = await server.api('/api/base/login_api/current', { token });
    expect(current.body.result).toBeNull();
    await context.close();
  });

  it('saves screenshots of /login and the login panel', async () => {
    for (const width of [1440, 390]) {
      const { context, page } = await newPage(browser, { width });
      await page.goto(`${server.url}/login`);
      await page.getByTestId('login-submit').waitFor();
      await screenshot(page, `login-${width}`);
      await context.close();
    }
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/home`);
    await expect.poll(() => page.getByTestId('qr-image').getAttribute('data-status')).toBe('ready');
    await expect.poll(async () => (await panel(page).boundingBox())?.width).toBe(500);
    await page.screenshot({ path: path.join(root, 'docs/screenshots/login-panel-1440.png') });
    await context.close();
  });
});
