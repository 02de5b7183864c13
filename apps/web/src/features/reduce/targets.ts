import type { ReduceGoal, ReducePath, ReduceRound, ReduceTargets } from '@paperdesk/contracts';

/**
 * The targets a user picks on a submit page: 复制比 ≤ x %, AIGC 疑似度 ≤ y %, or both at once (the goal).
 * The API takes percents with one decimal; a target not asked for is null.
 */

export interface TargetForm {
  goal: ReduceGoal;
  similarityPct: number | null;
  aigcPct: number | null;
}
/** The percents a target may take on the page (inclusive): 0 % is never reachable, 100 % asks nothing. */
export interface TargetBounds {
  min: number;
  max: number;
}
export const TARGET_BOUNDS: TargetBounds = { min: 1, max: 90 };

export type Metric = 'similarity' | 'aigc';
export interface TargetError {
  field: Metric;
  problem: 'missing' | 'range';
}
export type TargetCheck = { ok: true; targets: ReduceTargets } | { ok: false; errors: TargetError[] };

export const asks = (goal: ReduceGoal, field: Metric) => goal === 'both' || goal === field;

/** The targets the form asks for, or what is wrong with it (only the fields its goal asks for are read). */
export function checkTargets(form: TargetForm, bounds: TargetBounds = TARGET_BOUNDS): TargetCheck {
  const targets: ReduceTargets = { similarity: null, aigc: null };
  const errors: TargetError[] = [];
  for (const field of ['similarity', 'aigc'] as const) {
    if (!asks(form.goal, field)) continue;
    const pct = field === 'similarity' ? form.similarityPct : form.aigcPct;
    if (pct === null || !Number.isFinite(pct)) errors.push({ field, problem: 'missing' });
    else if (pct < bounds.min || pct > bounds.max) errors.push({ field, problem: 'range' });
    else targets[field] = Math.round(pct * 10) / 10;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, targets };
}

/** Whether a measured score meets its target; not measured or no target counts as met. */
export function meets(score: number | null | undefined, target: number | null | undefined): boolean {
  if (target === null || target === undefined || score === null || score === undefined) return true;
  return score <= target + 1e-9;
}

/** A percent as the pages show it: one decimal, no trailing .0. */
export const percent = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${Number.isInteger(v) ? v : v.toFixed(1)}%`;

interface Scored {
  similarity: number | null;
  aigc: number | null;
}

/**
 * What the result page owes the user about targets: nothing to rewrite, all met, or what is still over —
 * the whole text's asked scores over target, and the paragraphs still over (with which scores). Read from
 * the current scores, so a revert or an edit that puts a paragraph back over target shows at once.
 */
export function offTarget(
  record: {
    targets: ReduceTargets;
    after: Scored | null;
    targetParagraphs: number;
    metParagraphs: number;
  },
  paragraphs: readonly { index: number; met: boolean | null; after: Scored | null }[],
):
  | { state: 'nothing' }
  | { state: 'met' }
  | { state: 'unmet'; unmet: number; overall: Metric[]; paragraphs: { index: number; metrics: Metric[] }[] } {
  if (record.targetParagraphs === 0) return { state: 'nothing' };
  const asked = (['similarity', 'aigc'] as const).filter((m) => record.targets[m] !== null);
  const overall = asked.filter((m) => !meets(record.after?.[m], record.targets[m]));
  const unmet = record.targetParagraphs - record.metParagraphs;
  if (overall.length === 0 && unmet === 0) return { state: 'met' };
  return {
    state: 'unmet',
    unmet,
    overall,
    paragraphs: paragraphs
      .filter((p) => p.met === false)
      .map((p) => ({
        index: p.index,
        metrics: asked.filter((m) => !meets(p.after?.[m], record.targets[m])),
      })),
  };
}

/**
 * Which path suits the goal: for 降AIGC the offline rules where they are offered (cheaper; offered only where the
 * bench measured them meeting the target often enough), else the model; for a 复制比 target the model (the
 * offline rules move the 专业版 复制比 only a few points: it sees through synonym swaps). None without a model when
 * the offline rules are not offered either.
 */
export function recommendedPath(
  goal: ReduceGoal,
  modelAvailable: boolean,
  offlineOffered = true,
): ReducePath | null {
  if (goal === 'aigc' && offlineOffered) return 'offline';
  return modelAvailable ? 'model' : null;
}

/**
 * Why no round's candidate was kept, counted by reason without its figures (复制比没有降低 ×3、AIGC疑似度升高 ×1):
 * the loop's own words, so the page says what stopped it, not only that something did. Empty when nothing was
 * refused.
 */
export function refusalSummary(rounds: readonly ReduceRound[]): string {
  const counts = new Map<string, number>();
  for (const r of rounds)
    for (const reason of r.accepted ? [] : r.rejected) {
      const key = reason.split('：')[0] ?? reason;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  return [...counts].map(([k, n]) => (n > 1 ? `${k} ×${n}` : k)).join('、');
}
