import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { docxText, LEAF_PATHS, promptOf, taskOf, writer } from '../../apps/server/test/writing/support.ts';
import { newPage, screenshot } from './support/browser.ts';
import { useModelSession } from './support/session.ts';

/** Typing scrolled the page; a full-page shot starts from the top so the fixed header stays in place. */
async function top(page: Page) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
}

/** AI 写作 end to end: title → outline (fake model) → edit and pay from the balance → sections appear → .docx. */
describe('/papergc/gc → /paperwirte/*: AI paper writing', () => {
  const s = useModelSession({
    username: 'e2e_writer',
    topUpFen: 20_000,
    // sections take a moment, so the page is seen while the paper grows
    respond: (req) => ({
      ...writer(req),
      ...(taskOf(req) === '撰写章节' ? { headerDelayMs: 2000 } : {}),
    }),
  });

  it('drafts an outline, takes an edit, charges ¥29.90 and shows the paper growing, then downloads it', async () => {
    const { page, context } = await newPage(s.browser, { token: s.token, width: 1440, height: 900 });
    await page.goto(`${s.server.url}/papergc/gc`);
    // type only once the signed-in shell has settled (account and config requests done)
    await page.waitForLoadState('networkidle');
    await page.getByTestId('wr-type-course').getByText('¥29.90').waitFor();
    await page.locator('#wr-title').fill('城市数字治理的协同机制研究');
    await page.locator('#wr-discipline').fill('公共管理');
    await expect(page.locator('#wr-title').inputValue()).resolves.toBe('城市数字治理的协同机制研究');
    await screenshot(page, 'writing-generate-1440');
    await page.getByTestId('wr-generate').click();
    await page.waitForURL(/\/paperwirte\/wirte\/\d+/, { timeout: 15_000 });
    const id = Number(/wirte\/(\d+)/.exec(page.url())?.[1]);

    const outline = page.getByTestId('wr-outline');
    await outline.waitFor();
    await expect(page.getByTestId('wr-node-title-1').inputValue()).resolves.toBe('绪论');
    await page.getByTestId('wr-node-title-3').fill('结论');
    await expect(page.getByTestId('wr-payable').textContent()).resolves.toContain('29.90');
    await top(page);
    await screenshot(page, 'writing-confirm-1440');
    await page.getByTestId('wr-submit').click();
    await page.waitForURL(new RegExp(`/paperwirte/content/${id}$`));
    // mid-way: the first section is there, the next one is being written, the rest wait
    await page.getByText('这是第1.1节的正文').waitFor({ timeout: 15_000 });
    await page.locator('.wr-pending.is-writing').first().waitFor();
    await screenshot(page, 'writing-progress-1440');

    await page.getByTestId('wr-download').waitFor({ timeout: 30_000 });
    for (const p of LEAF_PATHS) await page.getByText(`这是第${p}节的正文`).waitFor();
    await expect(page.getByTestId('wr-refs').textContent()).resolves.toContain(
      '只取自比对库与您的自建库中的真实文献记录',
    );
    await expect(page.getByTestId('wr-sec-3').textContent()).resolves.toContain('结论');
    // the edited heading is what the model was asked to write
    const last = s.fake.requests.filter((r) => taskOf(r) === '撰写章节').at(-1);
    expect(last && promptOf(last)).toContain('【任务：撰写章节】3 结论');
    await screenshot(page, 'writing-content-1440');

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('wr-download').click(),
    ]);
    expect(file.suggestedFilename()).toBe('城市数字治理的协同机制研究.docx');
    const text = await docxText(fs.readFileSync((await file.path())!));
    expect(text).toContain('这是第2.1节的正文');
    // references come only from records (issue 24): the .docx says so instead of listing invented ones
    expect(text).toContain('文中引用只取自比对库与您的自建库中的真实文献记录');

    await page.goto(`${s.server.url}/paperwirte/report`);
    await page.getByTestId('wr-record').first().waitFor();
    await expect(page.getByTestId('wr-record').first().textContent()).resolves.toContain('已完成');
    await screenshot(page, 'writing-records-1440');
    await context.close();
  }, 90_000);

  it('writes a graduation thesis with its cover fields at 390 px', async () => {
    const { page, context } = await newPage(s.browser, { token: s.token, width: 390, height: 844 });
    await page.goto(`${s.server.url}/papergc/gc`);
    await page.waitForLoadState('networkidle');
    await page.getByTestId('wr-type-thesis').getByText('¥99').waitFor();
    await page.getByTestId('wr-type-thesis').click();
    await page.locator('#wr-title').fill('乡村振兴背景下农村电商发展路径研究');
    await screenshot(page, 'writing-generate-390');
    await page.getByTestId('wr-generate').click();
    await page.waitForURL(/\/paperwirte\/biye\?id=\d+/, { timeout: 15_000 });
    await page.getByTestId('wr-outline').waitFor();
    await page.locator('#wr-cover-school').fill('华东师范大学');
    await page.locator('#wr-cover-student').fill('王小明');
    await expect(page.getByTestId('wr-payable').textContent()).resolves.toMatch(/¥99(\.00)?$/);
    await top(page);
    await screenshot(page, 'writing-biye-390');
    await page.getByTestId('wr-submit').click();
    await page.waitForURL(/\/paperwirte\/content\/\d+$/);
    await page.getByTestId('wr-download').waitFor({ timeout: 30_000 });
    await page.getByText('This thesis studies digital governance').waitFor();
    await screenshot(page, 'writing-content-390');

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('wr-download').click(),
    ]);
    const text = await docxText(fs.readFileSync((await file.path())!));
    expect(text).toContain('华东师范大学');
    expect(text).toContain('王小明');

    await page.goto(`${s.server.url}/paperwirte/report`);
    await page.getByTestId('wr-record').first().waitFor();
    await expect(page.getByTestId('wr-record').first().textContent()).resolves.toContain('乡村振兴');
    await screenshot(page, 'writing-records-390');
    await context.close();
  }, 90_000);
});
