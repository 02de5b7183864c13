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

/** Per-abstract figures, averaged over the sample. */
interface AbstractMeasure {
  /** 总文字复制比 of the copied abstract before and after the rewrite. */
  ratioBefore: number;
  ratioAfter: number;
  /** The same with only runs of 13 identical characters counted (no gap bridging, no sentence stage), like 知网. */
  strictBefore: number;
  strictAfter: number;
  /** 1 when under 30% 总文字复制比 (full engine / 13-character runs only). */
  under30: number;
  strictUnder30: number;
  /** 1 when the rewrite kept every required protected span and invented no number. */
  preserved: number;
  bigramSimilarity: number;
  lengthRatio: number;
  changeRatio: number;
}

export interface StrengthMeasure extends AbstractMeasure {
  strength: Strength;
  charsPerSecond: number;
  pairs: Array<{ before: string; after: string; ratioAfter: number }>;
}

export function measureStrength(
  index: PlagiarismIndex,
  sample: readonly Abstract[],
  strength: Strength,
  seed = 7,
): StrengthMeasure {
  const rows: AbstractMeasure[] = [];
  const pairs: StrengthMeasure['pairs'] = [];
  let chars = 0;
  let ms = 0;
  for (const a of sample) {
    const t0 = performance.now();
    const result = rewrite(a.text, { strength, seed });
    ms += performance.now() - t0;
    chars += a.text.length;
    const ratioAfter = checkText(result.text, index).ratios.total;
    const strictAfter = checkText(result.text, index, STRICT).ratios.total;
    rows.push({
      ratioBefore: checkText(a.text, index).ratios.total,
      ratioAfter,
      strictBefore: checkText(a.text, index, STRICT).ratios.total,
      strictAfter,
      under30: ratioAfter < 0.3 ? 1 : 0,
      strictUnder30: strictAfter < 0.3 ? 1 : 0,
      preserved: checkRewriteOutput(a.text, result.text).ok ? 1 : 0,
      bigramSimilarity: bigramDice(a.text, result.text),
      lengthRatio: result.text.length / a.text.length,
      changeRatio: result.stats.changeRatio,
    });
    pairs.push({ before: a.text, after: result.text, ratioAfter });
  }
  const mean = (key: keyof AbstractMeasure) =>
    rows.reduce((s, r) => s + r[key], 0) / Math.max(1, rows.length);
  return {
    strength,
    ratioBefore: mean('ratioBefore'),
    ratioAfter: mean('ratioAfter'),
    strictBefore: mean('strictBefore'),
    strictAfter: mean('strictAfter'),
    under30: mean('under30'),
    strictUnder30: mean('strictUnder30'),
    preserved: mean('preserved'),
    bigramSimilarity: mean('bigramSimilarity'),
    lengthRatio: mean('lengthRatio'),
    changeRatio: mean('changeRatio'),
    charsPerSecond: ms === 0 ? 0 : (chars / ms) * 1000,
    pairs,
  };
}
