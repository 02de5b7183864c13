import {
  chainMatches,
  DEFAULT_PARAMS,
  type ExactOptions,
  matchWeights,
  maximalMatches,
} from '@paperdesk/plagiarism';
import { matchingCodes } from '@paperdesk/textkit';

/**
 * How much of a rewrite a character-run checker would still match against its source, estimated locally: the
 * exact stage of our 6-gram check (packages/plagiarism's alignment with the check's default thresholds), seeded
 * with every shared k-gram instead of the index's fingerprints. Used to choose, among meaning-keeping rewrites of a
 * sentence, the one that leaves the fewest long runs of its original; never a score shown to the user.
 */
const EXACT: ExactOptions = { k: DEFAULT_PARAMS.k, maxGap: 12, minMatched: 13, minDensity: 0.5 };

/** Every pair of positions (query, source) starting the same k codes. */
function sharedSeeds(q: Uint16Array, s: Uint16Array, k: number): { seedQ: number[]; seedS: number[] } {
  const positions = new Map<string, number[]>();
  for (let j = 0; j + k <= s.length; j++) {
    const key = String.fromCharCode(...s.subarray(j, j + k));
    const list = positions.get(key);
    if (list) list.push(j);
    else positions.set(key, [j]);
  }
  const seedQ: number[] = [];
  const seedS: number[] = [];
  for (let i = 0; i + k <= q.length; i++) {
    for (const j of positions.get(String.fromCharCode(...q.subarray(i, i + k))) ?? []) {
      seedQ.push(i);
      seedS.push(j);
    }
  }
  return { seedQ, seedS };
}

export interface RunShares {
  /** Share (0..1) of `text`'s letters and digits inside passages a 6-gram checker would match in `source`. */
  copied: number;
  /** Share inside any shared run of at least k characters, chained or not: it falls with every run broken. */
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
  const { seedQ, seedS } = sharedSeeds(q, s, EXACT.k);
  const runs = maximalMatches(q, s, seedQ, seedS, EXACT.k);
  const passages = chainMatches(runs, { ...EXACT, weights: matchWeights(q) });
  const share = (ranges: Array<{ qs: number; qe: number }>) => {
    const marks = new Uint8Array(q.length);
    for (const r of ranges) marks.fill(1, r.qs, r.qe);
    return marks.reduce((n, c) => n + c, 0) / q.length;
  };
  return { copied: share(passages), seeded: share(runs) };
}

/** Run length of the national databases' continuous-match rule: 13 identical characters in a row count as copied. */
export const CONTINUOUS_RUN = 13;

/**
 * Share (0..1) of `text`'s letters, digits and Han characters inside a run of at least `run` of them (punctuation and
 * spaces ignored, no gaps bridged) that also occurs in `source`: the plain continuous-match rule, computed locally
 * against the one source a 降重 rewrites. A gap-bridging check (our 普通版 chains 6-character seeds across gaps of
 * 12) can stay at 100 % while this falls, so the loop uses it to tell two rewrites with the same 复制比 apart.
 */
export function continuousShare(source: string, text: string, run = CONTINUOUS_RUN): number {
  const q = matchingCodes(text, false).codes;
  const s = matchingCodes(source, false).codes;
  if (q.length === 0) return 0;
  const grams = new Set<string>();
  for (let j = 0; j + run <= s.length; j++) grams.add(String.fromCharCode(...s.subarray(j, j + run)));
  const covered = new Uint8Array(q.length);
  for (let i = 0; i + run <= q.length; i++)
    if (grams.has(String.fromCharCode(...q.subarray(i, i + run)))) covered.fill(1, i, i + run);
  return covered.reduce((n, c) => n + c, 0) / q.length;
}
