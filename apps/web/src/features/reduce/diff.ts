import { type DiffOp, diffText, foldIslands } from '@paperdesk/textkit/diff';

/**
 * The changed runs between a paragraph before and after rewriting, character by character, from the project's
 * one text diff (textkit): a one-character island between two changes joins them, each change reads as
 * deletion then insertion.
 */

export type RunKind = 'same' | 'del' | 'ins';
export interface Run {
  kind: RunKind;
  text: string;
}

const KIND: Record<DiffOp['op'], RunKind> = { equal: 'same', delete: 'del', insert: 'ins' };

export function diffRuns(before: string, after: string): Run[] {
  return foldIslands(diffText(before, after)).map(({ op, text }) => ({ kind: KIND[op], text }));
}

/** One side of the comparison: the original (equal and deleted runs) or the rewrite (equal and inserted). */
export function side(runs: readonly Run[], which: 'before' | 'after'): { text: string; changed: boolean }[] {
  const drop: RunKind = which === 'before' ? 'ins' : 'del';
  return runs.filter((r) => r.kind !== drop).map((r) => ({ text: r.text, changed: r.kind !== 'same' }));
}

/** Share of the original's characters that were changed (0..1); 0 for an empty original. */
export function changedShare(runs: readonly Run[]): number {
  let total = 0;
  let changed = 0;
  for (const r of runs) {
    if (r.kind === 'ins') continue;
    const len = Array.from(r.text).length;
    total += len;
    if (r.kind === 'del') changed += len;
  }
  return total === 0 ? 0 : changed / total;
}
