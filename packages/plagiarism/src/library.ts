import fs from 'node:fs';
import { matchingCodes } from '@paperdesk/textkit';
import { DEFAULT_PARAMS, kgramHashes, winnowInto } from './fingerprint.ts';
import {
  attachFolder,
  openFolder,
  readText,
  rewriteMissing,
  type TextRun,
  writeManifest,
  writeSegment,
} from './persist.ts';
import {
  buildDirectory,
  docFrequency,
  findKey,
  GrowableU32,
  mergePostings,
  type Segment,
  type RadixScratch,
  sealPostings,
  type TextSource,
} from './segment.ts';

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
   * Postings kept per hash: a hash found in more documents keeps those of its earliest this many documents (the
   * same ones for every hash of a text, so a source reposted many times is still found through its first copies)
   * and remembers how many documents it occurs in. Default 100.
   */
  maxDocFrequency?: number;
  /**
   * Boilerplate: a hash found in more than this share of the library's documents (and more than
   * maxDocFrequency) is not looked up at all, so stock phrases do not flood the candidates. Default 0.02.
   */
  boilerplateShare?: number;
  /**
   * Pending fingerprints that trigger sealing a segment (bounds the memory of building: ~24 bytes each, with the
   * sort's scratch). Default 32 M: at 8 M a 1 B-character build sealed ~22 segments and merged most postings twice
   * (8 M → 32 M → 128 M), texts copied into each merged file; at 32 M it merges once.
   */
  segmentFingerprints?: number;
  /** Size-tiered merging: this many adjacent segments of one size tier are merged into one. Default 4. */
  mergeFactor?: number;
  /** Merge after every commit (default true); a caller with idle time of its own calls merge() instead. */
  autoMerge?: boolean;
}

export interface IndexStats {
  documents: number;
  removed: number;
  characters: number;
  segments: number;
  fingerprints: number;
  distinctHashes: number;
  droppedBoilerplate: number;
  /** Bytes of postings (outside the V8 heap) plus texts still held in memory. */
  bytes: number;
  /** Bytes of texts kept in files and read by offset. */
  textFileBytes: number;
}

/** Told of changes to an index (see PlagiarismIndex.watch). */
export interface IndexWatcher {
  added(id: string): void;
  removed(id: string): void;
  /** The index was saved to `folder` (an index kept beside it writes its own files there too). */
  saved?(folder: string): void;
  /**
   * The folder's manifest is about to be swapped, by a save or by any commit or merge once the index has a folder:
   * what must name every document the manifest lists (a shard's library numbers) is written now.
   */
  manifestSwapping?(folder: string): void;
}

/** Seeds found for a query: parallel arrays, length `count`. */
export interface SeedHits {
  /** Documents each query k-gram occurs in over the whole index (0 = not indexed). */
  df: Uint32Array;
  count: number;
  qpos: Uint32Array;
  doc: Uint32Array;
  spos: Uint32Array;
}

/**
 * A hash in more than maxPostings documents (but not boilerplate) is looked up in its earliest this many: the same
 * documents for every hash of a reposted text, while a frequent phrase lends its hits to few documents.
 */
export const SAMPLED_DOCS = 8;

/** Size tier of a segment: segments below 64 K postings are tier 0, then one tier per mergeFactor. */
function tierOf(postings: number, factor: number): number {
  return postings < 65536 ? 0 : 1 + Math.floor(Math.log(postings / 65536) / Math.log(factor));
}

/**
 * The comparison library: document texts and metadata plus an inverted index of winnowed k-gram fingerprints in
 * segments of typed arrays (see segment.ts). Build with add(), query through checkDocument(). Attached to a
 * folder (save() / PlagiarismIndex.open()), every sealed segment is written once as a file, texts are read from
 * the files by offset, and a small manifest swapped atomically says which files make the index.
 */
export class PlagiarismIndex {
  readonly k: number;
  readonly w: number;
  readonly maxDocFrequency: number;
  readonly boilerplateShare: number;
  private segmentFingerprints: number;
  private mergeFactor: number;
  private autoMerge: boolean;

  /** @internal */ segments: Segment[] = [];
  /** @internal Global number of each segment's first document. */ bases: number[] = [];
  /** @internal */ droppedBoilerplate = 0;
  /** @internal Folder the index is kept in (see persist.ts). */ folder: string | undefined;
  /** @internal The manifest no longer describes the segments (removals, merges). */ manifestDirty = false;
  private sealedDocs = 0;
  private byId = new Map<string, number>();
  private removedCount = 0;
  private characters = 0;
  // documents added since the last commit
  private pMetas: DocumentMeta[] = [];
  private pTexts: string[] = [];
  private pLengths = new GrowableU32(1024);
  private pRemoved = new Set<number>();
  private pendingHash = new GrowableU32(1 << 16);
  private pendingDoc = new GrowableU32(1 << 16);
  private pendingPos = new GrowableU32(1 << 16);
  private scratchHashes = new Uint32Array(4096);
  private scratchH = new Uint32Array(4096);
  private scratchP = new Uint32Array(4096);
  /** Radix sort scratch of commit(), grown to the largest segment sealed and kept. */
  private sortScratch: RadixScratch | undefined;

  constructor(options: IndexOptions = {}) {
    this.k = options.k ?? DEFAULT_PARAMS.k;
    this.w = options.w ?? DEFAULT_PARAMS.w;
    this.maxDocFrequency = options.maxDocFrequency ?? 100;
    this.boilerplateShare = options.boilerplateShare ?? 0.02;
    this.segmentFingerprints = options.segmentFingerprints ?? 32_000_000;
    this.mergeFactor = Math.max(2, options.mergeFactor ?? 4);
    this.autoMerge = options.autoMerge ?? true;
    if (this.k < 2 || this.k > 32 || this.w < 1 || this.w > 256)
      throw new RangeError('k must be 2..32, w 1..256');
  }

  /** Open the index kept in `folder` (an empty index when the folder has none); new segments go there. */
  static open(folder: string, options: IndexOptions = {}): PlagiarismIndex {
    return openFolder(folder, options);
  }

  /** @internal Options to reopen an index with. */
  get options(): Required<IndexOptions> {
    return {
      k: this.k,
      w: this.w,
      maxDocFrequency: this.maxDocFrequency,
      boilerplateShare: this.boilerplateShare,
      segmentFingerprints: this.segmentFingerprints,
      mergeFactor: this.mergeFactor,
      autoMerge: this.autoMerge,
    };
  }

  get size(): number {
    return this.sealedDocs + this.pMetas.length - this.removedCount;
  }

  /**
   * Passages whose k-grams mostly occur in at least this many documents are stock phrases (see check.ts). It grows
   * with the library, since the same 10-character phrase is met more often in a larger one.
   */
  get stockPhraseDocs(): number {
    return Math.max(3, Math.ceil(this.size * 1e-4));
  }

  private watchers: IndexWatcher[] = [];

  /**
   * Be told of every add and remove from now on (an index kept beside this one, e.g. the reworded stage's word
   * index, follows changes without listing every id). Returns the function that stops it.
   */
  watch(watcher: IndexWatcher): () => void {
    this.watchers.push(watcher);
    return () => {
      this.watchers = this.watchers.filter((w) => w !== watcher);
    };
  }

  /** Add a document (replacing one with the same id). Returns its internal number. */
  add(doc: LibraryDocument): number {
    if (this.byId.has(doc.id)) this.remove(doc.id);
    for (const w of this.watchers) w.added(doc.id);
    const local = this.pMetas.length;
    const ordinal = this.sealedDocs + local;
    const { text, ...meta } = doc;
    this.pMetas.push(meta);
    this.pTexts.push(text);
    this.byId.set(doc.id, ordinal);
    const { codes } = matchingCodes(text, false);
    this.characters += codes.length;
    this.pLengths.push(codes.length);
    this.addFingerprints(local, codes);
    return ordinal;
  }

  private addFingerprints(local: number, codes: Uint16Array): void {
    const n = codes.length - this.k + 1;
    if (n > 0) {
      if (this.scratchHashes.length < n) {
        const cap = Math.max(n, this.scratchHashes.length * 2);
        this.scratchHashes = new Uint32Array(cap);
        this.scratchH = new Uint32Array(cap);
        this.scratchP = new Uint32Array(cap);
      }
      const hashes = kgramHashes(codes, this.k, this.scratchHashes);
      const count = winnowInto(hashes, n, this.w, this.scratchH, this.scratchP);
      this.pendingHash.reserve(count);
      this.pendingDoc.reserve(count);
      this.pendingPos.reserve(count);
      const base = this.pendingHash.length;
      this.pendingHash.data.set(this.scratchH.subarray(0, count), base);
      this.pendingPos.data.set(this.scratchP.subarray(0, count), base);
      this.pendingDoc.data.fill(local, base, base + count);
      this.pendingHash.length += count;
      this.pendingDoc.length += count;
      this.pendingPos.length += count;
    }
    if (this.pendingHash.length >= this.segmentFingerprints) this.commit();
  }

  /** Remove a document by id (its postings are skipped until a merge purges them). */
  remove(id: string): boolean {
    const ordinal = this.byId.get(id);
    if (ordinal === undefined) return false;
    this.byId.delete(id);
    this.removedCount++;
    for (const w of this.watchers) w.removed(id);
    if (ordinal >= this.sealedDocs) {
      const local = ordinal - this.sealedDocs;
      this.pRemoved.add(local);
      this.characters -= this.pLengths.data[local]!;
      this.pTexts[local] = '';
      return true;
    }
    const { seg, local } = this.locate(ordinal);
    seg.removed[local] = 1;
    seg.removedCount++;
    this.characters -= seg.lengths[local]!;
    if (seg.text.kind === 'memory') seg.text.texts[local] = '';
    this.manifestDirty = true;
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

  /** Ids of the documents in the index. */
  ids(): string[] {
    return [...this.byId.keys()];
  }

  getDocument(id: string): LibraryDocument | undefined {
    const ordinal = this.byId.get(id);
    return ordinal === undefined
      ? undefined
      : { ...this.ordinalMeta(ordinal), text: this.ordinalText(ordinal) };
  }

  private locate(ordinal: number): { seg: Segment; local: number } {
    let lo = 0;
    let hi = this.bases.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.bases[mid]! <= ordinal) lo = mid;
      else hi = mid - 1;
    }
    return { seg: this.segments[lo]!, local: ordinal - this.bases[lo]! };
  }

  /** @internal */
  ordinalMeta(ordinal: number): DocumentMeta {
    if (ordinal >= this.sealedDocs) return this.pMetas[ordinal - this.sealedDocs]!;
    const { seg, local } = this.locate(ordinal);
    return seg.metas[local]!;
  }

  /** @internal Matching characters of a document. */
  ordinalLength(ordinal: number): number {
    if (ordinal >= this.sealedDocs) return this.pLengths.data[ordinal - this.sealedDocs]!;
    const { seg, local } = this.locate(ordinal);
    return seg.lengths[local]!;
  }

  /** @internal */
  ordinalText(ordinal: number): string {
    if (ordinal >= this.sealedDocs) return this.pTexts[ordinal - this.sealedDocs]!;
    const { seg, local } = this.locate(ordinal);
    if (seg.removed[local] === 1) return '';
    return seg.text.kind === 'memory' ? seg.text.texts[local]! : readText(seg, local);
  }

  /** Seal pending documents into a segment (written to the index folder when there is one). */
  commit(): void {
    const docCount = this.pMetas.length;
    if (docCount === 0) return;
    const pending = this.pendingHash.length;
    if (!this.sortScratch || this.sortScratch.keys.length < pending) {
      const n = Math.max(pending, this.pendingHash.data.length);
      this.sortScratch = { keys: new Uint32Array(n), a: new Uint32Array(n), b: new Uint32Array(n) };
    }
    const { postings, dropped } = sealPostings(
      this.pendingHash.view(),
      this.pendingDoc.view(),
      this.pendingPos.view(),
      this.maxDocFrequency,
      this.sortScratch,
    );
    this.droppedBoilerplate += dropped;
    const textOffsets = new Float64Array(docCount + 1);
    for (let i = 0; i < docCount; i++) textOffsets[i + 1] = textOffsets[i]! + this.pTexts[i]!.length;
    const removed = new Uint8Array(docCount);
    for (const local of this.pRemoved) removed[local] = 1;
    const seg: Segment = {
      ...postings,
      ...buildDirectory(postings.keys),
      docCount,
      metas: this.pMetas,
      lengths: this.pLengths.view().slice(),
      textOffsets,
      text: { kind: 'memory', texts: this.pTexts },
      removed,
      removedCount: this.pRemoved.size,
    };
    this.pMetas = [];
    this.pTexts = [];
    this.pLengths = new GrowableU32(1024);
    this.pRemoved = new Set();
    // the pending arrays are sorted in place and copied into the segment: kept, at the size they grew to
    this.pendingHash.length = 0;
    this.pendingDoc.length = 0;
    this.pendingPos.length = 0;
    this.bases.push(this.sealedDocs);
    this.segments.push(seg);
    this.sealedDocs += docCount;
    if (this.folder) {
      writeSegment(this.folder, seg);
      this.manifestDirty = true;
    }
    if (this.autoMerge) this.merge();
    if (this.folder && this.manifestDirty) this.swapManifest();
  }

  /** Write what changed since the last save to `folder` (everything the first time); later commits go there too. */
  save(folder: string): void {
    if (this.folder !== folder) attachFolder(this, folder);
    this.commit();
    rewriteMissing(this);
    if (this.manifestDirty) this.swapManifest();
    for (const w of this.watchers) w.saved?.(folder);
  }

  /**
   * Size-tiered merging: while `mergeFactor` adjacent segments share a size tier, merge them into one; a segment
   * with more than a third of its documents removed is rewritten alone. Removed documents are purged. Returns
   * the number of merges done.
   */
  merge(): number {
    let merges = 0;
    for (;;) {
      const run = this.pickMerge();
      if (!run) return merges;
      if (merges === 0) this.releaseSealBuffers();
      this.mergeRun(run[0], run[1]);
      merges++;
    }
  }

  /**
   * Let the seal buffers (pending triples and the sort's scratch, ~800 MB at 32 M fingerprints) go before a merge,
   * so a large merge's peak does not add them; the next segment grows them again.
   */
  private releaseSealBuffers(): void {
    this.sortScratch = undefined;
    if (this.pendingHash.length > 0) return;
    this.pendingHash = new GrowableU32(1 << 16);
    this.pendingDoc = new GrowableU32(1 << 16);
    this.pendingPos = new GrowableU32(1 << 16);
  }

  private pickMerge(): [number, number] | undefined {
    const segs = this.segments;
    const live = (s: Segment) => s.docs.length * (1 - s.removedCount / Math.max(1, s.docCount));
    for (let i = 0; i < segs.length; i++)
      if (segs[i]!.removedCount * 3 > segs[i]!.docCount) return [i, i + 1];
    const tiers = segs.map((s) => tierOf(live(s), this.mergeFactor));
    for (let i = 0; i + this.mergeFactor <= segs.length; i++) {
      let j = i + 1;
      while (j < segs.length && tiers[j] === tiers[i]) j++;
      if (j - i >= this.mergeFactor) return [i, i + this.mergeFactor];
      i = j - 1;
    }
    return undefined;
  }

  /** Merge segments [from, to) into one; removed documents are dropped and the documents renumbered. */
  private mergeRun(from: number, to: number): void {
    const inputs = this.segments.slice(from, to);
    const { postings, remap } = mergePostings(inputs, this.maxDocFrequency);
    const metas: DocumentMeta[] = [];
    const lengths = new GrowableU32(1024);
    const texts: string[] = [];
    const textOffsets: number[] = [0];
    const fileRuns: TextRun[] = [];
    inputs.forEach((seg, s) => {
      const m = remap[s]!;
      for (let d = 0; d < seg.docCount; d++) {
        if (m[d]! < 0) continue;
        metas.push(seg.metas[d]!);
        lengths.push(seg.lengths[d]!);
        textOffsets.push(
          textOffsets[textOffsets.length - 1]! + seg.textOffsets[d + 1]! - seg.textOffsets[d]!,
        );
        const last = fileRuns[fileRuns.length - 1];
        if (!this.folder) {
          texts.push(seg.text.kind === 'memory' ? seg.text.texts[d]! : readText(seg, d));
        } else if (last?.seg === seg && last.to === d) last.to = d + 1;
        else fileRuns.push({ seg, from: d, to: d + 1 });
      }
    });
    const text: TextSource = { kind: 'memory', texts };
    const merged: Segment = {
      ...postings,
      ...buildDirectory(postings.keys),
      docCount: metas.length,
      metas,
      lengths: lengths.view().slice(),
      textOffsets: Float64Array.from(textOffsets),
      text,
      removed: new Uint8Array(metas.length),
      removedCount: 0,
    };
    // a segment whose documents were all removed goes away
    const replacement = merged.docCount > 0 ? [merged] : [];
    if (this.folder && replacement.length > 0) writeSegment(this.folder, merged, fileRuns);
    this.segments.splice(from, to - from, ...replacement);
    this.renumber();
    if (this.folder) {
      this.swapManifest();
      for (const seg of inputs) {
        if (seg.text.kind === 'file') fs.closeSync(seg.text.fd);
        if (seg.file) fs.rmSync(`${this.folder}/${seg.file}`, { force: true });
      }
    } else {
      this.manifestDirty = true;
    }
  }

  /** Recompute segment bases, ids and counters after segments changed. */
  /** @internal */
  renumber(): void {
    this.bases = [];
    this.byId.clear();
    let base = 0;
    let removed = 0;
    let characters = 0;
    for (const seg of this.segments) {
      this.bases.push(base);
      for (let d = 0; d < seg.docCount; d++) {
        if (seg.removed[d] === 1) continue;
        this.byId.set(seg.metas[d]!.id, base + d);
        characters += seg.lengths[d]!;
      }
      removed += seg.removedCount;
      base += seg.docCount;
    }
    this.sealedDocs = base;
    for (let i = 0; i < this.pMetas.length; i++) {
      if (this.pRemoved.has(i)) continue;
      this.byId.set(this.pMetas[i]!.id, base + i);
      characters += this.pLengths.data[i]!;
    }
    this.removedCount = removed + this.pRemoved.size;
    this.characters = characters;
  }

  /**
   * Look every query k-gram hash up and return (query position, document, source position) seeds. A hash is
   * skipped as boilerplate when it occurs in more than max(maxPostings, boilerplateShare × documents) documents;
   * otherwise the postings of its earliest maxPostings live documents are returned. A shard of a larger library
   * passes `limit` Infinity: only the whole library's document frequency says what is boilerplate (shards.ts).
   */
  /** @internal */
  seeds(
    queryHashes: Uint32Array,
    maxPostings = this.maxDocFrequency,
    limit = Math.max(maxPostings, Math.ceil(this.boilerplateShare * this.size)),
  ): SeedHits {
    this.commit();
    const qpos = new GrowableU32(4096);
    const doc = new GrowableU32(4096);
    const spos = new GrowableU32(4096);
    const segs = this.segments;
    const keep = this.maxDocFrequency;
    const found = new Int32Array(segs.length);
    const df = new Uint32Array(queryHashes.length);
    for (let q = 0; q < queryHashes.length; q++) {
      const h = queryHashes[q]!;
      let total = 0;
      for (let s = 0; s < segs.length; s++) {
        const seg = segs[s]!;
        const at = findKey(seg, h);
        found[s] = at;
        if (at >= 0) total += docFrequency(seg, at, keep);
      }
      df[q] = total;
      if (total === 0 || total > limit) continue;
      let docsLeft = total > maxPostings ? SAMPLED_DOCS : maxPostings;
      for (let s = 0; s < segs.length && docsLeft > 0; s++) {
        const at = found[s]!;
        if (at < 0) continue;
        const seg = segs[s]!;
        const base = this.bases[s]!;
        let last = -1;
        for (let p = seg.starts[at]!; p < seg.starts[at + 1]!; p++) {
          const d = seg.docs[p]!;
          if (seg.removed[d] === 1) continue;
          if (d !== last) {
            if (docsLeft === 0) break;
            docsLeft--;
            last = d;
          }
          qpos.push(q);
          doc.push(base + d);
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
    let textFileBytes = 0;
    for (const s of this.segments) {
      fingerprints += s.docs.length;
      distinct += s.keys.length;
      bytes += s.keys.byteLength + s.starts.byteLength + s.docs.byteLength + s.positions.byteLength;
      bytes += s.dir.byteLength + s.bigKeys.byteLength + s.bigDf.byteLength;
      const textBytes = s.textOffsets[s.docCount]! * 2;
      if (s.text.kind === 'memory') bytes += textBytes;
      else textFileBytes += textBytes;
    }
    return {
      documents: this.size,
      removed: this.removedCount,
      characters: this.characters,
      segments: this.segments.length,
      fingerprints,
      distinctHashes: distinct,
      droppedBoilerplate: this.droppedBoilerplate,
      bytes,
      textFileBytes,
    };
  }

  /** Merge everything into one segment, purging removed documents. */
  compact(): void {
    this.commit();
    if (this.segments.length > 1 || this.removedCount > 0) this.mergeRun(0, this.segments.length);
    if (this.folder && this.manifestDirty) this.swapManifest();
  }

  private swapManifest(): void {
    for (const w of this.watchers) w.manifestSwapping?.(this.folder!);
    writeManifest(this);
  }

  /** Close the text files of a folder-backed index. */
  close(): void {
    for (const seg of this.segments) if (seg.text.kind === 'file') fs.closeSync(seg.text.fd);
    this.segments = [];
    this.sortScratch = undefined;
    this.renumber();
  }
}

export { GrowableU32, type Segment };
