import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from './support/browser.ts';
import { registerUser, type RunningServer, startServer } from './support/server.ts';

/** A dialog is best seen as the viewport shows it (a full-page shot leaves the overlay at the top). */
const viewportShot = (page: Page, name: string) =>
  page.screenshot({ path: path.resolve(import.meta.dirname, '../../docs/screenshots', `${name}.png`) });

describe('/order: packages, sandbox payment and the account centre', () => {
  let server: RunningServer;
  let browser: Browser;
  let token = '';

  beforeAll(async () => {
    server = await startServer();
    token = await registerUser(server, 'e2e_buyer');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('buys a package through the sandbox pay page and sees the quota in the account centre', async () => {
    const { page, context } = await newPage(browser, { token, width: 1440, height: 900 });
    await page.goto(`${server.url}/order/taocan`);
    const card = page.locator('[data-testid="package-card"][data-code="check_pro_5"]');
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('查重专业版 5 次');
    await page.getByTestId('account-strip').waitFor();
    // Payments here are simulated, and the page says so; no sign-in here comes with a free check.
    await expect(page.getByTestId('sandbox-banner').textContent()).resolves.toContain('付款为模拟，不会扣款');
    expect(await page.getByText('每天可免费使用一次专业版查重').count()).toBe(0);
    await screenshot(page, 'order-taocan-1440');

    await card.getByRole('button', { name: '立即购买' }).click();
    const dialog = page.locator('.ant-modal');
    await dialog.getByTestId('sandbox-pay-link').waitFor();
    await expect(dialog.getByTestId('sandbox-banner').textContent()).resolves.toBe(
      '测试支付：未配置真实支付渠道，付款为模拟，不会扣款',
    );
    await expect(dialog.getByTestId('pay-amount').textContent()).resolves.toBe('¥129');
    await dialog.locator('img').first().waitFor();
    await page.waitForTimeout(600); // let the dialog finish fading in
    await viewportShot(page, 'order-pay-dialog-1440');

    // The phone that scanned the QR: the sandbox pay page of this server, not signed in.
    const href = await dialog.getByTestId('sandbox-pay-link').getAttribute('href');
    expect(href).toMatch(/\/m\/pay\/PD\d{14}[0-9a-f]{12}$/);
    const phone = await newPage(browser, { width: 390, height: 844 });
    await phone.page.goto(href!);
    await expect(phone.page.textContent('body')).resolves.toContain(
      '测试支付：未配置真实支付渠道，付款为模拟，不会扣款',
    );
    await screenshot(phone.page, 'order-sandbox-pay-390');
    await phone.page.getByRole('button', { name: '确认支付（测试）' }).click();
    await phone.page.getByText('支付成功，已到账').waitFor();
    await phone.context.close();

    // The dialog notices by polling and shows what was credited.
    const credited = dialog.getByTestId('pay-credited');
    await credited.waitFor({ timeout: 15_000 });
    await expect(credited.textContent()).resolves.toContain('论文查重额度 +5 次');
    await page.waitForTimeout(300);
    await viewportShot(page, 'order-pay-success-1440');

    await dialog.getByRole('button', { name: '查看账户' }).click();
    await page.waitForURL(/\/order\/account$/);
    const quota = page.getByTestId('quota-check');
    await quota.waitFor();
    await expect(quota.locator('strong').textContent()).resolves.toBe('5');
    await expect(page.locator('.ant-table-row').first().textContent()).resolves.toContain('查重专业版 5 次');
    await screenshot(page, 'order-account-1440');
    await page.getByRole('tab', { name: '账户流水' }).click();
    const ledgerRow = page.locator('.ant-table-row', { hasText: '购买套餐' }).first();
    await ledgerRow.waitFor();
    await expect(ledgerRow.textContent()).resolves.toContain('购买套餐');
    await expect(ledgerRow.textContent()).resolves.toContain('+5 次');
    await context.close();
  });

  it('renders the top-up and account pages at 1440 and 390 px', async () => {
    const wide = await newPage(browser, { token, width: 1440, height: 900 });
    await wide.page.goto(`${server.url}/order/recharge`);
    await wide.page.getByTestId('recharge-balance').waitFor();
    await wide.page.getByRole('button', { name: '立即充值 ¥30' }).waitFor();
    await screenshot(wide.page, 'order-recharge-1440');
    // A custom amount below the minimum cannot be paid.
    await wide.page.getByPlaceholder('输入金额').fill('0.5');
    await wide.page.getByText('请输入 1–5000 元之间的金额').waitFor();
    await wide.context.close();

    const narrow = await newPage(browser, { token, width: 390, height: 844 });
    for (const [path, name, ready] of [
      ['/order/taocan', 'order-taocan-390', '[data-testid="package-card"]'],
      ['/order/recharge', 'order-recharge-390', '[data-testid="recharge-balance"]'],
      ['/order/account', 'order-account-390', '[data-testid="quota-check"]'],
    ] as const) {
      await narrow.page.goto(`${server.url}${path}`);
      await narrow.page.locator(ready).first().waitFor();
      const overflow = await narrow.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(1);
      await screenshot(narrow.page, name);
    }
    await narrow.context.close();
  });
});
