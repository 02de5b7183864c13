/**
 * The held-out AI-text judge: logistic regression over hashed character 1–4-grams (binary presence, L2-normalised
 * so length does not decide), trained by plain SGD. Deliberately unlike packages/aigc (word n-grams, style and
 * surprisal features, Platt calibration): it sees only characters, and it is trained on other texts.
 */
import { fnv1a } from './hash.ts';

export interface LabelledText {
  text: string;
  /** 1 = machine-generated, 0 = human. */
  label: 0 | 1;
}

export interface NgramJudge {
  bits: number;
  weights: Float32Array;
  bias: number;
  /** Score at or above which a text is flagged as AI (set by `calibrateAtFpr`). */
  threshold: number;
}

const MAX_N = 4;

/** Letters, digits and Han only: punctuation style is scraping damage in some sets, not authorship. */
function normalise(text: string): string {
  return text.replace(/[^\p{L}\p{N}]/gu, '');
}

/** Distinct hashed n-gram buckets of a text with the weight each gets (1/√count, so every text has norm 1). */
export function features(text: string, bits: number): { index: Uint32Array; value: number } {
  const chars = normalise(text);
  const mask = (1 << bits) - 1;
  const seen = new Set<number>();
  for (let n = 1; n <= MAX_N; n++)
    for (let i = 0; i + n <= chars.length; i++) seen.add(fnv1a(chars.slice(i, i + n), n) & mask);
  const index = Uint32Array.from(seen);
  return { index, value: index.length > 0 ? 1 / Math.sqrt(index.length) : 0 };
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export interface TrainOptions {
  bits?: number;
  epochs?: number;
  learningRate?: number;
  l2?: number;
  seed?: number;
}

/** Trains on balanced class weights; deterministic for a seed. The threshold starts at 0.5 until calibrated. */
export function trainNgramJudge(items: readonly LabelledText[], options: TrainOptions = {}): NgramJudge {
  const bits = options.bits ?? 20;
  const epochs = options.epochs ?? 8;
  const l2 = options.l2 ?? 1e-6;
  const rows = items.map((it) => ({ ...features(it.text, bits), label: it.label }));
  const positives = rows.filter((r) => r.label === 1).length;
  const negatives = rows.length - positives;
  if (positives === 0 || negatives === 0) throw new Error('the judge needs both human and AI texts');
  const classWeight = (label: 0 | 1) => rows.length / (2 * (label === 1 ? positives : negatives));
  const weights = new Float32Array(1 << bits);
  let bias = 0;
  let state = (options.seed ?? 1) >>> 0;
  const order = rows.map((_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    // a deterministic shuffle per epoch (xorshift)
    for (let i = order.length - 1; i > 0; i--) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const j = (state >>> 0) % (i + 1);
      const t = order[i] as number;
      order[i] = order[j] as number;
      order[j] = t;
    }
    const rate = (options.learningRate ?? 0.5) / (1 + epoch);
    for (const k of order) {
      const r = rows[k];
      if (!r) continue;
      let z = bias;
      for (const f of r.index) z += (weights[f] ?? 0) * r.value;
      const g = (sigmoid(z) - r.label) * classWeight(r.label) * rate;
      for (const f of r.index) weights[f] = (weights[f] ?? 0) * (1 - rate * l2) - g * r.value;
      bias -= g;
    }
  }
  return { bits, weights, bias, threshold: 0.5 };
}

/** Probability-like score in (0, 1) that the text is machine-generated. */
export function judgeScore(judge: NgramJudge, text: string): number {
  const { index, value } = features(text, judge.bits);
  let z = judge.bias;
  for (const f of index) z += (judge.weights[f] ?? 0) * value;
  return sigmoid(z);
}

/** The judge with its threshold set so that at most `fpr` of these human texts score at or above it. */
export function calibrateAtFpr(judge: NgramJudge, humanTexts: readonly string[], fpr: number): NgramJudge {
  const scores = humanTexts.map((t) => judgeScore(judge, t)).sort((a, b) => b - a);
  const allowed = Math.floor(scores.length * fpr);
  // flagged = score ≥ threshold: put it just above the (allowed + 1)-th highest human score
  const edge = scores[allowed] ?? 0;
  return { ...judge, threshold: edge + 1e-9 };
}

export const flaggedByJudge = (judge: NgramJudge, text: string): boolean =>
  judgeScore(judge, text) >= judge.threshold;
