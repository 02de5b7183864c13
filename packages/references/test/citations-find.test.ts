import { describe, expect, it } from 'vitest';
import { checkCitations, citedNumbers, findReferenceList, parseEntry, splitEntries } from '../src/index.ts';

describe('findReferenceList', () => {
  it('takes the last 参考文献 heading up to the back matter, and splits run-together entries', () => {
    const found = findReferenceList([
      '引言',
      '正文[1]。',
      '参考文献',
      '[1] 甲. 题一[J]. 刊, 2020, 1(1): 1-2. [2] 乙. 题二[M]. 北京: 社, 2019.',
      '致谢',
      '感谢老师',
    ]);
    expect(found?.headingIndex).toBe(2);
    expect(found?.entries).toHaveLength(2);
    expect(found?.body).toEqual(['引言', '正文[1]。']);
  });

  it('says null when there is no list, and caps a huge one at 2,000 entries', () => {
    expect(findReferenceList(['正文', '结论'])).toBeNull();
    const many = Array.from(
      { length: 2_500 },
      (_, i) => `[${i + 1}] 作者. 题名${i}[J]. 刊名, 2020, 1(1): 1-2.`,
    );
    expect(splitEntries(many.join('\n'))).toHaveLength(2_000);
  });
});

describe('checkCitations', () => {
  const entries = [
    '[1] 甲. 题一[J]. 刊, 2020, 1(1): 1-2.',
    '[2] 乙. 题二[J]. 刊, 2020, 1(1): 3-4.',
    '[3] 丙. 题三[J]. 刊, 2020, 1(1): 5-6.',
  ].map(parseEntry);

  it('reads ranges and lists, not years', () => {
    expect(citedNumbers('如文献[1-3]与[5，7]所示，自[2001]年起')).toEqual([1, 2, 3, 5, 7]);
  });

  it('finds numbers with no entry, entries never cited and numbers out of order', () => {
    const report = checkCitations(['首先见[2]，其次[1]，另见[9]。'], entries);
    expect(report).toMatchObject({ scheme: 'numeric', missingEntries: [9], uncited: [3], outOfOrder: [1] });
  });

  it('matches author-year citations to entries', () => {
    const list = [
      'LeCun Y, Bengio Y, Hinton G, 2015. Deep learning[J]. Nature, 521(7553): 436-444.',
      '周志华, 2016. 机器学习[M]. 北京: 清华大学出版社.',
    ].map(parseEntry);
    const report = checkCitations(
      ['深度学习(LeCun et al., 2015)改变了领域；周志华(2016)总结了方法；(Smith, 2020)另有看法。'],
      list,
    );
    expect(report.scheme).toBe('author-year');
    expect(report.uncited).toEqual([]);
    expect(report.unmatchedAuthorYear).toEqual(['(Smith, 2020)']);
  });
});
