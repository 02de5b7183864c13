import type { SparseVector } from './features.ts';

export interface TrainingExample {
  x: SparseVector;
  label: 0 | 1;
  /** Loss weight (class/register balancing). */
  weight: number;
}

export interface LogisticModel {
  weights: Float32Array;
  bias: number;
}

export interface LogisticOptions {
  /** L2 penalty on the weights (not the bias), relative to the total example weight. */
  l2: number;
  maxIterations: number;
  /** L-BFGS history length. */
  memory?: number;
  /** Stop when the relative objective decrease falls below this. */
  tolerance?: number;
}

export function dot(weights: ArrayLike<number>, x: SparseVector): number {
  let s = 0;
  for (let k = 0; k < x.indices.length; k++) s += weights[x.indices[k]!]! * x.values[k]!;
  return s;
}

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** log(1 + e^z) without overflow. */
function softplus(z: number): number {
  return z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
}

/**
 * Weighted, L2-regularised logistic regression fitted by full-batch L-BFGS. Deterministic: no sampling, so the
 * same data gives the same model. Parameter vector = weights followed by the bias.
 */
export function trainLogistic(
  examples: readonly TrainingExample[],
  dimension: number,
  options: LogisticOptions,
): LogisticModel {
  const n = dimension + 1;
  const totalWeight = examples.reduce((s, e) => s + e.weight, 0);
  const lambda = options.l2;
  const memory = options.memory ?? 10;
  const tolerance = options.tolerance ?? 1e-7;

  /** Objective (mean weighted log-loss + L2) and its gradient into `grad`. */
  const evaluate = (theta: Float64Array, grad: Float64Array): number => {
    grad.fill(0);
    const bias = theta[dimension]!;
    let loss = 0;
    for (const { x, label, weight } of examples) {
      const z = dot(theta, x) + bias;
      loss += weight * (softplus(z) - label * z);
      const g = (weight * (sigmoid(z) - label)) / totalWeight;
      for (let k = 0; k < x.indices.length; k++) grad[x.indices[k]!]! += g * x.values[k]!;
      grad[dimension]! += g;
    }
    let penalty = 0;
    for (let j = 0; j < dimension; j++) {
      penalty += theta[j]! * theta[j]!;
      grad[j]! += lambda * theta[j]!;
    }
    return loss / totalWeight + 0.5 * lambda * penalty;
  };

  const theta = new Float64Array(n);
  const grad = new Float64Array(n);
  let f = evaluate(theta, grad);
  const sHistory: Float64Array[] = [];
  const yHistory: Float64Array[] = [];
  const rhoHistory: number[] = [];
  const direction = new Float64Array(n);
  const nextTheta = new Float64Array(n);
  const nextGrad = new Float64Array(n);
  const alpha = new Array<number>(memory).fill(0);

  for (let iter = 0; iter < options.maxIterations; iter++) {
    // two-loop recursion: direction = -H * grad
    for (let j = 0; j < n; j++) direction[j] = -grad[j]!;
    for (let h = sHistory.length - 1; h >= 0; h--) {
      let a = 0;
      const s = sHistory[h]!;
      for (let j = 0; j < n; j++) a += s[j]! * direction[j]!;
      a *= rhoHistory[h]!;
      alpha[h] = a;
      const y = yHistory[h]!;
      for (let j = 0; j < n; j++) direction[j]! -= a * y[j]!;
    }
    if (sHistory.length > 0) {
      const s = sHistory[sHistory.length - 1]!;
      const y = yHistory[yHistory.length - 1]!;
      let sy = 0;
      let yy = 0;
      for (let j = 0; j < n; j++) {
        sy += s[j]! * y[j]!;
        yy += y[j]! * y[j]!;
      }
      const gamma = sy / yy;
      for (let j = 0; j < n; j++) direction[j]! *= gamma;
    }
    for (let h = 0; h < sHistory.length; h++) {
      const y = yHistory[h]!;
      let b = 0;
      for (let j = 0; j < n; j++) b += y[j]! * direction[j]!;
      b *= rhoHistory[h]!;
      const s = sHistory[h]!;
      const coef = alpha[h]! - b;
      for (let j = 0; j < n; j++) direction[j]! += coef * s[j]!;
    }
    let slope = 0;
    for (let j = 0; j < n; j++) slope += direction[j]! * grad[j]!;
    if (slope >= 0) {
      // not a descent direction (numerical trouble): restart from steepest descent
      for (let j = 0; j < n; j++) direction[j] = -grad[j]!;
      slope = -grad.reduce((s, g) => s + g * g, 0);
      sHistory.length = 0;
      yHistory.length = 0;
      rhoHistory.length = 0;
    }
    // backtracking line search (Armijo)
    let step = iter === 0 && sHistory.length === 0 ? 1 / Math.sqrt(-slope) : 1;
    let nextF = Number.POSITIVE_INFINITY;
    for (let tries = 0; tries < 30; tries++) {
      for (let j = 0; j < n; j++) nextTheta[j] = theta[j]! + step * direction[j]!;
      nextF = evaluate(nextTheta, nextGrad);
      if (nextF <= f + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    if (!(nextF < f)) break;
    const s = new Float64Array(n);
    const y = new Float64Array(n);
    let sy = 0;
    for (let j = 0; j < n; j++) {
      s[j] = nextTheta[j]! - theta[j]!;
      y[j] = nextGrad[j]! - grad[j]!;
      sy += s[j]! * y[j]!;
    }
    if (sy > 1e-12) {
      if (sHistory.length === memory) {
        sHistory.shift();
        yHistory.shift();
        rhoHistory.shift();
      }
      sHistory.push(s);
      yHistory.push(y);
      rhoHistory.push(1 / sy);
    }
    const decrease = (f - nextF) / Math.max(1e-12, Math.abs(f));
    theta.set(nextTheta);
    grad.set(nextGrad);
    f = nextF;
    if (decrease < tolerance) break;
  }
  return { weights: Float32Array.from(theta.subarray(0, dimension)), bias: theta[dimension]! };
}

/** Raw decision value (log-odds before calibration). */
export function decisionValue(model: LogisticModel, x: SparseVector): number {
  return dot(model.weights, x) + model.bias;
}
