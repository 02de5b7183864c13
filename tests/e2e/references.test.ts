import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot } from './support/browser.ts';
import { importLibrary } from './support/server.ts';
import { useSession } from './support/session.ts';

/**
 * 参考文献核查 on its own: from the 查重 page's entry, a pasted list is checked for free — one entry the
 * library holds (已核实, with its record), one nobody wrote (未能核实, naming the sources searched) — at desktop
 * and phone width. The library record is put in by the real `library:import` command.
 */
const SHOTS = '/tmp/refs-shots';

// Written for this test.
const RECORD_TEXT =
  '城市治理是国家治理体系的重要组成部分。本文梳理了近十年城市治理研究的主要议题，讨论了多元主体协同、数字技术应用与基层治理能力建设之间的关系，并指出当前研究在理论整合与实证检验方面的不足，提出今后研究应当关注的若干问题。';
const KNOWN = '[1] 王五. 城市治理研究的若干问题. 管理世界, 2020, 36(4): 1-12.';
const INVENTED = '[2] 赵钱. 一篇没有人写过的论文[J]. 管理世界, 2021, 37(1): 5-9.';

async function shot(page: Page, name: string) {
  await page.waitForTimeout(600);
  const file = await screenshot(page, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.copyFileSync(file, path.join(SHOTS, `${name}.png`));
}

describe('参考文献核查: paste a list, read the verdicts', () => {
  const s = useSession({
    username: 'e2e_refs',
    topUpFen: 100,
    prepare: async (server) => {
      await importLibrary(
        server,
        [
          {
            title: '城市治理研究的若干问题',
            author: '王五',
            source: '管理世界',
            year: 2020,
            text: RECORD_TEXT,
          },
        ],
        'refs-library.jsonl',
      );
    },
  });

  async function checkPasted(page: Page) {
    await page.getByTestId('refs-paste').fill(`${KNOWN}\n${INVENTED}`);
    await page.getByTestId('refs-submit').click();
    const result = page.getByTestId('refs-result');
    await result.waitFor({ timeout: 90_000 });
    return result;
  }

  it('opens from the 查重 page, checks a pasted list for free and shows each verdict', async () => {
    const { page } = await newPage(s.browser, { token: s.token, width: 1440, height: 900 });
    await page.goto(`${s.server.url}/papercheck/check`);
    await page.getByTestId('ck-refs-entry').click();
    await page.waitForURL(/\/papercheck\/refs$/);
    await expect(page.getByTestId('refs-free').textContent()).resolves.toContain('免费');

    const result = await checkPasted(page);
    await expect(page.getByTestId('refs-summary').textContent()).resolves.toContain('已核实 1');
    const verdicts = await page.getByTestId('refs-verdict').allTextContents();
    expect(verdicts[0]).toContain('已核实');
    expect(verdicts[0]).toContain('比对库：城市治理研究的若干问题');
    expect(verdicts[1]).toContain('未能核实');
    expect(verdicts[1]).toContain('已检索：比对库');
    // the known entry lacks its type code: the problem and the corrected entry are shown
    await expect(result.textContent()).resolves.toContain('缺少文献类型标识');
    await expect(result.textContent()).resolves.toContain('改正：[1] 王五. 城市治理研究的若干问题[J].');
    // its parsed fields open under the row
    await result.locator('.ant-table-row-expand-icon').first().click();
    await expect(result.textContent()).resolves.toContain('管理世界');
    await shot(page, 'references-1440');

    // the 2025 edition of the standard is a choice
    await page.getByTestId('refs-standard-2025').click();
    await page.getByTestId('refs-submit').click();
    await result.getByText('GB/T 7714-2025').waitFor({ timeout: 90_000 });
  }, 240_000);

  it('fits a phone', async () => {
    const { page } = await newPage(s.browser, { token: s.token, width: 390, height: 844 });
    await page.goto(`${s.server.url}/papercheck/refs`);
    await checkPasted(page);
    await expect(page.getByTestId('refs-verdict').first().textContent()).resolves.toContain('已核实');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'references-390');
  }, 180_000);
});
