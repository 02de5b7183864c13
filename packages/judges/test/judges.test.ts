import { describe, expect, it } from 'vitest';
import {
  calibrateAtFpr,
  ContinuousMatchIndex,
  flaggedByJudge,
  judgeScore,
  trainNgramJudge,
} from '../src/index.ts';

describe('ContinuousMatchIndex (13-character runs)', () => {
  const source =
    '壮族神话的传承依托于特定的实在的地理空间和想象的宇宙空间，壮族先民借助神话想象将陌生的荒蛮之地转变成文化圣地。';
  const index = new ContinuousMatchIndex();
  index.add('a', source);

  it('a verbatim copy is 100 %, an unrelated text 0 %', () => {
    expect(index.copyRatio(source)).toBe(1);
    expect(index.copyRatio('本研究测量了三种合金在高温下的蠕变速率并比较其差异。')).toBe(0);
  });

  it('ignores punctuation but counts a run only from 13 characters', () => {
    expect(index.copyRatio('壮族神话的传承，依托于特定的实在的地理空间')).toBe(1);
    // a change every 12th character leaves no run of 13
    const broken = [...source.replace(/[^\p{L}]/gu, '')].map((c, i) => (i % 12 === 11 ? '某' : c)).join('');
    expect(index.copyRatio(broken)).toBe(0);
  });

  it('an excluded document does not count', () => {
    expect(index.copyRatio(source, ['a'])).toBe(0);
  });
});

describe('the character n-gram judge', () => {
  const ai = Array.from({ length: 40 }, (_, i) => ({
    text: `综上所述，本研究具有重要的理论意义和实践价值，为相关领域提供了有益的参考第${i}项。`,
    label: 1 as const,
  }));
  const human = Array.from({ length: 40 }, (_, i) => ({
    text: `样品${i}号在烘箱里放了一晚，第二天称重发现少了一点，我们怀疑是密封圈老化漏气。`,
    label: 0 as const,
  }));
  const judge = trainNgramJudge([...ai, ...human], { bits: 16 });

  it('separates what it was trained on', () => {
    expect(judgeScore(judge, '综上所述，本研究具有重要的理论意义和实践价值。')).toBeGreaterThan(0.5);
    expect(judgeScore(judge, '样品在烘箱里放了一晚，称重发现少了一点。')).toBeLessThan(0.5);
  });

  it('calibration flags at most the allowed share of human texts', () => {
    const humanTexts = human.map((h) => h.text);
    const calibrated = calibrateAtFpr(judge, humanTexts, 0.05);
    const flagged = humanTexts.filter((t) => flaggedByJudge(calibrated, t)).length;
    expect(flagged).toBeLessThanOrEqual(Math.floor(humanTexts.length * 0.05));
  });

  it('refuses a training set with one class', () => {
    expect(() => trainNgramJudge(ai)).toThrow();
  });
});
