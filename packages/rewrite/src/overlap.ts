import { matchingCodes } from '@paperdesk/textkit';

/**
 * How much of a rewrite a character-run checker would still match against its source, estimated locally: the
 * exact stage of a 6-gram checker (as packages/plagiarism aligns: maximal shared runs of at least K characters
 * over letters and digits, chained across gaps of at most MAX_GAP, a passage counting when it has MIN_MATCHED
 * matching characters at MIN_DENSITY). Used to choose, among meaning-keeping rewrites of a sentence, the one that
 * leaves the fewest long runs of its original; never a score shown to the user.
 */
const K = 6;
const MAX_GAP = 12;
const MIN_MATCHED = 13;
const MIN_DENSITY = 0.5;

interface Run {
  qs: number;
  qe: number;
  ss: number;
  se: number;
}

/** Latin letters and digits weigh a third of a Chinese character (13 "characters" of English are ~4 words). */
function weightOf(code: number): number {
  return code < 0x2e80 ? 1 / 3 : 1;
}

/** Maximal runs of at least K shared codes, one per diagonal stretch. */
function sharedRuns(q: Uint16Array, s: Uint16Array): Run[] {
  const positions = new Map<string, number[]>();
  for (let i = 0; i + K <= s.length; i++) {
    const key = String.fromCharCode(...s.subarray(i, i + K));
    const list = positions.get(key);
    if (list) list.push(i);
    else positions.set(key, [i]);
  }
  const runs: Run[] = [];
  const reachedOnDiagonal = new Map<number, number>();
  for (let i = 0; i + K <= q.length; i++) {
    const list = positions.get(String.fromCharCode(...q.subarray(i, i + K)));
    if (!list) continue;
    for (const j of list) {
      const diagonal = i - j;
      if ((reachedOnDiagonal.get(diagonal) ?? -1) > i) continue;
      let a = i;
      let b = j;
      while (a > 0 && b > 0 && q[a - 1] === s[b - 1]) {
        a--;
        b--;
      }
      let e = i + K;
      let f = j + K;
      while (e < q.length && f < s.length && q[e] === s[f]) {
        e++;
        f++;
      }
      reachedOnDiagonal.set(diagonal, e);
      runs.push({ qs: a, qe: e, ss: b, se: f });
    }
  }
  return runs.sort((x, y) => x.qs - y.qs || y.qe - y.qs - (x.qe - x.qs));
}

export interface RunShares {
  /** Share (0..1) of `text`'s letters and digits inside passages a 6-gram checker would match in `source`. */
  copied: number;
  /** Share inside any shared run of at least K characters, chained or not: it falls with every run broken. */
  seeded: number;
}

/** Share (0..1) of `text`'s letters and digits inside passages a 6-gram checker would match in `source`. */
export function copiedShare(source: string, text: string): number {
  return runShares(source, text).copied;
}

/** Both shares of `text` against `source` (see RunShares). */
export function runShares(source: string, text: string): RunShares {
  const q = matchingCodes(text, false).codes;
  const s = matchingCodes(source, false).codes;
  if (q.length === 0) return { copied: 0, seeded: 0 };
  const seeded = new Uint8Array(q.length);
  const passages: Array<Run & { matched: number; weight: number }> = [];
  const open: typeof passages = [];
  const weigh = (from: number, to: number) => {
    let w = 0;
    for (let i = from; i < to; i++) w += weightOf(q[i] ?? 0);
    return w;
  };
  for (const m of sharedRuns(q, s)) {
    seeded.fill(1, m.qs, m.qe);
    for (let i = open.length - 1; i >= 0; i--)
      if ((open[i]?.qe ?? 0) + MAX_GAP < m.qs) passages.push(...open.splice(i, 1));
    const best = open.find((p) => {
      const gq = m.qs - p.qe;
      const gs = m.ss - p.se;
      return gq <= MAX_GAP && gs <= MAX_GAP && gq >= -3 && gs >= -3 && m.qe > p.qe && m.se > p.se;
    });
    if (best) {
      const added = Math.min(m.qe - Math.max(m.qs, best.qe), m.se - Math.max(m.ss, best.se));
      if (added > 0) {
        best.matched += added;
        best.weight += weigh(m.qe - added, m.qe);
      }
      best.qe = m.qe;
      best.se = m.se;
    } else open.push({ ...m, matched: m.qe - m.qs, weight: weigh(m.qs, m.qe) });
  }
  passages.push(...open);
  const covered = new Uint8Array(q.length);
  for (const p of passages)
    if (p.weight >= MIN_MATCHED && p.matched >= (p.qe - p.qs) * MIN_DENSITY) covered.fill(1, p.qs, p.qe);
  const share = (marks: Uint8Array) => marks.reduce((n, c) => n + c, 0) / q.length;
  return { copied: share(covered), seeded: share(seeded) };
}
