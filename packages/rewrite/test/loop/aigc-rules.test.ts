import { describe, expect, it } from 'vitest';
import { AIGC_RULES, deAigc, meaningGuard, type ParagraphRule } from '../../src/index.ts';
import { seededRandom } from '@paperdesk/textkit';

const rule = (name: string): ParagraphRule => {
  const r = AIGC_RULES.find((x) => x.name === name);
  if (!r) throw new Error(`no rule ${name}`);
  return r;
};
const apply = (name: string, text: string) =>
  rule(name).apply(text, { random: seededRandom(1), rate: 1 }, new Map());
/** Sentences and commas per sentence, as the detector counts them. */
const sentences = (t: string) => t.split(/[。！？；]/).filter((s) => s.length > 0).length;
const commasPerSentence = (t: string) => (t.match(/，/g)?.length ?? 0) / sentences(t);

describe('降AIGC rules', () => {
  it('drop-opener: sequencing and additive openers go, causal ones get a plainer word of the same sense', () => {
    const text = '首先，构建了评价指标体系。此外，本文还讨论了其适用范围。因此，该方法具有推广价值。';
    const out = apply('drop-opener', text);
    expect(out).toBe('构建了评价指标体系。本文还讨论了其适用范围。所以，该方法具有推广价值。');
    expect(out).not.toMatch(/首先|此外|因此/);
  });

  it('drop-opener keeps an opener that is part of the clause (首先要…) and a bare one before punctuation', () => {
    expect(apply('drop-opener', '同时要注意样本量。')).toBe('同时要注意样本量。');
  });

  it('de-enumerate: 首先X，然后Y loses its first marker and keeps the order', () => {
    const out = apply('de-enumerate', '本文基于该框架，首先形式化描述了理想函数，然后设计了一种轻量级协议。');
    expect(out).toBe('本文基于该框架，形式化描述了理想函数，然后设计了一种轻量级协议。');
  });

  it('de-enumerate: 本文首先X；其次，Y；最后，Z loses 首先 with 其次, and a lone 首先 stays', () => {
    const out = deAigc('本文首先回顾了相关理论；其次，构建了评价模型；最后，提出了政策建议。', {
      seed: 1,
    }).text;
    expect(out).not.toMatch(/首先|其次/);
    expect(out).toContain('最后');
    expect(apply('de-enumerate', '该方法首先对图像去噪。')).toBe('该方法首先对图像去噪。');
  });

  it('colon-list: …：一是X；二是Y → …：X；Y, only a complete series in order after a colon', () => {
    expect(apply('colon-list', '主要原因有三：一是资金不足；二是人才缺乏；三是制度不完善。')).toBe(
      '主要原因有三：资金不足；人才缺乏；制度不完善。',
    );
    expect(apply('colon-list', '存在以下问题：第一，集成度不高；第二，流程标准化不足。')).toBe(
      '存在以下问题：集成度不高；流程标准化不足。',
    );
    // no colon, a gap in the series, an item without its marker: the markers stay
    for (const kept of [
      '一是资金不足；二是人才缺乏。',
      '原因是：一是资金不足；三是人才缺乏。',
      '措施包括：其一，加强监管；其二，完善制度；以及其他。',
    ])
      expect(apply('colon-list', kept)).toBe(kept);
  });

  it('split-semicolon: a long X；Y。 becomes X。Y。 at the semicolon nearest the middle, never a colon list', () => {
    const long =
      '该算法利用核函数将原始数据隐式映射到高维特征空间并在其中构造相似度矩阵以刻画样本间的非线性关系；然后通过求解广义特征值问题获得显式的谱嵌入映射，使新样本能够直接投影到嵌入空间。';
    expect(apply('split-semicolon', long)).toBe(long.replace('；', '。'));
    expect(sentences(apply('split-semicolon', long))).toBe(2);
    // a list a colon announced, a short sentence, a half that points back (其…) keep the semicolon
    for (const kept of [`主要步骤如下：${long}`, '该方法简单；效果较好。', long.replace('；然后', '；其')])
      expect(apply('split-semicolon', kept)).toBe(kept);
  });

  it('stock-phrase: stock academic phrases become plainer wording', () => {
    expect(apply('stock-phrase', '这对方言史研究具有重要意义，也有助于厘清层次。')).toBe(
      '这对方言史研究意义重大，也有利于厘清层次。',
    );
  });

  it('plain-words: generated-register words become plainer ones, whole words only', () => {
    const out = apply('plain-words', '本文构建了一个模型，能够有效缓解上述问题。');
    // 构建 → 建立 only while 建立 is not in the register (it is since the register was generated from model 1.7.0)
    expect(out).toMatch(/^(本研究|文中)(建立|构建)了一个模型，能有效缓解(以上|前述)问题。$/);
    // 可能性 is a noun, 不可能 is negated: both stay
    expect(apply('plain-words', '这种可能性不可能出现。')).toBe('这种可能性不可能出现。');
  });

  it('merge-sentences: a sentence that continues the subject joins the one before (more commas per sentence)', () => {
    const text = '该算法在簇头节点上缓存查询结果。这减少了重复的数据传输。本文还给出了仿真结果。';
    const out = apply('merge-sentences', text);
    expect(out).toBe('该算法在簇头节点上缓存查询结果，这减少了重复的数据传输。本文还给出了仿真结果。');
    expect(commasPerSentence(out)).toBeGreaterThan(commasPerSentence(text));
    // a conclusion (因此，…) and the author's unstated action (介绍了…) stay sentences of their own
    for (const kept of [
      '中小煤矿大量出现。因此，行业出现了过度竞争。',
      '本体论为语义信息的组织提供了支持。介绍和分析了常识本体和领域本体。',
      // a topic frame turns to the next point of a list (was joined by a comma to the point before)
      '家属的焦虑情绪也增加了护士的心理压力。就个人层面而言，年轻护士应对能力不足。',
    ])
      expect(apply('merge-sentences', kept)).toBe(kept);
  });

  it('drop-restatement: a closing sentence that only restates goes, one that says something new stays', () => {
    const said = '本研究构建了区域创新评价模型。模型纳入专利和人才两类指标。结果显示东部得分较高。';
    expect(apply('drop-restatement', `${said}综上所述，该模型具有重要的理论意义和实践价值。`)).toBe(said);
    expect(apply('drop-restatement', `${said}总之，本研究构建的评价模型提供了有益的参考。`)).toBe(said);
    // new content (西部的原因), a number, or too short a paragraph: kept
    const news = `${said}综上所述，西部得分偏低主要源于高校数量少。`;
    expect(apply('drop-restatement', news)).toBe(news);
    const number = `${said}综上所述，该模型覆盖31个省份，具有重要意义。`;
    expect(apply('drop-restatement', number)).toBe(number);
    const short = '结果显示东部得分较高。综上所述，该模型具有重要意义。';
    expect(apply('drop-restatement', short)).toBe(short);
  });

  it('drop-intensifier: 不断提高 → 提高, but not under a negation or modal (不能有效提高)', () => {
    expect(apply('drop-intensifier', '企业不断提高服务质量，并深入分析了用户需求。')).toBe(
      '企业提高服务质量，并分析了用户需求。',
    );
    expect(apply('drop-intensifier', '该方法不能有效提高精度。')).toBe('该方法不能有效提高精度。');
    expect(apply('drop-intensifier', '需要进一步提高精度。')).toBe('需要进一步提高精度。');
  });

  it('merge-sentences leaves labelled parts of a structured abstract apart', () => {
    const text = '目的：观察疗效。方法：随机分为两组。';
    expect(deAigc(text).text).toBe(text);
  });

  it('every rule keeps numbers, citations, terms and negations (the meaning guard passes)', () => {
    const text =
      '首先，本文构建了包含120个样本的数据集[3]。此外，实验表明该方法能够将误差降低12.5%。这说明它并不依赖上述假设。综上所述，该方法具有重要意义。';
    const out = deAigc(text, { seed: 5 });
    expect(out.rules.length).toBeGreaterThanOrEqual(3);
    expect(meaningGuard(text, out.text)).toEqual({ ok: true, reasons: [] });
    for (const keep of ['120个', '[3]', '12.5%', '并不']) expect(out.text).toContain(keep);
  });

  it('leaves the reference list as written and is deterministic per seed', () => {
    const text = '首先，本文回顾了相关研究。\n参考文献\n[1] 张三. 首先，论文题目. 期刊, 2020.';
    const a = deAigc(text, { seed: 2 });
    expect(a.text.split('\n').slice(1).join('\n')).toBe('参考文献\n[1] 张三. 首先，论文题目. 期刊, 2020.');
    expect(deAigc(text, { seed: 2 })).toEqual(a);
  });
});
