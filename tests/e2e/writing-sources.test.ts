import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIBTEX_ARTICLE, promptOf, taskOf, writer } from '../../apps/server/test/writing/support.ts';
import { newPage } from './support/browser.ts';
import { importLibrary } from './support/server.ts';
import { useModelSession } from './support/session.ts';

/**
 * 论文写作 shows, under each written section, the reference-list entries it cites: the library holds a record
 * on the paper's topic, the fake model cites the [R1] it is given, and the content page lists it per section.
 * A BibTeX file added on the writing page before generating is preferred over that library record.
 */

// Written for this test.
const RECORD_TEXT =
  '城市数字治理强调政府、企业与公众之间的协同。本文分析了数据共享、平台建设与跨部门协作在城市数字治理中的作用，提出以协同机制推动治理效能提升的路径，并讨论了制度保障与技术支撑之间的关系。';

describe('论文写作: the sources each section used', () => {
  const s = useModelSession({
    username: 'e2e_writer_sources',
    topUpFen: 20_000,
    prepare: async (server) => {
      const row = {
        title: '城市数字治理的协同机制与实现路径',
        author: '张三',
        source: '中国行政管理',
        year: 2021,
      };
      await importLibrary(server, [{ ...row, text: RECORD_TEXT }], 'writing-library.jsonl');
    },
    // a section given records cites every one of them
    respond: (req) => {
      const reply = writer(req);
      const keys = [...promptOf(req).matchAll(/^\[(R\d+)\]/gm)].map((m) => m[1]);
      if (taskOf(req) !== '撰写章节' || keys.length === 0 || !reply.chunks) return reply;
      return {
        ...reply,
        chunks: [...reply.chunks, `已有研究讨论了城市数字治理的协同机制[${keys.join(',')}]。`],
      };
    },
  });

  it('takes a BibTeX file and a 自建库 document before generating; the section cites them, not the library', async () => {
    const shots = '/tmp/refs-shots';
    fs.mkdirSync(shots, { recursive: true });
    const bib = path.join(shots, 'sources.bib');
    fs.writeFileSync(bib, BIBTEX_ARTICLE);
    // the user's own 自建库 document to pick (written for this test)
    const form = new FormData();
    const note = `${RECORD_TEXT.replace('本文', '本调研笔记')}调研覆盖了三个城市的数据共享平台。`;
    form.append('file', new Blob([note], { type: 'text/plain' }), '城市数字治理调研笔记.txt');
    const up = await fetch(`${s.server.url}/api/base/library_api/my/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.token}` },
      body: form,
    });
    expect(up.status).toBe(200);
    for (const width of [390, 1440]) {
      const { page, context } = await newPage(s.browser, { token: s.token, width, height: 900 });
      await page.goto(`${s.server.url}/papergc/gc`);
      await page.waitForLoadState('networkidle');
      await page.locator('#wr-title').fill('城市数字治理的协同机制研究');
      await page.getByTestId('wr-sources').locator('input[type=file]').setInputFiles(bib);
      const file = page.getByTestId('wr-source-file');
      await file.waitFor();
      await expect(file.textContent()).resolves.toContain('城市数字治理中的协同机制与数据共享');
      await page.getByTestId('wr-sources-library').click();
      await page.locator('.ant-select-item-option').filter({ hasText: '城市数字治理调研笔记' }).click();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('wr-sources-count').textContent()).resolves.toBe('2 条文献');
      await page.waitForTimeout(400);
      // centred, so the fixed header does not cover it
      await page.getByTestId('wr-sources').evaluate((e) => e.scrollIntoView({ block: 'center' }));
      await page.getByTestId('wr-sources').screenshot({ path: `${shots}/writing-add-sources-${width}.png` });
      // the upload scrolled the page; a full-page shot from there paints the fixed header mid-page
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${shots}/writing-generate-${width}.png`, fullPage: true });
      if (width === 390) {
        await context.close();
        continue;
      }
      await page.getByTestId('wr-generate').click();
      await page.waitForURL(/\/paperwirte\/wirte\/\d+/, { timeout: 15_000 });
      await page.getByTestId('wr-outline').waitFor();
      // the confirm page shows what was saved with the paper
      const saved = page.getByTestId('wr-saved-sources');
      await saved.getByText('sources.bib').waitFor();
      await expect(saved.textContent()).resolves.toContain('城市数字治理调研笔记');
      await page.waitForTimeout(400);
      await saved.screenshot({ path: `${shots}/writing-saved-sources-1440.png` });
      await page.getByTestId('wr-submit').click();
      await page.waitForURL(/\/paperwirte\/content\/\d+$/);
      await page.getByTestId('wr-download').waitFor({ timeout: 60_000 });
      const sources = page.getByTestId('wr-sec-sources').first();
      await sources.waitFor();
      const listed = await sources.textContent();
      expect(listed).toContain('王五, 孙八. 城市数字治理中的协同机制与数据共享[J]. 公共管理学报, 2022');
      // a 自建库 document with no author is cited by its title alone
      expect(listed).toMatch(/\[\d\] 城市数字治理调研笔记\[Z\]/);
      // the library's record on the same topic is not what the section was given
      expect(listed).not.toContain('张三');
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${shots}/writing-sources-used-1440.png`, fullPage: true });
      await context.close();
    }
  }, 180_000);

  it('lists under a section the entries it cites', async () => {
    const { page, context } = await newPage(s.browser, { token: s.token, width: 1440, height: 900 });
    await page.goto(`${s.server.url}/papergc/gc`);
    await page.waitForLoadState('networkidle');
    await page.locator('#wr-title').fill('城市数字治理的协同机制研究');
    await page.getByTestId('wr-generate').click();
    await page.waitForURL(/\/paperwirte\/wirte\/\d+/, { timeout: 15_000 });
    await page.getByTestId('wr-outline').waitFor();
    await page.getByTestId('wr-submit').click();
    await page.waitForURL(/\/paperwirte\/content\/\d+$/);
    await page.getByTestId('wr-download').waitFor({ timeout: 60_000 });
    const sources = page.getByTestId('wr-sec-sources').first();
    await sources.waitFor();
    await expect(sources.textContent()).resolves.toContain('[1] 张三. 城市数字治理的协同机制与实现路径');
    await page.waitForTimeout(600);
    fs.mkdirSync('/tmp/refs-shots', { recursive: true });
    await page.screenshot({ path: '/tmp/refs-shots/writing-sources-1440.png', fullPage: true });
    await context.close();
  }, 120_000);
});
