import type { Passage } from './align.ts';
import type { PlagiarismIndex } from './library.ts';
import type { CheckScope } from './visibility.ts';
import { WordIndex } from './word-index.ts';
import { type WordSentence, wordSentences } from './words.ts';

export type { WordIndex } from './word-index.ts';
export { type WordSentence, wordSentences } from './words.ts';

/**
 * Reworded copying: a candidate stage that needs no shared 6-gram. A passage rewritten every few characters
 * (synonyms swapped, words inserted, clauses moved — what 降重 tools do) keeps most of its content words, so
 * library sentences are indexed by their words (jieba's dictionary and route, dictwords.ts), and each query
 * sentence meets the library sentences that share its rarer words (TF-IDF weighted overlap), sentence by sentence.
 *
 * The word index is kept beside a PlagiarismIndex (word-index.ts: built on first use, extended with the documents
 * added since, removed documents skipped), and saved into the same folder with it (word-saves.ts), so a load
 * reads it back.
 */

const wordIndexes = new WeakMap<PlagiarismIndex, WordIndex>();

/**
 * The word index kept beside `index`, brought up to date (the first call segments the library, up to maxChars
 * characters: call it when the library is loaded, so no check pays for it).
 */
export function wordIndexOf(index: PlagiarismIndex, maxChars = Number.POSITIVE_INFINITY): WordIndex {
  const w = keptWordIndex(index, maxChars);
  w.sync();
  return w;
}

function keptWordIndex(index: PlagiarismIndex, maxChars: number): WordIndex {
  let w = wordIndexes.get(index);
  if (!w) {
    w = new WordIndex(index, maxChars);
    wordIndexes.set(index, w);
  }
  return w;
}

/**
 * Build the word index kept beside `index` on `threads` worker threads, beside whatever the caller does next
 * (typically adding the library, the character build: only `whileAdding` threads segment during its loop, so
 * it keeps a core). `await settle()` on the returned index, before saving, finishes it.
 */
export function segmentWordsInBackground(index: PlagiarismIndex, threads = 2, whileAdding = 1): WordIndex {
  const w = keptWordIndex(index, Number.POSITIVE_INFINITY);
  w.startThreads(threads, whileAdding);
  return w;
}

export interface RewordedOptions {
  /** Minimal IDF-weighted Dice of two sentences' content words. */
  minSimilarity: number;
  /** A sentence pair must share this many content words. */
  minSharedWords: number;
  /** Query sentences shorter than this (characters) are not compared. */
  minSentenceChars: number;
  /** Words found in more than this share of the library's sentences carry no evidence. */
  maxSentenceShare: number;
  /**
   * Candidates are looked up only through words with at most this many postings, or this share of the library's
   * sentences when more (bounds the work per query sentence; commoner words still count as evidence).
   */
  maxPostings: number;
  maxPostingsShare: number;
  /** Candidate sentences are looked up through this many of a query sentence's rarest words (at most 8). */
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
  // 5,000 postings at ~1.7 M sentences (100 M characters), ~52,000 at 1 B
  maxPostingsShare: 0.003,
  probeWords: 8,
  maxDocuments: 20,
  singleSentenceSimilarity: 0.75,
  stockDocuments: 3,
};

/**
 * Where the reworded stage looks sentences up: one index's word index, or a sharded library's shards (shards.ts),
 * which take the check's rule as `scope` (each shard applies it to its own documents) where one index takes
 * `usable`, the same rule over the library's numbers.
 */
export interface SentenceLookup {
  /** Share of the library's characters the word index covers. */
  readonly coverage: number;
  bestPairs(
    query: WordSentence[],
    usable: (ordinal: number) => boolean,
    opts: RewordedOptions,
    scope: CheckScope,
  ): SentencePair[];
}

/** A query sentence and the library sentence it best matches. */
export interface SentencePair {
  /** Query sentence (original offsets of the checked text). */
  start: number;
  end: number;
  doc: number;
  sentence: number;
  similarity: number;
}

/** The query sentences of `text` the reworded stage looks up: long enough, and not `skip`ped (explained already). */
export function rewordedQuery(
  text: string,
  skip: (start: number, end: number) => boolean,
  opts: RewordedOptions = REWORDED_DEFAULTS,
): WordSentence[] {
  return wordSentences(text).filter(
    (qs) => qs.end - qs.start >= opts.minSentenceChars && !skip(qs.start, qs.end),
  );
}

/**
 * Group sentence pairs by document, keep the documents with the most matched query characters, and grow each
 * document's pairs into passages (consecutive query sentences whose sources are near each other), in matching
 * coordinates through the two offset maps.
 */
export function rewordedPassages(
  pairs: SentencePair[],
  index: Pick<PlagiarismIndex, 'ordinalText'>,
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
