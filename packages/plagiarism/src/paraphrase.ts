import { splitSentences } from '@paperdesk/textkit';
import type { Passage } from './align.ts';

/**
 * Stage 2 (paraphrase-tolerant), in the manner of the PAN text-alignment winners (Sanchez-Perez et al. 2014):
 * seeds are pairs of sentences whose character-bigram sets are similar (Dice coefficient), then seeds close to
 * each other in both texts are grown into passages. Finds lightly edited copying (synonym swaps, insertions,
 * deletions) and copying with the sentence order shuffled, which breaks exact runs apart.
 */
export interface Sentence {
  /** Matching-code range [start, end). */
  start: number;
  end: number;
  /** Sorted distinct character bigrams. */
  bigrams: Uint32Array;
}

export interface ParaphraseOptions {
  /** Minimal Dice similarity of two sentences' bigram sets. */
  minSimilarity: number;
  /** Sentences shorter than this (matching characters) are not compared. */
  minSentenceChars: number;
  /** Seeds whose source sentences are at most this many sentences apart join one passage. */
  maxSentenceGap: number;
  /** A sentence pair must share at least this many distinct bigrams. */
  minSharedBigrams: number;
  /** When given, only query sentences with only[i] === 1 are compared. */
  only?: Uint8Array;
}

/** First index of sorted `a` whose value is >= v. */
export function lowerBound(a: Uint32Array, v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function bigramSet(codes: Uint16Array, start: number, end: number): Uint32Array {
  const n = Math.max(0, end - start - 1);
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = ((codes[start + i]! << 16) | codes[start + i + 1]!) >>> 0;
  out.sort();
  let w = 0;
  for (let i = 0; i < n; i++) if (i === 0 || out[i] !== out[i - 1]) out[w++] = out[i]!;
  return out.slice(0, w);
}

/** Sentences of an original text, in matching coordinates (offsets: matching index -> original index). */
export function matchingSentences(original: string, codes: Uint16Array, offsets: Uint32Array): Sentence[] {
  const out: Sentence[] = [];
  const body = offsets.subarray(0, codes.length);
  for (const s of splitSentences(original)) {
    const start = lowerBound(body, s.start);
    const end = lowerBound(body, s.end);
    if (end > start) out.push({ start, end, bigrams: bigramSet(codes, start, end) });
  }
  return out;
}

interface Seed {
  q: number;
  s: number;
  sim: number;
  /** The parts of the two sentences that the shared bigrams span (matching coordinates). */
  qs: number;
  qe: number;
  ss: number;
  se: number;
}

function has(set: Uint32Array, v: number): boolean {
  let lo = 0;
  let hi = set.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (set[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo < set.length && set[lo] === v;
}

/**
 * The part of a sentence that is shared with the other one: from the first to the last place where two
 * consecutive bigrams (a trigram) occur in the other sentence, so unrelated lead-ins and tails are not flagged.
 */
function sharedExtent(codes: Uint16Array, start: number, end: number, other: Uint32Array): [number, number] {
  const shared = (i: number) => has(other, ((codes[i]! << 16) | codes[i + 1]!) >>> 0);
  let a = -1;
  for (let i = start; i + 2 < end && a < 0; i++) if (shared(i) && shared(i + 1)) a = i;
  let b = -1;
  for (let i = end - 3; i >= start && b < 0; i--) if (shared(i) && shared(i + 1)) b = i + 3;
  if (a < 0 || b <= a) return [start, end];
  return [a, b];
}

/** Sentence-pair seeds between query and source, best source sentence per query sentence. */
export function sentenceSeeds(
  qCodes: Uint16Array,
  query: Sentence[],
  sCodes: Uint16Array,
  source: Sentence[],
  opts: ParaphraseOptions,
): Seed[] {
  // inverted index bigram -> source sentences, so each query sentence only meets sentences it shares bigrams with
  const postings = new Map<number, number[]>();
  source.forEach((s, si) => {
    if (s.end - s.start < opts.minSentenceChars) return;
    for (const g of s.bigrams) {
      const list = postings.get(g);
      if (list) list.push(si);
      else postings.set(g, [si]);
    }
  });
  const shared = new Uint16Array(source.length);
  const touched: number[] = [];
  const seeds: Seed[] = [];
  query.forEach((qs, qi) => {
    if (qs.end - qs.start < opts.minSentenceChars || qs.bigrams.length === 0) return;
    if (opts.only && opts.only[qi] !== 1) return;
    for (const g of qs.bigrams) {
      const list = postings.get(g);
      if (!list) continue;
      for (const si of list) {
        if (shared[si] === 0) touched.push(si);
        shared[si]!++;
      }
    }
    let best = -1;
    let bestSim = 0;
    for (const si of touched) {
      const sim = (2 * shared[si]!) / (qs.bigrams.length + source[si]!.bigrams.length);
      if (sim > bestSim && shared[si]! >= opts.minSharedBigrams) {
        bestSim = sim;
        best = si;
      }
      shared[si] = 0;
    }
    touched.length = 0;
    if (best >= 0 && bestSim >= opts.minSimilarity) {
      const ss = source[best]!;
      const [qa, qb] = sharedExtent(qCodes, qs.start, qs.end, ss.bigrams);
      const [sa, sb] = sharedExtent(sCodes, ss.start, ss.end, qs.bigrams);
      seeds.push({ q: qi, s: best, sim: bestSim, qs: qa, qe: qb, ss: sa, se: sb });
    }
  });
  return seeds;
}

/**
 * Grow seeds into passages: consecutive query sentences whose source sentences stay within maxSentenceGap of
 * the passage's source sentences (in any order) form one passage.
 */
export function paraphrasePassages(
  qCodes: Uint16Array,
  query: Sentence[],
  sCodes: Uint16Array,
  source: Sentence[],
  opts: ParaphraseOptions,
): Passage[] {
  const seeds = sentenceSeeds(qCodes, query, sCodes, source, opts);
  const out: Passage[] = [];
  interface Open {
    q1: number;
    s0: number;
    s1: number;
    chars: number;
    simChars: number;
    first: Seed;
    last: Seed;
    ss: number;
    se: number;
  }
  let cur: Open | undefined;
  const flush = () => {
    if (!cur) return;
    out.push({
      qs: cur.first.qs,
      qe: cur.last.qe,
      ss: cur.ss,
      se: cur.se,
      matched: cur.chars,
      method: 'paraphrase',
      similarity: cur.simChars / Math.max(1, cur.chars),
    });
    cur = undefined;
  };
  for (const seed of seeds) {
    const len = seed.qe - seed.qs;
    if (
      cur &&
      seed.q - cur.q1 <= 1 &&
      seed.s >= cur.s0 - opts.maxSentenceGap &&
      seed.s <= cur.s1 + opts.maxSentenceGap
    ) {
      cur.q1 = seed.q;
      cur.s0 = Math.min(cur.s0, seed.s);
      cur.s1 = Math.max(cur.s1, seed.s);
      cur.last = seed;
      cur.ss = Math.min(cur.ss, seed.ss);
      cur.se = Math.max(cur.se, seed.se);
      cur.chars += len;
      cur.simChars += len * seed.sim;
      continue;
    }
    flush();
    cur = {
      q1: seed.q,
      s0: seed.s,
      s1: seed.s,
      chars: len,
      simChars: len * seed.sim,
      first: seed,
      last: seed,
      ss: seed.ss,
      se: seed.se,
    };
  }
  flush();
  return out;
}
