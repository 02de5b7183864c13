import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  fakeModelRewrite,
  OWN_PARAGRAPH,
  passageOf,
  SOURCE_PARAGRAPHS,
  SOURCE_TEXT,
} from '../../apps/server/test/rewriting/fixtures.ts';
import { newPage } from './support/browser.ts';
import { registerUser, type RunningServer, sandboxBuy } from './support/server.ts';
import { payOnPhone } from './support/sandbox-pay.ts';
import { useModelSession } from './support/session.ts';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Screenshots of the walk, for looking at (not kept in the repo). */
const SHOTS = '/tmp/pay-shots';
async function walkShot(page: Page, name: string, full = true): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: full });
}

/** Pays the QR the page's pay dialog shows, as the phone on the sandbox pay page would. */
async function payQrDialog(browser: Browser, page: Page): Promise<string> {
  const dialog = page.locator('.ant-modal');
  await dialog.getByTestId('sandbox-pay-link').waitFor();
  const amount = (await dialog.getByTestId('pay-amount').textContent()) ?? '';
  const href = (await dialog.getByTestId('sandbox-pay-link').getAttribute('href'))!;
  await payOnPhone(browser, href);
  return amount;
}

/**
 * Issue 26's walk past the report (tests/e2e/pay.test.ts walks to it): a 查重 paid with the package quota, its
 * report's 一键降重 with the target changed on the confirm page and paid by QR (the paid order runs with that
 * target), the result, and 去查重验证 — a new 查重 of the rewritten text, not an empty page — paid and read; then
 * the report's 逐段智能降重 and its 去查重验证, which opens the check page with the rewritten text filled in. At 1440
 * and 390 px, through the real server with a fake model and a library holding the paper's source.
 */
describe('the paying user past the report: 降重 → 去查重验证', () => {
  const s = useModelSession({
    username: 'e2e_walk_owner',
    topUpFen: 100,
    respond: (req) => ({ chunks: [fakeModelRewrite(passageOf(req.messages.at(-1)?.content ?? ''))] }),
    prepare: async (server) => {
      const jsonl = path.join(server.dataDir, 'library.jsonl');
      fs.writeFileSync(
        jsonl,
        JSON.stringify({
          title: '城市数字治理的运行机制',
          author: '李四',
          source: '管理世界',
          year: 2023,
          text: SOURCE_TEXT,
        }),
      );
      await run('npm', ['run', '--silent', 'library:import', '--', jsonl], {
        cwd: root,
        env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
      });
    },
  });

  const paper = [
    '第一章 绪论',
    SOURCE_PARAGRAPHS[0],
    OWN_PARAGRAPH,
    SOURCE_PARAGRAPHS[1],
    SOURCE_PARAGRAPHS[2],
  ].join('\n');

  const checkRatio = async (server: RunningServer, token: string, id: number) =>
    (
      await server.api<{ status: string; metrics: { totalRatio: number } | null }>(
        `/api/base/check_api/load_by_id?id=${id}`,
        { token },
      )
    ).body.result;

  for (const width of [1440, 390]) {
    it(`check with the quota → 一键降重, new target, QR → result → 去查重验证 carries the text (${width} px)`, async () => {
      const { server, browser } = s;
      const token = await registerUser(server, `e2e_walk_${width}`);
      const pkgs = await server.api<{ records: Array<{ id: number; code: string }> }>(
        '/api/base/product_package_api/query_list?pageNo=1&pageSize=50',
        { token, body: {} },
      );
      await sandboxBuy(server, token, {
        packageId: pkgs.body.result.records.find((p) => p.code === 'check_pro_1')!.id,
      });
      const { page, context } = await newPage(browser, { token, width, height: 900 });

      // 1. the check, paid with the package use the user picks
      await page.goto(`${server.url}/papercheck/check`);
      await page.getByTestId('edition-professional').click();
      await page.getByText('粘贴文本').click();
      await page.getByTestId('ck-paste').fill(paper);
      await page.getByTestId('ck-count').getByText('字符数').waitFor({ timeout: 15_000 });
      await page.locator('#ck-title').fill('数字治理与公共服务');
      await page.getByTestId('ck-submit').click();
      await page.waitForURL(/\/paper\/submit\/\d+$/);
      await page.getByTestId('pay-way-quota').click();
      await page.getByTestId('confirm-submit').click();
      await page.waitForURL(/\/paper\/report\/\d+$/);
      const checkId = Number(/(\d+)$/.exec(page.url())![1]);
      await page.getByTestId('total-ratio').waitFor({ timeout: 60_000 });
      const before = await checkRatio(server, token, checkId);
      expect(before.metrics!.totalRatio).toBeGreaterThan(0.3);
      await walkShot(page, `walk-report-${width}`);

      // 2. 一键降重: the confirm view of the copied paragraphs; the user asks for 10 % instead of 15 % and, with
      // no balance left, pays by QR. Back on the report, a second click opens the same unpaid record (it added
      // a 待支付 record per click)
      await page.getByTestId('reduce-from-check').click();
      await page.waitForURL(/\/papermachine\/content\/\d+$/);
      const reduceId = Number(/(\d+)$/.exec(page.url())![1]);
      await page.goBack();
      await page.getByTestId('reduce-from-check').click();
      await page.waitForURL(/\/papermachine\/content\/\d+$/);
      expect(Number(/(\d+)$/.exec(page.url())![1])).toBe(reduceId);
      await page.getByTestId('rd-pay-box').waitFor({ timeout: 30_000 });
      // the confirm page names where the text came from: the check record, not a paste
      await expect(page.getByTestId('rd-source').textContent()).resolves.toBe('查重记录');
      await page.getByTestId('rd-target-similarity').fill('10');
      await expect.poll(() => page.getByTestId('pay-way-qr').locator('input').isChecked()).toBe(true);
      await walkShot(page, `walk-reduce-confirm-${width}`);
      await page.getByRole('button', { name: /扫码支付/ }).click();
      const dialog = page.locator('.ant-modal');
      await dialog.getByTestId('sandbox-pay-link').waitFor();
      // the QR closed unpaid and the target changed: the standing order refuses it in plain words, so what is
      // paid for is what runs
      await dialog.locator('.ant-modal-close').click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('rd-target-similarity').fill('12');
      await page.getByRole('button', { name: /扫码支付/ }).click();
      await dialog.getByText(/不能再更改目标/).waitFor();
      // said once, in the dialog: no toast over it and no error-log entry for an answer the user can act on
      expect(await page.locator('.ant-message-notice').count()).toBe(0);
      expect(await page.getByTestId('error-log').count()).toBe(0);
      await walkShot(page, `walk-reduce-refused-${width}`, false);
      await dialog.locator('.ant-modal-close').click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('rd-target-similarity').fill('10');
      await page.getByRole('button', { name: /扫码支付/ }).click();
      const reduceAmount = await payQrDialog(browser, page);
      // the paid order runs the record with the target set on the page, and the page moves on to the result
      await page.getByTestId('rd-stats').waitFor({ timeout: 90_000 });
      const reduced = (
        await server.api<{
          status: string;
          targets: { similarity: number | null };
          priceFen: number;
        }>(`/api/base/paper_machine_api/load_by_id?id=${reduceId}`, { token })
      ).body.result;
      expect(reduced.targets.similarity).toBe(10);
      expect(reduceAmount).toBe(`¥${(reduced.priceFen / 100).toFixed(2).replace(/\.00$/, '')}`);
      await walkShot(page, `walk-reduce-result-${width}`);

      // 3. 去查重验证: a new 查重 record of the text as rewritten, on its confirm page
      await page.getByTestId('rd-verify').click();
      await page.waitForURL(/\/paper\/submit\/\d+$/, { timeout: 30_000 });
      const verifyId = Number(/(\d+)$/.exec(page.url())![1]);
      expect(verifyId).not.toBe(checkId);
      await expect(page.getByTestId('submit-title').textContent()).resolves.toBe(
        '数字治理与公共服务（改写后复查）',
      );
      const content = (
        await server.api<{ paragraphs: Array<{ kind: string; text: string; rewritten: string | null }> }>(
          `/api/base/paper_machine_api/load_content_by_id?id=${reduceId}`,
          { token },
        )
      ).body.result;
      const rewritten = content.paragraphs.filter((p) => p.rewritten !== null && p.text !== '');
      expect(rewritten.length).toBeGreaterThan(0);
      await walkShot(page, `walk-verify-confirm-${width}`);

      // paid from a top-up, its report reads the rewritten paragraphs and a lower 复制比
      await sandboxBuy(server, token, { topUpFen: 2000 });
      await page.reload();
      await expect.poll(() => page.getByTestId('pay-way-balance').locator('input').isChecked()).toBe(true);
      await page.getByTestId('confirm-submit').click();
      await page.waitForURL(/\/paper\/report\/\d+$/);
      await page.getByTestId('total-ratio').waitFor({ timeout: 60_000 });
      const after = await checkRatio(server, token, verifyId);
      expect(after.metrics!.totalRatio).toBeLessThan(before.metrics!.totalRatio);
      const report = await server.api<{ paragraphs: Array<{ text: string }> }>(
        `/api/base/check_api/report_paragraphs?id=${verifyId}`,
        { method: 'GET', token },
      );
      const checked = report.body.result.paragraphs.map((p) => p.text);
      for (const p of rewritten) expect(checked).toContain(p.text);
      await walkShot(page, `walk-verify-report-${width}`);

      // 4. the report's 逐段智能降重, paid from the balance, and its 去查重验证: the check page opens with the
      // rewritten text in the paste box (it opened empty)
      await page.goto(`${server.url}/paper/report/${checkId}`);
      await page.getByTestId('to-rewrite').click({ timeout: 60_000 });
      await page.waitForURL(/\/machine\/submit\/\d+$/);
      const machineId = Number(/(\d+)$/.exec(page.url())![1]);
      await page.goBack();
      await page.getByTestId('to-rewrite').click({ timeout: 60_000 });
      await page.waitForURL(/\/machine\/submit\/\d+$/);
      expect(Number(/(\d+)$/.exec(page.url())![1]), '逐段智能降重 clicked twice').toBe(machineId);
      const unpaidRewrites = await server.api<{ total: number }>('/api/base/machine_api/query_list', {
        token,
        body: { status: 'created' },
      });
      expect(unpaidRewrites.body.result.total).toBe(1);
      await page.getByTestId('mc-confirm').click();
      await page.getByTestId('mc-compare').waitFor({ timeout: 60_000 });
      const machine = (
        await server.api<{ status: string }>(`/api/base/machine_api/load_by_id?id=${machineId}`, { token })
      ).body.result;
      expect(machine.status).toBe('done');
      await page.getByRole('button', { name: '去查重验证' }).click();
      await page.waitForURL(/\/papercheck\/check$/);
      const pasted = await page.getByTestId('ck-paste').inputValue();
      expect(pasted.length).toBeGreaterThan(100);
      expect(pasted).not.toBe(paper);
      await expect(page.locator('#ck-title').inputValue()).resolves.toBe('数字治理与公共服务');
      await page.getByTestId('ck-count').getByText('字符数').waitFor({ timeout: 15_000 });
      await walkShot(page, `walk-rewrite-verify-${width}`);
      await context.close();
    }, 240_000);
  }

  for (const width of [1440, 390]) {
    it(`the smaller items: a paste without a title, the 费用 column (${width} px)`, async () => {
      const { server, browser } = s;
      const token = await registerUser(server, `e2e_small_${width}`);
      await sandboxBuy(server, token, { topUpFen: 2000 });
      const { page, context } = await newPage(browser, { token, width, height: 900 });

      // 查重: the optional title, left empty, is named under the field and used (not only a toast on submit)
      await page.goto(`${server.url}/papercheck/check`);
      await page.getByText('粘贴文本').click();
      const untitled = [OWN_PARAGRAPH, SOURCE_PARAGRAPHS[0], SOURCE_PARAGRAPHS[1]].join('\n');
      await page.getByTestId('ck-paste').fill(untitled);
      await page.getByTestId('ck-count').getByText('字符数').waitFor({ timeout: 15_000 });
      const checkHint = (await page.getByTestId('ck-title-hint').textContent()) ?? '';
      expect(checkHint).toMatch(/^未填写时使用：.+/);
      await page.getByTestId('ck-submit').click();
      await page.waitForURL(/\/paper\/submit\/\d+$/);
      await expect(page.getByTestId('submit-title').textContent()).resolves.toBe(
        checkHint.replace('未填写时使用：', ''),
      );
      await page.getByTestId('confirm-submit').click();
      await page.waitForURL(/\/paper\/report\/\d+$/);
      await page.getByTestId('total-ratio').waitFor({ timeout: 60_000 });

      // AIGC检测: the same (it stopped with a toast when the paste had no title of its own)
      await page.goto(`${server.url}/aigccheck/check`);
      await page.getByTestId('ag-paste').fill(untitled);
      await page.getByTestId('ag-count').getByText('字符数').waitFor({ timeout: 15_000 });
      const aigcHint = (await page.getByTestId('ag-title-hint').textContent()) ?? '';
      expect(aigcHint).toMatch(/^未填写时使用：.+/);
      await page.getByTestId('ag-submit').click();
      await page.getByTestId('pay-choice-modal').waitFor();
      const aigcList = await server.api<{ records: Array<{ title: string }> }>(
        '/api/base/paper_aigc_api/query_list',
        { token, body: {} },
      );
      expect(aigcList.body.result.records[0]!.title).toBe(aigcHint.replace('未填写时使用：', ''));

      // the records list's 费用 column keeps its amount on one line (a table at 1440 px; a phone shows cards
      // without the column)
      await page.goto(`${server.url}/paper/report`);
      if (width < 1000) {
        await page.getByText('查看报告').first().waitFor({ timeout: 30_000 });
        await walkShot(page, `small-list-${width}`);
        await context.close();
        return;
      }
      const cell = page.locator('td.svc-nowrap').first();
      await cell.waitFor({ timeout: 30_000 });
      const lines = await cell.evaluate((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(1);
      await expect(cell.textContent()).resolves.toMatch(/^¥\d/);
      await walkShot(page, `small-list-${width}`);
      await context.close();
    }, 120_000);
  }
});
