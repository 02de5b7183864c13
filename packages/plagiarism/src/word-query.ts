import { GrowableU32 } from './library.ts';
import type { RewordedOptions, SentencePair } from './reworded.ts';
import type { WordTables } from './word-tables.ts';
import type { WordSentence } from './words.ts';

const NOTHING: SentenceBest = { pair: undefined, witnesses: 0, probe: 0 };

/** Probe words per query sentence at most: one bit each in a byte per library sentence (WordQuery.hitProbes). */
const MAX_PROBES = 8;

/**
 * Sentence weights (the sum of their words' IDF) are recomputed in full when the number of sentences grew by this
 * factor since the last time; sentences added in between are weighed with the IDF of their own sync. Between two
 * full passes an IDF moves by at most log(1.05) ≈ 0.05, and a pass over 100 M characters' sentences takes ~1 s.
 */
const REWEIGH_GROWTH = 1.05;

/**
 * IDFs are multiples of this: their sums (a sentence's weight, the weight two sentences share) are then exact in
 * any order, so they do not depend on how the words were numbered — by one index or by each shard, by the sync
 * or by the word threads (summed as plain doubles in word-number order they differed in the last bit).
 */
const IDF_QUANTUM = 2 ** -24;

/** IDF of a word in `f` sentences: 0 for a word in none or in more than maxDf of them (no evidence). */
function idf(f: number, maxDf: number, n: number): number {
  return f === 0 || f > maxDf ? 0 : Math.round(Math.log(n / f) / IDF_QUANTUM) * IDF_QUANTUM;
}

/**
 * The statistics words are weighed by: the library's sentences and, per word number of the tables queried, the
 * sentences holding it. A library's own tables count themselves; a shard's hold the whole library's counts
 * (shard-words.ts), so its sentences weigh what they would in one index.
 */
export interface WordCounts {
  sentences: number;
  df: Uint32Array;
  /**
   * A query word's count by hash and word number here (-1: in none of these tables' sentences, but maybe in
   * another shard's, where it weighs in the query sentence and takes a probe's place).
   */
  dfOf(hash: number, w: number): number;
}

/** The tables' own counts (one index holding the whole library). */
export function ownCounts(tables: WordTables): WordCounts {
  const df = tables.vocabulary.df.data;
  return { sentences: tables.sentences, df, dfOf: (_hash, w) => (w < 0 ? 0 : df[w]!) };
}

/**
 * A query sentence's best library sentence in these tables, before the stock-sentence rule: the pair (undefined
 * when none reaches the thresholds), the documents witnessing a stock sentence (each holding a sentence sharing
 * half its weight), and the probe that first touched the best sentence (what breaks a tie between shards).
 */
export interface SentenceBest {
  pair: SentencePair | undefined;
  witnesses: number;
  probe: number;
}

/** Each library sentence's weight under the IDF of `weighedAt` sentences and document-frequency cut `maxDf`. */
class SentenceWeights {
  weights = new Float32Array(1024);
  private weighed = 0;
  private weighedAt = 0;
  private weighedMaxDf = -1;

  /** Bring the weights up to date for this document-frequency cut (see REWEIGH_GROWTH). */
  update(tables: WordTables, counts: WordCounts, maxDf: number): void {
    // the IDF's N is the whole library's; the weights are those of these tables' sentences
    const n = Math.max(1, counts.sentences);
    const here = Math.max(1, tables.sentences);
    const full = maxDf !== this.weighedMaxDf || n > this.weighedAt * REWEIGH_GROWTH;
    if (!full && this.weighed === here) return;
    if (this.weights.length < here) {
      const next = new Float32Array(Math.max(here, this.weights.length * 2));
      next.set(this.weights.subarray(0, this.weighed));
      this.weights = next;
    }
    const from = full ? 0 : this.weighed;
    const forward = tables.forward.data;
    const starts = tables.sentenceStart.data;
    // one logarithm per word, not one per word of every sentence (300 M at 1 B: seconds on the first check)
    const df = counts.df;
    const idfs = new Float64Array(tables.vocabulary.size);
    for (let w = 0; w < idfs.length; w++) idfs[w] = idf(df[w]!, maxDf, n);
    for (let g = from; g < here && g < tables.sentences; g++) {
      let weight = 0;
      for (let i = starts[g]!; i < starts[g + 1]!; i++) weight += idfs[forward[i]!]!;
      this.weights[g] = weight;
    }
    this.weighed = tables.sentences;
    if (full) {
      this.weighedAt = n;
      this.weighedMaxDf = maxDf;
    }
  }
}

/** The cuts of one query, from the library's size and the options. */
interface QueryLimits {
  /** Sentences (at least 1). */
  n: number;
  /** Evidence: words in at most this many sentences. */
  maxDf: number;
  /** Candidates: only through words in at most this many sentences. */
  probeMaxDf: number;
  /** The share of a query sentence's weight a library sentence must share to matter at all. */
  needShare: number;
}

/** A query sentence's word known to the library: its number here (-1: in no sentence here), count and IDF. */
interface KnownWord {
  w: number;
  f: number;
  v: number;
}

/**
 * The reworded stage's query over the word tables: for each query sentence, the library sentence with the
 * highest IDF-weighted Dice of content words reaching opts.minSimilarity, unless the sentence is a stock
 * sentence. Candidates are the library sentences holding at least two of its probeWords rarest words, counted
 * in an array over the sentences (no per-posting allocation); each is weighed through the forward index
 * against the query's own words, its own weight precomputed.
 */
export class WordQuery {
  private readonly weights = new SentenceWeights();
  /**
   * Which probe words each sentence holds (bit k: the k-th probe), cleared after each query sentence. One byte
   * per sentence: the array a query's postings hit at random stays small enough for the cache.
   */
  private hitProbes = new Uint8Array(0);
  /** The sentences the probes hit, as hit and sorted (for completing rows), and each probe's IDF. */
  private readonly touched = new GrowableU32(4096);
  private sortedTouched = new Uint32Array(4096);
  private readonly probeV = new Float64Array(MAX_PROBES);

  get bytes(): number {
    return this.weights.weights.byteLength + this.hitProbes.byteLength;
  }

  /**
   * Each query sentence's best library sentence (documents by the tables' numbers, stale ones skipped, and those
   * `usable` refuses, which are not stock-sentence witnesses either).
   */
  bestPairs(
    tables: WordTables,
    query: WordSentence[],
    usable: (doc: number) => boolean,
    opts: RewordedOptions,
  ): SentencePair[] {
    const out: SentencePair[] = [];
    for (const best of this.bestSentences(tables, ownCounts(tables), query, usable, opts))
      if (best.pair && best.witnesses < opts.stockDocuments) out.push(best.pair);
    return out;
  }

  /**
   * Each query sentence's best sentence in these tables, words weighed by `counts`, before the stock-sentence
   * rule (a shard's part of bestPairs: the witnesses of all shards decide it).
   */
  bestSentences(
    tables: WordTables,
    counts: WordCounts,
    query: WordSentence[],
    usable: (doc: number) => boolean,
    opts: RewordedOptions,
  ): SentenceBest[] {
    const n = Math.max(1, counts.sentences);
    const limits: QueryLimits = {
      n,
      // evidence: words in at most maxSentenceShare of the sentences; candidates: only through words with at
      // most maxPostings postings, or maxPostingsShare of the sentences in a larger library. Cutting the
      // evidence at maxPostings too lost reworded copying as the library grew (found 91.6 % at 10 M, 87.5 % at
      // 100 M), and so did a fixed candidate cut (85.5 % at 1 B): a copied sentence's words grow commoner with
      // the library.
      maxDf: Math.max(5, Math.floor(n * opts.maxSentenceShare)),
      probeMaxDf: Math.max(5, opts.maxPostings, Math.floor(n * opts.maxPostingsShare)),
      // a library sentence sharing less than this share of a query sentence's weight is neither a match (Dice ≤
      // 2s / (q + s)) nor a stock-sentence witness (2s ≥ q): the rows walked in full stop once the sentences
      // they miss can only share less; the remaining probes only complete the sentences already touched
      needShare: Math.min(0.5, opts.minSimilarity / (2 - opts.minSimilarity)),
    };
    this.weights.update(tables, counts, limits.maxDf);
    if (this.hitProbes.length < tables.sentences)
      this.hitProbes = new Uint8Array(Math.ceil(tables.sentences * 1.25) + 1024);
    return query.map((qs) => this.bestPair(tables, counts, qs, limits, usable, opts));
  }

  private bestPair(
    tables: WordTables,
    counts: WordCounts,
    qs: WordSentence,
    limits: QueryLimits,
    usable: (doc: number) => boolean,
    opts: RewordedOptions,
  ): SentenceBest {
    // the query sentence's words known to the library, by word number, with their IDF
    const known: KnownWord[] = [];
    let qWeight = 0;
    for (const h of qs.words) {
      const w = tables.vocabulary.find(h);
      const f = counts.dfOf(h, w);
      const v = idf(f, limits.maxDf, limits.n);
      if (v === 0) continue;
      known.push({ w, f, v });
      qWeight += v;
    }
    if (qWeight === 0) return NOTHING;
    // candidates: library sentences holding at least two of the query sentence's rarest words (a copied
    // sentence keeps most of its rare words; the work per sentence stays bounded in a large library)
    const probes = known
      .filter((k) => k.f <= limits.probeMaxDf)
      .sort((a, b) => b.v - a.v)
      .slice(0, Math.min(opts.probeWords, MAX_PROBES));
    const probeWeight = this.walkProbes(tables, probes, qWeight, limits, opts);
    known.sort((a, b) => a.w - b.w);
    return this.bestTouched(tables, qs, known, probes.length, qWeight, probeWeight, usable, opts);
  }

  /**
   * Mark in hitProbes the sentences holding each probe word (the touched ones listed); returns the probes'
   * weight.
   */
  private walkProbes(
    tables: WordTables,
    probes: KnownWord[],
    qWeight: number,
    limits: QueryLimits,
    opts: RewordedOptions,
  ): number {
    const hitProbes = this.hitProbes;
    const touched = this.touched;
    touched.length = 0;
    let probeWeight = 0;
    let sortedCount = -1;
    for (let k = 0; k < probes.length; k++) {
      const { w, f, v } = probes[k]!;
      // only completes the sentences touched so far: the last probe (alone it is one probe, too few); a probe
      // after which a sentence holding none of those walked can share too little to matter (exact); and a word
      // with more than maxPostings postings once a rarer probe was walked (a larger library's candidates need
      // one rarer word, and the long rows cost a merge against the touched sentences, not a random access each)
      const completeOnly =
        k > 0 &&
        (k === probes.length - 1 ||
          f > opts.maxPostings ||
          qWeight - probeWeight < (limits.needShare - 1e-3) * qWeight);
      probeWeight += v;
      this.probeV[k] = v;
      const bit = 1 << k;
      if (completeOnly && sortedCount !== touched.length) {
        if (this.sortedTouched.length < touched.length)
          this.sortedTouched = new Uint32Array(touched.data.length);
        this.sortedTouched.set(touched.view());
        this.sortedTouched.subarray(0, touched.length).sort();
        sortedCount = touched.length;
      }
      for (const seg of tables.segments) {
        // (a word of other shards' sentences only: no postings here)
        if (w < 0 || w >= seg.words) continue;
        const from = seg.starts[w]!;
        const to = seg.starts[w + 1]!;
        const rows = seg.sentences;
        if (completeOnly) {
          completeRow(rows, from, to, this.sortedTouched, sortedCount, hitProbes, bit);
          continue;
        }
        for (let p = from; p < to; p++) {
          const g = rows[p]!;
          const m = hitProbes[g]!;
          if (m !== 0) hitProbes[g] = m | bit;
          else {
            touched.push(g);
            hitProbes[g] = bit;
          }
        }
      }
    }
    return probeWeight;
  }

  /** The best match among the touched sentences holding two probes or more (clearing their marks). */
  private bestTouched(
    tables: WordTables,
    qs: WordSentence,
    known: KnownWord[],
    probeCount: number,
    qWeight: number,
    probeWeight: number,
    usable: (doc: number) => boolean,
    opts: RewordedOptions,
  ): SentenceBest {
    const hitProbes = this.hitProbes;
    const weights = this.weights.weights;
    const forward = tables.forward.data;
    const starts = tables.sentenceStart.data;
    const sentenceDoc = tables.sentenceDoc.data;
    let best: SentencePair | undefined;
    let bestProbes = 0;
    const docs = new Set<number>();
    const hits = this.touched.view();
    for (let t = 0; t < hits.length; t++) {
      const g = hits[t]!;
      const m = hitProbes[g]!;
      hitProbes[g] = 0;
      // fewer than two probes
      if ((m & (m - 1)) === 0) continue;
      let probeShared = 0;
      for (let k = 0; k < probeCount; k++) if (m & (1 << k)) probeShared += this.probeV[k]!;
      const d = sentenceDoc[g]!;
      if (tables.ids[d] === '') continue;
      // the probes it lacks are the query's heaviest words: what it can share at most (with a margin for the
      // float sums) often rules it out as both a stock sentence and a match before its words are walked
      const bound = qWeight - (probeWeight - probeShared) + 1e-3 * qWeight;
      if (2 * bound < qWeight && 2 * bound < opts.minSimilarity * (qWeight + weights[g]!)) continue;
      // a document this check may not use (another user's 自建库, an excluded one) is neither source nor witness
      if (!usable(d)) continue;
      // shared words: both lists ascending by word number
      let shared = 0;
      let sharedWords = 0;
      let j = 0;
      for (let i = starts[g]!; i < starts[g + 1]! && j < known.length; i++) {
        const w = forward[i]!;
        while (j < known.length && known[j]!.w < w) j++;
        if (j < known.length && known[j]!.w === w) {
          shared += known[j]!.v;
          sharedWords++;
        }
      }
      // a stock sentence (结论：本方法简便、快速，灵敏度高 …) covers half its weight in many documents' sentences
      if (2 * shared >= qWeight) docs.add(d);
      if (sharedWords < opts.minSharedWords) continue;
      const sim = (2 * shared) / (qWeight + weights[g]!);
      if (sim >= opts.minSimilarity && (!best || sim > best.similarity)) {
        bestProbes = m;
        best = {
          start: qs.start,
          end: qs.end,
          doc: d,
          sentence: g - tables.firstSentence[d]!,
          similarity: sim,
        };
      }
    }
    // the probe that touched a sentence first is its lowest bit: later ones only completed it
    return { pair: best, witnesses: docs.size, probe: 31 - Math.clz32(bestProbes & -bestProbes) };
  }
}

/**
 * Set `bit` in hitProbes for the sentences of rows[from, to) (ascending) that are among touched[0, count)
 * (ascending): a binary search per touched sentence when they are few against the row, else one merge of both.
 */
function completeRow(
  rows: Uint32Array,
  from: number,
  to: number,
  touched: Uint32Array,
  count: number,
  hitProbes: Uint8Array,
  bit: number,
): void {
  if (count * 24 < to - from) {
    for (let t = 0; t < count; t++) {
      const g = touched[t]!;
      let lo = from;
      let hi = to;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (rows[mid]! < g) lo = mid + 1;
        else hi = mid;
      }
      if (lo < to && rows[lo] === g) hitProbes[g]! |= bit;
    }
    return;
  }
  let p = from;
  let t = 0;
  while (p < to && t < count) {
    const r = rows[p]!;
    const g = touched[t]!;
    if (r < g) p++;
    else if (r > g) t++;
    else {
      hitProbes[g]! |= bit;
      p++;
      t++;
    }
  }
}
