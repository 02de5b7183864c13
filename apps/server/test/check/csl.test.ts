import fs from 'node:fs';
import path from 'node:path';
import type { CheckRecord, CheckReport } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { buildApp } from '../../src/http/app.ts';
import { credit, makeUser } from '../billing/helpers.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { call, waitFor } from './support.ts';

/**
 * A library of real journal abstracts (CSL, ../shared/data — never copied into the repo) and a paper
 * made of two copied abstracts, one lightly edited abstract and text written for this test.
 */
const DATA = path.resolve(repoRoot, '../shared/data/csl_human_abstracts_zh/csl_1000_1500_4domain.json');
const API = '/api/base/check_api';

interface Abstract {
  title: string;
  abstract: string;
  domain: string[];
}

// Written for this test (not from any source).
const OWN_1 =
  '近年来，随着高等教育规模的持续扩大，研究生培养质量受到越来越多的关注。本研究从培养过程的角度出发，梳理导师指导、课程学习与学术训练三者之间的关系，尝试回答哪些环节对学位论文质量的影响最为直接，并据此提出改进培养方案的思路。';
const OWN_2 =
  '在研究设计上，我们先后走访了六所高校的研究生院，收集了近五年的学位论文抽检结果和培养方案文本，再辅以对导师和在读研究生的半结构化访谈。资料整理采用逐级编码的方式，力求让结论建立在可以追溯的材料之上，而不是停留在经验判断。';
const OWN_3 =
  '总的来看，培养质量的提升不能只依赖论文抽检这一末端手段，更需要在开题、中期考核和预答辩等环节建立及时的反馈机制。本文的不足在于样本学校数量有限，后续研究可以扩大地区范围，并结合量化数据检验上述判断。';

/** A light edit: a few words swapped for near-synonyms and one clause dropped, as students do. */
function lightlyEdit(text: string): string {
  const swaps: [RegExp, string][] = [
    [/研究/g, '探究'],
    [/表明/g, '显示'],
    [/本文/g, '本研究'],
    [/通过/g, '借助'],
    [/分析/g, '剖析'],
  ];
  let out = text;
  for (const [re, to] of swaps) out = out.replace(re, to);
  const sentences = out.split(/(?<=[。；])/);
  if (sentences.length > 3) sentences.splice(1, 1);
  return sentences.join('');
}

const available = fs.existsSync(DATA);
if (!available) console.log(`跳过 CSL 查重测试：找不到 ${DATA}（数据集不随仓库分发）`);

describe.skipIf(!available)('check against CSL abstracts', () => {
  describeEachDatabase('csl library', (getCtx) => {
    let app: FastifyInstance;
    let abstracts: Abstract[] = [];

    beforeAll(async () => {
      const ctx = getCtx();
      app = await buildApp(ctx);
      const json = JSON.parse(fs.readFileSync(DATA, 'utf8')) as Record<string, Abstract[]>;
      abstracts = Object.values(json).flat();
      const t0 = Date.now();
      const r = await ctx.checks.library.add(
        abstracts.map((a, i) => ({
          title: a.title,
          author: `作者${i}`,
          source: a.domain.join(' / '),
          year: 2015 + (i % 8),
          text: a.abstract,
        })),
        { origin: 'import' },
      );
      console.log(`CSL 比对库：${r.added} 篇入库（重复 ${r.skipped}），${Date.now() - t0} ms`);
      await ctx.jobs.startWorkers();
    }, 120_000);

    async function check(edition: 'standard' | 'professional', text: string) {
      const ctx = getCtx();
      const user = await makeUser(ctx);
      await credit(ctx, user.id, 'balance', 100_000);
      const init = await call<CheckRecord>(app, 'POST', `${API}/check_init`, {
        token: user.token,
        body: { title: '研究生培养质量研究', author: '测试', edition, text },
      });
      expect(init.status, init.body.message).toBe(200);
      await call(app, 'POST', `${API}/check_submit`, {
        token: user.token,
        body: { id: init.body.result.id },
      });
      const done = await waitFor(async () => {
        const r = await call<CheckRecord>(app, 'POST', `${API}/load_by_id?id=${init.body.result.id}`, {
          token: user.token,
        });
        return r.body.result.status === 'done' || r.body.result.status === 'failed' ? r.body.result : null;
      }, 60_000);
      expect(done.status, done.message).toBe('done');
      const rep = await call<CheckReport>(app, 'GET', `${API}/report_paragraphs?id=${done.id}`, {
        token: user.token,
      });
      return { record: done, report: rep.body.result };
    }

    it('two copied abstracts among original text: ratio in range and both sources found', async () => {
      const a = abstracts[17]!;
      const b = abstracts[1234]!;
      const text = [
        '第一章 引言',
        OWN_1,
        a.abstract,
        '第二章 研究设计',
        OWN_2,
        b.abstract,
        '第三章 结论',
        OWN_3,
      ].join('\n');
      const { record, report } = await check('standard', text);
      const m = record.metrics!;
      const copied = (a.abstract + b.abstract).replace(/\s/g, '').length;
      const expected = copied / m.totalChars;
      console.log(
        `CSL 两篇复制：总文字复制比 ${(m.totalRatio * 100).toFixed(1)}%（复制字数占比 ${(expected * 100).toFixed(1)}%），来源 ${report.sources
          .slice(0, 3)
          .map((s) => `${s.title} ${(s.ratio * 100).toFixed(1)}%`)
          .join('；')}，用时 ${report.elapsedMs} ms`,
      );
      expect(m.totalRatio).toBeGreaterThan(expected - 0.03);
      expect(m.totalRatio).toBeLessThan(expected + 0.05);
      const top = report.sources
        .slice(0, 2)
        .map((s) => s.title)
        .sort();
      expect(top).toEqual([a.title, b.title].sort());
      // nothing else of substance is blamed on other abstracts
      const others = report.sources.slice(2).reduce((n, s) => n + s.overlapChars, 0);
      expect(others / m.totalChars).toBeLessThan(0.03);
      // the original paragraphs stay (almost) clean
      for (const own of [OWN_1, OWN_2, OWN_3]) {
        const p = report.paragraphs.find((x) => x.text === own)!;
        expect(p.ratio).toBeLessThan(0.1);
      }
      expect(report.chapters.map((c) => c.title)).toEqual(['第一章 引言', '第二章 研究设计', '第三章 结论']);
    });

    it('专业版 also finds a lightly edited abstract', async () => {
      // the first abstract from 700 on that the edit really changes (several swaps and a dropped clause)
      const c = abstracts.slice(700).find((x) => {
        const e = lightlyEdit(x.abstract);
        return (
          e.length < x.abstract.length && (x.abstract.match(/研究|表明|本文|通过|分析/g) ?? []).length >= 3
        );
      })!;
      const edited = lightlyEdit(c.abstract);
      const text = ['第一章 引言', OWN_1, edited, '第二章 结论', OWN_3].join('\n');
      const { report } = await check('professional', text);
      const para = report.paragraphs.find((p) => p.text === edited)!;
      console.log(
        `CSL 轻度改写（专业版）：该段复制比 ${(para.ratio * 100).toFixed(1)}%，首个来源 ${report.sources[0]?.title}`,
      );
      expect(report.sources[0]?.title).toBe(c.title);
      expect(para.ratio).toBeGreaterThan(0.6);
    });
  });
});
