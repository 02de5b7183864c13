import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { registerUser, type RunningServer, startServer } from './support/server.ts';

/**
 * Issue 26, the paying user's path: nothing promised or sold that this site cannot give. The server runs
 * without a model and without the free check, as a fresh install does.
 */
describe('claims and sales that hold on a fresh install', () => {
  let server: RunningServer;
  let browser: Browser;
  let token = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await registerUser(server, 'e2e_payer');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const width of [1440, 390]) {
    it(`the home page makes no free-check promise when the site gives none (${width} px)`, async () => {
      const { page, context } = await newPage(browser, { width, height: 900 });
      await page.goto(`${server.url}/home`);
      await page.getByTestId('home-guest').waitFor();
      await page.getByTestId('refuse-login').click();
      expect(await page.getByText(/每天免费/).count()).toBe(0);
      expect(await page.getByTestId('home-free-badge').count()).toBe(0);
      await expect(page.getByTestId('home-guest').textContent()).resolves.toContain('按次付费或使用套餐');
      await screenshot(page, `pay-home-nofree-${width}`);
      await context.close();
    });

    it(`/order/taocan sells 降AIGC packages and none of a service without a model (${width} px)`, async () => {
      const { page, context } = await newPage(browser, { token, width, height: 900 });
      await page.goto(`${server.url}/order/taocan`);
      await page.locator('[data-testid="package-card"]').first().waitFor();
      const services = await page
        .locator('[data-testid="package-card"] .pkg-card__service')
        .allTextContents();
      expect(services).toContain('降AIGC');
      for (const off of ['AI写作', 'AI生成PPT', 'AI助手']) expect(services).not.toContain(off);
      expect(await page.getByText('即将上线').count()).toBe(0);
      await screenshot(page, `pay-taocan-${width}`);
      await context.close();
    });

    it(`the top-nav 知网降重 without a model opens on 智能降重, which works, and says why (${width} px)`, async () => {
      const { page, context } = await newPage(browser, { token, width, height: 900 });
      await page.goto(`${server.url}/cnki/cnki`);
      await page.getByTestId('mc-model-missing').waitFor();
      await expect
        .poll(() => page.getByTestId('mc-edition-standard').getAttribute('aria-pressed'))
        .toBe('true');
      expect(await page.getByTestId('mc-edition-cnki').getAttribute('aria-pressed')).toBe('false');
      await screenshot(page, `pay-cnki-nomodel-${width}`);
      await context.close();
    });
  }
});
