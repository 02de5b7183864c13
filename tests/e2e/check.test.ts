import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { importLibrary, registerUser, type RunningServer, startServer } from './support/server.ts';

/**
 * 查重 end to end: the library is filled with the real `library:import` command from CSL abstracts
 * (../shared/data, read at run time, never copied into the repo), a QR-login account uses its free
 * daily 专业版 check on a pasted paper that copies two abstracts and quotes a third, and the report
 * shows the ratio, the red spans and their sources.
 */
const root = path.resolve(import.meta.dirname, '../..');
const DATA = path.resolve(root, '../shared/data/csl_human_abstracts_zh/csl_1000_1500_4domain.json');
const available = fs.existsSync(DATA);
if (!available) console.log(`跳过查重端到端测试：找不到 ${DATA}（数据集不随仓库分发）`);

interface Abstract {
  title: string;
  abstract: string;
  domain: string[];
}

// Written for this test.
const INTRO =
  '近年来，随着高校信息化建设的推进，教学管理系统积累了大量数据，如何利用这些数据改进教学成为学界关注的问题。本文结合笔者所在学院的实践，讨论数据驱动的课程评价方法，并对其适用条件进行分析。';
const METHOD =
  '在研究方法上，本文先整理了近三个学期的课程评价问卷与成绩记录，再选取代表性课程进行访谈，力求把定量结果与师生的真实感受结合起来，避免只看分数得出片面的结论。';
const CONCLUSION =
  '总体而言，数据驱动的课程评价能够帮助教师及时发现教学中的薄弱环节，但它无法替代课堂上的直接交流。后续工作将扩大样本范围，并尝试把评价结果与教学改进措施对应起来。';

/**
 * Sign in by the self-hosted QR flow (the phone confirms): with FREE_CHECK_SELF_HOSTED_QR on, the
 * account then has the free daily check (one per device and network per day).
 */
async function qrToken(server: RunningServer, username: string): Promise<string> {
  const phoneToken = await registerUser(server, username);
  const start = await fetch(`${server.url}/api/base/login_api/f/login_qr_code`, { method: 'POST' });
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { result } = (await start.json()) as { result: { id: string } };
  const confirm = await server.api('/api/base/login_api/qr_confirm', {
    body: { id: result.id },
    token: phoneToken,
  });
  expect(confirm.status).toBe(200);
  const val = await fetch(
    `${server.url}/api/base/login_api/f/val_login_qr_code?id=${encodeURIComponent(result.id)}`,
    {
      method: 'POST',
      headers: { cookie },
    },
  );
  const body = (await val.json()) as { result: { access_token: string } | null };
  expect(body.result?.access_token).toBeTruthy();
  return body.result!.access_token;
}

/** Screenshots after antd's transitions (fade-ins, enabled buttons) have settled. */
const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(600);
  return screenshot(page, name);
};

describe.skipIf(!available)('查重: paste, free check, report', () => {
  let server: RunningServer;
  let browser: Browser;
  let token = '';
  let abstracts: Abstract[] = [];
  let paper = '';

  beforeAll(async () => {
    server = await startServer({ FREE_CHECK_SELF_HOSTED_QR: 'true' });
    const json = JSON.parse(fs.readFileSync(DATA, 'utf8')) as Record<string, Abstract[]>;
    abstracts = Object.values(json).flat();
    const rows = abstracts.map((a, i) => ({
      title: a.title,
      author: `作者${i + 1}`,
      source: a.domain.join('·'),
      year: 2012 + (i % 10),
      text: a.abstract.trim(),
    }));
    // the real command, against the running server's database; the server syncs before the check
    const stdout = await importLibrary(server, rows);
    expect(stdout).toMatch(/新增 2000 篇/);
    token = await qrToken(server, 'e2e_checker');
    browser = await launchBrowser();

    const a = abstracts[1510]!.abstract.trim();
    const b = abstracts[1720]!.abstract.trim();
    const quoted = abstracts[1600]!.abstract.trim().split('。')[0]!;
    paper = [
      '数据驱动的课程评价研究',
      '第一章 绪论',
      INTRO,
      a,
      '第二章 研究设计',
      METHOD,
      `已有研究指出，“${quoted}”[1]。`,
      b,
      '第三章 结论',
      CONCLUSION,
    ].join('\n');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in, pastes a paper, uses the free check, and reads the report', async () => {
    const { page, context } = await newPage(browser, { token, width: 1440, height: 900 });
    await page.goto(`${server.url}/papercheck/check`);
    await page.getByTestId('edition-professional').waitFor();
    await page.getByText('今天的免费专业版检测可用').waitFor();
    await page.getByText('粘贴文本').click();
    await page.getByTestId('ck-paste').fill(paper);
    const count = page.getByTestId('ck-count');
    await count.getByText('字符数').waitFor({ timeout: 15_000 });
    await expect(count.textContent()).resolves.toContain('免费');
    await expect(page.locator('#ck-title').inputValue()).resolves.toBe('数据驱动的课程评价研究');
    await page.locator('#ck-author').fill('李明');
    await shot(page, 'check-upload-1440');

    await page.getByTestId('ck-submit').click();
    await page.waitForURL(/\/paper\/submit\/\d+$/);
    await page.getByTestId('pay-box').waitFor();
    await expect(page.getByTestId('payable').textContent()).resolves.toBe('¥0');
    // the free check is the cheapest way, preselected in the pay choice
    await expect(page.getByTestId('pay-way-free').locator('input').isChecked()).resolves.toBe(true);
    await shot(page, 'check-submit-1440');

    await page.getByTestId('confirm-submit').click();
    await page.waitForURL(/\/paper\/report\/\d+$/);
    const id = Number(/\/paper\/report\/(\d+)$/.exec(page.url())![1]);
    const total = page.getByTestId('total-ratio');
    await total.waitFor({ timeout: 60_000 });
    const ratioText = (await total.textContent()) ?? '';
    const ratio = Number.parseFloat(ratioText);
    // two of three body parts are copied abstracts: roughly half the characters
    expect(ratio).toBeGreaterThan(35);
    expect(ratio).toBeLessThan(75);
    const copy = page.locator('mark.ck-copy').first();
    await copy.waitFor();
    const red = await copy.evaluate((el) => getComputedStyle(el).color);
    expect(red).toBe('rgb(217, 54, 62)');
    await expect(page.locator('mark.ck-quote').count()).resolves.toBeGreaterThan(0);
    // the most copied paragraph is open with its source side by side
    const pair = page.getByTestId('source-pair').first();
    await pair.waitFor();
    const pairText = (await pair.textContent()) ?? '';
    expect([abstracts[1510]!.title, abstracts[1720]!.title].some((t) => pairText.includes(t))).toBe(true);
    const sources = await page.getByTestId('similar-source').allTextContents();
    expect(sources.slice(0, 3).join('\n')).toContain(abstracts[1510]!.title);
    expect(sources.slice(0, 3).join('\n')).toContain(abstracts[1720]!.title);
    await page.waitForTimeout(300);
    await shot(page, 'check-report-1440');

    // the same numbers through the API the page used
    const rec = await server.api<{
      status: string;
      free: boolean;
      paidFen: number;
      metrics: { totalRatio: number };
    }>(`/api/base/check_api/load_by_id?id=${id}`, { token });
    expect(rec.body.result).toMatchObject({ status: 'done', free: true, paidFen: 0 });
    expect(ratioText).toBe(`${(Math.round(rec.body.result.metrics.totalRatio * 1000) / 10).toFixed(1)}%`);

    // downloads: the PDF comes back with a UTF-8 name
    // the menu opens on hover; the item is clicked where it stands, since the pointer's path from the button
    // to the item can leave the trigger long enough, on a loaded machine, for the menu to close under it
    await page.getByTestId('download').hover();
    const simple = page.getByRole('menuitem', { name: /简洁报告（PDF）/ });
    await simple.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      simple.dispatchEvent('click'),
    ]);
    expect(download.suggestedFilename()).toBe('数据驱动的课程评价研究-简洁报告.pdf');

    // a second paper, created but not paid yet, so the list shows both states
    const second = await server.api('/api/base/check_api/check_init', {
      token,
      body: {
        title: '课程思政融入专业课教学的路径探析',
        edition: 'standard',
        text: [INTRO, METHOD, CONCLUSION].join('\n'),
      },
    });
    expect(second.status).toBe(200);
    await page.goto(`${server.url}/paper/report`);
    await page.getByText('待支付').waitFor();
    const row = page.getByTestId('check-record').nth(1);
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(ratioText);
    await shot(page, 'check-records-1440');
    await context.close();
  });

  it('the pages work at 390 px', async () => {
    const { page, context } = await newPage(browser, { token, width: 390, height: 844 });
    await page.goto(`${server.url}/papercheck/check`);
    await page.getByTestId('edition-professional').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'check-upload-390');
    const list = await server.api<{ records: { id: number }[] }>('/api/base/check_api/query_list', {
      token,
      body: { status: 'done' },
    });
    const id = list.body.result.records[0]!.id;
    await page.goto(`${server.url}/paper/report/${id}`);
    await page.getByTestId('total-ratio').waitFor({ timeout: 30_000 });
    await page.locator('mark.ck-copy').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await shot(page, 'check-report-390');
    await page.goto(`${server.url}/paper/report`);
    await page.getByTestId('check-record').first().waitFor();
    await shot(page, 'check-records-390');
    await context.close();
  });
});
