import fs from 'node:fs';
import os from 'node:os';
import { type DocumentMeta, PlagiarismIndex, type Segment } from './library.ts';

/**
 * Binary format (little-endian), every part aligned to 4 bytes:
 *   'PDPX' | u32 version | u32 headerBytes | header JSON | meta JSON | removed u8[n] | lengths u32[n]
 *   | textLengths u32[n] | text chunks (UTF-16LE) | per segment: keys, starts, docs, positions (u32 arrays)
 * Typed arrays are stored raw, so loading is a few large reads and no parsing of postings.
 */
const MAGIC = 'PDPX';
const VERSION = 1;
const TEXT_CHUNK_UNITS = 16 * 1024 * 1024;

interface Header {
  k: number;
  w: number;
  maxDocFrequency: number;
  documents: number;
  droppedBoilerplate: number;
  metaBytes: number;
  /** Text chunks: byte size and number of documents (documents never straddle chunks). */
  textChunks: Array<{ bytes: number; docs: number }>;
  segments: Array<{ keys: number; postings: number }>;
}

function pad4(n: number): number {
  return (4 - (n % 4)) % 4;
}

function bytesOf(a: Uint32Array | Uint8Array): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

function checkEndianness(): void {
  if (os.endianness() !== 'LE') throw new Error('PlagiarismIndex files are little-endian; this host is not');
}

/** The index as a list of buffers to be written one after another (no single huge allocation). */
export function indexToBuffers(index: PlagiarismIndex): Buffer[] {
  checkEndianness();
  index.commit();
  const n = index.metas.length;
  const parts: Buffer[] = [];
  const push = (b: Buffer) => {
    parts.push(b);
    const p = pad4(b.length);
    if (p) parts.push(Buffer.alloc(p));
  };
  const meta = Buffer.from(JSON.stringify(index.metas), 'utf8');
  const textLengths = new Uint32Array(n);
  const textChunks: Buffer[] = [];
  const chunkDocs: number[] = [];
  let group: string[] = [];
  let groupUnits = 0;
  for (let i = 0; i < n; i++) {
    const t = index.texts[i]!;
    textLengths[i] = t.length;
    if (groupUnits + t.length > TEXT_CHUNK_UNITS && group.length > 0) {
      textChunks.push(Buffer.from(group.join(''), 'utf16le'));
      chunkDocs.push(group.length);
      group = [];
      groupUnits = 0;
    }
    group.push(t);
    groupUnits += t.length;
  }
  if (group.length > 0) {
    textChunks.push(Buffer.from(group.join(''), 'utf16le'));
    chunkDocs.push(group.length);
  }
  const header: Header = {
    k: index.k,
    w: index.w,
    maxDocFrequency: index.maxDocFrequency,
    documents: n,
    droppedBoilerplate: index.droppedBoilerplate,
    metaBytes: meta.length,
    textChunks: textChunks.map((c, i) => ({ bytes: c.length, docs: chunkDocs[i]! })),
    segments: index.segments.map((s) => ({ keys: s.keys.length, postings: s.docs.length })),
  };
  const headerBuf = Buffer.from(JSON.stringify(header), 'utf8');
  const pre = Buffer.alloc(12);
  pre.write(MAGIC, 0, 'latin1');
  pre.writeUInt32LE(VERSION, 4);
  pre.writeUInt32LE(headerBuf.length, 8);
  parts.push(pre);
  push(headerBuf);
  push(meta);
  push(bytesOf(index.removed.subarray(0, n)));
  push(bytesOf(index.lengths.data.subarray(0, n)));
  push(bytesOf(textLengths));
  for (const c of textChunks) push(c);
  for (const s of index.segments) {
    push(bytesOf(s.keys));
    push(bytesOf(s.starts));
    push(bytesOf(s.docs));
    push(bytesOf(s.positions));
  }
  return parts;
}

export function indexToBuffer(index: PlagiarismIndex): Buffer {
  return Buffer.concat(indexToBuffers(index));
}

interface ByteSource {
  read(n: number): Buffer;
}

function bufferSource(buf: Buffer): ByteSource {
  let at = 0;
  return {
    read(n) {
      if (at + n > buf.length) throw new Error('PlagiarismIndex data is truncated');
      const out = buf.subarray(at, at + n);
      at += n;
      return out;
    },
  };
}

function fileSource(fd: number): ByteSource {
  return {
    read(n) {
      const out = Buffer.allocUnsafeSlow(n);
      let got = 0;
      while (got < n) {
        const r = fs.readSync(fd, out, got, Math.min(n - got, 1 << 30), null);
        if (r === 0) throw new Error('PlagiarismIndex file is truncated');
        got += r;
      }
      return out;
    },
  };
}

function readPadded(src: ByteSource, n: number): Buffer {
  const b = src.read(n);
  const p = pad4(n);
  if (p) src.read(p);
  return b;
}

function u32(src: ByteSource, count: number): Uint32Array {
  const b = readPadded(src, count * 4);
  if (b.byteOffset % 4 === 0) return new Uint32Array(b.buffer, b.byteOffset, count);
  const copy = new Uint32Array(count);
  bytesOf(copy).set(b);
  return copy;
}

function readIndex(src: ByteSource): PlagiarismIndex {
  checkEndianness();
  const pre = src.read(12);
  if (pre.toString('latin1', 0, 4) !== MAGIC) throw new Error('not a PlagiarismIndex file');
  const version = pre.readUInt32LE(4);
  if (version !== VERSION) throw new Error(`unsupported PlagiarismIndex version ${version}`);
  const header = JSON.parse(readPadded(src, pre.readUInt32LE(8)).toString('utf8')) as Header;
  const metas = JSON.parse(readPadded(src, header.metaBytes).toString('utf8')) as DocumentMeta[];
  const n = header.documents;
  const removed = new Uint8Array(readPadded(src, n));
  const lengths = u32(src, n);
  const textLengths = u32(src, n);
  const texts: string[] = new Array(n);
  let doc = 0;
  for (const c of header.textChunks) {
    const chunk = readPadded(src, c.bytes);
    let off = 0;
    for (let i = 0; i < c.docs; i++, doc++) {
      const len = textLengths[doc]! * 2;
      texts[doc] = chunk.toString('utf16le', off, off + len);
      off += len;
    }
  }
  if (doc !== n) throw new Error('PlagiarismIndex data is inconsistent');
  const segments: Segment[] = header.segments.map((s) => ({
    keys: u32(src, s.keys),
    starts: u32(src, s.keys + 1),
    docs: u32(src, s.postings),
    positions: u32(src, s.postings),
  }));
  return PlagiarismIndex.restore(
    { k: header.k, w: header.w, maxDocFrequency: header.maxDocFrequency, segmentFingerprints: 8_000_000 },
    metas,
    texts,
    removed,
    lengths,
    segments,
    header.droppedBoilerplate,
  );
}

export function indexFromBuffer(buf: Buffer): PlagiarismIndex {
  return readIndex(bufferSource(buf));
}

/** Write the index to a file (through a temporary file and a rename, so a crash never leaves half a file). */
export function saveIndex(index: PlagiarismIndex, file: string): void {
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = fs.openSync(tmp, 'w');
  try {
    for (const part of indexToBuffers(index)) {
      let off = 0;
      while (off < part.length) off += fs.writeSync(fd, part, off, part.length - off);
    }
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

export function loadIndex(file: string): PlagiarismIndex {
  const fd = fs.openSync(file, 'r');
  try {
    return readIndex(fileSource(fd));
  } finally {
    fs.closeSync(fd);
  }
}
