import { GrowableU32, type PlagiarismIndex, SAMPLED_DOCS, type SeedHits } from './library.ts';

/**
 * The fingerprint look-up of a check over shards (shards.ts): the request each shard gets, its answer, and the
 * merge of the answers into the look-up one index holding every document would give. Request and answer are
 * numbers and typed arrays only, so a shard in another process sends them as they are.
 */

/** A check's k-gram look-up, as sent to every shard. */
export interface SeedsRequest {
  /** The checked text's k-gram hashes, one per query position. */
  hashes: Uint32Array;
  maxPostings: number;
}

/**
 * One shard's answer: its seeds with no boilerplate cut (only the whole library's document frequency says what
 * is boilerplate) and its documents named by their library numbers. `df` is the shard's own count per query
 * k-gram.
 */
export type ShardSeeds = SeedHits;

/**
 * A shard's answer to a seeds request; `libraryNumber` gives a document's library number by id (the order
 * documents were added to the whole library: a shard's own numbers change when it compacts, ids do not).
 */
export function answerSeeds(
  shard: PlagiarismIndex,
  request: SeedsRequest,
  libraryNumber: (id: string) => number,
): ShardSeeds {
  const hits = shard.seeds(request.hashes, request.maxPostings, Number.POSITIVE_INFINITY);
  const numbers = new Map<number, number>();
  const doc = new Uint32Array(hits.count);
  for (let i = 0; i < hits.count; i++) {
    const local = hits.doc[i]!;
    let n = numbers.get(local);
    if (n === undefined) {
      n = libraryNumber(shard.ordinalMeta(local).id);
      numbers.set(local, n);
    }
    doc[i] = n;
  }
  // copies at their length: a view would send the whole grown buffer to another process
  return {
    df: hits.df,
    count: hits.count,
    qpos: hits.qpos.slice(),
    doc,
    spos: hits.spos.slice(),
  };
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
  for (const hits of shards) for (let q = 0; q < queryLength; q++) df[q]! += hits.df[q]!;
  const qpos = new GrowableU32(4096);
  const doc = new GrowableU32(4096);
  const spos = new GrowableU32(4096);
  const at = shards.map(() => 0);
  for (let q = 0; q < queryLength; q++) {
    // this k-gram's postings of every shard, as (library document, position), in each shard's order
    const postings: Array<{ d: number; s: number; k: number }> = [];
    shards.forEach((hits, i) => {
      let p = at[i]!;
      for (; p < hits.count && hits.qpos[p] === q; p++)
        postings.push({ d: hits.doc[p]!, s: hits.spos[p]!, k: postings.length });
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
