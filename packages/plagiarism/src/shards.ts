import { fmix32 } from '@paperdesk/textkit';
import type { CheckLibrary } from './check/context.ts';
import {
  type DocumentMeta,
  GrowableU32,
  type LibraryDocument,
  type PlagiarismIndex,
  SAMPLED_DOCS,
  type SeedHits,
} from './library.ts';

/**
 * A library split into shards (issue 28), at the engine level: each document lives in the shard a stable rule
 * names, each shard answers a check's fingerprint look-up for its documents alone, and the answers merge into the
 * look-up one index holding every document would give — the same document frequencies, the same boilerplate
 * cut, the same earliest documents — so a check over the shards reports what a single index would (same
 * sources, spans and ratios). Documents are numbered in the order they were added across all shards, as one
 * index numbers them.
 *
 * Not yet: removing or replacing documents (a single index renumbers on compaction), and the reworded stage,
 * whose IDF needs the shards' word statistics merged too (a check over shards passes `reworded: false`).
 */

/** The shard of a document: its id hashed (FNV-1a over UTF-16 units, then murmur3's finaliser), modulo `shards`. */
export function shardOf(id: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (fmix32(h) >>> 0) % shards;
}

/** One shard's look-up for a query, its documents named by the library's numbers (what a shard sends back). */
export interface ShardSeeds {
  hits: SeedHits;
  /** The library's number of each of the shard's document numbers in `hits.doc`. */
  libraryOrdinal: Uint32Array;
}

/**
 * The shards' look-ups as one index's: per query k-gram the document frequencies summed, boilerplate cut at the
 * whole library's `limit`, and the postings of the earliest `maxPostings` documents (or SAMPLED_DOCS when the
 * k-gram is in more), in the library's order. Each shard's answer holds at least its share of those: its earliest
 * documents, as many as the whole library could take.
 */
export function mergeShardSeeds(
  shards: ShardSeeds[],
  queryLength: number,
  maxPostings: number,
  limit: number,
): SeedHits {
  const df = new Uint32Array(queryLength);
  for (const { hits } of shards) for (let q = 0; q < queryLength; q++) df[q]! += hits.df[q]!;
  const qpos = new GrowableU32(4096);
  const doc = new GrowableU32(4096);
  const spos = new GrowableU32(4096);
  const at = shards.map(() => 0);
  for (let q = 0; q < queryLength; q++) {
    // this k-gram's postings of every shard, as (library document, position), in each shard's order
    const postings: Array<{ d: number; s: number; k: number }> = [];
    shards.forEach(({ hits, libraryOrdinal }, i) => {
      let p = at[i]!;
      for (; p < hits.count && hits.qpos[p] === q; p++)
        postings.push({ d: libraryOrdinal[hits.doc[p]!]!, s: hits.spos[p]!, k: postings.length });
      at[i] = p;
    });
    const total = df[q]!;
    if (total === 0 || total > limit) continue;
    postings.sort((a, b) => a.d - b.d || a.k - b.k);
    let docsLeft = total > maxPostings ? SAMPLED_DOCS : maxPostings;
    let last = -1;
    for (const p of postings) {
      if (p.d !== last) {
        if (docsLeft === 0) break;
        docsLeft--;
        last = p.d;
      }
      qpos.push(q);
      doc.push(p.d);
      spos.push(p.s);
    }
  }
  return { df, count: qpos.length, qpos: qpos.view(), doc: doc.view(), spos: spos.view() };
}

/**
 * Shards in one process, read by a check as one library (CheckLibrary). A worker holding one shard answers
 * with `shard.seeds(hashes, maxPostings, Infinity)` and its documents' library numbers instead; the merge is
 * the same.
 */
export class ShardedLibrary implements CheckLibrary {
  /** Library number → (shard, the shard's number). */
  private readonly shardAt: number[] = [];
  private readonly localAt: number[] = [];
  /** Per shard: its document number → library number. */
  private readonly libraryOrdinals: number[][];

  constructor(readonly shards: PlagiarismIndex[]) {
    const [first] = shards;
    if (!first) throw new Error('a sharded library needs a shard');
    for (const s of shards)
      if (s.k !== first.k || s.w !== first.w || s.maxDocFrequency !== first.maxDocFrequency || s.size > 0)
        throw new Error('shards start empty, with the same parameters');
    this.libraryOrdinals = shards.map(() => []);
  }

  /** Add a document to its shard (a new id: replacing is not supported yet). */
  add(doc: LibraryDocument): void {
    if (this.ordinalOf(doc.id) !== undefined) throw new Error(`document ${doc.id} is already in the library`);
    const s = shardOf(doc.id, this.shards.length);
    const shard = this.shards[s]!;
    shard.add(doc);
    const local = shard.ordinalOf(doc.id)!;
    this.libraryOrdinals[s]![local] = this.shardAt.length;
    this.shardAt.push(s);
    this.localAt.push(local);
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
    const s = shardOf(id, this.shards.length);
    const local = this.shards[s]!.ordinalOf(id);
    return local === undefined ? undefined : this.libraryOrdinals[s]![local];
  }

  ordinalMeta(ordinal: number): DocumentMeta {
    return this.shards[this.shardAt[ordinal]!]!.ordinalMeta(this.localAt[ordinal]!);
  }

  ordinalText(ordinal: number): string {
    return this.shards[this.shardAt[ordinal]!]!.ordinalText(this.localAt[ordinal]!);
  }

  seeds(queryHashes: Uint32Array, maxPostings = this.maxDocFrequency): SeedHits {
    const limit = Math.max(maxPostings, Math.ceil(this.first.boilerplateShare * this.size));
    const answers = this.shards.map((shard, s) => ({
      hits: shard.seeds(queryHashes, maxPostings, Number.POSITIVE_INFINITY),
      libraryOrdinal: Uint32Array.from(this.libraryOrdinals[s]!),
    }));
    return mergeShardSeeds(answers, queryHashes.length, maxPostings, limit);
  }
}
