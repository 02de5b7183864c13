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
 * A full save (every document in one block) also writes the block's sealed postings as a `.pdpost` file, named in
 * the manifest with the blocks it was sealed from: a load reads them (1.26 GB at 1 B, ~1 s) instead of sorting
 * ~315 M word numbers again (~4-5 s), and seals only the blocks appended since. Absent, unreadable or sealed from
 * other blocks, the postings file is ignored and the load rebuilds them in one counting pass. The manifest names
 * the tokenizer that cut the words: a store another one made (jieba's, before) is discarded and segmented again,
 * since its word hashes would not match the queries'.
 *
 * Block file (little-endian, parts aligned to 8 bytes):
 *   'PDWB' | u32 version | u32 headerBytes | header JSON | new words' hashes u32[words]
 *   | sentences per document u32[docs] | words per sentence u32[sentences] | word numbers u32[forward]
 * Postings file: 'PDWP' | u32 version | u32 words | u32 postings | starts u32[words + 1] | sentences u32[postings]
 */
const MAGIC = 'PDWB';
const VERSION = 1;
const MANIFEST = 'words.json';
const POSTINGS_MAGIC = 'PDWP';

/** Postings in compressed-row form: the sentences of word w are sentences[starts[w] .. starts[w + 1]). */
export interface WordPostings {
  words: number;
  starts: Uint32Array;
  sentences: Uint32Array;
}

/** A postings file and the blocks (a prefix of the manifest's) whose sentences it holds the postings of. */
export interface PostingsEntry {
  file: string;
  sealedFrom: string[];
}

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
  postings?: PostingsEntry;
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

/** Write the postings sealed from the block files `sealedFrom` as a new file of `folder`; returns its entry. */
export function writeWordPostings(
  folder: string,
  postings: WordPostings,
  sealedFrom: string[],
): PostingsEntry {
  checkEndianness();
  const file = `words-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.pdpost`;
  const pre = Buffer.alloc(16);
  pre.write(POSTINGS_MAGIC, 0, 'latin1');
  pre.writeUInt32LE(VERSION, 4);
  pre.writeUInt32LE(postings.words, 8);
  pre.writeUInt32LE(postings.sentences.length, 12);
  const fd = fs.openSync(path.join(folder, file), 'w');
  try {
    let at = writeAll(fd, pre, 0);
    for (const a of [postings.starts.subarray(0, postings.words + 1), postings.sentences])
      at = writeAll(fd, Buffer.from(a.buffer, a.byteOffset, a.byteLength), at);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return { file, sealedFrom };
}

/**
 * The postings named by `entry` if they fit `blocks` (the store's, in order): sealed from its first blocks, with
 * their words and word numbers. Undefined otherwise, or when the file is missing or not whole.
 */
function readWordPostings(
  folder: string,
  entry: PostingsEntry,
  names: string[],
  blocks: WordBlock[],
): (WordPostings & { blocks: number }) | undefined {
  const n = entry.sealedFrom.length;
  if (n === 0 || n > names.length || entry.sealedFrom.some((b, i) => names[i] !== b)) return undefined;
  const sealed = blocks.slice(0, n);
  const words = sealed.reduce((w, b) => w + b.newWords.length, 0);
  const postings = sealed.reduce((w, b) => w + b.forward.length, 0);
  const file = path.join(folder, entry.file);
  if (!fs.existsSync(file) || fs.statSync(file).size !== 16 + 4 * (words + 1 + postings)) return undefined;
  const fd = fs.openSync(file, 'r');
  try {
    const pre = Buffer.alloc(16);
    readAll(fd, pre, 0);
    if (
      pre.toString('latin1', 0, 4) !== POSTINGS_MAGIC ||
      pre.readUInt32LE(4) !== VERSION ||
      pre.readUInt32LE(8) !== words ||
      pre.readUInt32LE(12) !== postings
    )
      return undefined;
    const all = new Uint32Array(words + 1 + postings);
    readAll(fd, new Uint8Array(all.buffer), 16);
    const starts = all.subarray(0, words + 1);
    if (starts[words] !== postings) return undefined;
    return { words, starts, sentences: all.subarray(words + 1), blocks: n };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Name the blocks making the word index of `folder`, its stale documents and the postings file sealed from its
 * first blocks, if any (atomically replaced).
 */
export function writeWordManifest(
  folder: string,
  blocks: string[],
  removed: number[],
  postings: PostingsEntry | undefined,
): void {
  const manifest: WordManifest = {
    format: 'paperdesk-word-index',
    version: VERSION,
    tokenizer: TOKENIZER,
    blocks,
    removed,
    ...(postings ? { postings } : {}),
  };
  replaceJson(folder, MANIFEST, manifest);
}

/**
 * The word index kept in `folder`, in block order, or undefined when it has none (or another tokenizer's); with
 * the postings of its first `postings.blocks` blocks when a postings file fits them.
 */
export function readWordStore(folder: string):
  | {
      files: string[];
      blocks: WordBlock[];
      removed: number[];
      postingsEntry: PostingsEntry | undefined;
      postings: (WordPostings & { blocks: number }) | undefined;
    }
  | undefined {
  const file = path.join(folder, MANIFEST);
  if (!fs.existsSync(file)) return undefined;
  const m = JSON.parse(fs.readFileSync(file, 'utf8')) as WordManifest;
  if (m.format !== 'paperdesk-word-index' || m.version !== VERSION || m.tokenizer !== TOKENIZER)
    return undefined;
  // a single block becomes the word index's forward array
  const blocks = m.blocks.map((b) => readWordBlock(folder, b, m.blocks.length === 1));
  const postings = m.postings ? readWordPostings(folder, m.postings, m.blocks, blocks) : undefined;
  return {
    files: m.blocks,
    blocks,
    removed: m.removed,
    postingsEntry: postings ? m.postings : undefined,
    postings,
  };
}

/** Delete the block and postings files of `folder` that `live` does not name (of a superseded word index). */
export function removeWordBlocks(folder: string, live: string[]): void {
  const keep = new Set(live);
  for (const f of fs.readdirSync(folder))
    if ((f.endsWith('.pdwords') || f.endsWith('.pdpost')) && !keep.has(f))
      fs.rmSync(path.join(folder, f), { force: true });
}
