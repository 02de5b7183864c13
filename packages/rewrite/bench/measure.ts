/** Effectiveness of the rewriter against the plagiarism engine: shared by the benchmark and the quality gate. */
import { type CheckOptions, checkText, PlagiarismIndex } from '@paperdesk/plagiarism';
import { checkRewriteOutput, rewrite, type Strength } from '../src/index.ts';
import type { Abstract } from './data.ts';

/** Check options of the 知网-like count: 13 consecutive identical characters, nothing bridged or paraphrased. */
const STRICT: CheckOptions = { paraphrase: false, maxGap: 0 };

export function buildLibrary(abstracts: readonly Abstract[]): PlagiarismIndex {
  const index = new PlagiarismIndex();
  for (const a of abstracts) index.add({ id: a.id, title: a.id, text: a.text });
  return index;
}

/** Dice coefficient of character bigrams (Han, Latin and digits only). */
export function bigramDice(a: string, b: string): number {
  const grams = (t: string) => {
    const chars = t.replace(/[^\p{L}\p{N}]/gu, '');
    const m = new Map<string, number>();
    for (let i = 0; i + 1 < chars.length; i++) {
      const g = chars.slice(i, i + 2);
      m.set(g, (m.get(g) ?? 0) + 1);
    }
    return m;
  };
  const x = grams(a);
  const y = grams(b);
  let shared = 0;
  let total = 0;
  for (const [g, n] of x) {
    shared += Math.min(n, y.get(g) ?? 0);
    total += n;
  }
  for (const n of y.values()) total += n;
  return total === 0 ? 1 : (2 * shared) / total;
}

export interface StrengthMeasure {
  strength: Strength;
  /** 总文字复制比 of the copied abstract before and after the rewrite (means over the sample). */
  ratioBefore: number;
  ratioAfter: number;
  /** The same with only runs of 13 identical characters counted (no gap bridging, no sentence stage), like 知网. */
  strictBefore: number;
  strictAfter: number;
  /** Share of rewritten abstracts under 30% / 15% 总文字复制比. */
  under30: number;
  under15: number;
  /** Share of rewrites that kept every required protected span and invented no number. */
  preserved: number;
  bigramSimilarity: number;
  lengthRatio: number;
  changeRatio: number;
  charsPerSecond: number;
  pairs: Array<{ before: string; after: string; ratioAfter: number }>;
}

export function measureStrength(
  index: PlagiarismIndex,
  sample: readonly Abstract[],
  strength: Strength,
  seed = 7,
): StrengthMeasure {
  let ratioBefore = 0;
  let ratioAfter = 0;
  let strictBefore = 0;
  let strictAfter = 0;
  let under30 = 0;
  let under15 = 0;
  let preserved = 0;
  let similarity = 0;
  let lengthRatio = 0;
  let changeRatio = 0;
  let chars = 0;
  let ms = 0;
  const pairs: StrengthMeasure['pairs'] = [];
  for (const a of sample) {
    const t0 = performance.now();
    const result = rewrite(a.text, { strength, seed });
    ms += performance.now() - t0;
    chars += a.text.length;
    const before = checkText(a.text, index).ratios.total;
    const after = checkText(result.text, index).ratios.total;
    strictBefore += checkText(a.text, index, STRICT).ratios.total;
    strictAfter += checkText(result.text, index, STRICT).ratios.total;
    ratioBefore += before;
    ratioAfter += after;
    if (after < 0.3) under30++;
    if (after < 0.15) under15++;
    if (checkRewriteOutput(a.text, result.text).ok) preserved++;
    similarity += bigramDice(a.text, result.text);
    lengthRatio += result.text.length / a.text.length;
    changeRatio += result.stats.changeRatio;
    pairs.push({ before: a.text, after: result.text, ratioAfter: after });
  }
  const n = Math.max(1, sample.length);
  return {
    strength,
    ratioBefore: ratioBefore / n,
    ratioAfter: ratioAfter / n,
    strictBefore: strictBefore / n,
    strictAfter: strictAfter / n,
    under30: under30 / n,
    under15: under15 / n,
    preserved: preserved / n,
    bigramSimilarity: similarity / n,
    lengthRatio: lengthRatio / n,
    changeRatio: changeRatio / n,
    charsPerSecond: ms === 0 ? 0 : (chars / ms) * 1000,
    pairs,
  };
}
