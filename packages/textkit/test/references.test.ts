import { describe, expect, it } from 'vitest';
import { findQuotedCitations, findReferences, parseReferenceEntry } from '../src/index.ts';

describe('reference list', () => {
  const body = '第一章 绪论\n正文内容引用了前人研究[1]。\n参考文献\n';
  const refs = [
    '[1] 张三, 李四. 基于深度学习的文本检测方法[J]. 计算机学报, 2020, 43(2): 3-14.',
    '[2] 王五. 信息检索导论[M]. 北京: 科学出版社, 2015.',
    '[3] Smith J, Doe A. Text reuse detection[C]//Proceedings of ACL. 2019: 1-9.',
  ];
  const text = `${body}${refs.join('\n')}\n致谢\n感谢导师。`;

  it('finds the list after the 参考文献 heading and stops at 致谢', () => {
    const section = findReferences(text);
    expect(section).toBeDefined();
    expect(section!.entries).toHaveLength(3);
    expect(text.slice(section!.start, section!.end)).toBe(refs.join('\n'));
    expect(text.slice(section!.headingStart!, section!.headingStart! + 4)).toBe('参考文献');
  });

  it('parses GB/T 7714 entries', () => {
    const e = parseReferenceEntry(refs[0]!);
    expect(e).toMatchObject({
      number: 1,
      authors: ['张三', '李四'],
      title: '基于深度学习的文本检测方法',
      type: 'J',
      year: 2020,
    });
    expect(parseReferenceEntry(refs[1]!)).toMatchObject({
      number: 2,
      type: 'M',
      year: 2015,
      authors: ['王五'],
    });
    expect(parseReferenceEntry(refs[2]!)).toMatchObject({ number: 3, type: 'C', year: 2019 });
  });

  it('recognises a trailing numbered list without a heading, and nothing in plain text', () => {
    const t = `正文。\n${refs.join('\n')}`;
    expect(findReferences(t)?.entries).toHaveLength(3);
    expect(findReferences('只有正文。\n第二段。')).toBeUndefined();
  });
});

describe('quoted-and-cited spans', () => {
  it('finds quotes followed by a numeric or author-year citation', () => {
    const text =
      '他指出“知识就是力量，学习永无止境”[3]。又有人说「文以载道」（张三，2020）。而“没有引用的引号”不算。';
    const found = findQuotedCitations(text);
    expect(found).toHaveLength(2);
    expect(text.slice(found[0]!.contentStart, found[0]!.contentEnd)).toBe('知识就是力量，学习永无止境');
    expect(found[0]!.citation.text).toBe('[3]');
    expect(text.slice(found[1]!.contentStart, found[1]!.contentEnd)).toBe('文以载道');
    expect(found[1]!.citation.text).toBe('（张三，2020）');
  });

  it('allows one punctuation mark between the quote and the marker', () => {
    const text = '正如“引文内容在此”。[12,13]';
    expect(findQuotedCitations(text)[0]?.citation.text).toBe('[12,13]');
  });
});
