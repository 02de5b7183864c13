import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { promptOf, taskOf, writer } from '../../apps/server/test/writing/support.ts';
import { newPage } from './support/browser.ts';
import { importLibrary } from './support/server.ts';
import { useModelSession } from './support/session.ts';

/**
 * 论文写作 shows, under each written section, the reference-list entries it cites: the library holds a record
 * on the paper's topic, the fake model cites the [R1] it is given, and the content page lists it per section.
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
    // a section given a record cites it
    respond: (req) => {
      const reply = writer(req);
      if (taskOf(req) !== '撰写章节' || !promptOf(req).includes('[R1]') || !reply.chunks) return reply;
      return { ...reply, chunks: [...reply.chunks, '已有研究讨论了城市数字治理的协同机制[R1]。'] };
    },
  });

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
