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

/** The second stage's coefficients, kept in the model metadata for the record (they are folded into the weights). */
export interface SecondStage {
  /** Multiplier of the first-stage log-odds. */
  firstStage: number;
  /** Coefficient of the polish score (pair log-odds · x, divided by `polishScale`). */
  polish: number;
  polishScale: number;
  bias: number;
  /** Coefficients of further naive-Bayes scores (direction · x, divided by `scale`), in the order given. */
  extra?: Array<{ name: string; coefficient: number; scale: number }>;
}

/** A further naive-Bayes direction over the first stage's buckets, an input of the second stage beside the polish score. */
export interface NamedDirection {
  name: string;
  direction: Float32Array;
}

/**
 * Fits the second stage on texts the first stage was not trained on: a logistic regression over the first-stage
 * log-odds and the polish score. The style features are left out on purpose: re-weighed on the ~400 AI texts of
 * the calibration split, they traded template connectives (首先/其次/综上所述) for the polished register and a
 * textbook templated paragraph fell from p 0.66 to 0.10.
 */
export function fitSecondStage(
  inputs: readonly StageInput[],
  polishDirection: Float32Array,
  l2: number,
  extraDirections: readonly NamedDirection[] = [],
): SecondStage {
  const deviation = (raw: readonly number[]) => {
    const mean = raw.reduce((s, v) => s + v, 0) / Math.max(1, raw.length);
    return Math.sqrt(raw.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, raw.length)) || 1;
  };
  const polishRaw = inputs.map((t) => polishScore(polishDirection, t.x));
  const polishScale = deviation(polishRaw);
  const extraRaw = extraDirections.map((d) => inputs.map((t) => polishScore(d.direction, t.x)));
  const extraScale = extraRaw.map(deviation);
  const width = 2 + extraDirections.length;
  const examples: TrainingExample[] = inputs.map((t, i) => ({
    x: {
      indices: Uint32Array.from({ length: width }, (_, j) => j),
      values: Float32Array.from([
        t.z,
        polishRaw[i]! / polishScale,
        ...extraRaw.map((raw, e) => raw[i]! / extraScale[e]!),
      ]),
    },
    label: t.label,
    weight: t.weight,
  }));
  const fitted = trainLogistic(examples, width, { l2, maxIterations: 500, tolerance: 1e-10 });
  return {
    firstStage: fitted.weights[0]!,
    polish: fitted.weights[1]!,
    polishScale,
    bias: fitted.bias,
    ...(extraDirections.length > 0
      ? {
          extra: extraDirections.map((d, e) => ({
            name: d.name,
            coefficient: fitted.weights[2 + e]!,
            scale: extraScale[e]!,
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
  extraDirections: readonly NamedDirection[] = [],
): LogisticModel {
  const weights = new Float32Array(first.weights.length);
  const polish = stage.polish / stage.polishScale;
  for (let j = 0; j < weights.length; j++) {
    const pair = j < polishDirection.length ? polish * polishDirection[j]! : 0;
    weights[j] = stage.firstStage * first.weights[j]! + pair;
  }
  extraDirections.forEach((d, e) => {
    const coefficient = stage.extra![e]!.coefficient / stage.extra![e]!.scale;
    for (let j = 0; j < Math.min(weights.length, d.direction.length); j++)
      weights[j]! += coefficient * d.direction[j]!;
  });
  return { weights, bias: stage.firstStage * first.bias + stage.bias };
}
