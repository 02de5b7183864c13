import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { normalize, splitSentences } from '@paperdesk/textkit';
import type { Passage } from './align.ts';
import { fmix32 } from './fingerprint.ts';
import type { PlagiarismIndex } from './library.ts';

/**
 * Reworded copying: a candidate stage that needs no shared 6-gram. A passage rewritten every few characters
 * (synonyms swapped, words inserted, clauses moved — what 降重 tools do) keeps most of its content words, so
 * library sentences are indexed by their jieba words, and each query sentence meets the library sentences that
 * share its rarer words (TF-IDF weighted overlap), sentence by sentence.
 *
 * The word index is kept beside a PlagiarismIndex (built on first use, extended with the documents added since,
 * removed documents skipped): the character index stays the one thing persisted. A document replaced under the
 * same id keeps its first text's words until the process restarts.
 */

let jieba: Jieba | undefined;
const segmenter = () => {
  jieba ??= Jieba.withDict(dict);
  return jieba;
};

/** A content word: at least two letters/digits after folding, and a hanzi in it or at least three letters. */
function wordHash(word: string): number | undefined {
  let h = 0x811c9dc5;
  let n = 0;
  let han = false;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    const isHan = c >= 0x3400 && c <= 0x9fff;
    const isWord = isHan || (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a);
    if (!isWord) continue;
    han ||= isHan;
    h = Math.imul(h ^ c, 0x01000193);
    n++;
  }
  return n >= 2 && (han || n >= 3) ? fmix32(h) : undefined;
}

export interface WordSentence {
  /** Original-text range. */
  start: number;
  end: number;
  /** Distinct content-word hashes, sorted. */
  words: Uint32Array;
}

/** Sentences of a text with their content words (folded, width- and script-normalised before segmenting). */
export function wordSentences(text: string): WordSentence[] {
  const folded = normalize(text, {
    fold: true,
    lowercase: true,
    whitespace: 'keep',
    punctuation: 'keep',
  }).text;
  const sentences = splitSentences(folded);
  const out: WordSentence[] = sentences.map((s) => ({
    start: s.start,
    end: s.end,
    words: new Uint32Array(0),
  }));
  if (sentences.length === 0) return out;
  let si = 0;
  let pos = 0;
  let bag: number[] = [];
  const flush = () => {
    const words = Uint32Array.from(new Set(bag)).sort();
    out[si]!.words = words;
    bag = [];
  };
  for (const word of segmenter().cut(folded, false)) {
    const at = folded.startsWith(word, pos) ? pos : folded.indexOf(word, pos);
    if (at < 0) continue;
    pos = at + word.length;
    while (si < sentences.length - 1 && at >= sentences[si]!.end) {
      flush();
      si++;
    }
    const h = wordHash(word);
    if (h !== undefined) bag.push(h);
  }
  flush();
  return out;
}

/** A sealed block of postings: word hash → (document ordinal, sentence), bucketed by the hash's low bits. */
interface WordSegment {
  mask: number;
  /** mask + 2 offsets into the entry arrays. */
  starts: Uint32Array;
  hash: Uint32Array;
  doc: Uint32Array;
  sentence: Uint32Array;
}

class Pending {
  hash: number[] = [];
  doc: number[] = [];
  sentence: number[] = [];
}

function seal(p: Pending): WordSegment {
  const n = p.hash.length;
  let buckets = 1024;
  while (buckets < n / 2) buckets *= 2;
  const mask = buckets - 1;
  const starts = new Uint32Array(buckets + 1);
  for (const h of p.hash) starts[(h & mask) + 1]!++;
  for (let i = 1; i <= buckets; i++) starts[i]! += starts[i - 1]!;
  const fill = starts.slice(0, buckets);
  const hash = new Uint32Array(n);
  const doc = new Uint32Array(n);
  const sentence = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const at = fill[p.hash[i]! & mask]!++;
    hash[at] = p.hash[i]!;
    doc[at] = p.doc[i]!;
    sentence[at] = p.sentence[i]!;
  }
  // each bucket sorted by hash (stable), so a look-up binary-searches past a common word sharing its bucket
  for (let b = 0; b < buckets; b++) {
    const from = starts[b]!;
    const to = starts[b + 1]!;
    let sorted = true;
    for (let i = from + 1; i < to && sorted; i++) if (hash[i - 1]! > hash[i]!) sorted = false;
    if (sorted) continue;
    const order = Array.from({ length: to - from }, (_, i) => from + i).sort(
      (x, y) => hash[x]! - hash[y]! || x - y,
    );
    const h = order.map((i) => hash[i]!);
    const d = order.map((i) => doc[i]!);
    const s = order.map((i) => sentence[i]!);
    hash.set(h, from);
    doc.set(d, from);
    sentence.set(s, from);
  }
  return { mask, starts, hash, doc, sentence };
}

/**
 * Characters of library text the word index covers by default. Segmenting runs at ~1-2 M characters/s and the
 * index takes ~5 bytes per character, so covering a 1 B library would take 10-15 minutes of a core and ~5 GB
 * at each load; beyond this the stage covers the documents indexed first and says how much it covered
 * (Report.engine.rewordedCoverage).
 */
export const WORD_INDEX_MAX_CHARS = 100_000_000;

/** Word segments merged into one past this many (each sync that found new documents seals one). */
const MAX_WORD_SEGMENTS = 8;

/**
 * The word index of one PlagiarismIndex. Its postings name documents by its own numbers, each standing for a
 * document id: the character index may renumber its documents (merges purge removed ones), ids stay. It lists
 * the library's ids once, when built, then follows adds and removes through PlagiarismIndex.watch.
 */
export class WordIndex {
  private segments: WordSegment[] = [];
  /** This index's document number → id ('' once removed or replaced: its words are stale). */
  private ids: string[] = [];
  /** id → this index's document number, for live documents. */
  private docOf = new Map<string, number>();
  /** Ids waiting to be segmented: the library when built, then documents added since. */
  private queue: string[];
  /** Characters segmented so far (bounded by maxChars), and those of documents still live. */
  private coveredChars = 0;
  private liveChars = 0;
  private lengths: number[] = [];
  /** This index's document number → the character index's current ordinal (-1: removed), per sync. */
  private ordinals = new Map<number, number>();
  private sentenceCount = 0;
  /**
   * The forward index: each sentence's content words (global sentence number → range of `forward`), so a
   * candidate sentence's weight is exact without segmenting its document again; and each document's first
   * sentence.
   */
  private forward: Uint32Array = new Uint32Array(1 << 16);
  private forwardLength = 0;
  private sentenceStart: Uint32Array = new Uint32Array(1024);
  private firstSentence: number[] = [];

  constructor(
    private readonly index: PlagiarismIndex,
    private readonly maxChars = WORD_INDEX_MAX_CHARS,
  ) {
    this.queue = index.ids();
    index.watch({
      added: (id) => this.queue.push(id),
      removed: (id) => {
        const d = this.docOf.get(id);
        if (d === undefined) return;
        this.docOf.delete(id);
        this.ids[d] = '';
        this.liveChars -= this.lengths[d]!;
      },
    });
  }

  /** Sentences indexed (the N of the inverse document frequency). */
  get sentences(): number {
    return this.sentenceCount;
  }

  /** Share of the library's characters covered (1 unless the library outgrew maxChars). */
  get coverage(): number {
    const all = this.index.characterCount;
    return all === 0 ? 1 : Math.min(1, this.liveChars / all);
  }

  /** Segment the documents added to the character index since the last call (up to maxChars in all). */
  sync(): void {
    this.ordinals.clear();
    if (this.queue.length === 0) return;
    const queue = this.queue;
    this.queue = [];
    const pending = new Pending();
    for (const id of queue) {
      if (this.docOf.has(id)) continue;
      const ordinal = this.index.ordinalOf(id);
      if (ordinal === undefined) continue;
      const length = this.index.ordinalLength(ordinal);
      if (this.coveredChars + length > this.maxChars) continue;
      this.coveredChars += length;
      this.liveChars += length;
      const d = this.ids.length;
      this.ids.push(id);
      this.lengths.push(length);
      this.docOf.set(id, d);
      this.firstSentence.push(this.sentenceCount);
      wordSentences(this.index.ordinalText(ordinal)).forEach((s, si) => {
        if (this.sentenceCount + 1 >= this.sentenceStart.length)
          this.sentenceStart = grow(this.sentenceStart, this.sentenceCount + 2);
        if (this.forwardLength + s.words.length > this.forward.length)
          this.forward = grow(this.forward, this.forwardLength + s.words.length);
        this.forward.set(s.words, this.forwardLength);
        this.forwardLength += s.words.length;
        this.sentenceCount++;
        this.sentenceStart[this.sentenceCount] = this.forwardLength;
        for (const h of s.words) {
          pending.hash.push(h);
          pending.doc.push(d);
          pending.sentence.push(si);
        }
      });
    }
    if (pending.hash.length === 0) return;
    this.segments.push(seal(pending));
    if (this.segments.length > MAX_WORD_SEGMENTS) this.segments = [seal(unseal(this.segments))];
  }

  /** Bytes held (postings and the forward index). */
  get bytes(): number {
    let b = this.forward.byteLength + this.sentenceStart.byteLength;
    for (const seg of this.segments)
      b += seg.starts.byteLength + seg.hash.byteLength + seg.doc.byteLength + seg.sentence.byteLength;
    return b;
  }

  /** The character index's ordinal of one of this index's documents, -1 once removed. */
  private ordinalOf(d: number): number {
    let o = this.ordinals.get(d);
    if (o === undefined) {
      const id = this.ids[d]!;
      o = id === '' ? -1 : (this.index.ordinalOf(id) ?? -1);
      this.ordinals.set(d, o);
    }
    return o;
  }

  /**
   * Postings of one word over every segment: calls `visit` with the character index's ordinal of each live
   * document, the sentence and its content words, and returns the document frequency (counting stops past
   * `limit`: a word that common is not looked at further).
   */
  postings(
    h: number,
    visit?: (ordinal: number, sentence: number, words: Uint32Array) => void,
    limit = Number.POSITIVE_INFINITY,
  ): number {
    let df = 0;
    for (const seg of this.segments) {
      const b = h & seg.mask;
      let lo = seg.starts[b]!;
      let hi = seg.starts[b + 1]!;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (seg.hash[mid]! < h) lo = mid + 1;
        else hi = mid;
      }
      const end = seg.starts[b + 1]!;
      if (!visit) {
        // counting only: the run of this hash ends where a second binary search says (a word's frequency is
        // asked for every word of every candidate sentence, so walking the run cost most of a large check)
        let top = lo;
        let hi2 = end;
        while (top < hi2) {
          const mid = (top + hi2) >>> 1;
          if (seg.hash[mid]! <= h) top = mid + 1;
          else hi2 = mid;
        }
        df += top - lo;
        if (df > limit) return limit + 1;
        continue;
      }
      for (let i = lo; i < end && seg.hash[i] === h; i++) {
        if (++df > limit) return df;
        const d = seg.doc[i]!;
        const o = this.ordinalOf(d);
        if (o < 0) continue;
        const g = this.firstSentence[d]! + seg.sentence[i]!;
        visit(o, seg.sentence[i]!, this.forward.subarray(this.sentenceStart[g]!, this.sentenceStart[g + 1]!));
      }
    }
    return df;
  }
}

function grow(a: Uint32Array, atLeast: number): Uint32Array {
  let n = a.length * 2;
  while (n < atLeast) n *= 2;
  const next = new Uint32Array(n);
  next.set(a);
  return next;
}

const wordIndexes = new WeakMap<PlagiarismIndex, WordIndex>();

/**
 * The word index kept beside `index`, brought up to date (the first call segments the library, up to maxChars
 * characters: call it when the library is loaded, so no check pays for it).
 */
export function wordIndexOf(index: PlagiarismIndex, maxChars = WORD_INDEX_MAX_CHARS): WordIndex {
  let w = wordIndexes.get(index);
  if (!w) {
    w = new WordIndex(index, maxChars);
    wordIndexes.set(index, w);
  }
  w.sync();
  return w;
}

export interface RewordedOptions {
  /** Minimal IDF-weighted Dice of two sentences' content words. */
  minSimilarity: number;
  /** A sentence pair must share this many content words. */
  minSharedWords: number;
  /** Query sentences shorter than this (characters) are not compared. */
  minSentenceChars: number;
  /** Words found in more than this share of the library's sentences carry no evidence ... */
  maxSentenceShare: number;
  /** ... nor words with more postings than this (bounds the work per word in a large library). */
  maxPostings: number;
  /** Candidate sentences are looked up through this many of a query sentence's rarest words. */
  probeWords: number;
  /** Best library documents kept as reworded candidates. */
  maxDocuments: number;
  /**
   * A passage of one sentence needs this similarity; longer passages (consecutive sentences matching nearby
   * sentences of one source) need only minSimilarity per sentence. One generic sentence of an unrelated paper
   * often shares half its weighted words with some library sentence; two in a row near each other rarely do.
   */
  singleSentenceSimilarity: number;
  /** A query sentence sharing half its weight with sentences of this many documents is a stock sentence. */
  stockDocuments: number;
}

export const REWORDED_DEFAULTS: RewordedOptions = {
  minSimilarity: 0.5,
  minSharedWords: 4,
  minSentenceChars: 15,
  maxSentenceShare: 0.01,
  maxPostings: 5000,
  probeWords: 8,
  maxDocuments: 20,
  singleSentenceSimilarity: 0.75,
  stockDocuments: 3,
};

/** A query sentence and the library sentence it best matches. */
export interface SentencePair {
  /** Query sentence (original offsets of the checked text). */
  start: number;
  end: number;
  doc: number;
  sentence: number;
  similarity: number;
}

/** The postings of several segments as one pending block (to seal them as one). */
function unseal(segments: WordSegment[]): Pending {
  const p = new Pending();
  for (const seg of segments)
    for (let i = 0; i < seg.hash.length; i++) {
      p.hash.push(seg.hash[i]!);
      p.doc.push(seg.doc[i]!);
      p.sentence.push(seg.sentence[i]!);
    }
  return p;
}

/**
 * Query sentences (of `text`, offsets as given; `skip` says which are already explained) against the word
 * index: for each, the library sentence with the highest IDF-weighted Dice of content words, when it reaches
 * minSimilarity.
 */
export function rewordedPairs(
  text: string,
  index: PlagiarismIndex,
  skip: (start: number, end: number) => boolean,
  opts: RewordedOptions = REWORDED_DEFAULTS,
): SentencePair[] {
  const words = wordIndexOf(index);
  const n = Math.max(1, words.sentences);
  const maxDf = Math.max(5, Math.min(opts.maxPostings, Math.floor(n * opts.maxSentenceShare)));
  const idfCache = new Map<number, number>();
  const idf = (h: number) => {
    let v = idfCache.get(h);
    if (v === undefined) {
      const df = words.postings(h, undefined, maxDf);
      v = df === 0 || df > maxDf ? 0 : Math.log(n / df);
      idfCache.set(h, v);
    }
    return v;
  };
  const out: SentencePair[] = [];
  for (const qs of wordSentences(text)) {
    if (qs.end - qs.start < opts.minSentenceChars || skip(qs.start, qs.end)) continue;
    let qWeight = 0;
    const probes: Array<{ h: number; v: number }> = [];
    for (const h of qs.words) {
      const v = idf(h);
      if (v === 0) continue;
      qWeight += v;
      probes.push({ h, v });
    }
    if (qWeight === 0) continue;
    // candidates: library sentences holding at least two of the query sentence's rarest words (a copied
    // sentence keeps most of its rare words; the work per sentence stays bounded in a large library)
    probes.sort((a, b) => b.v - a.v);
    const hits = new Map<number, { n: number; words: Uint32Array }>();
    for (const { h } of probes.slice(0, opts.probeWords)) {
      words.postings(h, (doc, s, sentenceWords) => {
        const key = doc * 65536 + Math.min(s, 65535);
        const e = hits.get(key);
        if (e) e.n++;
        else hits.set(key, { n: 1, words: sentenceWords });
      });
    }
    // exact weights through the forward index: shared words (both sorted) and the source sentence's own
    let best: SentencePair | undefined;
    const docs = new Set<number>();
    for (const [key, e] of hits) {
      if (e.n < 2) continue;
      let shared = 0;
      let sharedWords = 0;
      let sourceWeight = 0;
      const q = qs.words;
      let i = 0;
      for (const h of e.words) {
        const v = idf(h);
        sourceWeight += v;
        while (i < q.length && q[i]! < h) i++;
        if (i < q.length && q[i] === h && v > 0) {
          shared += v;
          sharedWords++;
        }
      }
      const doc = Math.floor(key / 65536);
      // a stock sentence (结论：本方法简便、快速，灵敏度高 …) covers half its weight in many documents' sentences
      if (2 * shared >= qWeight) docs.add(doc);
      if (sharedWords < opts.minSharedWords) continue;
      const sim = (2 * shared) / (qWeight + sourceWeight);
      if (sim >= opts.minSimilarity && (!best || sim > best.similarity))
        best = { start: qs.start, end: qs.end, doc, sentence: key % 65536, similarity: sim };
    }
    if (best && docs.size < opts.stockDocuments) out.push(best);
  }
  return out;
}

/**
 * Group sentence pairs by document, keep the documents with the most matched query characters, and grow each
 * document's pairs into passages (consecutive query sentences whose sources are near each other), in matching
 * coordinates through the two offset maps.
 */
export function rewordedPassages(
  pairs: SentencePair[],
  index: PlagiarismIndex,
  toMatching: (start: number, end: number) => [number, number],
  sourceMatching: (doc: number, start: number, end: number) => [number, number],
  opts: RewordedOptions = REWORDED_DEFAULTS,
): Map<number, Passage[]> {
  const byDoc = new Map<number, SentencePair[]>();
  for (const p of pairs) {
    const list = byDoc.get(p.doc);
    if (list) list.push(p);
    else byDoc.set(p.doc, [p]);
  }
  const ranked = [...byDoc.entries()]
    .map(([doc, list]) => ({ doc, list, chars: list.reduce((a, p) => a + p.end - p.start, 0) }))
    .sort((a, b) => b.chars - a.chars || a.doc - b.doc)
    .slice(0, opts.maxDocuments);
  const out = new Map<number, Passage[]>();
  for (const { doc, list } of ranked) {
    const sentences = wordSentences(index.ordinalText(doc));
    const passages: Passage[] = [];
    type Open = Passage & { weight: number; lastSentence: number; sentences: number };
    let cur: Open | undefined;
    const close = (p: Open) => {
      if (p.sentences >= 2 || p.weight / Math.max(1, p.matched) >= opts.singleSentenceSimilarity)
        passages.push(finish(p));
    };
    for (const p of list) {
      const src = sentences[p.sentence]!;
      const [qs, qe] = toMatching(p.start, p.end);
      const [ss, se] = sourceMatching(doc, src.start, src.end);
      if (qe <= qs || se <= ss) continue;
      const len = qe - qs;
      if (cur && qs - cur.qe <= 2 && Math.abs(p.sentence - cur.lastSentence) <= 3) {
        cur.qe = qe;
        cur.ss = Math.min(cur.ss, ss);
        cur.se = Math.max(cur.se, se);
        cur.matched += len;
        cur.weight += len * p.similarity;
        // several query sentences against one source sentence is a shared topic, not a copied passage
        if (p.sentence !== cur.lastSentence) cur.sentences++;
        cur.lastSentence = p.sentence;
        continue;
      }
      if (cur) close(cur);
      cur = {
        qs,
        qe,
        ss,
        se,
        matched: len,
        weight: len * p.similarity,
        lastSentence: p.sentence,
        sentences: 1,
        method: 'paraphrase',
        similarity: 0,
      };
    }
    if (cur) close(cur);
    if (passages.length > 0) out.set(doc, passages);
  }
  return out;
}

function finish(p: Passage & { weight: number; lastSentence: number; sentences: number }): Passage {
  const { weight, lastSentence: _, sentences: __, ...passage } = p;
  return { ...passage, similarity: weight / Math.max(1, passage.matched) };
}
