import { describe, expect, it } from 'vitest';
import { hasData, loadAbstracts, sampleAbstracts } from '../bench/data.ts';
import { buildLibrary, measureStrength } from '../bench/measure.ts';

const dataPresent = hasData();
if (!dataPresent)
  console.warn('rewrite effectiveness gate skipped: ../shared/data (or PAPERDESK_DATA_DIR) is absent');

/**
 * Copied CSL abstracts (all in the library) rewritten at standard and strong strength. Thresholds sit a little above what
 * `npm run bench:rewrite` measured on this sample, so a regression in the rules or the table fails here.
 */
describe.skipIf(!dataPresent)('effectiveness against the plagiarism engine (real CSL abstracts)', () => {
  const abstracts = dataPresent ? loadAbstracts() : [];
  const index = buildLibrary(abstracts);
  const sample = sampleAbstracts(abstracts, 60);

  it.each(['standard', 'strong'] as const)(
    '%s strength lowers the copy ratio and keeps every protected span',
    (strength) => {
      const r = measureStrength(index, sample, strength);
      const gate = GATE[strength];
      expect(r.ratioBefore).toBeGreaterThan(0.97);
      expect(r.preserved).toBe(1);
      expect(r.strictAfter).toBeLessThan(gate.strictAfter);
      expect(r.ratioAfter).toBeLessThan(gate.ratioAfter);
      expect(r.bigramSimilarity).toBeGreaterThan(0.75);
      expect(r.lengthRatio).toBeGreaterThan(0.9);
      expect(r.lengthRatio).toBeLessThan(1.15);
    },
  );
});

/**
 * Measured on this sample (seed 7), after issue 25's second reading took out 均分为 → 都分为, 依赖结构 → 依靠结构,
 * 扩展 → 扩大, 展现 → 彰显, 思想 → 理念, 引入 → 引进, 达到 → 达 before a verb, 与X的Y → 和XY and pairs inside a longer
 * enumeration (电力及蒸汽、热水… is one industry): standard strict 0.791, strong 0.727 — now 0.801 / 0.747 since
 * 降重 swaps into the AI register again and the wrong-sense swaps that showed (和 → 及 as a preposition, 我们 → 笔者,
 * 以及 → 和 flattening a list, 依赖结构 → 依靠, 自我认同 → 认可, 一系列 → 一连串) were taken out. Before that, after issue 25 took out 说明 → 表明, 基础 → 基石/根基, 动力 → 驱动力 and 位于 → 地处
 * (wrong sense in real papers) and the perfective 了 after 将: standard strict 0.782, strong 0.727. Before that:
 * standard strict 0.762, full engine 0.984, bigram Dice 0.866; strong strict
 * 0.721 (0.712 before 首先/其次, 阶段 → 时期 and 以X为依据 → 以X为按照 were taken out for reading worse), full engine 0.983, bigram Dice 0.844 (0.735 / 0.680 before the wrong-sense swaps the rewrite loop's samples
 * showed were removed: 半数 → 一半, 成绩 → 成就, 状态空间 → 状况空间, 解释变量 → 阐释变量, 强化学习 → 加强学习, 在 → 于 …).
 */
const GATE = {
  standard: { strictAfter: 0.81, ratioAfter: 0.99 },
  strong: { strictAfter: 0.76, ratioAfter: 0.99 },
};
