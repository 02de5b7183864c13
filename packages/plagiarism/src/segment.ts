/**
 * Segments of the inverted index: immutable blocks of sorted 32-bit k-gram hashes with their postings
 * (document, position), held in typed arrays outside the V8 heap (SharedArrayBuffer when loaded from a file, so
 * another thread can use the same memory). Each segment also owns its documents: metadata, matching lengths and
 * the texts, which stay in memory only until the segment is written to a file and are then read by offset.
 */
import type { DocumentMeta } from './library.ts';

/** @internal */
export class GrowableU32 {
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

export interface Postings {
  /** Sorted distinct hashes. */
  keys: Uint32Array;
  /** keys.length + 1 offsets into docs/positions. */
  starts: Uint32Array;
  /** Document of each posting, local to the segment (0 .. docCount). Sorted by document within a key. */
  docs: Uint32Array;
  positions: Uint32Array;
  /**
   * Hashes whose postings were cut to the earliest `keepDocs` documents, with the number of documents they
   * really occur in (sorted by key). A hash not listed here has all its postings.
   */
  bigKeys: Uint32Array;
  bigDf: Uint32Array;
}

/** Where a segment's texts are: strings in memory, or UTF-16LE in a file read by offset. */
export type TextSource = { kind: 'memory'; texts: string[] } | { kind: 'file'; fd: number; start: number };

export interface Segment extends Postings {
  /** File name in the index folder once written. */
  file?: string;
  docCount: number;
  metas: DocumentMeta[];
  /** Matching length (letters and digits) of each document. */
  lengths: Uint32Array;
  /** docCount + 1 offsets of the texts, in UTF-16 code units. */
  textOffsets: Float64Array;
  text: TextSource;
  /** Removed documents (local numbers); their postings are skipped until a merge purges them. */
  removed: Uint8Array;
  removedCount: number;
  /** Bucket directory over the top bits of the keys: lookups touch a handful of keys, not a binary search. */
  dir: Uint32Array;
  dirBits: number;
}

/** Scratch arrays of a radix sort, kept by a caller that sorts again and again (a fresh 100 MB each time costs page faults). */
export interface RadixScratch {
  keys: Uint32Array;
  a: Uint32Array;
  b: Uint32Array;
}

/** Radix digits of the sort, low first: 11 + 11 + 10 bits. */
const DIGIT_SHIFTS = [0, 11, 22];
const DIGIT_BUCKETS = 2048;

/**
 * Stable LSD radix sort of (key, a, b) triples by key, in three passes of 11 bits (2,048 buckets: three arrays'
 * write streams stay in cache, where 65,536 buckets of 16-bit digits missed on nearly every write and took 2-3×
 * as long); the input arrays hold the sorted triples afterwards.
 */
export function radixSortTriples(
  keys: Uint32Array,
  a: Uint32Array,
  b: Uint32Array,
  scratch?: RadixScratch,
): void {
  const n = keys.length;
  const fits = scratch !== undefined && scratch.keys.length >= n;
  const tk = fits ? scratch.keys.subarray(0, n) : new Uint32Array(n);
  const ta = fits ? scratch.a.subarray(0, n) : new Uint32Array(n);
  const tb = fits ? scratch.b.subarray(0, n) : new Uint32Array(n);
  // the three digits' histograms in one read of the keys, then each turned into bucket starts
  const counts = new Uint32Array(3 * DIGIT_BUCKETS);
  const mask = DIGIT_BUCKETS - 1;
  for (let i = 0; i < n; i++) {
    const k = keys[i]!;
    counts[k & mask]!++;
    counts[DIGIT_BUCKETS + ((k >>> 11) & mask)]!++;
    counts[2 * DIGIT_BUCKETS + (k >>> 22)]!++;
  }
  for (let d = 0; d < 3; d++) {
    let sum = 0;
    for (let i = d * DIGIT_BUCKETS; i < (d + 1) * DIGIT_BUCKETS; i++) {
      const c = counts[i]!;
      counts[i] = sum;
      sum += c;
    }
  }
  const pass = (
    sk: Uint32Array,
    sa: Uint32Array,
    sb: Uint32Array,
    dk: Uint32Array,
    da: Uint32Array,
    db: Uint32Array,
    digit: number,
  ) => {
    const shift = DIGIT_SHIFTS[digit]!;
    const base = digit * DIGIT_BUCKETS;
    for (let i = 0; i < n; i++) {
      const k = sk[i]!;
      const d = counts[base + ((k >>> shift) & mask)]!++;
      dk[d] = k;
      da[d] = sa[i]!;
      db[d] = sb[i]!;
    }
  };
  pass(keys, a, b, tk, ta, tb, 0);
  pass(tk, ta, tb, keys, a, b, 1);
  pass(keys, a, b, tk, ta, tb, 2);
  keys.set(tk);
  a.set(ta);
  b.set(tb);
}

/** Postings writer that keeps at most `keepDocs` documents per key and records the true counts of cut keys. */
class PostingsWriter {
  keys: GrowableU32;
  starts: GrowableU32;
  docs: Uint32Array;
  positions: Uint32Array;
  bigKeys = new GrowableU32(256);
  bigDf = new GrowableU32(256);
  write = 0;
  dropped = 0;
  private readonly owned: boolean;
  constructor(
    private readonly keepDocs: number,
    keyCapacity: number,
    postingCapacity: number,
    docs?: Uint32Array,
    positions?: Uint32Array,
  ) {
    this.keys = new GrowableU32(Math.max(1024, keyCapacity));
    this.starts = new GrowableU32(Math.max(1024, keyCapacity + 1));
    this.owned = docs === undefined;
    this.docs = docs ?? new Uint32Array(postingCapacity);
    this.positions = positions ?? new Uint32Array(postingCapacity);
  }
  begin(h: number): void {
    this.keys.push(h);
    this.starts.push(this.write);
    this.distinct = 0;
    this.lastDoc = -1;
    this.trueDf = 0;
  }
  private distinct = 0;
  private lastDoc = -1;
  private trueDf = 0;
  /** One posting of the current key (documents ascending). */
  add(doc: number, pos: number): void {
    if (doc !== this.lastDoc) {
      this.distinct++;
      this.lastDoc = doc;
    }
    if (this.distinct > this.keepDocs) {
      this.dropped++;
      return;
    }
    this.docs[this.write] = doc;
    this.positions[this.write++] = pos;
  }
  /** Documents with this key that are not among the added postings (already cut in an input segment). */
  addUncounted(df: number): void {
    this.trueDf += df;
  }
  end(): void {
    if (this.starts.data[this.starts.length - 1] === this.write) {
      // every posting belonged to removed documents
      this.keys.length--;
      this.starts.length--;
      return;
    }
    const df = this.trueDf + this.distinct;
    if (df > this.keepDocs) {
      this.bigKeys.push(this.keys.data[this.keys.length - 1]!);
      this.bigDf.push(df);
    }
  }
  finish(): Postings {
    this.starts.push(this.write);
    return {
      keys: this.keys.view().slice(),
      starts: this.starts.view().slice(),
      // arrays of our own that are nearly full are kept as they are (a copy would double a large merge's peak)
      docs:
        this.owned && this.write >= this.docs.length * 0.9
          ? this.docs.subarray(0, this.write)
          : this.docs.slice(0, this.write),
      positions:
        this.owned && this.write >= this.positions.length * 0.9
          ? this.positions.subarray(0, this.write)
          : this.positions.slice(0, this.write),
      bigKeys: this.bigKeys.view().slice(),
      bigDf: this.bigDf.view().slice(),
    };
  }
}

/** Sort pending (hash, doc, position) triples into postings; the input arrays are reused as scratch. */
export function sealPostings(
  hashes: Uint32Array,
  docs: Uint32Array,
  positions: Uint32Array,
  keepDocs: number,
  scratch?: RadixScratch,
): { postings: Postings; dropped: number } {
  radixSortTriples(hashes, docs, positions, scratch);
  const n = hashes.length;
  // writing in place is safe: the write index never passes the read index
  const w = new PostingsWriter(keepDocs, n >>> 2, 0, docs, positions);
  let i = 0;
  while (i < n) {
    const h = hashes[i]!;
    w.begin(h);
    for (; i < n && hashes[i] === h; i++) w.add(docs[i]!, positions[i]!);
    w.end();
  }
  return { postings: w.finish(), dropped: w.dropped };
}

export function lowerBound(keys: Uint32Array, h: number, lo = 0, hi = keys.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < h) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function buildDirectory(keys: Uint32Array): { dir: Uint32Array; dirBits: number } {
  let dirBits = 0;
  while (dirBits < 24 && 1 << (dirBits + 2) < keys.length) dirBits++;
  const buckets = 2 ** dirBits;
  const dir = new Uint32Array(buckets + 1);
  let b = 0;
  for (let i = 0; i < keys.length; i++) {
    const top = dirBits === 0 ? 0 : keys[i]! >>> (32 - dirBits);
    while (b <= top) dir[b++] = i;
  }
  while (b <= buckets) dir[b++] = keys.length;
  return { dir, dirBits };
}

/** Index of key h in the segment, or -1. */
export function findKey(seg: Segment, h: number): number {
  const top = seg.dirBits === 0 ? 0 : h >>> (32 - seg.dirBits);
  const lo = seg.dir[top]!;
  const hi = seg.dir[top + 1]!;
  const at = lowerBound(seg.keys, h, lo, hi);
  return at < hi && seg.keys[at] === h ? at : -1;
}

/**
 * Documents key `at` of the segment occurs in (the recorded count when its postings were cut). Documents, not
 * postings: a document holding the k-gram at several positions counts once, so the counts of segments (and of
 * shards) add up to the library's whatever its layout — counted in postings below the cut and in documents above
 * it, the sum over four shards exceeded one index's for the k-grams a thesis repeats.
 */
export function docFrequency(seg: Segment, at: number, keepDocs: number): number {
  const from = seg.starts[at]!;
  const to = seg.starts[at + 1]!;
  if (to - from >= keepDocs && seg.bigKeys.length > 0) {
    const h = seg.keys[at]!;
    const b = lowerBound(seg.bigKeys, h);
    if (b < seg.bigKeys.length && seg.bigKeys[b] === h) return seg.bigDf[b]!;
  }
  return postingDocuments(seg.docs, from, to);
}

/** Documents among the postings docs[from, to) of one key (in document order). */
function postingDocuments(docs: Uint32Array, from: number, to: number): number {
  let documents = 0;
  let last = -1;
  for (let p = from; p < to; p++) {
    if (docs[p] !== last) {
      documents++;
      last = docs[p]!;
    }
  }
  return documents;
}

/**
 * Merge adjacent segments into one, dropping removed documents and renumbering the rest. Postings of a key are
 * concatenated in segment order, so the documents kept for a cut key stay the earliest ones of the library.
 */
export function mergePostings(
  inputs: Segment[],
  keepDocs: number,
): { postings: Postings; remap: Int32Array[] } {
  const remap: Int32Array[] = [];
  let next = 0;
  let keyCap = 0;
  let postingCap = 0;
  for (const s of inputs) {
    const m = new Int32Array(s.docCount);
    for (let d = 0; d < s.docCount; d++) m[d] = s.removed[d] === 1 ? -1 : next++;
    remap.push(m);
    keyCap += s.keys.length;
    postingCap += s.docs.length;
  }
  const w = new PostingsWriter(keepDocs, keyCap, postingCap);
  const heads = new Uint32Array(inputs.length);
  for (;;) {
    let min = -1;
    for (let s = 0; s < inputs.length; s++) {
      const seg = inputs[s]!;
      if (heads[s]! < seg.keys.length) {
        const k = seg.keys[heads[s]!]!;
        if (min < 0 || k < min) min = k;
      }
    }
    if (min < 0) break;
    w.begin(min);
    for (let s = 0; s < inputs.length; s++) {
      const seg = inputs[s]!;
      const at = heads[s]!;
      if (at >= seg.keys.length || seg.keys[at] !== min) continue;
      heads[s] = at + 1;
      const m = remap[s]!;
      const from = seg.starts[at]!;
      const to = seg.starts[at + 1]!;
      for (let p = from; p < to; p++) {
        const nd = m[seg.docs[p]!]!;
        if (nd >= 0) w.add(nd, seg.positions[p]!);
      }
      // the documents cut from this key's postings in an input segment still count
      const uncounted = docFrequency(seg, at, keepDocs) - postingDocuments(seg.docs, from, to);
      if (uncounted > 0) w.addUncounted(uncounted);
    }
    w.end();
  }
  return { postings: w.finish(), remap };
}
