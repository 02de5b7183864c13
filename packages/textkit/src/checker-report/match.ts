import { TextkitError } from '../errors.ts';
import { type NormalizedText, normalizeForMatching, toOriginalRange } from '../normalize.ts';
import type { CheckerReport } from './types.ts';

/** Part of a paper paragraph a report flags: [start, end) in the paragraph's own text. */
export interface FlaggedRange {
  paragraph: number;
  start: number;
  end: number;
  /** Index of the report span it comes from. */
  span: number;
}

export interface ReportPaperMatch {
  ranges: FlaggedRange[];
  /** Indexes of the flagged paragraphs, ascending. */
  paragraphs: number[];
  /** Share of the report's flagged characters (letters and digits) found in the paper, 0..1. */
  matchRate: number;
  /** Report spans found nowhere in the paper. */
  unmatchedSpans: number[];
}

/** Below this match rate the report is about another text. */
export const DEFAULT_MIN_MATCH_RATE = 0.5;
/** Spans shorter than this (letters and digits) are too short to place and are not counted. */
const MIN_KEY = 4;
/** A span not found whole is placed by these n-grams (a PDF's extraction breaks lines and drops characters). */
const GRAM = 8;
/** Grams whose implied start is this close to the best one belong to the same placement. */
const SLACK = 24;

/**
 * Where in the paper the report's flagged passages are: exact in matching form (letters and digits, width and
 * script normalised) when possible, else by 8-grams voting for a placement. REPORT_MISMATCH when less than
 * `minMatchRate` of the flagged text is found.
 */
export function matchReportToPaper(
  report: Pick<CheckerReport, 'spans'>,
  paragraphs: readonly string[],
  options: { minMatchRate?: number } = {},
): ReportPaperMatch {
  const normalized: NormalizedText[] = paragraphs.map((p) => normalizeForMatching(p));
  const bases: number[] = [];
  let length = 0;
  for (const n of normalized) {
    bases.push(length);
    length += n.text.length;
  }
  const paper = normalized.map((n) => n.text).join('');

  const keys = report.spans.map((s) => normalizeForMatching(s.text).text);
  const placed: Array<{ span: number; start: number; end: number; found: number }> = [];
  const fuzzy: number[] = [];
  let cursor = 0;
  keys.forEach((key, span) => {
    if (key.length < MIN_KEY) return;
    let at = paper.indexOf(key, cursor);
    if (at < 0) at = paper.indexOf(key);
    if (at < 0) {
      fuzzy.push(span);
      return;
    }
    placed.push({ span, start: at, end: at + key.length, found: key.length });
    cursor = at + key.length;
  });

  if (fuzzy.length > 0) {
    // only the grams the unplaced spans need are indexed
    const wanted = new Map<string, number[]>();
    for (const span of fuzzy) {
      const key = keys[span]!;
      for (let k = 0; k + GRAM <= key.length; k += GRAM) wanted.set(key.slice(k, k + GRAM), []);
    }
    for (let i = 0; i + GRAM <= paper.length; i++) {
      const list = wanted.get(paper.slice(i, i + GRAM));
      if (list && list.length < 16) list.push(i);
    }
    for (const span of fuzzy) {
      const key = keys[span]!;
      const votes: Array<{ start: number; k: number }> = [];
      for (let k = 0; k + GRAM <= key.length; k += GRAM) {
        for (const pos of wanted.get(key.slice(k, k + GRAM)) ?? []) votes.push({ start: pos - k, k });
      }
      // the window of implied starts (2 × SLACK wide) holding the most distinct grams: one sliding pass
      votes.sort((a, b) => a.start - b.start);
      const counts = new Map<number, number>();
      let best: { from: number; to: number; grams: number } | undefined;
      let lo = 0;
      votes.forEach((v, hi) => {
        counts.set(v.k, (counts.get(v.k) ?? 0) + 1);
        while (v.start - votes[lo]!.start > 2 * SLACK) {
          const k = votes[lo++]!.k;
          const left = counts.get(k)! - 1;
          if (left === 0) counts.delete(k);
          else counts.set(k, left);
        }
        if (!best || counts.size > best.grams) best = { from: lo, to: hi + 1, grams: counts.size };
      });
      if (!best) continue;
      const hits = votes.slice(best.from, best.to);
      const from = Math.min(...hits.map((h) => h.start + h.k));
      const to = Math.max(...hits.map((h) => h.start + h.k + GRAM));
      placed.push({
        span,
        start: Math.max(0, from),
        end: Math.min(paper.length, to),
        found: best.grams * GRAM,
      });
    }
  }

  const total = keys.reduce((n, k) => n + (k.length >= MIN_KEY ? k.length : 0), 0);
  const found = placed.reduce((n, p) => n + Math.min(p.found, keys[p.span]!.length), 0);
  const matchRate = total === 0 ? 1 : found / total;
  if (matchRate < (options.minMatchRate ?? DEFAULT_MIN_MATCH_RATE)) throw new TextkitError('REPORT_MISMATCH');

  const ranges: FlaggedRange[] = [];
  for (const p of placed) {
    normalized.forEach((n, paragraph) => {
      const base = bases[paragraph]!;
      const from = Math.max(p.start, base) - base;
      const to = Math.min(p.end, base + n.text.length) - base;
      if (to <= from) return;
      const { start, end } = toOriginalRange(n, from, to);
      ranges.push({ paragraph, start, end, span: p.span });
    });
  }
  ranges.sort((a, b) => a.paragraph - b.paragraph || a.start - b.start);
  const placedSpans = new Set(placed.map((p) => p.span));
  return {
    ranges,
    paragraphs: [...new Set(ranges.map((r) => r.paragraph))],
    matchRate,
    unmatchedSpans: keys.flatMap((k, span) => (k.length >= MIN_KEY && !placedSpans.has(span) ? [span] : [])),
  };
}
