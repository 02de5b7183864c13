/**
 * GLTR-style surprisal features from a large-corpus Chinese word language model that no training set here can
 * match: Debian's `libime-data-language-model` (fcitx5's word trigram model, read by kenlm.ts). Optional:
 * when the package is absent (or the file unreadable) `loadLibimeLm` returns null and nothing else changes.
 *
 * A text is cut into runs of Han characters (the model holds Chinese words only: no punctuation, digits, Latin or
 * sentence markers), each run segmented into the model's words by the most probable unigram path, and each word
 * scored given the two before it in its run. Per text: mean and variance of the word log-probabilities, perplexity,
 * surprisal per character, the share of words in the model's top-k next words (ranked under the bigram context,
 * see `rankOf`), and the burstiness of surprisal across sentences.
 */
import fs from 'node:fs';
import { KenlmModel } from './kenlm.ts';

/** Where Debian puts the model (multiarch triplets); PAPERDESK_LIBIME_LM overrides. */
const CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/libime/zh_CN.lm',
  '/usr/lib/aarch64-linux-gnu/libime/zh_CN.lm',
  '/usr/lib/libime/zh_CN.lm',
  '/usr/lib64/libime/zh_CN.lm',
];

const LN10 = Math.LN10;
/** k of the top-k share (GLTR's first bucket is the top 10). */
export const LM_TOP_K = 10;
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/gu;
const SENTENCE_END = /[。！？；!?;\n]+/u;

export interface LmTokenScore {
  word: string;
  /** Natural-log probability of the word given up to two words before it in its Han run. */
  logProb: number;
  /** 0-based rank among all next words under the one-word context (0 = the model's first choice). */
  rank: number;
}

export interface LmSentenceScore {
  start: number;
  end: number;
  tokens: number;
  /** Mean surprisal (−ln p) per word; NaN for a sentence without Han words. */
  meanSurprisal: number;
}

export interface LmFeatures {
  tokens: number;
  /** Han characters scored. */
  chars: number;
  meanLogProb: number;
  logProbVariance: number;
  /** exp(mean surprisal per word). */
  perplexity: number;
  /** Total surprisal / Han characters (nats per character: independent of how the runs were segmented). */
  surprisalPerChar: number;
  /** Share of words among the model's top-`LM_TOP_K` next words. */
  topKShare: number;
  /** Share of words that are the model's first choice. */
  top1Share: number;
  /** Coefficient of variation of per-sentence mean surprisal (0 with fewer than two scored sentences). */
  burstiness: number;
  sentences: LmSentenceScore[];
}

/** Names of the numeric features, in `lmFeatureVector` order. */
export const LM_FEATURES = [
  'meanLogProb',
  'logProbVariance',
  'perplexity',
  'surprisalPerChar',
  'topKShare',
  'top1Share',
  'burstiness',
] as const;

export function lmFeatureVector(f: LmFeatures): number[] {
  return LM_FEATURES.map((k) => f[k]);
}

/** Successor lists per context word, for ranking: CSR arrays built once from the (reversed) bigram trie. */
interface Successors {
  start: Uint32Array;
  /** log10 P(x | v) of v's stored successors, sorted ascending within each v. */
  bigram: Float32Array;
  /** log10 P(x) of the same successors, sorted ascending within each v (for the backoff correction). */
  unigramOfSucc: Float32Array;
  /** All unigram log10 probs, sorted ascending. */
  unigramSorted: Float32Array;
}

export class LibimeLm {
  readonly model: KenlmModel;
  readonly file: string;
  private readonly maxWordChars: number;
  private successors: Successors | null = null;

  constructor(model: KenlmModel, file: string) {
    this.model = model;
    this.file = file;
    let max = 1;
    for (const w of model.words) max = Math.max(max, w.length);
    this.maxWordChars = max;
  }

  /** Most probable segmentation of a Han run into model words (unigram Viterbi); unknown characters alone. */
  segment(run: string): { word: string; id: number }[] {
    const n = run.length;
    const best = new Float64Array(n + 1).fill(Number.NEGATIVE_INFINITY);
    const from = new Int32Array(n + 1);
    const ids = new Int32Array(n + 1);
    best[0] = 0;
    const unk = this.model.unigram(0).prob;
    for (let i = 0; i < n; i++) {
      if (best[i] === Number.NEGATIVE_INFINITY) continue;
      for (let len = 1; len <= this.maxWordChars && i + len <= n; len++) {
        const id = this.model.vocab.get(run.slice(i, i + len));
        if (id === undefined && len > 1) continue;
        const p = id === undefined ? unk : this.model.unigram(id).prob;
        const s = best[i]! + p;
        if (s > best[i + len]!) {
          best[i + len] = s;
          from[i + len] = i;
          ids[i + len] = id ?? 0;
        }
      }
    }
    const out: { word: string; id: number }[] = [];
    for (let e = n; e > 0; e = from[e]!) out.push({ word: run.slice(from[e]!, e), id: ids[e]! });
    return out.reverse();
  }

  /** Each word of each Han run of `text`, scored; `at` is the run's offset in `text`. */
  scoreRuns(text: string): { at: number; run: string; tokens: LmTokenScore[] }[] {
    const out: { at: number; run: string; tokens: LmTokenScore[] }[] = [];
    for (const m of text.matchAll(HAN)) {
      const words = this.segment(m[0]);
      const tokens: LmTokenScore[] = [];
      const ctx: number[] = [];
      for (const w of words) {
        const { log10 } = this.model.score(ctx, w.id);
        const prev = ctx.length > 0 ? ctx[ctx.length - 1]! : -1;
        tokens.push({ word: w.word, logProb: log10 * LN10, rank: this.rankOf(prev, w.id) });
        ctx.push(w.id);
        if (ctx.length > this.model.order - 1) ctx.shift();
      }
      out.push({ at: m.index, run: m[0], tokens });
    }
    return out;
  }

  /**
   * Rank of `word` among all vocabulary words as the next word after `prev` (−1: no context, unigram ranking), under
   * the model's bigram distribution with backoff. Ranking needs successors, which the reversed trie does not list,
   * so the first call builds them (~2 M bigrams); the trigram context is left out to keep that index small.
   */
  rankOf(prev: number, word: number): number {
    const s = this.ensureSuccessors();
    const uni = this.model.unigram(word).prob;
    if (prev <= 0) return countAbove(s.unigramSorted, 0, s.unigramSorted.length, uni);
    const bigram = this.model.probOf([prev, word]);
    const bo = this.model.unigram(prev).backoff;
    const score = bigram ?? bo + uni;
    const a = s.start[prev]!;
    const b = s.start[prev + 1]!;
    const stored = countAbove(s.bigram, a, b, score);
    // words without a stored bigram score bo + P(x): all unigrams above the bar, minus the stored successors
    const backedOff =
      countAbove(s.unigramSorted, 0, s.unigramSorted.length, score - bo) -
      countAbove(s.unigramOfSucc, a, b, score - bo);
    return stored + backedOff;
  }

  private ensureSuccessors(): Successors {
    if (this.successors) return this.successors;
    const m = this.model;
    const vocab = m.counts[0]!;
    const count = new Uint32Array(vocab + 1);
    m.forEachBigram((prev) => {
      count[prev + 1]!++;
    });
    const start = new Uint32Array(vocab + 1);
    for (let v = 0; v < vocab; v++) start[v + 1] = start[v]! + count[v + 1]!;
    const fill = start.slice(0, vocab);
    const bigram = new Float32Array(start[vocab]!);
    const unigramOfSucc = new Float32Array(start[vocab]!);
    m.forEachBigram((prev, word, log10) => {
      const at = fill[prev]!++;
      bigram[at] = log10;
      unigramOfSucc[at] = m.unigram(word).prob;
    });
    // ascending: the typed-array sort without a comparator is native and several times faster
    for (let v = 0; v < vocab; v++) {
      bigram.subarray(start[v]!, start[v + 1]!).sort();
      unigramOfSucc.subarray(start[v]!, start[v + 1]!).sort();
    }
    const unigramSorted = new Float32Array(vocab);
    for (let w = 0; w < vocab; w++) unigramSorted[w] = m.unigram(w).prob;
    unigramSorted.sort();
    this.successors = { start, bigram, unigramOfSucc, unigramSorted };
    return this.successors;
  }

  /** The features of one text; null when it holds no Han word. */
  features(text: string): LmFeatures | null {
    const runs = this.scoreRuns(text);
    const all = runs.flatMap((r) => r.tokens);
    if (all.length === 0) return null;
    let sum = 0;
    let sq = 0;
    let top = 0;
    let top1 = 0;
    let chars = 0;
    for (const t of all) {
      sum += t.logProb;
      sq += t.logProb * t.logProb;
      if (t.rank < LM_TOP_K) top++;
      if (t.rank === 0) top1++;
      chars += t.word.length;
    }
    const n = all.length;
    const mean = sum / n;
    const sentences = sentenceScores(text, runs);
    const means = sentences.map((s) => s.meanSurprisal).filter((x) => Number.isFinite(x));
    return {
      tokens: n,
      chars,
      meanLogProb: mean,
      logProbVariance: Math.max(0, sq / n - mean * mean),
      perplexity: Math.exp(-mean),
      surprisalPerChar: -sum / chars,
      topKShare: top / n,
      top1Share: top1 / n,
      burstiness: coefficientOfVariation(means),
      sentences,
    };
  }
}

/** Number of entries of an ascending-sorted slice [a, b) strictly greater than `x`. */
function countAbove(sorted: Float32Array, a: number, b: number, x: number): number {
  let lo = a;
  let hi = b;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return b - lo;
}

function coefficientOfVariation(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1);
  return mean > 0 ? Math.sqrt(variance) / mean : 0;
}

function sentenceScores(
  text: string,
  runs: readonly { at: number; run: string; tokens: LmTokenScore[] }[],
): LmSentenceScore[] {
  const out: LmSentenceScore[] = [];
  let start = 0;
  let r = 0;
  const re = new RegExp(SENTENCE_END.source, 'gu');
  const bounds: [number, number][] = [];
  for (const m of text.matchAll(re)) {
    bounds.push([start, m.index + m[0].length]);
    start = m.index + m[0].length;
  }
  if (start < text.length) bounds.push([start, text.length]);
  for (const [s, e] of bounds) {
    let surprisal = 0;
    let tokens = 0;
    while (r < runs.length && runs[r]!.at < e) {
      for (const t of runs[r]!.tokens) {
        surprisal -= t.logProb;
        tokens++;
      }
      r++;
    }
    out.push({ start: s, end: e, tokens, meanSurprisal: tokens > 0 ? surprisal / tokens : Number.NaN });
  }
  return out;
}

let cached: LibimeLm | null | undefined;

/**
 * The libime model, read on first call (~0.5 s, ~60 MB) and kept for the process; null when the package is not
 * installed or the file cannot be read as a KenLM trie (the detector then works without these features).
 */
export function loadLibimeLm(): LibimeLm | null {
  if (cached !== undefined) return cached;
  const env = process.env.PAPERDESK_LIBIME_LM;
  const file = env !== undefined ? env : CANDIDATES.find((f) => fs.existsSync(f));
  cached = file ? openLibimeLm(file) : null;
  return cached;
}

/** The model in `file`, or null when it is missing or not a KenLM quantised trie with its vocabulary. */
export function openLibimeLm(file: string): LibimeLm | null {
  try {
    return new LibimeLm(new KenlmModel(new Uint8Array(fs.readFileSync(file))), file);
  } catch {
    return null;
  }
}

/** GLTR-style features of `text` from the libime model, or null when the model is absent or the text has no Han word. */
export function lmFeatures(text: string): LmFeatures | null {
  return loadLibimeLm()?.features(text) ?? null;
}
