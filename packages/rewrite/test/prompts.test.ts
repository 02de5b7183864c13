import { describe, expect, it } from 'vitest';
import {
  buildBothMessages,
  buildDeAigcMessages,
  buildRewriteMessages,
  checkRewriteOutput,
} from '../src/index.ts';

const TEXT =
  '采用SVM模型对数据进行了分类，准确率达到93.5%[1]。正如“实践是检验真理的唯一标准”（张三，2020）所说，P<0.05。';

describe('prompt builders', () => {
  for (const [name, build] of [
    ['降重', buildRewriteMessages],
    ['降AIGC', buildDeAigcMessages],
    ['both', buildBothMessages],
  ] as const)
    it(`${name}: system + user messages with the text and every protected span`, () => {
      const messages = build(TEXT, { keepTerms: ['数据'], discipline: '计算机科学' });
      expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
      const user = messages[1]!.content;
      expect(user).toContain(TEXT);
      for (const keep of [
        'SVM',
        '93.5%',
        '[1]',
        '“实践是检验真理的唯一标准”',
        '（张三，2020）',
        'P<0.05',
        '数据',
      ])
        expect(user.split('原文：')[0]).toContain(keep);
      expect(messages[0]!.content).toContain('计算机科学');
    });

  it('the three tasks ask for different things, and all keep negations, quantities, names and the reference list', () => {
    const systems = [buildRewriteMessages, buildDeAigcMessages, buildBothMessages].map(
      (b) => b(TEXT)[0]!.content,
    );
    expect(new Set(systems).size).toBe(3);
    for (const s of systems) expect(s).toMatch(/否定.*参考文献列表原样保留/s);
    expect(systems[2]).toMatch(/两点都要满足/);
  });

  it('shows the current figures and targets, and takes the must-keep list from the original when asked', () => {
    const rewritten = '采用SVM模型分类数据。';
    const [system, user] = buildRewriteMessages(rewritten, {
      scores: { similarity: 0.62, aigc: 0.1 },
      targets: { similarity: 0.3 },
      protectFrom: TEXT,
    });
    expect(system!.content).toContain('当前复制比62%，目标 ≤ 30%；当前AIGC疑似度10%（不得升高）。');
    expect(user!.content.split('原文：')[0]).toContain('93.5%');
    expect(user!.content).toContain(`原文：\n${rewritten}`);
  });
});

describe('checkRewriteOutput', () => {
  const good =
    '借助SVM模型分类了数据，准确率为93.5%[1]。如“实践是检验真理的唯一标准”（张三，2020）所言，P<0.05。';

  it('accepts an output that keeps every span', () => {
    expect(checkRewriteOutput(TEXT, good)).toMatchObject({ ok: true, missing: [], addedNumbers: [] });
  });

  it('rejects a dropped or altered number', () => {
    const check = checkRewriteOutput(TEXT, good.replace('93.5%', '93%'));
    expect(check.ok).toBe(false);
    expect(check.missing.map((m) => m.text)).toContain('93.5%');
  });

  it('rejects a dropped citation', () => {
    const check = checkRewriteOutput(TEXT, good.replace('[1]', ''));
    expect(check.ok).toBe(false);
    expect(check.missing).toContainEqual({ text: '[1]', kind: 'citation' });
  });

  it('rejects invented numbers and implausible lengths', () => {
    expect(checkRewriteOutput(TEXT, `${good}样本量为2000。`).addedNumbers).toEqual(['2000']);
    expect(checkRewriteOutput(TEXT, `${good}样本量为2000。`).ok).toBe(false);
    expect(checkRewriteOutput(TEXT, good + good.repeat(2)).ok).toBe(false);
  });
});
