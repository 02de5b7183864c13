import { sigmoid } from './logistic.ts';

/**
 * Zero-shot detection from a language model's token log-probabilities (Fast-DetectGPT's analytic sampling
 * discrepancy, Bao et al. 2024, with the sampling and the scoring model the same): for each token,
 * how much more likely the observed token is than a token drawn from the model's own distribution at that place,
 *   criterion = sum_t (log p(x_t) - mu_t) / sqrt(sum_t sigma2_t),
 *   mu_t = E_{v~p}[log p(v)], sigma2_t = Var_{v~p}[log p(v)].
 * Machine text sits near or above 0, human text well below. Endpoints return only the top-k alternatives per
 * token, so mu and sigma2 are taken over those, renormalised (an approximation that is exact as k grows).
 */

/** One token of the scored text as an OpenAI-compatible endpoint reports it (echo + logprobs). */
export interface TokenLogprob {
  logprob: number;
  /** Log-probabilities of the top alternatives at this position (including the token itself, usually). */
  top: readonly number[];
}

export interface ZeroShotScore {
  criterion: number;
  /** Tokens that entered the sum (the first token has no context and is skipped by the caller). */
  tokens: number;
}

/** Fewer scored tokens than this give no criterion: the sum is too noisy. */
export const MIN_ZERO_SHOT_TOKENS = 16;

export function fastDetectCriterion(tokens: readonly TokenLogprob[]): ZeroShotScore | null {
  let discrepancy = 0;
  let variance = 0;
  let n = 0;
  for (const t of tokens) {
    if (!Number.isFinite(t.logprob) || t.top.length === 0) continue;
    const max = Math.max(...t.top);
    let mass = 0;
    for (const lp of t.top) mass += Math.exp(lp - max);
    const logMass = max + Math.log(mass);
    let mu = 0;
    let second = 0;
    for (const lp of t.top) {
      const q = Math.exp(lp - logMass); // renormalised over the top-k
      const l = lp - logMass;
      mu += q * l;
      second += q * l * l;
    }
    discrepancy += Math.min(0, t.logprob - logMass) - mu;
    variance += Math.max(0, second - mu * mu);
    n++;
  }
  if (n < MIN_ZERO_SHOT_TOKENS || variance <= 0) return null;
  return { criterion: discrepancy / Math.sqrt(variance), tokens: n };
}

/**
 * How a criterion becomes log-odds: logit = (criterion - center) / scale. The defaults place the midpoint
 * between the human (about -2 and below) and machine (about 0 and above) criteria reported for Fast-DetectGPT on
 * open models; they are not measured here (no model is reachable in this repository's CI). Set them from
 * `npm run bench:aigc` with a model configured.
 */
export interface ZeroShotMapping {
  center: number;
  scale: number;
  /** Weight of the zero-shot log-odds in the combination (0..1); the offline model gets 1 - weight. */
  weight: number;
}

export const DEFAULT_ZERO_SHOT_MAPPING: ZeroShotMapping = { center: -1, scale: 0.5, weight: 0.5 };

function logit(p: number): number {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  return Math.log(q / (1 - q));
}

/**
 * The combination rule: a weighted mean, in log-odds, of the offline probability and the zero-shot criterion's
 * log-odds. With no criterion (no model, too few tokens, a failed call) the offline probability is returned
 * unchanged: the offline model is the default and the fallback.
 */
export function combineWithZeroShot(
  offlineProbability: number,
  zeroShot: ZeroShotScore | null,
  mapping: ZeroShotMapping = DEFAULT_ZERO_SHOT_MAPPING,
): number {
  if (!zeroShot) return offlineProbability;
  const zsLogit = (zeroShot.criterion - mapping.center) / mapping.scale;
  return sigmoid((1 - mapping.weight) * logit(offlineProbability) + mapping.weight * zsLogit);
}
