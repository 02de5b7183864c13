import fs from 'node:fs';
import path from 'node:path';
import { AIGC_BAND_LABELS, aigcRatioBand } from '@paperdesk/contracts';
import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { registerUser, type RunningServer, sandboxBuy, startServer } from './support/server.ts';

/**
 * AIGC检测 end to end: a user buys an AIGC package in the sandbox (API, as the pay page would), pastes a paper
 * made of held-out human journal abstracts and AI-written abstracts (../shared/data, read at run time, never
 * copied into the repo), confirms with the package, waits for the report and sees the ratio and the AI
 * paragraphs highlighted; a second user pays from a sandbox top-up.
 */
const root = path.resolve(import.meta.dirname, '../..');
const DATA = path.resolve(root, '../shared/data');
const CSL = path.join(DATA, 'csl_human_abstracts_zh/csl_1000_1500_4domain.json');
const AI = path.join(DATA, 'ai_academic_zh/abstracts-eco.jsonl');
const available = fs.existsSync(CSL) && fs.existsSync(AI);
if (!available) console.log(`跳过 AIGC 端到端测试：找不到 ${CSL} 或 ${AI}（数据集不随仓库分发）`);

interface Abstract {
  title: string;
  abstract: string;
}

/** The human abstract and the AI abstract written for the same title (ai_academic_zh pairs them). */
function pairs(count: number): { human: string; ai: string }[] {
  const csl = JSON.parse(fs.readFileSync(CSL, 'utf8')) as Record<string, Abstract[]>;
  const out: { human: string; ai: string }[] = [];
  for (const line of fs.readFileSync(AI, 'utf8').trim().split('\n')) {
    const r = JSON.parse(line) as { domain_key: string; source_index: number; text: string };
    const human = csl[r.domain_key]?.[r.source_index]?.abstract.trim();
    // the last titles of the set: far from the first ones the detector's tests and training favour
    if (human && human.length > 200 && r.source_index >= 100) out.push({ human, ai: r.text.trim() });
  }
  return out.slice(-count);
}

const shot = async (page: Page, name: string) => {
  // from the top, nothing focused: a full-page shot of a scrolled page draws the fixed header mid-page
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(600);
  return screenshot(page, name);
};

describe.skipIf(!available)('AIGC检测: paste, pay with the package, report', () => {
  let server: RunningServer;
  let browser: Browser;
  let token = '';
  let paper = '';

  beforeAll(async () => {
    server = await startServer();
    token = await registerUser(server, 'e2e_aigc');
    const list = await server.api<{ records: { id: number; code: string }[] }>(
      '/api/base/product_package_api/query_list?pageNo=1&pageSize=50',
      { token, body: { service: 'aigc_check' } },
    );
    const pkg = list.body.result.records.find((p) => p.code === 'aigc_check_3');
    expect(pkg).toBeTruthy();
    await sandboxBuy(server, token, { packageId: pkg!.id });
    browser = await launchBrowser();
    const [a, b] = pairs(2);
    paper = [
      '数字经济与区域协调发展研究',
      '第一章 引言',
      a!.human,
      a!.ai,
      '第二章 讨论',
      b!.ai,
      b!.human,
    ].join('\n');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('pastes a paper, uses one package check and reads the highlighted report', async () => {
    const { page, context } = await newPage(browser, { token, width: 1440, height: 900 });
    await page.goto(`${server.url}/aigccheck/check`);
    await page.getByTestId('ag-wallet').getByText('3 次').waitFor();
    await page.getByTestId('ag-paste').fill(paper);
    const count = page.getByTestId('ag-count');
    await count.getByText('字符数').waitFor({ timeout: 15_000 });
    await expect(page.locator('#ag-title').inputValue()).resolves.toBe('数字经济与区域协调发展研究');
    await page.locator('#ag-author').fill('王芳');
    const submit = page.getByTestId('ag-submit');
    // the button says what the pay choice will preselect: a short paper costs less by QR than one package use
    // (¥49 / 3) is worth, so not 使用套餐 1 次 (which the button promised whatever the choice would do)
    await expect
      .poll(() => submit.textContent(), { timeout: 15_000 })
      .toMatch(/^开始检测（扫码支付 ¥\d+(\.\d\d)?）$/);
    await expect(page.getByTestId('ag-this-time').textContent()).resolves.toMatch(/扫码支付 ¥/);
    await shot(page, 'aigc-check-1440');

    await submit.click();
    await expect(page.getByTestId('pay-way-qr').locator('input').isChecked()).resolves.toBe(true);
    const qrCost = /¥\d+(\.\d\d)?/.exec((await submit.textContent()) ?? '')![0];
    await expect(page.getByTestId('pay-choice-modal').textContent()).resolves.toContain(qrCost);
    // the pay choice: the user picks the quota anyway
    await page.getByTestId('pay-way-quota').click();
    await shot(page, 'aigc-pay-choice-1440');
    await page.getByTestId('pay-choice-confirm').click();
    await page.waitForURL(/\/aigccheck\/content\/\d+$/);
    const id = Number(/\/content\/(\d+)$/.exec(page.url())![1]);
    const ratio = page.getByTestId('ai-ratio');
    await ratio.waitFor({ timeout: 60_000 });
    const ratioText = (await ratio.textContent()) ?? '';

    // the same figure through the API the page used; two of four abstracts are AI-written
    const rec = await server.api<{
      status: string;
      chargeSource: string;
      metrics: { aiCharRatio: number; band: string };
    }>(`/api/base/paper_aigc_api/load_by_id?id=${id}`, { token });
    expect(rec.body.result).toMatchObject({ status: 'done', chargeSource: 'quota' });
    expect(ratioText).toBe(`${(Math.round(rec.body.result.metrics.aiCharRatio * 1000) / 10).toFixed(1)}%`);
    expect(rec.body.result.metrics.aiCharRatio).toBeGreaterThan(0.25);
    expect(rec.body.result.metrics.aiCharRatio).toBeLessThan(0.8);
    // one headline: the band sits under the ratio and is the band of that very figure (a 34.5 % headline once sat
    // over a band taken from the mean probability); the mean probability is labelled as detail, not a verdict
    const headline = page.locator('.ag-headline');
    const band = aigcRatioBand(rec.body.result.metrics.aiCharRatio);
    expect(rec.body.result.metrics.band).toBe(band);
    await expect(headline.getByTestId('ag-band').textContent()).resolves.toBe(
      `全文结论：${AIGC_BAND_LABELS[band]}`,
    );
    await expect(page.getByTestId('ag-probability').textContent()).resolves.toContain('全文平均 AI 概率');
    await expect(page.locator('.ck-tiles').getByText('AIGC 总体疑似度').count()).resolves.toBe(0);

    // AI paragraphs are flagged and their sentences highlighted; human ones mostly not
    const flagged = page.locator(
      '[data-testid="ag-paragraph"][data-band="high"], [data-testid="ag-paragraph"][data-band="medium"]',
    );
    await expect(flagged.count()).resolves.toBeGreaterThanOrEqual(1);
    const mark = flagged.first().locator('mark').first();
    await mark.waitFor();
    const bg = await mark.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(['rgb(255, 216, 214)', 'rgb(255, 228, 199)']).toContain(bg);
    const flaggedText = (await flagged.allTextContents()).join('\n');
    const [a, b] = pairs(2);
    expect(flaggedText.includes(a!.ai.slice(0, 30)) || flaggedText.includes(b!.ai.slice(0, 30))).toBe(true);
    // the thresholds' measured error rates in plain words, and why the flagged paragraphs were flagged
    await page
      .getByTestId('ag-error-rates')
      .getByText(/在人工撰写的学术文本上，约 \d+% 会被判为显著疑似/)
      .waitFor();
    await expect(flagged.first().getByTestId('ag-hints').textContent()).resolves.toContain('可能原因');
    await shot(page, 'aigc-report-1440');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('ag-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('数字经济与区域协调发展研究-AIGC检测报告.pdf');
    // the PDF prints the same figure over the same conclusion
    const pdf = await getDocumentProxy(new Uint8Array(fs.readFileSync(await download.path())));
    const pdfText = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, '');
    expect(pdfText).toContain(ratioText);
    expect(pdfText).toContain(`全文结论${AIGC_BAND_LABELS[band]}`);

    // a second paper, created but not paid, so the list shows both states
    const second = await server.api('/api/base/paper_aigc_api/machine_init', {
      token,
      body: { title: '乡村振兴背景下的县域产业研究', text: [a!.human, b!.human].join('\n') },
    });
    expect(second.status).toBe(200);
    await page.goto(`${server.url}/aigccheck/list`);
    await page.getByText('待支付').waitFor();
    const row = page.getByTestId('aigc-record').nth(1);
    await expect(row.textContent()).resolves.toContain(ratioText);
    // the list colours the figure by the same band, named in its tooltip
    const listed = row.locator('.ck-ratio');
    await expect(listed.getAttribute('data-band')).resolves.toBe(band);
    await expect(listed.getAttribute('title')).resolves.toBe(AIGC_BAND_LABELS[band]);
    await shot(page, 'aigc-list-1440');
    await context.close();
  });

  it('pays from a sandbox top-up when there is no package', async () => {
    const other = await registerUser(server, 'e2e_aigc_balance');
    await sandboxBuy(server, other, { topUpFen: 1000 });
    const { page, context } = await newPage(browser, { token: other, width: 1440, height: 900 });
    await page.goto(`${server.url}/aigccheck/check`);
    await page.getByTestId('ag-wallet').getByText('¥10').waitFor();
    await page.getByTestId('ag-paste').fill(paper);
    const submit = page.getByTestId('ag-submit');
    await expect.poll(() => submit.textContent(), { timeout: 15_000 }).toContain('余额支付');
    await submit.click();
    await expect(page.getByTestId('pay-way-balance').locator('input').isChecked()).resolves.toBe(true);
    await page.getByTestId('pay-choice-confirm').click();
    await page.getByTestId('ai-ratio').waitFor({ timeout: 60_000 });
    const account = await server.api<{ balance: number }>('/api/base/account_info_api/account', {
      method: 'GET',
      token: other,
    });
    expect(account.body.result.balance).toBe(1000 - Math.ceil(paper.replace(/\n/g, '').length / 1000) * 100);
    await context.close();
  });

  it('the pages work at 390 px', async () => {
    const { page, context } = await newPage(browser, { token, width: 390, height: 844 });
    await page.goto(`${server.url}/aigccheck/check`);
    await page.getByTestId('ag-wallet').waitFor();
    await page.getByTestId('ag-paste').fill(paper);
    await page.getByTestId('ag-count').getByText('字符数').waitFor({ timeout: 15_000 });
    await shot(page, 'aigc-check-390');
    const list = await server.api<{ records: { id: number }[] }>('/api/base/paper_aigc_api/query_list', {
      token,
      body: { status: 'done' },
    });
    await page.goto(`${server.url}/aigccheck/content/${list.body.result.records[0]!.id}`);
    await page.getByTestId('ai-ratio').waitFor({ timeout: 30_000 });
    await page.locator('mark.ag-high, mark.ag-medium').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await shot(page, 'aigc-report-390');
    await page.goto(`${server.url}/aigccheck/list`);
    await page.getByTestId('aigc-record').first().waitFor();
    await shot(page, 'aigc-list-390');
    await context.close();
  });
});
