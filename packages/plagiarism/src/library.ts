import { matchingCodes } from '@paperdesk/textkit';
import { DEFAULT_PARAMS, kgramHashes, winnowInto } from './fingerprint.ts';

/** A document of the comparison library (期刊论文, 学位论文, a user's earlier paper ...). */
export interface LibraryDocument {
  /** The caller's id; unique in the index (adding an existing id replaces the document). */
  id: string;
  title: string;
  author?: string;
  /** Where it comes from, e.g. a journal or database name. */
  source?: string;
  year?: number;
  /** Documents sharing the checked paper's ownerKey count as 本人文献. */
  ownerKey?: string;
  /** 自建库: only papers with the same ownerKey are compared against it (a user's private references). */
  private?: boolean;
  text: string;
}

export type DocumentMeta = Omit<LibraryDocument, 'text'>;

export interface IndexOptions {
  /** k-gram length (default 6). */
  k?: number;
  /** Winnowing window (default 8): shared runs of k + w - 1 characters are guaranteed to be found. */
  w?: number;
  /**
   * Boilerplate: a fingerprint found in more than this many documents (of a segment when sealing, of the whole
   * index when querying) is dropped. Default 200.
   */
  maxDocFrequency?: number;
  /** Pending fingerprints that trigger sealing a segment (bounds the memory of building). Default 8 M. */
  segmentFingerprints?: number;
}

export interface IndexStats {
  documents: number;
  removed: number;
  characters: number;
  segments: number;
  fingerprints: number;
  distinctHashes: number;
  droppedBoilerplate: number;
  /** Approximate bytes held by postings and texts. */
  bytes: number;
}

/** An immutable block of the inverted index: sorted distinct hashes, and for each its postings (doc, position). */
interface Segment {
  keys: Uint32Array;
  /** keys.length + 1 offsets into docs/positions. */
  starts: Uint32Array;
  docs: Uint32Array;
  positions: Uint32Array;
}

/** Seeds found for a query: parallel arrays, length `count`. */
export interface SeedHits {
  /** Postings of each query k-gram over the whole index (its approximate document frequency; 0 = not indexed). */
  df: Uint32Array;
  count: number;
  qpos: Uint32Array;
  doc: Uint32Array;
  spos: Uint32Array;
}

/** @internal */
class GrowableU32 {
  data: Uint32Array;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Uint32Array(capacity);
  }
  reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    let cap = this.data.length * 2;
    while (cap < this.length + extra) cap *= 2;
    const next = new Uint32Array(cap);
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
  push(v: number): void {
    if (this.length === this.data.length) this.reserve(1);
    this.data[this.length++] = v;
  }
  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }
}

/**
 * Stable LSD radix sort of (key, a, b) triples by key in two 16-bit passes. The second pass writes back into the
 * input arrays, which hold the sorted triples afterwards.
 */
function radixSortTriples(keys: Uint32Array, a: Uint32Array, b: Uint32Array): void {
  const n = keys.length;
  const tk = new Uint32Array(n);
  const ta = new Uint32Array(n);
  const tb = new Uint32Array(n);
  const counts = new Uint32Array(65537);
  const pass = (
    sk: Uint32Array,
    sa: Uint32Array,
    sb: Uint32Array,
    dk: Uint32Array,
    da: Uint32Array,
    db: Uint32Array,
    shift: number,
  ) => {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[((sk[i]! >>> shift) & 0xffff) + 1]!++;
    for (let i = 1; i <= 65536; i++) counts[i]! += counts[i - 1]!;
    for (let i = 0; i < n; i++) {
      const k = sk[i]!;
      const d = counts[(k >>> shift) & 0xffff]!++;
      dk[d] = k;
      da[d] = sa[i]!;
      db[d] = sb[i]!;
    }
  };
  pass(keys, a, b, tk, ta, tb, 0);
  pass(tk, ta, tb, keys, a, b, 16);
}

function lowerBound(keys: Uint32Array, h: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < h) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The comparison library: document texts and metadata plus an inverted index of winnowed k-gram fingerprints in
 * typed arrays (segments of sorted hashes with postings), so it holds hundreds of millions of characters without
 * a JS Map per hash. Build with add(), query through checkDocument(); persist with toBuffers()/fromBuffer() or
 * save()/load() (see persist.ts).
 */
export class PlagiarismIndex {
  readonly k: number;
  readonly w: number;
  readonly maxDocFrequency: number;
  private segmentFingerprints: number;

  /** @internal */ metas: DocumentMeta[] = [];
  /** @internal */ texts: string[] = [];
  /** @internal */ removed: Uint8Array = new Uint8Array(1024);
  /** @internal */ segments: Segment[] = [];
  /** @internal */ droppedBoilerplate = 0;
  /** @internal Matching length (letters and digits) of each document. */ lengths = new GrowableU32(1024);
  private byId = new Map<string, number>();
  private removedCount = 0;
  private characters = 0;
  private pendingHash = new GrowableU32(1 << 16);
  private pendingDoc = new GrowableU32(1 << 16);
  private pendingPos = new GrowableU32(1 << 16);
  private scratchHashes = new Uint32Array(4096);
  private scratchH = new Uint32Array(4096);
  private scratchP = new Uint32Array(4096);
  private scratchDeque = new Int32Array(4096);

  constructor(options: IndexOptions = {}) {
    this.k = options.k ?? DEFAULT_PARAMS.k;
    this.w = options.w ?? DEFAULT_PARAMS.w;
    this.maxDocFrequency = options.maxDocFrequency ?? 200;
    this.segmentFingerprints = options.segmentFingerprints ?? 8_000_000;
    if (this.k < 2 || this.k > 32 || this.w < 1 || this.w > 256)
      throw new RangeError('k must be 2..32, w 1..256');
  }

  get size(): number {
    return this.metas.length - this.removedCount;
  }

  /** Add a document (replacing one with the same id). Returns its internal number. */
  add(doc: LibraryDocument): number {
    const existing = this.byId.get(doc.id);
    if (existing !== undefined) this.remove(doc.id);
    const ordinal = this.metas.length;
    const { text, ...meta } = doc;
    this.metas.push(meta);
    this.texts.push(text);
    if (ordinal >= this.removed.length) {
      const next = new Uint8Array(this.removed.length * 2);
      next.set(this.removed);
      this.removed = next;
    }
    this.byId.set(doc.id, ordinal);
    const { codes } = matchingCodes(text, false);
    this.characters += codes.length;
    this.lengths.push(codes.length);
    this.addFingerprints(ordinal, codes);
    return ordinal;
  }

  private addFingerprints(ordinal: number, codes: Uint16Array): void {
    const n = codes.length - this.k + 1;
    if (n <= 0) return;
    if (this.scratchHashes.length < n) {
      const cap = Math.max(n, this.scratchHashes.length * 2);
      this.scratchHashes = new Uint32Array(cap);
      this.scratchH = new Uint32Array(cap);
      this.scratchP = new Uint32Array(cap);
      this.scratchDeque = new Int32Array(cap);
    }
    const hashes = kgramHashes(codes, this.k, this.scratchHashes);
    const count = winnowInto(hashes, n, this.w, this.scratchH, this.scratchP, this.scratchDeque);
    this.pendingHash.reserve(count);
    this.pendingDoc.reserve(count);
    this.pendingPos.reserve(count);
    const base = this.pendingHash.length;
    this.pendingHash.data.set(this.scratchH.subarray(0, count), base);
    this.pendingPos.data.set(this.scratchP.subarray(0, count), base);
    this.pendingDoc.data.fill(ordinal, base, base + count);
    this.pendingHash.length += count;
    this.pendingDoc.length += count;
    this.pendingPos.length += count;
    if (this.pendingHash.length >= this.segmentFingerprints) this.commit();
  }

  /** Remove a document by id (its postings are skipped until compact()). */
  remove(id: string): boolean {
    const ordinal = this.byId.get(id);
    if (ordinal === undefined) return false;
    this.byId.delete(id);
    this.removed[ordinal] = 1;
    this.removedCount++;
    this.characters -= this.lengths.data[ordinal]!;
    this.texts[ordinal] = '';
    return true;
  }

  /** Matching characters (letters and digits) of the documents in the index. */
  get characterCount(): number {
    return this.characters;
  }

  /** @internal */
  ordinalOf(id: string): number | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** @internal */
  isRemoved(ordinal: number): boolean {
    return this.removed[ordinal] === 1;
  }

  /** Ids of the documents in the index. */
  ids(): string[] {
    return [...this.byId.keys()];
  }

  getDocument(id: string): LibraryDocument | undefined {
    const ordinal = this.byId.get(id);
    return ordinal === undefined ? undefined : { ...this.metas[ordinal]!, text: this.texts[ordinal]! };
  }

  /** @internal */
  ordinalMeta(ordinal: number): DocumentMeta {
    return this.metas[ordinal]!;
  }

  /** @internal */
  ordinalText(ordinal: number): string {
    return this.texts[ordinal]!;
  }

  /** Seal pending fingerprints into a segment. Queries and serialisation call this themselves. */
  commit(): void {
    const n = this.pendingHash.length;
    if (n === 0) return;
    const sorted = { keys: this.pendingHash.view(), a: this.pendingDoc.view(), b: this.pendingPos.view() };
    radixSortTriples(sorted.keys, sorted.a, sorted.b);
    this.pendingHash = new GrowableU32(1 << 16);
    this.pendingDoc = new GrowableU32(1 << 16);
    this.pendingPos = new GrowableU32(1 << 16);
    // one pass: distinct keys, drop boilerplate keys (too many distinct documents), compact postings in place
    const keys = new GrowableU32(Math.max(1024, n >>> 2));
    const starts = new GrowableU32(Math.max(1024, n >>> 2));
    const docs = sorted.a;
    const positions = sorted.b;
    let write = 0;
    let i = 0;
    while (i < n) {
      const h = sorted.keys[i]!;
      let j = i;
      let distinct = 0;
      let lastDoc = -1;
      while (j < n && sorted.keys[j] === h) {
        if (docs[j] !== lastDoc) {
          distinct++;
          lastDoc = docs[j]!;
        }
        j++;
      }
      if (distinct > this.maxDocFrequency) {
        this.droppedBoilerplate += j - i;
      } else {
        keys.push(h);
        starts.push(write);
        if (write !== i) {
          docs.copyWithin(write, i, j);
          positions.copyWithin(write, i, j);
        }
        write += j - i;
      }
      i = j;
    }
    starts.push(write);
    this.segments.push({
      keys: keys.view().slice(),
      starts: starts.view().slice(),
      docs: docs.slice(0, write),
      positions: positions.slice(0, write),
    });
  }

  /**
   * Look every query k-gram hash up and return (query position, document, source position) seeds. Hashes with more
   * than maxDocFrequency postings over all segments are ignored as boilerplate; removed documents are skipped.
   */
  /** @internal */
  seeds(queryHashes: Uint32Array, maxPostings = this.maxDocFrequency): SeedHits {
    this.commit();
    const qpos = new GrowableU32(4096);
    const doc = new GrowableU32(4096);
    const spos = new GrowableU32(4096);
    const segs = this.segments;
    const found = new Int32Array(segs.length);
    const df = new Uint32Array(queryHashes.length);
    for (let q = 0; q < queryHashes.length; q++) {
      const h = queryHashes[q]!;
      let total = 0;
      for (let s = 0; s < segs.length; s++) {
        const seg = segs[s]!;
        const at = lowerBound(seg.keys, h);
        if (at < seg.keys.length && seg.keys[at] === h) {
          found[s] = at;
          total += seg.starts[at + 1]! - seg.starts[at]!;
        } else {
          found[s] = -1;
        }
      }
      df[q] = total;
      if (total === 0 || total > maxPostings) continue;
      for (let s = 0; s < segs.length; s++) {
        const at = found[s]!;
        if (at < 0) continue;
        const seg = segs[s]!;
        for (let p = seg.starts[at]!; p < seg.starts[at + 1]!; p++) {
          const d = seg.docs[p]!;
          if (this.removed[d] === 1) continue;
          qpos.push(q);
          doc.push(d);
          spos.push(seg.positions[p]!);
        }
      }
    }
    return { df, count: qpos.length, qpos: qpos.view(), doc: doc.view(), spos: spos.view() };
  }

  stats(): IndexStats {
    this.commit();
    let fingerprints = 0;
    let distinct = 0;
    let bytes = 0;
    for (const s of this.segments) {
      fingerprints += s.docs.length;
      distinct += s.keys.length;
      bytes += s.keys.byteLength + s.starts.byteLength + s.docs.byteLength + s.positions.byteLength;
    }
    for (const t of this.texts) bytes += t.length * 2;
    return {
      documents: this.size,
      removed: this.removedCount,
      characters: this.characters,
      segments: this.segments.length,
      fingerprints,
      distinctHashes: distinct,
      droppedBoilerplate: this.droppedBoilerplate,
      bytes,
    };
  }

  /** Rebuild the postings without removed documents and in one segment (re-fingerprints the texts). */
  compact(): void {
    const metas = this.metas;
    const texts = this.texts;
    const removed = this.removed;
    this.metas = [];
    this.texts = [];
    this.removed = new Uint8Array(1024);
    this.segments = [];
    this.byId.clear();
    this.removedCount = 0;
    this.characters = 0;
    this.droppedBoilerplate = 0;
    this.lengths = new GrowableU32(1024);
    const saved = this.segmentFingerprints;
    this.segmentFingerprints = Number.MAX_SAFE_INTEGER;
    for (let i = 0; i < metas.length; i++) {
      if (removed[i] === 1) continue;
      this.add({ ...metas[i]!, text: texts[i]! });
    }
    this.commit();
    this.segmentFingerprints = saved;
  }

  /** @internal Used by persist.ts to restore a saved index. */
  static restore(
    options: Required<IndexOptions>,
    metas: DocumentMeta[],
    texts: string[],
    removed: Uint8Array,
    lengths: Uint32Array,
    segments: Segment[],
    droppedBoilerplate: number,
  ): PlagiarismIndex {
    const index = new PlagiarismIndex(options);
    index.metas = metas;
    index.texts = texts;
    index.removed = new Uint8Array(Math.max(1024, metas.length * 2));
    index.removed.set(removed.subarray(0, metas.length));
    index.lengths = new GrowableU32(Math.max(1024, metas.length * 2));
    index.lengths.data.set(lengths.subarray(0, metas.length));
    index.lengths.length = metas.length;
    index.segments = segments;
    index.droppedBoilerplate = droppedBoilerplate;
    for (let i = 0; i < metas.length; i++) {
      if (index.removed[i] === 1) {
        index.removedCount++;
        continue;
      }
      index.byId.set(metas[i]!.id, i);
      index.characters += lengths[i]!;
    }
    return index;
  }
}

export { GrowableU32, type Segment };
