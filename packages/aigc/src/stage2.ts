import { type LogisticModel, type TrainingExample, trainLogistic } from './logistic.ts';
import type { SparseVector } from './features.ts';

/**
 * Naive-Bayes log-odds of each hashed n-gram bucket between two sets of texts (presence counts, additive
 * smoothing): log P(bucket | positive) − log P(bucket | negative). Buckets seen in neither set stay 0.
 * Used on AI-polished texts against their own human originals: the pairs share their content, so what differs
 * is the rewrite's wording (本文 / 能够 / 此类 / ；…) rather than the topic. Generative estimates like this
 * generalise from a few hundred texts where the weakly regularised discriminative model memorises them.
 */
export function pairLogOdds(
  positive: readonly SparseVector[],
  negative: readonly SparseVector[],
  dimension: number,
  smoothing: number,
): Float32Array {
  const count = (vectors: readonly SparseVector[]) => {
    const c = new Float64Array(dimension);
    for (const x of vectors)
      for (let k = 0; k < x.indices.length; k++) {
        const j = x.indices[k]!;
        if (j < dimension && x.values[k]! > 0) c[j]!++;
      }
    return c;
  };
  const p = count(positive);
  const q = count(negative);
  const total = (c: Float64Array) => c.reduce((s, v) => s + v, 0) + smoothing * dimension;
  const logP = Math.log(total(p));
  const logQ = Math.log(total(q));
  const r = new Float32Array(dimension);
  for (let j = 0; j < dimension; j++) {
    if (p[j] === 0 && q[j] === 0) continue;
    r[j] = Math.log(p[j]! + smoothing) - logP - (Math.log(q[j]! + smoothing) - logQ);
  }
  return r;
}

/** The polish score of a feature vector: its n-gram part against the pair log-odds (style entries ignored). */
export function polishScore(direction: Float32Array, x: SparseVector): number {
  let s = 0;
  for (let k = 0; k < x.indices.length; k++) {
    const j = x.indices[k]!;
    if (j < direction.length) s += direction[j]! * x.values[k]!;
  }
  return s;
}

/** One calibration text for the second stage: its first-stage vector and decision value. */
export interface StageInput {
  x: SparseVector;
  z: number;
  label: 0 | 1;
  weight: number;
}

/** A further naive-Bayes direction the second stage weighs (the register score: human thesis vs human abstracts). */
export interface StageDirection {
  name: string;
  direction: Float32Array;
  /**
   * The sign its coefficient must have (a feature of known AI direction): fitted against it, the direction is
   * dropped (coefficient 0) and the rest refitted.
   */
  sign?: 1 | -1;
}

/** The second stage's coefficients, kept in the model metadata for the record (they are folded into the weights). */
export interface SecondStage {
  /** Multiplier of the first-stage log-odds. */
  firstStage: number;
  /** Coefficient of the polish score (pair log-odds · x, divided by `polishScale`). */
  polish: number;
  polishScale: number;
  bias: number;
  /** Coefficients of the further directions' scores (each divided by its scale), in the order given. */
  extra?: Array<{ name: string; coefficient: number; scale: number }>;
}

/** A score's standard deviation over the inputs (1 where it does not vary): the second stage's inputs are scaled by it. */
function scaleOf(raw: readonly number[]): number {
  const mean = raw.reduce((s, v) => s + v, 0) / Math.max(1, raw.length);
  return Math.sqrt(raw.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, raw.length)) || 1;
}

/**
 * Fits the second stage on texts the first stage was not trained on: a logistic regression over the first-stage
 * log-odds, the polish score and the scores of any further directions (`extra`). The style features are left out on purpose: re-weighed on the ~400 AI texts of
 * the calibration split, they traded template connectives (首先/其次/综上所述) for the polished register and a
 * textbook templated paragraph fell from p 0.66 to 0.10.
 */
export function fitSecondStage(
  inputs: readonly StageInput[],
  polishDirection: Float32Array,
  l2: number,
  extra: readonly StageDirection[] = [],
): SecondStage {
  const raw = [polishDirection, ...extra.map((e) => e.direction)].map((d) =>
    inputs.map((t) => polishScore(d, t.x)),
  );
  const scales = raw.map(scaleOf);
  /** Fits over the first-stage log-odds and the scores of the directions kept (indices into raw). */
  const fitKept = (kept: readonly number[]) => {
    const examples: TrainingExample[] = inputs.map((t, i) => ({
      x: {
        indices: Uint32Array.from({ length: 1 + kept.length }, (_, j) => j),
        values: Float32Array.from([t.z, ...kept.map((d) => raw[d]![i]! / scales[d]!)]),
      },
      label: t.label,
      weight: t.weight,
    }));
    return trainLogistic(examples, 1 + kept.length, { l2, maxIterations: 500, tolerance: 1e-10 });
  };
  let kept = raw.map((_, d) => d);
  let fitted = fitKept(kept);
  for (;;) {
    const wrong = kept.filter((d, k) => {
      const sign = d > 0 ? extra[d - 1]!.sign : undefined;
      return sign !== undefined && sign * fitted.weights[1 + k]! < 0;
    });
    if (wrong.length === 0) break;
    kept = kept.filter((d) => !wrong.includes(d));
    fitted = fitKept(kept);
  }
  const coefficient = (d: number) => (kept.includes(d) ? fitted.weights[1 + kept.indexOf(d)]! : 0);
  return {
    firstStage: fitted.weights[0]!,
    polish: coefficient(0),
    polishScale: scales[0]!,
    bias: fitted.bias,
    ...(extra.length > 0
      ? {
          extra: extra.map((e, d) => ({
            name: e.name,
            coefficient: coefficient(1 + d),
            scale: scales[1 + d]!,
          })),
        }
      : {}),
  };
}

/**
 * The second stage is linear in the first stage's features, so it folds into one weight vector: scoring stays a
 * single sparse dot product, and the explanations read the folded weights.
 */
export function foldSecondStage(
  first: LogisticModel,
  stage: SecondStage,
  polishDirection: Float32Array,
  extra: readonly StageDirection[] = [],
): LogisticModel {
  // summed in double precision, stored once as float32
  const weights = Float64Array.from(first.weights, (w) => stage.firstStage * w);
  const add = (direction: Float32Array, factor: number) => {
    for (let j = 0; j < Math.min(direction.length, weights.length); j++)
      weights[j]! += factor * direction[j]!;
  };
  add(polishDirection, stage.polish / stage.polishScale);
  extra.forEach((e, d) => {
    const c = stage.extra?.[d];
    if (c) add(e.direction, c.coefficient / c.scale);
  });
  return { weights: Float32Array.from(weights), bias: stage.firstStage * first.bias + stage.bias };
}
