/**
 * The targets a user picks on a submit page: 复制比 ≤ x %, AIGC 疑似度 ≤ y %, or both at once. The form
 * holds whole percents; the API takes shares in 0..1 (`Targets` of the rewrite loop).
 */

export type TargetMode = 'similarity' | 'aigc' | 'both';
export interface Targets {
  similarity?: number;
  aigc?: number;
}
export interface TargetForm {
  mode: TargetMode;
  /** 复制比 target in whole percent. */
  similarityPct: number | null;
  /** AIGC 疑似度 target in whole percent. */
  aigcPct: number | null;
}
/** The percents a target may take (inclusive). */
export interface TargetBounds {
  min: number;
  max: number;
}

export type TargetError = { field: 'similarity' | 'aigc'; problem: 'missing' | 'range' };
export type TargetCheck = { ok: true; targets: Targets } | { ok: false; errors: TargetError[] };

export const asks = (mode: TargetMode, field: 'similarity' | 'aigc') => mode === 'both' || mode === field;

function one(field: 'similarity' | 'aigc', pct: number | null, bounds: TargetBounds) {
  if (pct === null || !Number.isFinite(pct)) return { error: { field, problem: 'missing' as const } };
  if (pct < bounds.min || pct > bounds.max) return { error: { field, problem: 'range' as const } };
  // the form steps by whole percents; 0.1 + 0.2 style noise must not reach the server
  return { value: Math.round(pct * 10) / 1000 };
}

/** The targets the form asks for, or what is wrong with it (only the fields its mode asks for are read). */
export function checkTargets(form: TargetForm, bounds: TargetBounds): TargetCheck {
  const targets: Targets = {};
  const errors: TargetError[] = [];
  for (const field of ['similarity', 'aigc'] as const) {
    if (!asks(form.mode, field)) continue;
    const r = one(field, field === 'similarity' ? form.similarityPct : form.aigcPct, bounds);
    if ('error' in r) errors.push(r.error);
    else targets[field] = r.value;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, targets };
}

/** Whether a measured score meets its target; null (not measured) or no target counts as met. */
export function meets(score: number | null | undefined, target: number | null | undefined): boolean {
  if (target === null || target === undefined || score === null || score === undefined) return true;
  return score <= target + 1e-9;
}
