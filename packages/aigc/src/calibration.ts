import { sigmoid } from './logistic.ts';

/** Platt scaling: p = sigmoid(a * z + b) over the classifier's raw log-odds z. */
export interface PlattMap {
  a: number;
  b: number;
}

export function applyPlatt(map: PlattMap, z: number): number {
  return sigmoid(map.a * z + map.b);
}

/**
 * Fits Platt scaling by Newton's method on a calibration split (never the training split: training scores are
 * over-confident). Targets are smoothed as in Platt (1999) so that a perfectly separated split stays finite.
 */
export function fitPlatt(scores: readonly number[], labels: readonly (0 | 1)[]): PlattMap {
  const positives = labels.filter((l) => l === 1).length;
  const negatives = labels.length - positives;
  const hi = (positives + 1) / (positives + 2);
  const lo = 1 / (negatives + 2);
  const targets = labels.map((l) => (l === 1 ? hi : lo));
  let a = 1;
  let b = 0;
  for (let iter = 0; iter < 100; iter++) {
    let ga = 0;
    let gb = 0;
    let haa = 1e-9;
    let hab = 0;
    let hbb = 1e-9;
    for (let i = 0; i < scores.length; i++) {
      const z = scores[i]!;
      const p = sigmoid(a * z + b);
      const d = p - targets[i]!;
      const w = p * (1 - p);
      ga += d * z;
      gb += d;
      haa += w * z * z;
      hab += w * z;
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    if (Math.abs(det) < 1e-18) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  return { a, b };
}
