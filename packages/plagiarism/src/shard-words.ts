import type { PlagiarismIndex } from './library.ts';
import { type RewordedOptions, type SentencePair, wordIndexOf } from './reworded.ts';
import { type CheckScope, usableDocuments } from './visibility.ts';
import type { WordSentence } from './words.ts';

/**
 * The reworded look-up of a check over shards (shards.ts). A sentence's weight is the sum of its words' IDF over
 * the whole library, so each shard weighs its sentences by the library's word statistics — every shard's merged
 * (mergeWordStats) — and then finds each query sentence's best sentence among its own; the best of the shards'
 * answers is the one index's, and the stock-sentence rule counts the witnesses of all of them. Statistics,
 * request and answer are numbers and typed arrays only, so a shard in another process sends them as they are.
 */

/** Word statistics: a shard's (WordIndex.stats, words in its own order) or the library's (merged). */
export interface WordStats {
  /** Sentences indexed, the N of the IDF (a removed document's stay counted, as in one index). */
  sentences: number;
  /** Each word's hash and the sentences holding it (merged: hashes ascending). */
  hashes: Uint32Array;
  df: Uint32Array;
  /** Characters of the live documents segmented (the word index's coverage). */
  liveChars: number;
}

/** The library's word statistics from its shards': sentence counts summed per word hash. */
export function mergeWordStats(shards: WordStats[]): WordStats {
  const sum = new Map<number, number>();
  let sentences = 0;
  let liveChars = 0;
  for (const s of shards) {
    sentences += s.sentences;
    liveChars += s.liveChars;
    for (let w = 0; w < s.hashes.length; w++) sum.set(s.hashes[w]!, (sum.get(s.hashes[w]!) ?? 0) + s.df[w]!);
  }
  const hashes = Uint32Array.from(sum.keys()).sort();
  const df = hashes.map((h) => sum.get(h)!);
  return { sentences, hashes, df, liveChars };
}

/**
 * The library's word statistics kept up to date shard by shard: a shard's new statistics replace its old ones
 * (its counts taken out, the new ones added), so a change costs that shard's words and one sort of the library's,
 * not a merge of every shard's (mergeWordStats: seconds a change at a hundred shards). The same counts as
 * mergeWordStats, words counted 0 left out (a look-up finds 0 either way).
 */
export class WordStatsSum {
  private readonly counts = new Map<number, number>();
  private readonly shards: Array<WordStats | undefined>;
  private sentences = 0;
  private liveChars = 0;
  private merged: WordStats | undefined;

  constructor(shards: number) {
    this.shards = Array.from({ length: shards }, () => undefined);
  }

  /** Shard `shard`'s statistics now. */
  set(shard: number, stats: WordStats): void {
    const old = this.shards[shard];
    if (old) this.add(old, -1);
    this.add(stats, 1);
    this.shards[shard] = stats;
    this.merged = undefined;
  }

  /** The library's statistics (the same object until a shard's change). */
  get(): WordStats {
    if (!this.merged) {
      const hashes = Uint32Array.from(this.counts.keys()).sort();
      const df = hashes.map((h) => this.counts.get(h)!);
      this.merged = { sentences: this.sentences, hashes, df, liveChars: this.liveChars };
    }
    return this.merged;
  }

  private add(stats: WordStats, sign: 1 | -1): void {
    this.sentences += sign * stats.sentences;
    this.liveChars += sign * stats.liveChars;
    for (let w = 0; w < stats.hashes.length; w++) {
      const h = stats.hashes[w]!;
      const n = (this.counts.get(h) ?? 0) + sign * stats.df[w]!;
      if (n === 0) this.counts.delete(h);
      else this.counts.set(h, n);
    }
  }
}

/** The reworded look-up, as sent to every shard. */
export interface SentencesRequest {
  /** The query sentences still unexplained when the stage runs (ranges of the checked text, word hashes). */
  sentences: WordSentence[];
  options: RewordedOptions;
  /** Which documents the check may use: each shard applies the rule to its own (visibility.ts). */
  scope: CheckScope;
  /** The library's word statistics (mergeWordStats), the same for every shard. */
  library: WordStats;
}

/**
 * One shard's answer, per query sentence of the request: its best sentence's similarity (-1: none), library
 * number, sentence number in its document and the probe that found it (a tie's order, as one index walks its
 * probes), and how many of its documents witness a stock sentence.
 */
export interface ShardSentences {
  similarity: Float64Array;
  doc: Uint32Array;
  sentence: Uint32Array;
  probe: Uint8Array;
  witnesses: Uint32Array;
}

/** A shard's answer to a sentences request; `libraryNumber` as for answerSeeds (shard-seeds.ts). */
export function answerSentences(
  shard: PlagiarismIndex,
  request: SentencesRequest,
  libraryNumber: (id: string) => number,
): ShardSentences {
  const n = request.sentences.length;
  const answer: ShardSentences = {
    similarity: new Float64Array(n).fill(-1),
    doc: new Uint32Array(n),
    sentence: new Uint32Array(n),
    probe: new Uint8Array(n),
    witnesses: new Uint32Array(n),
  };
  const found = wordIndexOf(shard).bestSentences(
    request.sentences,
    usableDocuments(shard, request.scope),
    request.options,
    request.library,
  );
  found.forEach(({ pair, witnesses, probe }, i) => {
    answer.witnesses[i] = witnesses;
    if (!pair) return;
    answer.similarity[i] = pair.similarity;
    answer.doc[i] = libraryNumber(shard.ordinalMeta(pair.doc).id);
    answer.sentence[i] = pair.sentence;
    answer.probe[i] = probe;
  });
  return answer;
}

/**
 * The shards' answers as one index's pairs: per query sentence the highest similarity (a tie goes to the
 * sentence one index meets first: the earlier probe, then the earlier document and sentence — one index's
 * sentence order when its words were segmented in library order, not on threads, which append batches as they
 * finish), unless the shards' witnesses together make it a stock sentence.
 */
export function mergeSentences(
  query: WordSentence[],
  answers: ShardSentences[],
  opts: RewordedOptions,
): SentencePair[] {
  const out: SentencePair[] = [];
  query.forEach((qs, i) => {
    let best: ShardSentences | undefined;
    let witnesses = 0;
    for (const a of answers) {
      witnesses += a.witnesses[i]!;
      if (a.similarity[i]! < 0) continue;
      if (!best || before(a, best, i)) best = a;
    }
    if (best && witnesses < opts.stockDocuments)
      out.push({
        start: qs.start,
        end: qs.end,
        doc: best.doc[i]!,
        sentence: best.sentence[i]!,
        similarity: best.similarity[i]!,
      });
  });
  return out;
}

/** Answer a's sentence i wins over b's. */
function before(a: ShardSentences, b: ShardSentences, i: number): boolean {
  return (
    (a.similarity[i]! - b.similarity[i]! ||
      b.probe[i]! - a.probe[i]! ||
      b.doc[i]! - a.doc[i]! ||
      b.sentence[i]! - a.sentence[i]!) > 0
  );
}
