import { describe, expect, it } from 'vitest';
import { splitSentences } from '../src/index.ts';

const texts = (s: string) => splitSentences(s).map((x) => x.text);

describe('splitSentences', () => {
  it('splits Chinese on 。！？；… and keeps closing quotes', () => {
    expect(texts('第一句。第二句！第三句？“第四句。”第五句；第六句……第七句')).toEqual([
      '第一句。',
      '第二句！',
      '第三句？',
      '“第四句。”',
      '第五句；',
      '第六句……',
      '第七句',
    ]);
  });

  it('handles English abbreviations, initials and decimals', () => {
    expect(
      texts('Dr. Smith et al. reported 3.14 units, e.g. in Fig. 2. J. Doe disagreed! Why? See U.S. data.'),
    ).toEqual([
      'Dr. Smith et al. reported 3.14 units, e.g. in Fig. 2.',
      'J. Doe disagreed!',
      'Why?',
      'See U.S. data.',
    ]);
  });

  it('treats an ASCII period between Chinese clauses as a full stop (journal style)', () => {
    expect(texts('提出了一种新的设计方法.仿真结果表明,该方法有效.版本为2.5')).toEqual([
      '提出了一种新的设计方法.',
      '仿真结果表明,该方法有效.',
      '版本为2.5',
    ]);
    // converted decimal points stay inside the sentence
    expect(texts('回收率为99。8%，r=0．999。下一句')).toEqual(['回收率为99。8%，r=0．999。', '下一句']);
  });

  it('returns offsets into the original text and splits at line breaks', () => {
    const s = '  甲乙。\n丙丁';
    const out = splitSentences(s);
    expect(out.map((x) => [x.start, x.end])).toEqual([
      [2, 5],
      [6, 8],
    ]);
    for (const x of out) expect(s.slice(x.start, x.end)).toBe(x.text);
  });
});
