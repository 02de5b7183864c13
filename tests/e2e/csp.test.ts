import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../apps/server/test/fakes/openai-server.ts';
import { securityModel } from '../../apps/server/test/security/records.ts';
import { draft as writingDraft } from '../../apps/server/test/writing/support.ts';
import { routes } from '../../apps/web/src/router/routes.tsx';
import type { AppRoute } from '../../apps/web/src/router/types.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type CspViolation, collectCspViolations } from './support/csp.ts';
import { registerUser, type RunningServer, sandboxBuy, startServerWith } from './support/server.ts';

/**
 * The strict Content-Security-Policy against the real built app: every page of the web route table
 * (read from the route tree, so a new page is visited without anyone listing it), signed in
 * and as a guest, plus the server-rendered phone pages and Swagger UI. No violation may be reported.
 */
const root = path.resolve(import.meta.dirname, '../..');
let server: RunningServer;
let browser: Browser;
let fake: FakeOpenAi;
let token: string;
let webCopy: string;
const ids: Record<string, number> = {};

/** Every page of the web route tree (`apps/web/src/router/routes.tsx`, the only declaration). */
function webRoutePaths(): string[] {
  const paths = new Set<string>();
  const walk = (records: AppRoute[]) => {
    for (const r of records) {
      if (r.page) paths.add(r.path);
      if (r.children) walk(r.children);
    }
  };
  walk(routes);
  return [...paths].sort();
}

/** Which record a parametrised page shows. */
const PARAMS: Record<string, () => string> = {
  '/aigccheck/content/:id': () => `/aigccheck/content/${ids.aigc}`,
  '/aippt/ppttype/:id': () => `/aippt/ppttype/${ids.ppt}`,
  '/machine/content/:id': () => `/machine/content/${ids.machine}`,
  '/machine/submit/:id': () => `/machine/submit/${ids.machine}`,
  '/paper/report/:id': () => `/paper/report/${ids.check}`,
  '/paper/submit/:id': () => `/paper/submit/${ids.check}`,
  '/papermachine/content/:id': () => `/papermachine/content/${ids.reduce}`,
  '/paperwirte/content/:id': () => `/paperwirte/content/${ids.paper}`,
  '/paperwirte/wirte/:id': () => `/paperwirte/wirte/${ids.paper}`,
  '/redirect/*': () => '/redirect/home',
};

function concretePaths(): string[] {
  const all = webRoutePaths();
  const unknown = all.filter((p) => /[:*]/.test(p) && !PARAMS[p]);
  if (unknown.length)
    throw new Error(`这些页面路径带参数但没有示例记录（在 PARAMS 中补上）: ${unknown.join(', ')}`);
  return all.map((p) => PARAMS[p]?.() ?? p);
}

async function api<T>(url: string, body?: unknown): Promise<T> {
  const r = await server.api<T>(url, { token, ...(body !== undefined ? { body } : {}) });
  if (r.status !== 200) throw new Error(`${url}: ${r.status} ${r.body.message}`);
  return r.body.result;
}

const paper = (seed: number) =>
  Array.from(
    { length: 12 },
    (_, i) =>
      `第${seed}组第${i + 1}段：城市数字治理研究关注政策协同、数据共享与公共服务效率的提升路径，并讨论制度环境的影响。`,
  ).join('\n');

beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.respond(securityModel);
  webCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'paperdesk-web-'));
  fs.cpSync(path.join(root, 'apps/web/dist'), webCopy, { recursive: true });
  [server, browser] = await startServerWith(
    { WEB_DIST: webCopy, LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_API_KEY: 'sk-e2e' },
    launchBrowser,
  );
  token = await registerUser(server, 'csp_user');
  await sandboxBuy(server, token, { topUpFen: 100_000 });

  // One record of each kind the parametrised pages show, finished where the page shows a result.
  ids.check = (
    await api<{ id: number }>('/api/base/check_api/check_init', {
      title: '查重',
      author: '张三',
      text: paper(1),
    })
  ).id;
  await api('/api/base/check_api/check_submit', { id: ids.check });
  ids.aigc = (
    await api<{ id: number }>('/api/base/paper_aigc_api/machine_init', {
      title: 'AIGC',
      author: '张三',
      text: paper(2),
    })
  ).id;
  await api(`/api/base/paper_aigc_api/submit_check?id=${ids.aigc}`);
  ids.machine = (
    await api<{ id: number }>('/api/base/machine_api/machine_init', { title: '降重', text: paper(3) })
  ).id;
  await api('/api/base/machine_api/machine_submit', { id: ids.machine });
  ids.reduce = (
    await api<{ id: number }>('/api/base/paper_machine_api/machine_init', {
      title: '降AIGC',
      kind: 'aigc',
      text: paper(4),
    })
  ).id;
  await api(`/api/base/paper_machine_api/machine_submit?id=${ids.reduce}`);
  const ppt = await api<{ id: number }>('/api/base/ai_ppt_info_api/save_or_update', {
    topic: '城市更新中的社区治理研究',
    templateId: 'academic-blue',
    slideCount: 8,
    scene: 'defense',
  });
  ids.ppt = ppt.id;
  await api(`/api/base/ai_ppt_info_api/generate_outline?id=${ppt.id}`);
  await api(`/api/base/ai_ppt_info_api/submit_by_id?id=${ppt.id}`);
  const written = await api<{ id: number; outline: unknown }>(
    '/api/base/paper_info_api/query_paper_content',
    {
      type: 'outline',
      draft: writingDraft(),
    },
  );
  ids.paper = written.id;
  await api('/api/base/paper_info_api/paper_xueshu_submit', { id: written.id, outline: written.outline });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
  if (webCopy) fs.rmSync(webCopy, { recursive: true, force: true });
});

/** A fresh context with the collector attached before any page opens. */
async function watched(signedIn: boolean) {
  const { context, page } = await newPage(browser, signedIn ? { token } : {});
  const violations = await collectCspViolations(context);
  return { context, page, violations };
}

/** Opens a page and lets it settle: the app mounted, its first requests answered. */
async function visit(page: Page, url: string) {
  await page.goto(`${server.url}${url}`, { waitUntil: 'load' });
  await page.waitForFunction(() => (document.querySelector('#app')?.childElementCount ?? 0) > 0);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
}

const describeViolations = (v: CspViolation[]) =>
  v.map((x) => `${new URL(x.page).pathname}: ${x.directive} ${x.blocked} (${x.source})`);

describe('no CSP violations', () => {
  it('the collector sees a violation (an injected inline script is blocked and reported)', async () => {
    const { context, page, violations } = await watched(false);
    await visit(page, '/home');
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__pdInjected = true';
      document.body.append(s);
      return (window as unknown as { __pdInjected?: boolean }).__pdInjected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.some((v) => v.directive === 'script-src-elem')).toBe(true);
    await context.close();
  });

  for (const signedIn of [true, false]) {
    it(`every page of the route table ${signedIn ? 'signed in' : 'as a guest'}`, async () => {
      const pages = concretePaths();
      expect(pages.length).toBeGreaterThan(30);
      const { context, page, violations } = await watched(signedIn);
      // three tabs share the list: a visit mostly waits for the page to settle, so tabs overlap the waits
      const tabs = [page, await context.newPage(), await context.newPage()];
      await Promise.all(
        tabs.map(async (tab, i) => {
          for (const url of pages.filter((_, j) => j % tabs.length === i)) await visit(tab, url);
        }),
      );
      console.log(`CSP: ${pages.length} pages visited ${signedIn ? 'signed in' : 'as a guest'}`);
      expect(describeViolations(violations)).toEqual([]);
      await context.close();
    }, 240_000);
  }

  it('the sandbox pay page: its script runs (pays the order) without a violation', async () => {
    const order = await api<{ orderNo: string }>('/api/order/order_info_api/create_order', { topUpFen: 100 });
    const { context, page, violations } = await watched(false);
    await page.goto(`${server.url}/m/pay/${order.orderNo}`);
    await expect.poll(() => page.locator('#state').textContent()).toBe('待支付');
    await page.locator('#pay').click();
    await expect.poll(() => page.locator('#state').textContent()).toBe('支付成功，已到账。请回到电脑查看。');
    expect(describeViolations(violations)).toEqual([]);
    await context.close();
  });

  it('the phone QR login page, as a guest and signed in (confirms the desktop)', async () => {
    for (const signedIn of [false, true]) {
      const qr = await server.api<{ id: string }>('/api/base/login_api/f/login_qr_code');
      const { context, page, violations } = await watched(signedIn);
      await page.goto(`${server.url}/m/qr/${qr.body.result.id}`);
      if (signedIn) {
        await page.locator('#confirm').waitFor();
        // the phone must say this is the user's own computer before it may confirm (issue 22's phishing path)
        await page.locator('#ack').check();
        await page.locator('#btn-confirm').click();
        await page.locator('#done').waitFor();
      } else {
        await page.locator('#signin').waitFor();
      }
      expect(describeViolations(violations)).toEqual([]);
      await context.close();
    }
  });

  it('Swagger UI at /api/docs renders the API', async () => {
    const { context, page, violations } = await watched(false);
    await page.goto(`${server.url}/api/docs`);
    await page.getByText('PaperDesk API').first().waitFor();
    await page.locator('.opblock-tag').first().waitFor();
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    expect(describeViolations(violations)).toEqual([]);
    await context.close();
  });
});
