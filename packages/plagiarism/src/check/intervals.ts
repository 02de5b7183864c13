import { isInvisibleCode, isSpaceCode } from '@paperdesk/textkit';

export interface Interval {
  start: number;
  end: number;
}

/** Union of intervals, sorted and merged. */
export function union(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ start: i.start, end: i.end });
  }
  return out;
}

/** [start, end) minus the sorted disjoint `holes`: the pieces outside and the pieces inside. */
export function splitBy(
  start: number,
  end: number,
  holes: Interval[],
): { outside: Interval[]; inside: Interval[] } {
  const outside: Interval[] = [];
  const inside: Interval[] = [];
  let at = start;
  for (const h of holes) {
    if (h.end <= at) continue;
    if (h.start >= end) break;
    if (h.start > at) outside.push({ start: at, end: h.start });
    const s = Math.max(at, h.start);
    const e = Math.min(end, h.end);
    if (e > s) inside.push({ start: s, end: e });
    at = e;
  }
  if (at < end) outside.push({ start: at, end });
  return { outside, inside };
}

/** Prefix counts of non-whitespace characters (surrogate pairs count once). */
export function charPrefix(text: string): Uint32Array {
  const p = new Uint32Array(text.length + 1);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const low =
      c >= 0xdc00 &&
      c <= 0xdfff &&
      i > 0 &&
      text.charCodeAt(i - 1) >= 0xd800 &&
      text.charCodeAt(i - 1) <= 0xdbff;
    // invisible characters count nothing: padding a paper with them must not lower its 复制比
    p[i + 1] = p[i]! + (isSpaceCode(c) || low || isInvisibleCode(c) ? 0 : 1);
  }
  return p;
}
