import fs from 'node:fs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { pptModel } from '../../apps/server/test/slides/support.ts';
import { newPage, screenshot } from './support/browser.ts';
import { useModelSession, withServerWithoutModel } from './support/session.ts';

describe('/aippt: template, outline, paid generation, preview and download', () => {
  const s = useModelSession({
    username: 'e2e_ppt',
    topUpFen: 990,
    // each section answer arrives in pieces over ~0.6 s so the progress view is seen
    respond: (req) => {
      const reply = pptModel(req);
      const text = (reply.chunks ?? []).join('');
      return { chunks: text.match(/[\s\S]{1,40}/g) ?? [], chunkDelayMs: 15 };
    },
  });

  it('makes a deck at 1440 px and downloads the .pptx', async () => {
    const { page, context } = await newPage(s.browser, { token: s.token, width: 1440, height: 900 });
    // the gallery link of a template opens the page with it chosen
    await page.goto(`${s.server.url}/aippt/ppttype/business-gray`);
    const gray = page.getByTestId('pp-tpl-business-gray');
    await gray.waitFor();
    await expect(gray.getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByTestId('pp-tpl-tech-purple').click();
    await expect(page.getByTestId('pp-tpl-tech-purple').getAttribute('aria-pressed')).resolves.toBe('true');
    await page.locator('#pp-topic').fill('城市更新中的社区治理研究');
    await page.locator('#pp-speaker').fill('李明');
    await page.getByText('开题报告', { exact: true }).click();
    await page.locator('#pp-slides').fill('12');
    await page.waitForTimeout(300); // previews decode
    await screenshot(page, 'ppt-form-1440');

    await page.getByTestId('pp-draft').click();
    const outline = page.getByTestId('pp-outline-card');
    await outline.waitFor();
    await expect(page.getByTestId('pp-section-1').locator('input').first().inputValue()).resolves.toBe(
      '研究背景与意义',
    );
    expect(s.fake.requests.at(-1)?.messages[0]?.content).toContain('开题报告');
    // edit: the last section moves up and gets a point of the user's own
    await page.getByTestId('pp-section-3').getByRole('button', { name: '上移', exact: true }).click();
    await expect(page.getByTestId('pp-section-2').locator('input').first().inputValue()).resolves.toBe(
      '结论与展望',
    );
    await page.getByTestId('pp-section-2').getByRole('button', { name: '添加要点' }).click();
    await page.getByTestId('pp-section-2').locator('input').last().fill('政策建议');
    await outline.screenshot({ path: 'docs/screenshots/ppt-outline-1440.png' });

    await page.getByTestId('pp-generate').click();
    // the pay choice: the balance covers the deck and is preselected
    await expect(page.getByTestId('pay-way-balance').locator('input').isChecked()).resolves.toBe(true);
    await page.getByTestId('pay-choice-confirm').click();
    await page.getByTestId('pp-progress').waitFor();
    const result = page.getByTestId('pp-result');
    await result.waitFor({ timeout: 30_000 });
    const slides = page.getByTestId('pp-slides').locator('li.pp-slide');
    await expect(slides.count()).resolves.toBe(12);
    // the 目录 follows the edited order
    await expect(slides.nth(1).textContent()).resolves.toMatch(/研究背景与意义.*结论与展望.*研究方法/);
    await expect(slides.nth(3).textContent()).resolves.toContain('模型要点研究背景与意义甲0');
    await page.waitForTimeout(300);
    await screenshot(page, 'ppt-result-1440');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('pp-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('城市更新中的社区治理研究.pptx');
    const zip = await JSZip.loadAsync(fs.readFileSync((await download.path())!));
    const slideFiles = Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
    expect(slideFiles).toHaveLength(12);
    const cover = await zip.file('ppt/slides/slide1.xml')!.async('string');
    expect(cover).toContain('城市更新中的社区治理研究');
    expect(cover).toContain('汇报人：李明');

    // another template: re-rendered at once, no model call, no charge
    const calls = s.fake.requests.length;
    await result.getByTestId('pp-tpl-china-red').click();
    await expect.poll(() => result.getByTestId('pp-tpl-china-red').getAttribute('aria-pressed')).toBe('true');
    await page.getByText('已切换为「中国红」').waitFor();
    expect(s.fake.requests.length).toBe(calls);
    const wallet = await s.server.api<{ balance: number }>('/api/base/account_info_api/account', {
      token: s.token,
      method: 'GET',
    });
    expect(wallet.body.result.balance).toBe(0);

    await page.goto(`${s.server.url}/aippt/list`);
    const records = page.getByTestId('pp-records');
    await records.waitFor();
    await expect(records.textContent()).resolves.toContain('已完成');
    await screenshot(page, 'ppt-list-1440');
    await context.close();
  });

  it('fits a phone at 390 px', async () => {
    const { page, context } = await newPage(s.browser, { token: s.token, width: 390, height: 844 });
    await page.goto(`${s.server.url}/aippt/list`);
    await page.getByTestId('pp-records').waitFor();
    await screenshot(page, 'ppt-list-390');
    await page.getByRole('button', { name: '查看' }).first().click();
    await page.getByTestId('pp-result').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'ppt-result-390');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await page.goto(`${s.server.url}/aippt/ppt`);
    await page.locator('#pp-topic').fill('高校混合式教学的学生参与度评价');
    await page.getByTestId('pp-draft').click();
    await page.getByTestId('pp-outline-card').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'ppt-outline-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('says so and offers nothing to pay for when no model is configured', async () => {
    await withServerWithoutModel('e2e_ppt_bare', async (bare, bareToken) => {
      const { page, context } = await newPage(s.browser, { token: bareToken, width: 1440, height: 900 });
      await page.goto(`${bare.url}/aippt/ppt`);
      const alert = page.getByTestId('pp-no-model');
      await alert.waitFor();
      await expect(alert.textContent()).resolves.toContain('AI 模型未配置');
      await expect(page.getByTestId('pp-draft').isDisabled()).resolves.toBe(true);
      await context.close();
      const list = await bare.api<{ total: number }>('/api/base/ai_ppt_info_api/query_list', {
        token: bareToken,
        body: {},
      });
      expect(list.body.result.total).toBe(0);
    });
  });
});
