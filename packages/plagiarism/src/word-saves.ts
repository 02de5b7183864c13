import type { PlagiarismIndex } from './library.ts';
import { seal } from './word-postings.ts';
import type { WordTables } from './word-tables.ts';
import {
  type PostingsEntry,
  readWordStore,
  removeWordBlocks,
  type WordBlock,
  type WordPostings,
  writeWordBlock,
  writeWordManifest,
  writeWordPostings,
} from './wordstore.ts';

/**
 * The word index's persistence: it is read from the character index's folder when one was loaded, and each save
 * of the character index writes what was segmented since the last save into the same folder (wordstore.ts), so a
 * load reads every word back and none is segmented again. Keeps what that folder holds.
 */
export class WordSaves {
  private folder: string | undefined;
  private blocks: string[] = [];
  /** The postings file kept in that folder (sealed from its first blocks), if any. */
  private postings: PostingsEntry | undefined;
  /** Documents and words written there. */
  private docs = 0;
  private words = 0;
  private removedSinceSave = false;
  /** Sentences whose postings the load sealed (not read back from a saved postings file). */
  sealedAtLoad = 0;

  /** Read the word store of the folder `index` was loaded from, if any, into `tables`. */
  load(tables: WordTables, index: PlagiarismIndex): void {
    const stored = index.folder ? readWordStore(index.folder) : undefined;
    if (!stored || !index.folder) return;
    this.sealedAtLoad = restore(tables, index, stored.blocks, new Set(stored.removed), stored.postings);
    this.folder = index.folder;
    this.blocks = stored.files;
    this.postings = stored.postingsEntry;
    this.docs = tables.ids.length;
    this.words = tables.vocabulary.size;
  }

  /** A document was removed: the next save names it in the manifest. */
  removed(): void {
    this.removedSinceSave = true;
  }

  /**
   * Write what was segmented since the last save into `folder` (everything when it is another folder); the
   * caller segmented the documents added since.
   */
  save(tables: WordTables, folder: string): void {
    const full = folder !== this.folder;
    const fromDoc = full ? 0 : this.docs;
    if (!full && fromDoc === tables.ids.length && !this.removedSinceSave) return;
    if (full || fromDoc < tables.ids.length) {
      const file = writeWordBlock(folder, blockOf(tables, fromDoc, full ? 0 : this.words));
      this.blocks = full ? [file] : [...this.blocks, file];
    }
    // every sentence sealed in one block of postings, as one block of documents: a load reads them instead of
    // sealing them again (later saves append blocks after it, which a load seals)
    const [only] = tables.segments;
    if (full)
      this.postings =
        only && tables.segments.length === 1 && only.words === tables.vocabulary.size
          ? writeWordPostings(folder, only, this.blocks)
          : undefined;
    const removed: number[] = [];
    for (let d = 0; d < tables.ids.length; d++) if (tables.ids[d] === '') removed.push(d);
    writeWordManifest(folder, this.blocks, removed, this.postings);
    if (full) removeWordBlocks(folder, this.postings ? [...this.blocks, this.postings.file] : this.blocks);
    this.folder = folder;
    this.docs = tables.ids.length;
    this.words = tables.vocabulary.size;
    this.removedSinceSave = false;
  }
}

/**
 * Take in the saved blocks. A document the character index no longer has, or has with another length (replaced
 * while no word index followed it), keeps its numbers but counts as removed; it is segmented again if present.
 * The postings of the first `postings.blocks` blocks are taken as read when given; the rest are sealed here
 * (their sentences are returned).
 */
function restore(
  tables: WordTables,
  index: PlagiarismIndex,
  blocks: WordBlock[],
  removed: Set<number>,
  postings: (WordPostings & { blocks: number }) | undefined,
): number {
  const vocabulary = tables.vocabulary;
  // arrays of the size needed (growing by doubling would hold up to twice the word index at 1 B); a single
  // block's word numbers are taken as read
  const sentences = blocks.reduce((n, b) => n + b.sentenceWords.length, 0);
  const words = blocks.reduce((n, b) => n + b.forward.length, 0);
  // (with 1/16 room for later documents: the first add after a load does not copy them)
  const room = (n: number) => n + Math.ceil(n / 16) + 1024;
  tables.sentenceStart.data = new Uint32Array(room(sentences + 1));
  tables.sentenceDoc.data = new Uint32Array(room(sentences));
  tables.forward.data =
    blocks.length === 1 && blocks[0]!.forwardRoom ? blocks[0]!.forwardRoom : new Uint32Array(room(words));
  for (const block of blocks) {
    for (const h of block.newWords) {
      const expected = vocabulary.size;
      if (vocabulary.add(h) !== expected) throw new Error('word index block out of order');
    }
    let s = 0;
    for (let i = 0; i < block.ids.length; i++) {
      const d = tables.ids.length;
      const id = block.ids[i]!;
      const length = block.lengths[i]!;
      const ordinal = removed.has(d) ? undefined : index.ordinalOf(id);
      const live = ordinal !== undefined && index.ordinalLength(ordinal) === length;
      tables.ids.push(live ? id : '');
      tables.lengths.push(length);
      tables.coveredChars += length;
      if (live) {
        tables.docOf.set(id, d);
        tables.liveChars += length;
      }
      tables.firstSentence.push(tables.sentenceDoc.length);
      for (let k = 0; k < block.docSentences[i]!; k++) {
        tables.sentenceStart.push(
          tables.sentenceStart.data[tables.sentenceStart.length - 1]! + block.sentenceWords[s++]!,
        );
        tables.sentenceDoc.push(d);
      }
    }
    if (blocks.length > 1) tables.forward.data.set(block.forward, tables.forward.length);
    tables.forward.length += block.forward.length;
  }
  const read = postings ? [postings] : [];
  const readSentences = blocks
    .slice(0, postings?.blocks ?? 0)
    .reduce((n, b) => n + b.sentenceWords.length, 0);
  const all = tables.sentences;
  tables.segments =
    readSentences < all
      ? [...read, seal(vocabulary.size, tables.forward.data, tables.sentenceStart.data, readSentences, all)]
      : read;
  // a sentence holds a word once: its document frequency is the length of its rows
  const df = vocabulary.df.data;
  for (const seg of tables.segments)
    for (let w = 0; w < seg.words; w++) df[w]! += seg.starts[w + 1]! - seg.starts[w]!;
  tables.sealedSentences = all;
  return all - readSentences;
}

/** Documents [fromDoc, end) and the words numbered from fromWord on, as a block to write. */
function blockOf(tables: WordTables, fromDoc: number, fromWord: number): WordBlock {
  const sentences = tables.sentences;
  const docs = tables.ids.length;
  const firstOf = (d: number) => (d < docs ? tables.firstSentence[d]! : sentences);
  const docSentences = new Uint32Array(docs - fromDoc);
  for (let d = fromDoc; d < docs; d++) docSentences[d - fromDoc] = firstOf(d + 1) - firstOf(d);
  const fromSentence = firstOf(fromDoc);
  const starts = tables.sentenceStart.data;
  const sentenceWords = new Uint32Array(sentences - fromSentence);
  for (let g = fromSentence; g < sentences; g++)
    sentenceWords[g - fromSentence] = starts[g + 1]! - starts[g]!;
  return {
    ids: tables.ids.slice(fromDoc),
    lengths: tables.lengths.slice(fromDoc),
    newWords: tables.vocabulary.hashes.view().subarray(fromWord),
    docSentences,
    sentenceWords,
    forward: tables.forward.view().subarray(starts[fromSentence]!),
  };
}
