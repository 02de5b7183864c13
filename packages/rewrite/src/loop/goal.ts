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
 * How far a measured score that was not asked for may rise over the paragraph's input (one point): 降重 must not
 * raise the AI score, but a rise from 0.01% to 0.03% is noise, and refusing it would block the asked target.
 */
export const UNASKED_TOLERANCE = 0.01;

/**
 * Why `candidate` may not replace `best`: worse than `best` on an asked score, an asked score not measured, or a
 * score that was not asked but was measured raised more than UNASKED_TOLERANCE over the input (`before`), so 降重
 * cannot raise a measured AI score and 降AIGC cannot raise a measured 复制比. Empty = not worse.
 */
export function worseReasons(
  candidate: Scores,
  best: Scores,
  targets: Targets,
  before: Scores = best,
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
      if (b !== null && c > b + EPSILON) out.push(`${SCORE_LABELS[k]}变差：${pct(b)} → ${pct(c)}`);
    } else if (input !== null && b !== null && c > Math.max(b, input + UNASKED_TOLERANCE) + EPSILON)
      out.push(`${SCORE_LABELS[k]}升高：${pct(input)} → ${pct(c)}`);
  }
  return out;
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
