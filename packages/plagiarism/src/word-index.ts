import type { PlagiarismIndex } from './library.ts';
import type { RewordedOptions, SentencePair } from './reworded.ts';
import { lowerBound } from './segment.ts';
import type { WordStats } from './shard-words.ts';
import { type WordBatch, WordFeeding } from './word-feeding.ts';
import { type SentenceBest, type WordCounts, WordQuery } from './word-query.ts';
import { WordSaves } from './word-saves.ts';
import { WordTables } from './word-tables.ts';
import { segmentDocuments, type WordSentence } from './words.ts';

/** Characters of library text segmented in one call of the segmenter when no thread does it (bounds the arrays). */
const SYNC_BATCH_CHARS = 4_000_000;

/**
 * The word index of one PlagiarismIndex (the reworded stage's): it lists the library's ids once, when built, then
 * follows adds and removes through PlagiarismIndex.watch, and segments what is queued at the next sync (or on
 * worker threads, word-feeding.ts). Its parts: the tables (word-tables.ts: the vocabulary, the forward index and
 * the postings), their persistence (word-saves.ts), and the query (word-query.ts).
 */
export class WordIndex {
  private readonly tables = new WordTables();
  private readonly saves = new WordSaves();
  private readonly query = new WordQuery();
  /** Ids waiting to be segmented: the library when built, then documents added since. */
  private queue: string[];
  /** queue[0, queueHead) was taken already (the queue is cut only now and then: it can hold a million ids). */
  private queueHead = 0;
  /** This index's document number → the character index's current ordinal (-1: removed), per sync. */
  private readonly ordinals = new Map<number, number>();
  /** The word threads while a parallel build runs (startThreads .. settle). */
  private feeding: WordFeeding | undefined;
  /** This index's words counted over a whole sharded library, for the statistics last given (countsIn). */
  private libraryCounts: { stats: WordStats; words: number; counts: WordCounts } | undefined;

  constructor(
    private readonly index: PlagiarismIndex,
    private readonly maxChars = Number.POSITIVE_INFINITY,
  ) {
    this.saves.load(this.tables, index);
    this.queue = index.ids().filter((id) => !this.tables.docOf.has(id));
    index.watch({
      added: (id) => {
        this.feeding?.added();
        this.queue.push(id);
      },
      removed: (id) => {
        this.feeding?.forget(id);
        if (!this.tables.docOf.has(id)) return;
        this.tables.remove(id);
        this.saves.removed();
      },
      saved: (folder) => {
        this.sync();
        this.saves.save(this.tables, folder);
      },
    });
  }

  /** Sentences indexed (the N of the inverse document frequency). */
  get sentences(): number {
    return this.tables.sentences;
  }

  /** Characters of library text segmented by this process (those read back from the folder not counted). */
  get segmentedChars(): number {
    return this.tables.segmented;
  }

  /** Sentences whose postings were sealed when loading instead of read back from the folder. */
  get sentencesSealedAtLoad(): number {
    return this.saves.sealedAtLoad;
  }

  /** Characters of the live documents segmented. */
  get liveChars(): number {
    return this.tables.liveChars;
  }

  /** Share of the library's characters covered (1 unless the library outgrew maxChars). */
  get coverage(): number {
    const all = this.index.characterCount;
    return all === 0 ? 1 : Math.min(1, this.tables.liveChars / all);
  }

  /** Bytes held (vocabulary, postings, the forward index and the sentence weights). */
  get bytes(): number {
    return this.tables.bytes + this.query.bytes;
  }

  /**
   * Segment the documents added to the character index since the last call (up to maxChars in all), here and
   * now. Documents a word thread is segmenting join when its answer is taken (see settle).
   */
  sync(): void {
    this.ordinals.clear();
    while (this.queued > 0) {
      const batch = this.takeBatch(SYNC_BATCH_CHARS);
      if (batch.ids.length > 0) this.tables.append(batch.ids, batch.lengths, segmentDocuments(batch.texts));
    }
    this.tables.sealPending();
  }

  /** Documents waiting to be segmented. */
  get queued(): number {
    return this.queue.length - this.queueHead;
  }

  /**
   * Queued documents still in the character index, within maxChars, up to `chars` characters of text (at least
   * one document), taken off the queue.
   */
  takeBatch(chars: number): WordBatch {
    const tables = this.tables;
    const ids: string[] = [];
    const lengths: number[] = [];
    const texts: string[] = [];
    let size = 0;
    let i = this.queueHead;
    for (; i < this.queue.length && (size < chars || ids.length === 0); i++) {
      const id = this.queue[i]!;
      if (tables.docOf.has(id) || this.feeding?.has(id)) continue;
      const ordinal = this.index.ordinalOf(id);
      if (ordinal === undefined) continue;
      const length = this.index.ordinalLength(ordinal);
      if (tables.coveredChars + length > this.maxChars) continue;
      tables.coveredChars += length;
      const text = this.index.ordinalText(ordinal);
      ids.push(id);
      lengths.push(length);
      texts.push(text);
      size += text.length;
    }
    this.queueHead = i;
    if (i === this.queue.length) {
      this.queue = [];
      this.queueHead = 0;
    } else if (i > 65536 && i * 2 > this.queue.length) {
      this.queue = this.queue.slice(i);
      this.queueHead = 0;
    }
    return { ids, lengths, texts };
  }

  /**
   * Segment on `threads` worker threads from now on: the documents queued, and those added later — while
   * documents are being added (a synchronous loop) only the first `whileAdding` threads take batches, so the
   * character build keeps a core. `settle()` finishes and stops them.
   */
  startThreads(threads: number, whileAdding = threads): void {
    if (!this.feeding) this.feeding = new WordFeeding(threads, whileAdding, this, this.tables);
  }

  /**
   * Finish a parallel build: every queued document goes to the threads (all of them now), their answers join
   * the index, the postings are sealed and the threads stop.
   */
  async settle(): Promise<void> {
    const feeding = this.feeding;
    if (!feeding) return this.sync();
    try {
      await feeding.settle();
    } finally {
      this.feeding = undefined;
    }
    this.sync();
  }

  /**
   * Query sentences (sorted content-word hashes each) against the library: for each, the library sentence with
   * the highest IDF-weighted Dice of content words reaching opts.minSimilarity (word-query.ts), its document
   * named by the character index's ordinal. A document `usable` refuses (another user's 自建库, an excluded one)
   * is neither source nor stock-sentence witness.
   */
  bestPairs(
    query: WordSentence[],
    usable: (ordinal: number) => boolean,
    opts: RewordedOptions,
  ): SentencePair[] {
    const out: SentencePair[] = [];
    const usableHere = (d: number) => usable(this.ordinalOf(d));
    for (const pair of this.query.bestPairs(this.tables, query, usableHere, opts)) {
      const ordinal = this.ordinalOf(pair.doc);
      if (ordinal >= 0) out.push({ ...pair, doc: ordinal });
    }
    return out;
  }

  /**
   * This index's word statistics (a shard's share of the library's, what shard-words.ts merges): sentences,
   * each word's hash and sentence count, in word-number order, and the characters of live documents.
   */
  stats(): WordStats {
    const v = this.tables.vocabulary;
    return {
      sentences: this.tables.sentences,
      hashes: v.hashes.view().slice(),
      df: v.df.view().slice(),
      liveChars: this.tables.liveChars,
    };
  }

  /**
   * A shard's part of bestPairs: each query sentence's best sentence here, its words weighed by the whole
   * library's statistics (`library`, merged: hashes ascending), before the stock-sentence rule; documents by
   * the character index's ordinal.
   */
  bestSentences(
    query: WordSentence[],
    usable: (ordinal: number) => boolean,
    opts: RewordedOptions,
    library: WordStats,
  ): SentenceBest[] {
    const usableHere = (d: number) => usable(this.ordinalOf(d));
    return this.query
      .bestSentences(this.tables, this.countsIn(library), query, usableHere, opts)
      .map((best) => {
        const ordinal = best.pair ? this.ordinalOf(best.pair.doc) : -1;
        return { ...best, pair: best.pair && ordinal >= 0 ? { ...best.pair, doc: ordinal } : undefined };
      });
  }

  /** The library's sentence count of each of this index's words (a binary search each, once per statistics). */
  private countsIn(library: WordStats): WordCounts {
    const v = this.tables.vocabulary;
    const kept = this.libraryCounts;
    if (kept?.stats === library && kept.words === v.size) return kept.counts;
    const df = new Uint32Array(v.size);
    const hashes = v.hashes.data;
    for (let w = 0; w < df.length; w++) {
      const at = lowerBound(library.hashes, hashes[w]!);
      if (library.hashes[at] === hashes[w]) df[w] = library.df[at]!;
    }
    const counts: WordCounts = {
      sentences: library.sentences,
      df,
      dfOf: (hash, w) => {
        if (w >= 0) return df[w]!;
        const at = lowerBound(library.hashes, hash);
        return library.hashes[at] === hash ? library.df[at]! : 0;
      },
    };
    this.libraryCounts = { stats: library, words: v.size, counts };
    return counts;
  }

  /** The character index's ordinal of one of this index's documents, -1 once removed. */
  private ordinalOf(d: number): number {
    let o = this.ordinals.get(d);
    if (o === undefined) {
      const id = this.tables.ids[d]!;
      o = id === '' ? -1 : (this.index.ordinalOf(id) ?? -1);
      this.ordinals.set(d, o);
    }
    return o;
  }
}
