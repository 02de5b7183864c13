import type { Goal, Scores, Targets } from './types.ts';

const KEYS = ['similarity', 'aigc'] as const;
export type ScoreKey = (typeof KEYS)[number];

/** 'both' when both targets are set (dual-target mode); throws when none is. */
export function goalOf(targets: Targets): Goal {
  const s = targets.similarity !== undefined;
  const a = targets.aigc !== undefined;
  if (s && a) return 'both';
  if (s) return 'similarity';
  if (a) return 'aigc';
  throw new Error('goalOf: at least one target (similarity or aigc) must be set');
}

/** The scores the targets ask for. */
export function askedKeys(targets: Targets): ScoreKey[] {
  return KEYS.filter((k) => targets[k] !== undefined);
}

/** Every asked target is met (an unmeasured asked score does not meet it). */
export function meetsTargets(scores: Scores, targets: Targets): boolean {
  return askedKeys(targets).every((k) => {
    const v = scores[k];
    const t = targets[k];
    return v !== null && t !== undefined && v <= t;
  });
}

/** Tolerance for equal scores (floating point of character ratios). */
const EPSILON = 1e-9;

/**
 * How far a score may rise over the paragraph's input (one point) when it was not asked for, or when it was asked
 * and still meets its target: 降重 must not raise the AI score, but a rise from 0.1% to 0.2% is noise, and refusing
 * it would block the other target (dual mode) or the asked one.
 */
export const RISE_TOLERANCE = 0.01;

/**
 * Where a measure's scale puts a score in the band its report counts (Measurement.aigcSuspect): the AI score's 疑似
 * threshold for this text's length class. Only the caller's measure knows it; the engine never assumes one.
 */
export type Bands = Partial<Record<ScoreKey, number>>;

/**
 * Why `candidate` may not replace `best`: an asked score not measured; an asked score worse than `best`, unless it
 * still meets its target and is at most RISE_TOLERANCE over the input (`before`); a score that was not asked but
 * was measured and raised in a way a report would show (so 降重 cannot make a paragraph read as AI and 降AIGC cannot
 * raise a measured 复制比). "A way a report would show": when the measure names the score's 疑似 band (`bands`),
 * any value under the band is allowed — the AIGC report and its 总体疑似度 count only what is at or above it, and a
 * paragraph at 2 % and one at 20 % of a 49 % threshold are both reported clean — while crossing into the band is
 * refused and, for an input already in it, a rise beyond RISE_TOLERANCE is; without a band, every rise beyond
 * RISE_TOLERANCE is refused (a raw model probability would otherwise block every 降重 round of a paragraph at 2 %
 * whose rewrite reads 4 %: a one-point rule measured noise, not what the user is shown). Empty = not worse.
 */
export function worseReasons(
  candidate: Scores,
  best: Scores,
  targets: Targets,
  before: Scores = best,
  bands: Bands = {},
): string[] {
  const asked = new Set(askedKeys(targets));
  const out: string[] = [];
  for (const k of KEYS) {
    const c = candidate[k];
    if (c === null) {
      if (asked.has(k)) out.push(`未测得${SCORE_LABELS[k]}`);
      continue;
    }
    const b = best[k];
    const input = before[k];
    if (asked.has(k)) {
      const target = targets[k];
      const noise = target !== undefined && c <= target && input !== null && c <= input + RISE_TOLERANCE;
      if (b !== null && c > b + EPSILON && !noise) out.push(`${SCORE_LABELS[k]}变差：${pct(b)} → ${pct(c)}`);
    } else if (input !== null && b !== null && unaskedRaised(c, b, input, bands[k]))
      out.push(`${SCORE_LABELS[k]}升高：${pct(input)} → ${pct(c)}`);
  }
  return out;
}

/** An unasked score `c` rose as a report would show it (worseReasons): into or within the band, or by > one point. */
function unaskedRaised(c: number, best: number, input: number, band: number | undefined): boolean {
  if (band !== undefined) {
    if (c < band) return false;
    if (input < band) return true;
  }
  return c > Math.max(best, input + RISE_TOLERANCE) + EPSILON;
}

/** The candidate improves an asked score (or reaches the targets) — worth keeping when it is not worse. */
export function improves(candidate: Scores, best: Scores, targets: Targets): boolean {
  if (meetsTargets(candidate, targets) && !meetsTargets(best, targets)) return true;
  return askedKeys(targets).some((k) => {
    const c = candidate[k];
    const b = best[k];
    return c !== null && (b === null || c < b - EPSILON);
  });
}

export const SCORE_LABELS: Record<ScoreKey, string> = { similarity: '复制比', aigc: 'AIGC疑似度' };
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
