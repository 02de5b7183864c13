import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TOKENIZER } from './dictwords.ts';
import { checkEndianness, readAll, replaceJson, writeAll } from './persist.ts';

/**
 * The reworded stage's word index kept in the character index's folder, so a load reads the library's words
 * instead of segmenting its texts again (~15 M characters/s per core: a minute of CPU for 1 B characters).
 * Append-only, like the segments: each save writes the documents segmented since the last one as a new block
 * file, then `words.json` (temporary file, fsync, rename) names the blocks and the documents removed since.
 * Postings are not stored: a load rebuilds them from the forward index in one counting pass. The manifest names
 * the tokenizer that cut the words: a store another one made (jieba's, before) is discarded and segmented again,
 * since its word hashes would not match the queries'.
 *
 * Block file (little-endian, parts aligned to 8 bytes):
 *   'PDWB' | u32 version | u32 headerBytes | header JSON | new words' hashes u32[words]
 *   | sentences per document u32[docs] | words per sentence u32[sentences] | word numbers u32[forward]
 */
const MAGIC = 'PDWB';
const VERSION = 1;
const MANIFEST = 'words.json';

/** Documents segmented together: their ids and matching lengths, sentences and word numbers. */
export interface WordBlock {
  ids: string[];
  lengths: number[];
  /** Hashes of the words first numbered in this block (numbered in this order, after the earlier blocks'). */
  newWords: Uint32Array;
  docSentences: Uint32Array;
  sentenceWords: Uint32Array;
  forward: Uint32Array;
  /** When read: the forward part followed by free room in the same array. */
  forwardRoom?: Uint32Array;
}

interface BlockHeader {
  ids: string[];
  lengths: number[];
  words: number;
  docs: number;
  sentences: number;
  forward: number;
}

interface WordManifest {
  format: 'paperdesk-word-index';
  version: number;
  /** The tokenizer whose words the blocks hold (dictwords.ts); absent in stores segmented with jieba. */
  tokenizer?: string;
  blocks: string[];
  /** Word-index document numbers whose words are stale (removed or replaced documents). */
  removed: number[];
}

const pad8 = (n: number) => (8 - (n % 8)) % 8;

/** Write a block as a new file of `folder`; returns its name (named by no manifest yet). */
export function writeWordBlock(folder: string, block: WordBlock): string {
  checkEndianness();
  const file = `words-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.pdwords`;
  const header: BlockHeader = {
    ids: block.ids,
    lengths: block.lengths,
    words: block.newWords.length,
    docs: block.docSentences.length,
    sentences: block.sentenceWords.length,
    forward: block.forward.length,
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const pre = Buffer.alloc(12);
  pre.write(MAGIC, 0, 'latin1');
  pre.writeUInt32LE(VERSION, 4);
  pre.writeUInt32LE(json.length, 8);
  const fd = fs.openSync(path.join(folder, file), 'w');
  try {
    let at = writeAll(fd, pre, 0);
    at = writeAll(fd, json, at);
    at = writeAll(fd, Buffer.alloc(pad8(at)), at);
    for (const a of [block.newWords, block.docSentences, block.sentenceWords, block.forward])
      at = writeAll(fd, Buffer.from(a.buffer, a.byteOffset, a.byteLength), at);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

/**
 * Read a block; with room, 1/16 more word numbers fit after its forward part (the last one) in the same array,
 * so a word index read back takes later documents' words without copying its largest array (1.2 GB at 1 B).
 */
function readWordBlock(folder: string, file: string, withRoom: boolean): WordBlock {
  checkEndianness();
  const fd = fs.openSync(path.join(folder, file), 'r');
  try {
    const pre = Buffer.alloc(12);
    readAll(fd, pre, 0);
    if (pre.toString('latin1', 0, 4) !== MAGIC || pre.readUInt32LE(4) !== VERSION)
      throw new Error(`${file} is not a word-index block of version ${VERSION}`);
    const json = Buffer.alloc(pre.readUInt32LE(8));
    readAll(fd, json, 12);
    const h = JSON.parse(json.toString('utf8')) as BlockHeader;
    const start = 12 + json.length + pad8(12 + json.length);
    const size = h.words + h.docs + h.sentences + h.forward;
    const all = new Uint32Array(size + (withRoom ? Math.ceil(h.forward / 16) + 1024 : 0));
    readAll(fd, new Uint8Array(all.buffer, 0, size * 4), start);
    let at = 0;
    const take = (n: number) => {
      at += n;
      return all.subarray(at - n, at);
    };
    return {
      ids: h.ids,
      lengths: h.lengths,
      newWords: take(h.words),
      docSentences: take(h.docs),
      sentenceWords: take(h.sentences),
      forward: take(h.forward),
      forwardRoom: all.subarray(at - h.forward),
    };
  } finally {
    fs.closeSync(fd);
  }
}

/** Name the blocks making the word index of `folder` and its stale documents (atomically replaced). */
export function writeWordManifest(folder: string, blocks: string[], removed: number[]): void {
  const manifest: WordManifest = {
    format: 'paperdesk-word-index',
    version: VERSION,
    tokenizer: TOKENIZER,
    blocks,
    removed,
  };
  replaceJson(folder, MANIFEST, manifest);
}

/** The word index kept in `folder`, in block order, or undefined when it has none (or another tokenizer's). */
export function readWordStore(
  folder: string,
): { files: string[]; blocks: WordBlock[]; removed: number[] } | undefined {
  const file = path.join(folder, MANIFEST);
  if (!fs.existsSync(file)) return undefined;
  const m = JSON.parse(fs.readFileSync(file, 'utf8')) as WordManifest;
  if (m.format !== 'paperdesk-word-index' || m.version !== VERSION || m.tokenizer !== TOKENIZER)
    return undefined;
  return {
    files: m.blocks,
    // a single block becomes the word index's forward array
    blocks: m.blocks.map((b) => readWordBlock(folder, b, m.blocks.length === 1)),
    removed: m.removed,
  };
}

/** Delete the block files of `folder` that `live` does not name (blocks of a superseded word index). */
export function removeWordBlocks(folder: string, live: string[]): void {
  const keep = new Set(live);
  for (const f of fs.readdirSync(folder))
    if (f.endsWith('.pdwords') && !keep.has(f)) fs.rmSync(path.join(folder, f), { force: true });
}
