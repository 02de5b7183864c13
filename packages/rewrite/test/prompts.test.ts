import { describe, expect, it } from 'vitest';
import { buildDeAigcMessages, buildRewriteMessages, checkRewriteOutput } from '../src/index.ts';

const TEXT =
  '采用SVM模型对数据进行了分类，准确率达到93.5%[1]。正如“实践是检验真理的唯一标准”（张三，2020）所说，P<0.05。';

describe('prompt builders', () => {
  for (const [name, build] of [
    ['降重', buildRewriteMessages],
    ['降AIGC', buildDeAigcMessages],
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

  it('the two tasks ask for different things', () => {
    expect(buildRewriteMessages(TEXT)[0]!.content).not.toBe(buildDeAigcMessages(TEXT)[0]!.content);
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
