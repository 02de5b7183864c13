/** Evaluation helpers for binary scores: label 1 = AI-written, 0 = human. Pure functions, no I/O. */

export interface Scored {
  score: number;
  label: 0 | 1;
}

/** Area under the ROC curve (Mann-Whitney U, ties count half). NaN when one class is missing. */
export function auroc(items: readonly Scored[]): number {
  const sorted = [...items].sort((a, b) => a.score - b.score);
  let positives = 0;
  let rankSumPositives = 0;
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j < sorted.length && sorted[j]!.score === sorted[i]!.score) j++;
    const midRank = (i + 1 + j) / 2; // ranks i+1..j share their mean
    for (let k = i; k < j; k++) {
      if (sorted[k]!.label === 1) {
        positives++;
        rankSumPositives += midRank;
      }
    }
    i = j;
  }
  const negatives = sorted.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSumPositives - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/**
 * True-positive rate at the strictest threshold whose false-positive rate does not exceed `maxFpr`
 * (a text is flagged when score > threshold).
 */
export function tprAtFpr(items: readonly Scored[], maxFpr: number): { tpr: number; threshold: number } {
  const negatives = items.filter((x) => x.label === 0).map((x) => x.score);
  const positives = items.filter((x) => x.label === 1).map((x) => x.score);
  if (negatives.length === 0 || positives.length === 0) return { tpr: Number.NaN, threshold: Number.NaN };
  negatives.sort((a, b) => b - a);
  const allowed = Math.floor(maxFpr * negatives.length);
  // flag strictly above the (allowed+1)-th highest human score: at most `allowed` humans are flagged
  const threshold = negatives[Math.min(allowed, negatives.length - 1)]!;
  const tpr = positives.filter((s) => s > threshold).length / positives.length;
  return { tpr, threshold };
}

export interface ThresholdStats {
  accuracy: number;
  precision: number;
  recall: number;
  f1: number;
  fpr: number;
}

/** Confusion-matrix figures when a text is flagged as AI at score >= threshold. */
export function statsAtThreshold(items: readonly Scored[], threshold: number): ThresholdStats {
  let tp = 0;
  let fp = 0;
  let tn = 0;
  let fn = 0;
  for (const { score, label } of items) {
    const flagged = score >= threshold;
    if (flagged && label === 1) tp++;
    else if (flagged) fp++;
    else if (label === 1) fn++;
    else tn++;
  }
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  return {
    accuracy: items.length > 0 ? (tp + tn) / items.length : Number.NaN,
    precision,
    recall,
    f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
    fpr: fp + tn > 0 ? fp / (fp + tn) : Number.NaN,
  };
}

/** Expected calibration error over `bins` equal-width probability bins (scores must be probabilities). */
export function expectedCalibrationError(items: readonly Scored[], bins = 10): number {
  if (items.length === 0) return Number.NaN;
  const count = new Array<number>(bins).fill(0);
  const sumProb = new Array<number>(bins).fill(0);
  const sumLabel = new Array<number>(bins).fill(0);
  for (const { score, label } of items) {
    const b = Math.min(bins - 1, Math.max(0, Math.floor(score * bins)));
    count[b]!++;
    sumProb[b]! += score;
    sumLabel[b]! += label;
  }
  let ece = 0;
  for (let b = 0; b < bins; b++) {
    if (count[b]! > 0) ece += Math.abs(sumProb[b]! - sumLabel[b]!) / items.length;
  }
  return ece;
}

/** Mean squared error of probabilities against labels. */
export function brierScore(items: readonly Scored[]): number {
  if (items.length === 0) return Number.NaN;
  let sum = 0;
  for (const { score, label } of items) sum += (score - label) ** 2;
  return sum / items.length;
}

/**
 * Wilson score interval of a proportion k/n (z = 1.96: 95%). Unlike the normal approximation it stays inside
 * [0, 1] and is honest near 0, where the false-positive rates of the bands live.
 */
export function wilsonInterval(k: number, n: number, z = 1.96): { low: number; high: number } {
  if (n === 0) return { low: Number.NaN, high: Number.NaN };
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
