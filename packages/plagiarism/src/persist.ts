import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DocumentMeta, type IndexOptions, PlagiarismIndex } from './library.ts';
import { buildDirectory, type Segment } from './segment.ts';

/**
 * An index folder: one file per segment (written once, never changed) and `manifest.json`, which names the
 * segment files that make the index and the documents removed from each. The manifest is replaced by writing a
 * temporary file and renaming it over the old one, so a crash leaves either the old or the new index; a torn
 * segment or temporary file is simply not named by any manifest and is deleted when stale.
 *
 * Segment file (little-endian, parts aligned to 8 bytes):
 *   'PDSG' | u32 version | u32 headerBytes | header JSON | meta JSON | lengths u32[docs] | textOffsets f64[docs+1]
 *   | keys | starts | docs | positions | bigKeys | bigDf (u32 arrays) | texts (UTF-16LE, read by offset)
 * Postings are read into SharedArrayBuffers (outside the V8 heap, shareable with other threads); texts stay in
 * the file.
 */
const MAGIC = 'PDSG';
const VERSION = 2;
const MANIFEST = 'manifest.json';
/** Files no manifest names are deleted once they are this old (another process may be about to name them). */
const STALE_MS = 60 * 60_000;

interface SegmentHeader {
  docCount: number;
  keys: number;
  postings: number;
  big: number;
  metaBytes: number;
  textStart: number;
}

interface Manifest {
  format: 'paperdesk-plagiarism-index';
  version: number;
  k: number;
  w: number;
  maxDocFrequency: number;
  boilerplateShare: number;
  droppedBoilerplate: number;
  segments: Array<{ file: string; removed: number[] }>;
}

export function checkEndianness(): void {
  if (os.endianness() !== 'LE') throw new Error('PlagiarismIndex files are little-endian; this host is not');
}

const pad8 = (n: number) => (8 - (n % 8)) % 8;

function bytesOf(a: ArrayBufferView): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

export function writeAll(fd: number, buf: Buffer, position: number): number {
  let off = 0;
  while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off, position + off);
  return position + buf.length;
}

export function readAll(fd: number, into: Uint8Array, position: number): void {
  let got = 0;
  while (got < into.length) {
    const r = fs.readSync(fd, into, got, Math.min(into.length - got, 1 << 30), position + got);
    if (r === 0) throw new Error('PlagiarismIndex segment file is truncated');
    got += r;
  }
}

function fsyncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // some file systems refuse to fsync a directory; the rename is still atomic
  }
}

/** The text of one document of a file-backed segment. */
export function readText(seg: Segment, local: number): string {
  if (seg.text.kind !== 'file') throw new Error('segment texts are in memory');
  const from = seg.textOffsets[local]!;
  const units = seg.textOffsets[local + 1]! - from;
  if (units === 0) return '';
  const buf = Buffer.allocUnsafe(units * 2);
  readAll(seg.text.fd, buf, seg.text.start + from * 2);
  return buf.toString('utf16le');
}

/** Documents [from, to) of a segment, whose texts a merged segment takes over in this order. */
export interface TextRun {
  seg: Segment;
  from: number;
  to: number;
}

/**
 * Write a segment as a new file in `folder` and switch its texts to that file. `runs` says where the texts come
 * from when the segment is a merge of others (default: the segment's own texts).
 */
export function writeSegment(folder: string, seg: Segment, runs?: TextRun[]): void {
  checkEndianness();
  fs.mkdirSync(folder, { recursive: true });
  const file = `seg-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.pdseg`;
  const meta = Buffer.from(JSON.stringify(seg.metas), 'utf8');
  const arrays: ArrayBufferView[] = [
    seg.lengths,
    seg.textOffsets,
    seg.keys,
    seg.starts,
    seg.docs,
    seg.positions,
    seg.bigKeys,
    seg.bigDf,
  ];
  const header: SegmentHeader = {
    docCount: seg.docCount,
    keys: seg.keys.length,
    postings: seg.docs.length,
    big: seg.bigKeys.length,
    metaBytes: meta.length,
    textStart: 0,
  };
  // the header's own length depends on textStart: fix its width with padding to 16 digits
  const headerBytes = Buffer.byteLength(JSON.stringify({ ...header, textStart: 1e15 }));
  let at = 12 + headerBytes + pad8(12 + headerBytes) + meta.length;
  at += pad8(at);
  for (const a of arrays) at += a.byteLength + pad8(a.byteLength);
  header.textStart = at;
  const headerJson = Buffer.alloc(headerBytes, ' ');
  headerJson.write(JSON.stringify(header), 'utf8');

  const tmp = path.join(folder, `${file}.tmp`);
  const fd = fs.openSync(tmp, 'w+');
  try {
    const pre = Buffer.alloc(12);
    pre.write(MAGIC, 0, 'latin1');
    pre.writeUInt32LE(VERSION, 4);
    pre.writeUInt32LE(headerBytes, 8);
    let pos = writeAll(fd, pre, 0);
    pos = writeAll(fd, headerJson, pos);
    pos += pad8(pos);
    pos = writeAll(fd, meta, pos);
    pos += pad8(pos);
    for (const a of arrays) {
      pos = writeAll(fd, bytesOf(a), pos);
      pos += pad8(a.byteLength);
    }
    if (pos !== header.textStart) throw new Error('segment layout mismatch');
    // texts through one 8 MB staging buffer: encoded or read straight into it, written when full
    const stage = Buffer.allocUnsafe(8 << 20);
    let staged = 0;
    const flush = () => {
      if (staged === 0) return;
      pos = writeAll(fd, stage.subarray(0, staged), pos);
      staged = 0;
    };
    const pushText = (t: string) => {
      let from = 0;
      while (from < t.length) {
        if (staged + 2 > stage.length) flush();
        const units = Math.min(t.length - from, (stage.length - staged) >>> 1);
        staged += stage.write(
          from === 0 && units === t.length ? t : t.slice(from, from + units),
          staged,
          'utf16le',
        );
        from += units;
      }
    };
    const pushZeros = (bytes: number) => {
      for (let left = bytes; left > 0; ) {
        if (staged === stage.length) flush();
        const n = Math.min(left, stage.length - staged);
        stage.fill(0, staged, staged + n);
        staged += n;
        left -= n;
      }
    };
    const copyRange = (from: number, end: number, src: number) => {
      for (let at = from; at < end; ) {
        if (staged === stage.length) flush();
        const n = Math.min(end - at, stage.length - staged);
        readAll(src, stage.subarray(staged, staged + n), at);
        staged += n;
        at += n;
      }
    };
    if (runs) {
      for (const r of runs) {
        const t = r.seg.text;
        if (t.kind === 'memory') {
          for (let d = r.from; d < r.to; d++) pushText(t.texts[d]!);
          continue;
        }
        // consecutive documents are one byte range of the input file
        copyRange(t.start + r.seg.textOffsets[r.from]! * 2, t.start + r.seg.textOffsets[r.to]! * 2, t.fd);
      }
    } else if (seg.text.kind === 'memory') {
      seg.text.texts.forEach((t, d) => {
        // a removed document's text was dropped from memory: keep its place so the offsets stay right
        const units = seg.textOffsets[d + 1]! - seg.textOffsets[d]!;
        if (t.length === units) pushText(t);
        else pushZeros(units * 2);
      });
    } else {
      copyRange(seg.text.start, seg.text.start + seg.textOffsets[seg.docCount]! * 2, seg.text.fd);
    }
    flush();
    fs.fsyncSync(fd);
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  fs.closeSync(fd);
  fs.renameSync(tmp, path.join(folder, file));
  if (seg.text.kind === 'file') fs.closeSync(seg.text.fd);
  seg.text = { kind: 'file', fd: fs.openSync(path.join(folder, file), 'r'), start: header.textStart };
  seg.file = file;
}

function sharedU32(fd: number, count: number, position: number): Uint32Array {
  const a = new Uint32Array(new SharedArrayBuffer(count * 4));
  readAll(fd, new Uint8Array(a.buffer), position);
  return a;
}

/** Read a segment file: postings into shared memory, texts left in the file (the descriptor stays open). */
export function readSegment(folder: string, file: string, removedLocals: number[]): Segment {
  checkEndianness();
  const fd = fs.openSync(path.join(folder, file), 'r');
  try {
    const pre = Buffer.alloc(12);
    readAll(fd, pre, 0);
    if (pre.toString('latin1', 0, 4) !== MAGIC) throw new Error(`${file} is not a PlagiarismIndex segment`);
    if (pre.readUInt32LE(4) !== VERSION)
      throw new Error(`unsupported segment version ${pre.readUInt32LE(4)}`);
    const headerBuf = Buffer.alloc(pre.readUInt32LE(8));
    readAll(fd, headerBuf, 12);
    const h = JSON.parse(headerBuf.toString('utf8')) as SegmentHeader;
    let pos = 12 + headerBuf.length;
    pos += pad8(pos);
    const metaBuf = Buffer.alloc(h.metaBytes);
    readAll(fd, metaBuf, pos);
    const metas = JSON.parse(metaBuf.toString('utf8')) as DocumentMeta[];
    pos += h.metaBytes + pad8(h.metaBytes);
    const u32 = (count: number) => {
      const a = sharedU32(fd, count, pos);
      pos += count * 4 + pad8(count * 4);
      return a;
    };
    const lengths = u32(h.docCount);
    const textOffsets = new Float64Array(new SharedArrayBuffer((h.docCount + 1) * 8));
    readAll(fd, new Uint8Array(textOffsets.buffer), pos);
    pos += textOffsets.byteLength;
    const keys = u32(h.keys);
    const starts = u32(h.keys + 1);
    const docs = u32(h.postings);
    const positions = u32(h.postings);
    const bigKeys = u32(h.big);
    const bigDf = u32(h.big);
    if (pos !== h.textStart || metas.length !== h.docCount) throw new Error(`${file} is inconsistent`);
    const removed = new Uint8Array(h.docCount);
    for (const d of removedLocals) removed[d] = 1;
    return {
      file,
      keys,
      starts,
      docs,
      positions,
      bigKeys,
      bigDf,
      ...buildDirectory(keys),
      docCount: h.docCount,
      metas,
      lengths,
      textOffsets,
      text: { kind: 'file', fd, start: h.textStart },
      removed,
      removedCount: removedLocals.length,
    };
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
}

/** Replace the folder's manifest with one describing the index (temporary file, fsync, rename). */
export function writeManifest(index: PlagiarismIndex): void {
  const folder = index.folder;
  if (!folder) throw new Error('the index has no folder');
  const manifest: Manifest = {
    format: 'paperdesk-plagiarism-index',
    version: VERSION,
    k: index.k,
    w: index.w,
    maxDocFrequency: index.maxDocFrequency,
    boilerplateShare: index.boilerplateShare,
    droppedBoilerplate: index.droppedBoilerplate,
    segments: index.segments.map((s) => {
      if (!s.file) throw new Error('a segment was not written');
      const removed: number[] = [];
      for (let d = 0; d < s.docCount; d++) if (s.removed[d] === 1) removed.push(d);
      return { file: s.file, removed };
    }),
  };
  replaceJson(folder, MANIFEST, manifest);
  index.manifestDirty = false;
}

/** Replace `folder/name` with `value` as JSON: a temporary file, fsync, rename (a crash leaves old or new). */
export function replaceJson(folder: string, name: string, value: unknown): void {
  const tmp = path.join(folder, `${name}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  const fd = fs.openSync(tmp, 'w');
  try {
    writeAll(fd, Buffer.from(JSON.stringify(value)), 0);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, path.join(folder, name));
  fsyncDir(folder);
}

/** Point the index at a folder: every segment it holds is written there. */
export function attachFolder(index: PlagiarismIndex, folder: string): void {
  index.folder = folder;
  for (const seg of index.segments) {
    seg.file = undefined;
    writeSegment(folder, seg);
  }
  index.manifestDirty = true;
}

/** Segment files deleted under the index (another process's clean-up) are written again from what it holds. */
export function rewriteMissing(index: PlagiarismIndex): void {
  const folder = index.folder;
  if (!folder) return;
  for (const seg of index.segments) {
    if (seg.file && fs.existsSync(path.join(folder, seg.file))) continue;
    writeSegment(folder, seg);
    index.manifestDirty = true;
  }
}

/** Delete files of the folder that no manifest names and that are old enough not to be another writer's. */
function removeStale(folder: string, live: Set<string>): void {
  const now = Date.now();
  for (const f of fs.readdirSync(folder)) {
    if (f === MANIFEST || live.has(f) || !(f.endsWith('.pdseg') || f.includes('.tmp'))) continue;
    const p = path.join(folder, f);
    try {
      if (now - fs.statSync(p).mtimeMs > STALE_MS) fs.rmSync(p, { force: true });
    } catch {
      // already gone
    }
  }
}

/** Open the index kept in `folder`, or an empty one attached to it. */
export function openFolder(folder: string, options: IndexOptions): PlagiarismIndex {
  const file = path.join(folder, MANIFEST);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(folder, { recursive: true });
    const index = new PlagiarismIndex(options);
    index.folder = folder;
    return index;
  }
  const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (m.format !== 'paperdesk-plagiarism-index' || m.version !== VERSION)
    throw new Error(`${file} is not a PlagiarismIndex manifest of version ${VERSION}`);
  const index = new PlagiarismIndex({
    ...options,
    k: m.k,
    w: m.w,
    maxDocFrequency: m.maxDocFrequency,
    boilerplateShare: m.boilerplateShare,
  });
  index.folder = folder;
  index.droppedBoilerplate = m.droppedBoilerplate;
  try {
    for (const s of m.segments) index.segments.push(readSegment(folder, s.file, s.removed));
  } catch (err) {
    index.close();
    throw err;
  }
  index.renumber();
  removeStale(folder, new Set(m.segments.map((s) => s.file)));
  return index;
}

/** Save the index into `folder` (appending: segments already there are not written again). */
export function saveIndex(index: PlagiarismIndex, folder: string): void {
  index.save(folder);
}

export function loadIndex(folder: string, options: IndexOptions = {}): PlagiarismIndex {
  const m = path.join(folder, MANIFEST);
  if (!fs.existsSync(m)) throw new Error(`no PlagiarismIndex in ${folder}`);
  return PlagiarismIndex.open(folder, options);
}
