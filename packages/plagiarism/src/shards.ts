import { fmix32 } from '@paperdesk/textkit';
import type { CheckLibrary } from './check/context.ts';
import type { DocumentMeta, LibraryDocument, PlagiarismIndex, SeedHits } from './library.ts';
import { type SentenceLookup, wordIndexOf } from './reworded.ts';
import { answerSeeds, mergeShardSeeds, type SeedsRequest } from './shard-seeds.ts';
import {
  answerSentences,
  mergeSentences,
  mergeWordStats,
  type SentencesRequest,
  type WordStats,
} from './shard-words.ts';

/**
 * A library split into shards (issue 28), at the engine level: each document lives in the shard a stable rule
 * names (shardOf), each shard answers its part of a check's look-ups for its documents alone, and the answers
 * merge into what one index holding every document would answer, so a check over the shards reports what a
 * single index would (same sources, spans and ratios), reworded stage included.
 *
 * Documents carry library numbers: the order they were added to the whole library (in a deployment, a sequence
 * of the database row), which is one index's order of its documents; a shard's own numbers change when it
 * compacts, so its answers name documents by library number, found by id. Replacing a document (add with the
 * same id) removes it and adds it anew at the end, as one index does.
 *
 * Removing: a removed document's postings stay in its segment, skipped by the look-up and still counted in
 * document frequencies (its words too), in one index and in its shard alike, so the reports stay the same.
 * Purging them (compact(), or a merge) is not the same in both: a k-gram in more than maxDocFrequency documents
 * keeps the postings of its earliest documents only, so one index purging a removed document among them keeps
 * one fewer (those cut when sealing do not come back) and still counts the removed ones it had cut, while a shard
 * holding fewer of the k-gram's documents kept them all and counts the live ones: after compaction, reports
 * leaning on such frequent k-grams can differ (bench:shards counts them). Shards merge on their own schedule, so
 * a merge purging removed documents in either has the same effect.
 *
 * The messages, numbers and typed arrays only (structured-clone safe, so a BullMQ child job can return them):
 *   seeds      request SeedsRequest  { hashes: Uint32Array, maxPostings }
 *              answer  ShardSeeds    { df, qpos, doc, spos: Uint32Array, count }   doc = library numbers
 *              merged  by mergeShardSeeds (shard-seeds.ts), boilerplate cut at the whole library's size
 *   word stats answer  WordStats     { sentences, hashes, df: Uint32Array, liveChars }   (WordIndex.stats)
 *              merged  by mergeWordStats (shard-words.ts), sent back inside every sentences request; it changes
 *              when a shard segments new documents (a removal changes liveChars only: stale sentences stay
 *              counted, as in one index). 8 bytes a word (385 KB at 10 M characters): across processes it is
 *              sent once per version and named by the versions in each request (shard-check.ts); in one process
 *              the object is shared, and WordIndex caches its alignment by identity
 *   sentences  request SentencesRequest { sentences: {start, end, words: Uint32Array}[], options, scope, library }
 *              answer  ShardSentences   { similarity: Float64Array, doc, sentence, witnesses: Uint32Array,
 *                                         probe: Uint8Array }   per query sentence, doc = library number
 *              merged  by mergeSentences: the best similarity, the stock-sentence rule over all witnesses
 * A check then reads the texts and metadata of the documents found (ordinalText / ordinalMeta; across processes
 * a documents request to the shards holding them). Shards in other processes: shard-serve.ts and shard-check.ts.
 */

/** The shard of a document: its id hashed (FNV-1a over UTF-16 units, then murmur3's finaliser), modulo `shards`. */
export function shardOf(id: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (fmix32(h) >>> 0) % shards;
}

export interface ShardedOptions {
  /**
   * How a message reaches a shard or comes back: as it is in one process (the default); structuredClone to
   * check that it would survive a process boundary.
   */
  transport?: <T>(message: T) => T;
}

/** Shards in one process, read by a check as one library (CheckLibrary): the coordinator of the messages above. */
export class ShardedLibrary implements CheckLibrary {
  /** Library number → id ('' once removed). */
  private readonly idAt: string[] = [];
  private readonly numberOf = new Map<string, number>();
  private readonly libraryNumber = (id: string): number => this.numberOf.get(id)!;
  /** The merged word statistics and the shards' sentences and live characters they were merged at. */
  private wordStats: { at: string; stats: WordStats } | undefined;

  private readonly transport: <T>(message: T) => T;

  constructor(
    readonly shards: PlagiarismIndex[],
    options: ShardedOptions = {},
  ) {
    this.transport = options.transport ?? ((message) => message);
    const [first] = shards;
    if (!first) throw new Error('a sharded library needs a shard');
    for (const s of shards)
      if (s.k !== first.k || s.w !== first.w || s.maxDocFrequency !== first.maxDocFrequency || s.size > 0)
        throw new Error('shards start empty, with the same parameters');
  }

  /** Add a document to its shard, the next library number (replacing one with the same id, as one index does). */
  add(doc: LibraryDocument): void {
    this.remove(doc.id);
    this.shardFor(doc.id).add(doc);
    this.numberOf.set(doc.id, this.idAt.length);
    this.idAt.push(doc.id);
  }

  /** Remove a document by id from its shard. */
  remove(id: string): boolean {
    const n = this.numberOf.get(id);
    if (n === undefined) return false;
    this.shardFor(id).remove(id);
    this.numberOf.delete(id);
    this.idAt[n] = '';
    return true;
  }

  /** Compact every shard (see PlagiarismIndex.compact): removed documents purged, library numbers unchanged. */
  compact(): void {
    for (const s of this.shards) s.compact();
  }

  private shardFor(id: string): PlagiarismIndex {
    return this.shards[shardOf(id, this.shards.length)]!;
  }

  private get first(): PlagiarismIndex {
    return this.shards[0]!;
  }

  get k(): number {
    return this.first.k;
  }

  get w(): number {
    return this.first.w;
  }

  get maxDocFrequency(): number {
    return this.first.maxDocFrequency;
  }

  get size(): number {
    return this.shards.reduce((n, s) => n + s.size, 0);
  }

  get characterCount(): number {
    return this.shards.reduce((n, s) => n + s.characterCount, 0);
  }

  /** As one index's (see PlagiarismIndex.stockPhraseDocs). */
  get stockPhraseDocs(): number {
    return Math.max(3, Math.ceil(this.size * 1e-4));
  }

  ordinalOf(id: string): number | undefined {
    return this.numberOf.get(id);
  }

  /** The shard holding a live document and its number there. */
  private located(ordinal: number): { shard: PlagiarismIndex; local: number } {
    const id = this.idAt[ordinal];
    if (!id) throw new Error(`no document ${ordinal} in the library`);
    const shard = this.shardFor(id);
    return { shard, local: shard.ordinalOf(id)! };
  }

  ordinalMeta(ordinal: number): DocumentMeta {
    const { shard, local } = this.located(ordinal);
    return shard.ordinalMeta(local);
  }

  ordinalText(ordinal: number): string {
    const { shard, local } = this.located(ordinal);
    return shard.ordinalText(local);
  }

  seeds(queryHashes: Uint32Array, maxPostings = this.maxDocFrequency): SeedHits {
    const limit = Math.max(maxPostings, Math.ceil(this.first.boilerplateShare * this.size));
    const request: SeedsRequest = { hashes: queryHashes, maxPostings };
    const answers = this.shards.map((shard) =>
      this.transport(answerSeeds(shard, this.transport(request), this.libraryNumber)),
    );
    return mergeShardSeeds(answers, queryHashes.length, maxPostings, limit);
  }

  /** The library's word statistics, merged again when a shard segmented or removed documents. */
  private libraryWordStats(): WordStats {
    const words = this.shards.map((s) => wordIndexOf(s));
    const at = words.map((w) => `${w.sentences}:${w.liveChars}`).join(',');
    if (this.wordStats?.at !== at)
      this.wordStats = { at, stats: mergeWordStats(words.map((w) => this.transport(w.stats()))) };
    return this.wordStats.stats;
  }

  /** The reworded look-up over the shards (shard-words.ts). */
  sentenceLookup(): SentenceLookup {
    const library = this.libraryWordStats();
    const characters = this.characterCount;
    return {
      coverage: characters === 0 ? 1 : Math.min(1, library.liveChars / characters),
      bestPairs: (sentences, _usable, options, scope) => {
        const request: SentencesRequest = { sentences, options, scope, library };
        const answers = this.shards.map((shard) =>
          this.transport(answerSentences(shard, this.transport(request), this.libraryNumber)),
        );
        return mergeSentences(sentences, answers, options);
      },
    };
  }
}
