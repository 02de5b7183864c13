import type { Browser } from 'playwright-core';
import { newPage } from './browser.ts';

/** Pays a QR's order as the phone that scanned it would: the sandbox pay page at `href`, confirmed. */
export async function payOnPhone(browser: Browser, href: string): Promise<void> {
  const phone = await newPage(browser, { width: 390, height: 844 });
  await phone.page.goto(href);
  await phone.page.getByRole('button', { name: '确认支付（测试）' }).click();
  await phone.page.getByText('支付成功，已到账').waitFor();
  await phone.context.close();
}
