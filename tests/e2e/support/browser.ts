import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const screenshotsDir = path.resolve(import.meta.dirname, '../../../test-results');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh page (own cookies and storage). With `token`, the page starts signed in: the token is in
 * localStorage under the spec's key before any script of the app runs. Failing tests save a screenshot.
 */
export async function newPage(
  browser: Browser,
  opts: { token?: string; width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  if (opts.token) {
    await context.addInitScript((t) => window.localStorage.setItem('Admin-Token', t), opts.token);
  }
  const page = await context.newPage();
  onTestFailed(async ({ task }) => {
    fs.mkdirSync(screenshotsDir, { recursive: true });
    const name = task.name.replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 80);
    await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true }).catch(() => {});
  });
  return { context, page };
}

/** Saves a screenshot under docs/screenshots (kept in the repo when a page changes). */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.resolve(import.meta.dirname, '../../../docs/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
