import type { Passage } from './align.ts';
import { GrowableU32, type PlagiarismIndex } from './library.ts';
import { WordThreads } from './word-threads.ts';
import {
  insertionSort,
  type SegmentedDocuments,
  segmentDocuments,
  type WordSentence,
  wordSentences,
} from './words.ts';
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

export { type WordSentence, wordSentences } from './words.ts';

/**
 * Reworded copying: a candidate stage that needs no shared 6-gram. A passage rewritten every few characters
 * (synonyms swapped, words inserted, clauses moved — what 降重 tools do) keeps most of its content words, so
 * library sentences are indexed by their words (jieba's dictionary and route, dictwords.ts), and each query
 * sentence meets the library sentences that share its rarer words (TF-IDF weighted overlap), sentence by sentence.
 *
 * The word index is kept beside a PlagiarismIndex (built on first use, extended with the documents added since,
 * removed documents skipped), and saved into the same folder with it (wordstore.ts), so a load reads it back.
 */

/**
 * The library's vocabulary: content-word hash → dense word number (open addressing; hash 0 marks an empty slot,
 * dictwords.ts never gives it), and each word's document frequency in sentences. Postings and the forward index
 * hold word numbers, so a word's postings are one array range and its weight one array read.
 */
class Vocabulary {
  /** Open addressing, slot s: the hash at [2s] (0: empty), its word number at [2s + 1] (one cache line). */
  private slots = new Uint32Array(2 << 16);
  private mask = (1 << 16) - 1;
  /** Sentences holding each word. */
  df = new GrowableU32(1 << 14);
  /** Each word number's hash (what a saved block names its new words by). */
  hashes = new GrowableU32(1 << 14);

  get size(): number {
    return this.df.length;
  }

  /** The word number of `h`, or -1 when no library sentence has it. */
  find(h: number): number {
    const slots = this.slots;
    for (let s = h & this.mask; ; s = (s + 1) & this.mask) {
      const k = slots[s * 2]!;
      if (k === h) return slots[s * 2 + 1]!;
      if (k === 0) return -1;
    }
  }

  /** The word number of `h`, numbered now when new. */
  add(h: number): number {
    const slots = this.slots;
    let s = h & this.mask;
    for (;;) {
      const k = slots[s * 2]!;
      if (k === h) return slots[s * 2 + 1]!;
      if (k === 0) break;
      s = (s + 1) & this.mask;
    }
    const id = this.df.length;
    this.df.push(0);
    this.hashes.push(h);
    slots[s * 2] = h;
    slots[s * 2 + 1] = id;
    if (this.df.length * 2 > this.mask) this.rehash();
    return id;
  }

  private rehash(): void {
    const old = this.slots;
    const size = old.length; // slots now: twice as many
    const slots = new Uint32Array(size * 2);
    const mask = size - 1;
    for (let i = 0; i < old.length; i += 2) {
      const h = old[i]!;
      if (h === 0) continue;
      let s = h & mask;
      while (slots[s * 2] !== 0) s = (s + 1) & mask;
      slots[s * 2] = h;
      slots[s * 2 + 1] = old[i + 1]!;
    }
    this.slots = slots;
    this.mask = mask;
  }

  get bytes(): number {
    return this.slots.byteLength + this.df.data.byteLength + this.hashes.data.byteLength;
  }
}

/**
 * A sealed block of postings in compressed-row form: the sentences (global numbers, ascending) of word w are
 * sentences[starts[w] .. starts[w + 1]); words numbered after the block was sealed have none in it.
 */
interface WordSegment {
  words: number;
  starts: Uint32Array;
  sentences: Uint32Array;
}

/**
 * The postings of sentences [from, to) of the forward index (words numbered below `words`) as one block: a
 * counting sort over the word numbers, sentences ascending in each word's row.
 */
function seal(
  words: number,
  forward: Uint32Array,
  sentenceStart: Uint32Array,
  from: number,
  to: number,
): WordSegment {
  const first = sentenceStart[from]!;
  const last = sentenceStart[to]!;
  const starts = new Uint32Array(words + 1);
  for (let i = first; i < last; i++) starts[forward[i]! + 1]!++;
  for (let w = 0; w < words; w++) starts[w + 1]! += starts[w]!;
  const fill = starts.slice(0, words);
  const out = new Uint32Array(last - first);
  for (let g = from; g < to; g++)
    for (let i = sentenceStart[g]!; i < sentenceStart[g + 1]!; i++) out[fill[forward[i]!]!++] = g;
  return { words, starts, sentences: out };
}

/** Several blocks (in sentence order) as one. */
function mergeSegments(words: number, segments: WordSegment[]): WordSegment {
  const starts = new Uint32Array(words + 1);
  for (const seg of segments)
    for (let w = 0; w < seg.words; w++) starts[w + 1]! += seg.starts[w + 1]! - seg.starts[w]!;
  for (let w = 0; w < words; w++) starts[w + 1]! += starts[w]!;
  const sentences = new Uint32Array(starts[words]!);
  const at = starts.slice(0, words);
  for (const seg of segments)
    for (let w = 0; w < seg.words; w++) {
      const from = seg.starts[w]!;
      const to = seg.starts[w + 1]!;
      sentences.set(seg.sentences.subarray(from, to), at[w]!);
      at[w]! += to - from;
    }
  return { words, starts, sentences };
}

/** Characters of library text segmented in one call of the segmenter when no thread does it (bounds the arrays). */
const SYNC_BATCH_CHARS = 4_000_000;

/** Characters of library text sent to a word thread at a time. */
const THREAD_BATCH_CHARS = 1_000_000;

/** Probe words per query sentence at most: one bit each in a byte per library sentence (WordIndex.hitProbes). */
const MAX_PROBES = 8;

/** Word segments merged into one past this many (each sync that found new documents seals one). */
const MAX_WORD_SEGMENTS = 8;

/**
 * Sentence weights (the sum of their words' IDF) are recomputed in full when the number of sentences grew by this
 * factor since the last time; sentences added in between are weighed with the IDF of their own sync. Between two
 * full passes an IDF moves by at most log(1.05) ≈ 0.05, and a pass over 100 M characters' sentences takes ~1 s.
 */
const REWEIGH_GROWTH = 1.05;

/**
 * The word index of one PlagiarismIndex. Its postings name documents by its own numbers, each standing for a
 * document id: the character index may renumber its documents (merges purge removed ones), ids stay. It lists
 * the library's ids once, when built, then follows adds and removes through PlagiarismIndex.watch.
 */
export class WordIndex {
  private segments: WordSegment[] = [];
  private vocabulary = new Vocabulary();
  /** This index's document number → id ('' once removed or replaced: its words are stale). */
  private ids: string[] = [];
  /** id → this index's document number, for live documents. */
  private docOf = new Map<string, number>();
  /** Ids waiting to be segmented: the library when built, then documents added since. */
  private queue: string[];
  /** queue[0, queueHead) was taken already (the queue is cut only now and then: it can hold a million ids). */
  private queueHead = 0;
  /** Characters segmented so far (bounded by maxChars), and those of documents still live. */
  private coveredChars = 0;
  private liveChars = 0;
  private lengths: number[] = [];
  /** This index's document number → the character index's current ordinal (-1: removed), per sync. */
  private ordinals = new Map<number, number>();
  /**
   * The forward index: each sentence's word numbers, ascending (global sentence number g → forward range
   * sentenceStart[g] .. sentenceStart[g + 1]), its document, and each document's first sentence.
   */
  private forward = new GrowableU32(1 << 16);
  private sentenceStart = new GrowableU32(1024);
  private sentenceDoc = new GrowableU32(1024);
  private firstSentence: number[] = [];
  /** Each sentence's weight under the IDF of `weighedAt` sentences and document-frequency cut `weighedMaxDf`. */
  private weights = new Float32Array(1024);
  private weighed = 0;
  private weighedAt = 0;
  private weighedMaxDf = -1;
  /**
   * Query scratch: which probe words each sentence holds (bit k: the k-th probe), cleared after each query
   * sentence. One byte per sentence: the array a query's postings hit at random stays small enough for the cache.
   */
  private hitProbes = new Uint8Array(0);
  /** What the folder it was last saved to (or read from) holds: block files, documents and words written. */
  private savedFolder: string | undefined;
  private savedBlocks: string[] = [];
  /** The postings file kept in that folder (sealed from its first blocks), if any. */
  private savedPostings: PostingsEntry | undefined;
  private savedDocs = 0;
  private savedWords = 0;
  private removedSinceSave = false;
  /** Characters this process segmented (not read back from a saved block). */
  private segmented = 0;
  /** Sentences whose postings the load sealed (not read back from a saved postings file). */
  private sealedAtLoad = 0;
  /** Sentences [0, sealedSentences) have their postings in `segments`; later ones wait for the next seal. */
  private sealedSentences = 0;
  /** Word threads while a parallel build runs (startThreads .. settle), and how many take batches during adds. */
  private threads: WordThreads | undefined;
  private threadsWhileAdding = 0;
  /** Ids sent to a thread, each with the number of its sending: a removal in flight drops the answer. */
  private inFlight = new Map<string, number>();
  private sendings = 0;

  constructor(
    private readonly index: PlagiarismIndex,
    private readonly maxChars = Number.POSITIVE_INFINITY,
  ) {
    this.sentenceStart.push(0);
    const stored = index.folder ? readWordStore(index.folder) : undefined;
    if (stored && index.folder) {
      this.restore(stored.blocks, new Set(stored.removed), stored.postings);
      this.savedFolder = index.folder;
      this.savedBlocks = stored.files;
      this.savedPostings = stored.postingsEntry;
      this.savedDocs = this.ids.length;
      this.savedWords = this.vocabulary.size;
    }
    this.queue = index.ids().filter((id) => !this.docOf.has(id));
    index.watch({
      added: (id) => {
        // the documents queued before this one are in the character index: a thread can take them now
        if (this.threads) this.feed(this.threadsWhileAdding);
        this.queue.push(id);
      },
      removed: (id) => {
        this.inFlight.delete(id);
        const d = this.docOf.get(id);
        if (d === undefined) return;
        this.docOf.delete(id);
        this.ids[d] = '';
        this.liveChars -= this.lengths[d]!;
        this.removedSinceSave = true;
      },
      saved: (folder) => this.save(folder),
    });
  }

  /**
   * Take in the saved blocks. A document the character index no longer has, or has with another length (replaced
   * while no word index followed it), keeps its numbers but counts as removed; it is segmented again if present.
   * The postings of the first `postings.blocks` blocks are taken as read when given; the rest are sealed here.
   */
  private restore(
    blocks: WordBlock[],
    removed: Set<number>,
    postings: (WordPostings & { blocks: number }) | undefined,
  ): void {
    const vocabulary = this.vocabulary;
    // arrays of the size needed (growing by doubling would hold up to twice the word index at 1 B); a single
    // block's word numbers are taken as read
    const sentences = blocks.reduce((n, b) => n + b.sentenceWords.length, 0);
    const words = blocks.reduce((n, b) => n + b.forward.length, 0);
    // (with 1/16 room for later documents: the first add after a load does not copy them)
    const room = (n: number) => n + Math.ceil(n / 16) + 1024;
    this.sentenceStart.data = new Uint32Array(room(sentences + 1));
    this.sentenceDoc.data = new Uint32Array(room(sentences));
    this.forward.data =
      blocks.length === 1 && blocks[0]!.forwardRoom ? blocks[0]!.forwardRoom : new Uint32Array(room(words));
    for (const block of blocks) {
      for (const h of block.newWords) {
        const expected = vocabulary.size;
        if (vocabulary.add(h) !== expected) throw new Error('word index block out of order');
      }
      let s = 0;
      for (let i = 0; i < block.ids.length; i++) {
        const d = this.ids.length;
        const id = block.ids[i]!;
        const length = block.lengths[i]!;
        const ordinal = removed.has(d) ? undefined : this.index.ordinalOf(id);
        const live = ordinal !== undefined && this.index.ordinalLength(ordinal) === length;
        this.ids.push(live ? id : '');
        this.lengths.push(length);
        this.coveredChars += length;
        if (live) {
          this.docOf.set(id, d);
          this.liveChars += length;
        }
        this.firstSentence.push(this.sentenceDoc.length);
        for (let k = 0; k < block.docSentences[i]!; k++) {
          this.sentenceStart.push(
            this.sentenceStart.data[this.sentenceStart.length - 1]! + block.sentenceWords[s++]!,
          );
          this.sentenceDoc.push(d);
        }
      }
      if (blocks.length > 1) this.forward.data.set(block.forward, this.forward.length);
      this.forward.length += block.forward.length;
    }
    const read = postings ? [postings] : [];
    const readSentences = blocks
      .slice(0, postings?.blocks ?? 0)
      .reduce((n, b) => n + b.sentenceWords.length, 0);
    this.sealedAtLoad = this.sentences - readSentences;
    this.segments =
      readSentences < this.sentences
        ? [
            ...read,
            seal(vocabulary.size, this.forward.data, this.sentenceStart.data, readSentences, this.sentences),
          ]
        : read;
    // a sentence holds a word once: its document frequency is the length of its rows
    const df = vocabulary.df.data;
    for (const seg of this.segments)
      for (let w = 0; w < seg.words; w++) df[w]! += seg.starts[w + 1]! - seg.starts[w]!;
    this.sealedSentences = this.sentences;
  }

  /**
   * Write what was segmented since the last save into `folder` (everything when it is another folder), after
   * segmenting the documents added since: a load then reads every word back, none is segmented again.
   */
  private save(folder: string): void {
    this.sync();
    const full = folder !== this.savedFolder;
    const fromDoc = full ? 0 : this.savedDocs;
    if (!full && fromDoc === this.ids.length && !this.removedSinceSave) return;
    if (full || fromDoc < this.ids.length) {
      const file = writeWordBlock(folder, this.blockOf(fromDoc, full ? 0 : this.savedWords));
      this.savedBlocks = full ? [file] : [...this.savedBlocks, file];
    }
    // every sentence sealed in one block of postings, as one block of documents: a load reads them instead of
    // sealing them again (later saves append blocks after it, which a load seals)
    const [only] = this.segments;
    if (full)
      this.savedPostings =
        only && this.segments.length === 1 && only.words === this.vocabulary.size
          ? writeWordPostings(folder, only, this.savedBlocks)
          : undefined;
    const removed: number[] = [];
    for (let d = 0; d < this.ids.length; d++) if (this.ids[d] === '') removed.push(d);
    writeWordManifest(folder, this.savedBlocks, removed, this.savedPostings);
    if (full)
      removeWordBlocks(
        folder,
        this.savedPostings ? [...this.savedBlocks, this.savedPostings.file] : this.savedBlocks,
      );
    this.savedFolder = folder;
    this.savedDocs = this.ids.length;
    this.savedWords = this.vocabulary.size;
    this.removedSinceSave = false;
  }

  /** Documents [fromDoc, end) and the words numbered from fromWord on, as a block to write. */
  private blockOf(fromDoc: number, fromWord: number): WordBlock {
    const sentences = this.sentences;
    const firstOf = (d: number) => (d < this.ids.length ? this.firstSentence[d]! : sentences);
    const docSentences = new Uint32Array(this.ids.length - fromDoc);
    for (let d = fromDoc; d < this.ids.length; d++) docSentences[d - fromDoc] = firstOf(d + 1) - firstOf(d);
    const fromSentence = firstOf(fromDoc);
    const starts = this.sentenceStart.data;
    const sentenceWords = new Uint32Array(sentences - fromSentence);
    for (let g = fromSentence; g < sentences; g++)
      sentenceWords[g - fromSentence] = starts[g + 1]! - starts[g]!;
    return {
      ids: this.ids.slice(fromDoc),
      lengths: this.lengths.slice(fromDoc),
      newWords: this.vocabulary.hashes.view().subarray(fromWord),
      docSentences,
      sentenceWords,
      forward: this.forward.view().subarray(starts[fromSentence]!),
    };
  }

  /** Sentences indexed (the N of the inverse document frequency). */
  get sentences(): number {
    return this.sentenceDoc.length;
  }

  /** Characters of library text segmented by this process (those read back from the folder not counted). */
  get segmentedChars(): number {
    return this.segmented;
  }

  /** Sentences whose postings were sealed when loading instead of read back from the folder. */
  get sentencesSealedAtLoad(): number {
    return this.sealedAtLoad;
  }

  /** Share of the library's characters covered (1 unless the library outgrew maxChars). */
  get coverage(): number {
    const all = this.index.characterCount;
    return all === 0 ? 1 : Math.min(1, this.liveChars / all);
  }

  /**
   * Segment the documents added to the character index since the last call (up to maxChars in all), here and
   * now. Documents a word thread is segmenting join when its answer is taken (see settle).
   */
  sync(): void {
    this.ordinals.clear();
    while (this.queued > 0) {
      const batch = this.takeBatch(SYNC_BATCH_CHARS);
      if (batch.ids.length > 0) this.append(batch.ids, batch.lengths, segmentDocuments(batch.texts));
    }
    this.sealPending();
  }

  /** Documents waiting to be segmented. */
  private get queued(): number {
    return this.queue.length - this.queueHead;
  }

  /**
   * Queued documents still in the character index, within maxChars, up to `chars` characters of text (at least
   * one document), taken off the queue.
   */
  private takeBatch(chars: number): { ids: string[]; lengths: number[]; texts: string[] } {
    const ids: string[] = [];
    const lengths: number[] = [];
    const texts: string[] = [];
    let size = 0;
    let i = this.queueHead;
    for (; i < this.queue.length && (size < chars || ids.length === 0); i++) {
      const id = this.queue[i]!;
      if (this.docOf.has(id) || this.inFlight.has(id)) continue;
      const ordinal = this.index.ordinalOf(id);
      if (ordinal === undefined) continue;
      const length = this.index.ordinalLength(ordinal);
      if (this.coveredChars + length > this.maxChars) continue;
      this.coveredChars += length;
      const text = this.index.ordinalText(ordinal);
      ids.push(id);
      lengths.push(length);
      texts.push(text);
      size += text.length;
    }
    this.queueHead = i;
    if (i === this.queue.length) {
      this.queue = [];
      this.queueHead = 0;
    } else if (i > 65536 && i * 2 > this.queue.length) {
      this.queue = this.queue.slice(i);
      this.queueHead = 0;
    }
    return { ids, lengths, texts };
  }

  /** Number the words of segmented documents and append their sentences to the forward index (not sealed yet). */
  private append(ids: string[], lengths: number[], seg: SegmentedDocuments): void {
    const vocabulary = this.vocabulary;
    const { docSentences, sentenceWords, words } = seg;
    this.forward.reserve(words.length);
    // the forward array does not grow below (reserved), so its data and length live in locals
    const forward = this.forward.data;
    let f = this.forward.length;
    let s = 0;
    let at = 0;
    for (let i = 0; i < ids.length; i++) {
      const d = this.ids.length;
      const length = lengths[i]!;
      this.ids.push(ids[i]!);
      this.lengths.push(length);
      this.docOf.set(ids[i]!, d);
      this.liveChars += length;
      this.segmented += length;
      this.firstSentence.push(this.sentenceDoc.length);
      for (let k = 0; k < docSentences[i]!; k++) {
        const from = f;
        const n = sentenceWords[s++]!;
        for (let j = 0; j < n; j++) {
          const w = vocabulary.add(words[at++]!);
          // (df's array is read after add: a new word may have grown it)
          vocabulary.df.data[w]!++;
          forward[f++] = w;
        }
        insertionSort(forward, from, f);
        this.sentenceStart.push(f);
        this.sentenceDoc.push(d);
      }
    }
    this.forward.length = f;
  }

  /** Postings of the sentences appended since the last seal, as one more block (merged when too many). */
  private sealPending(): void {
    if (this.sentences === this.sealedSentences) return;
    const vocabulary = this.vocabulary;
    this.segments.push(
      seal(vocabulary.size, this.forward.data, this.sentenceStart.data, this.sealedSentences, this.sentences),
    );
    this.sealedSentences = this.sentences;
    if (this.segments.length > MAX_WORD_SEGMENTS)
      this.segments = [mergeSegments(vocabulary.size, this.segments)];
  }

  /**
   * Segment on `threads` worker threads from now on: the documents queued, and those added later — while
   * documents are being added (a synchronous loop) only the first `whileAdding` threads take batches, so the
   * character build keeps a core. `settle()` finishes and stops them.
   */
  startThreads(threads: number, whileAdding = threads): void {
    if (this.threads) return;
    this.threads = new WordThreads(threads);
    this.threadsWhileAdding = whileAdding;
  }

  /** Send queued documents to the first `limit` threads while they have room. */
  private feed(limit: number): void {
    const threads = this.threads!;
    for (let i = threads.free(limit); i >= 0 && this.queued > 0; i = threads.free(limit)) {
      const { ids, lengths, texts } = this.takeBatch(THREAD_BATCH_CHARS);
      if (ids.length === 0) continue;
      const sending = ++this.sendings;
      for (const id of ids) this.inFlight.set(id, sending);
      threads.post(i, texts, (seg) => this.receive(sending, ids, lengths, seg));
    }
  }

  /** A thread's answer: its documents still present as sent (not removed or replaced since) join the index. */
  private receive(sending: number, ids: string[], lengths: number[], seg: SegmentedDocuments): void {
    const keep: boolean[] = ids.map((id) => this.inFlight.get(id) === sending);
    for (const id of ids) if (this.inFlight.get(id) === sending) this.inFlight.delete(id);
    if (keep.every(Boolean)) {
      this.append(ids, lengths, seg);
      return;
    }
    // drop the stale documents' sentences and words from the answer
    const docSentences: number[] = [];
    const sentenceWords: number[] = [];
    const words: number[] = [];
    let s = 0;
    let at = 0;
    const keptIds: string[] = [];
    const keptLengths: number[] = [];
    for (let i = 0; i < ids.length; i++) {
      const sentences = seg.docSentences[i]!;
      let n = 0;
      for (let k = 0; k < sentences; k++) n += seg.sentenceWords[s + k]!;
      if (keep[i]) {
        keptIds.push(ids[i]!);
        keptLengths.push(lengths[i]!);
        docSentences.push(sentences);
        for (let k = 0; k < sentences; k++) sentenceWords.push(seg.sentenceWords[s + k]!);
        for (let j = 0; j < n; j++) words.push(seg.words[at + j]!);
      } else this.coveredChars -= lengths[i]!;
      s += sentences;
      at += n;
    }
    this.append(keptIds, keptLengths, {
      docSentences: Uint32Array.from(docSentences),
      sentenceWords: Uint32Array.from(sentenceWords),
      words: Uint32Array.from(words),
    });
  }

  /**
   * Finish a parallel build: every queued document goes to the threads (all of them now), their answers join
   * the index, the postings are sealed and the threads stop.
   */
  async settle(): Promise<void> {
    const threads = this.threads;
    if (!threads) return this.sync();
    try {
      for (;;) {
        this.feed(threads.count);
        if (this.queued === 0 && threads.pending === 0) break;
        await threads.next();
      }
    } finally {
      this.threads = undefined;
      await threads.close();
    }
    this.sync();
  }

  /** Bytes held (vocabulary, postings, the forward index and the sentence weights). */
  get bytes(): number {
    let b = this.vocabulary.bytes + this.weights.byteLength;
    b += this.hitProbes.byteLength;
    for (const a of [this.forward, this.sentenceStart, this.sentenceDoc]) b += a.data.byteLength;
    for (const seg of this.segments) b += seg.starts.byteLength + seg.sentences.byteLength;
    return b;
  }

  /** The character index's ordinal of one of this index's documents, -1 once removed. */
  private ordinalOf(d: number): number {
    let o = this.ordinals.get(d);
    if (o === undefined) {
      const id = this.ids[d]!;
      o = id === '' ? -1 : (this.index.ordinalOf(id) ?? -1);
      this.ordinals.set(d, o);
    }
    return o;
  }

  /** IDF of word w: 0 for a word in no sentence or in more than maxDf of them (no evidence). */
  private idf(w: number, maxDf: number, n: number): number {
    const df = this.vocabulary.df.data[w]!;
    return df === 0 || df > maxDf ? 0 : Math.log(n / df);
  }

  /** Bring the sentence weights up to date for this document-frequency cut (see REWEIGH_GROWTH). */
  private reweigh(maxDf: number): void {
    const n = Math.max(1, this.sentences);
    const full = maxDf !== this.weighedMaxDf || n > this.weighedAt * REWEIGH_GROWTH;
    if (!full && this.weighed === n) return;
    if (this.weights.length < n) {
      const next = new Float32Array(Math.max(n, this.weights.length * 2));
      next.set(this.weights.subarray(0, this.weighed));
      this.weights = next;
    }
    const from = full ? 0 : this.weighed;
    const forward = this.forward.data;
    const starts = this.sentenceStart.data;
    // one logarithm per word, not one per word of every sentence (300 M at 1 B: seconds on the first check)
    const idf = new Float64Array(this.vocabulary.size);
    for (let w = 0; w < idf.length; w++) idf[w] = this.idf(w, maxDf, n);
    for (let g = from; g < n && g < this.sentenceDoc.length; g++) {
      let weight = 0;
      for (let i = starts[g]!; i < starts[g + 1]!; i++) weight += idf[forward[i]!]!;
      this.weights[g] = weight;
    }
    this.weighed = this.sentenceDoc.length;
    if (full) {
      this.weighedAt = n;
      this.weighedMaxDf = maxDf;
    }
  }

  /**
   * Query sentences (sorted content-word hashes each) against the library: for each, the library sentence with
   * the highest IDF-weighted Dice of content words reaching opts.minSimilarity, unless the sentence is a stock
   * sentence. Candidates are the library sentences holding at least two of its probeWords rarest words, counted
   * in an array over the sentences (no per-posting allocation); each is weighed through the forward index
   * against the query's own words, its own weight precomputed.
   */
  bestPairs(
    query: WordSentence[],
    usable: (ordinal: number) => boolean,
    opts: RewordedOptions,
  ): SentencePair[] {
    const n = Math.max(1, this.sentences);
    // evidence: words in at most maxSentenceShare of the sentences; candidates: only through words with at most
    // maxPostings postings, or maxPostingsShare of the sentences in a larger library. Cutting the evidence at
    // maxPostings too lost reworded copying as the library grew (found 91.6 % at 10 M, 87.5 % at 100 M), and so did
    // a fixed candidate cut (85.5 % at 1 B): a copied sentence's words grow commoner with the library.
    const maxDf = Math.max(5, Math.floor(n * opts.maxSentenceShare));
    const probeMaxDf = Math.max(5, opts.maxPostings, Math.floor(n * opts.maxPostingsShare));
    // a library sentence sharing less than this share of a query sentence's weight is neither a match (Dice ≤
    // 2s / (q + s)) nor a stock-sentence witness (2s ≥ q): the rows walked in full stop once the sentences they
    // miss can only share less; the remaining probes only complete the sentences already touched
    const needShare = Math.min(0.5, opts.minSimilarity / (2 - opts.minSimilarity));
    const df = this.vocabulary.df.data;
    this.reweigh(maxDf);
    if (this.hitProbes.length < this.sentences)
      this.hitProbes = new Uint8Array(Math.ceil(this.sentences * 1.25) + 1024);
    const hitProbes = this.hitProbes;
    const probeV = new Float64Array(MAX_PROBES);
    const forward = this.forward.data;
    const starts = this.sentenceStart.data;
    const sentenceDoc = this.sentenceDoc.data;
    const touched = new GrowableU32(4096);
    let sortedTouched = new Uint32Array(4096);
    const out: SentencePair[] = [];
    for (const qs of query) {
      // the query sentence's words known to the library, by word number, with their IDF
      const known: Array<{ w: number; v: number }> = [];
      let qWeight = 0;
      for (const h of qs.words) {
        const w = this.vocabulary.find(h);
        if (w < 0) continue;
        const v = this.idf(w, maxDf, n);
        if (v === 0) continue;
        known.push({ w, v });
        qWeight += v;
      }
      if (qWeight === 0) continue;
      // candidates: library sentences holding at least two of the query sentence's rarest words (a copied
      // sentence keeps most of its rare words; the work per sentence stays bounded in a large library)
      const probes = known
        .filter((k) => df[k.w]! <= probeMaxDf)
        .sort((a, b) => b.v - a.v)
        .slice(0, Math.min(opts.probeWords, MAX_PROBES));
      touched.length = 0;
      let probeWeight = 0;
      let sortedCount = -1;
      for (let k = 0; k < probes.length; k++) {
        const { w, v } = probes[k]!;
        // only completes the sentences touched so far: the last probe (alone it is one probe, too few); a probe
        // after which a sentence holding none of those walked can share too little to matter (exact); and a word
        // with more than maxPostings postings once a rarer probe was walked (a larger library's candidates need
        // one rarer word, and the long rows cost a merge against the touched sentences, not a random access each)
        const completeOnly =
          k > 0 &&
          (k === probes.length - 1 ||
            df[w]! > opts.maxPostings ||
            qWeight - probeWeight < (needShare - 1e-3) * qWeight);
        probeWeight += v;
        probeV[k] = v;
        const bit = 1 << k;
        if (completeOnly && sortedCount !== touched.length) {
          if (sortedTouched.length < touched.length) sortedTouched = new Uint32Array(touched.data.length);
          sortedTouched.set(touched.view());
          sortedTouched.subarray(0, touched.length).sort();
          sortedCount = touched.length;
        }
        for (const seg of this.segments) {
          if (w >= seg.words) continue;
          const from = seg.starts[w]!;
          const to = seg.starts[w + 1]!;
          const rows = seg.sentences;
          if (completeOnly) {
            completeRow(rows, from, to, sortedTouched, sortedCount, hitProbes, bit);
            continue;
          }
          for (let p = from; p < to; p++) {
            const g = rows[p]!;
            const m = hitProbes[g]!;
            if (m !== 0) hitProbes[g] = m | bit;
            else {
              touched.push(g);
              hitProbes[g] = bit;
            }
          }
        }
      }
      known.sort((a, b) => a.w - b.w);
      let best: SentencePair | undefined;
      const docs = new Set<number>();
      const hits = touched.view();
      for (let t = 0; t < hits.length; t++) {
        const g = hits[t]!;
        const m = hitProbes[g]!;
        hitProbes[g] = 0;
        // fewer than two probes
        if ((m & (m - 1)) === 0) continue;
        let probeShared = 0;
        for (let k = 0; k < probes.length; k++) if (m & (1 << k)) probeShared += probeV[k]!;
        const d = sentenceDoc[g]!;
        if (this.ids[d] === '') continue;
        // the probes it lacks are the query's heaviest words: what it can share at most (with a margin for the
        // float sums) often rules it out as both a stock sentence and a match before its words are walked
        const bound = qWeight - (probeWeight - probeShared) + 1e-3 * qWeight;
        if (2 * bound < qWeight && 2 * bound < opts.minSimilarity * (qWeight + this.weights[g]!)) continue;
        // a document this check may not use (another user's 自建库, an excluded one) is neither source nor witness
        if (!usable(this.ordinalOf(d))) continue;
        // shared words: both lists ascending by word number
        let shared = 0;
        let sharedWords = 0;
        let j = 0;
        for (let i = starts[g]!; i < starts[g + 1]! && j < known.length; i++) {
          const w = forward[i]!;
          while (j < known.length && known[j]!.w < w) j++;
          if (j < known.length && known[j]!.w === w) {
            shared += known[j]!.v;
            sharedWords++;
          }
        }
        // a stock sentence (结论：本方法简便、快速，灵敏度高 …) covers half its weight in many documents' sentences
        if (2 * shared >= qWeight) docs.add(d);
        if (sharedWords < opts.minSharedWords) continue;
        const sim = (2 * shared) / (qWeight + this.weights[g]!);
        if (sim >= opts.minSimilarity && (!best || sim > best.similarity))
          best = {
            start: qs.start,
            end: qs.end,
            doc: d,
            sentence: g - this.firstSentence[d]!,
            similarity: sim,
          };
      }
      if (!best || docs.size >= opts.stockDocuments) continue;
      const ordinal = this.ordinalOf(best.doc);
      if (ordinal >= 0) out.push({ ...best, doc: ordinal });
    }
    return out;
  }
}

/**
 * Set `bit` in hitProbes for the sentences of rows[from, to) (ascending) that are among touched[0, count)
 * (ascending): a binary search per touched sentence when they are few against the row, else one merge of both.
 */
function completeRow(
  rows: Uint32Array,
  from: number,
  to: number,
  touched: Uint32Array,
  count: number,
  hitProbes: Uint8Array,
  bit: number,
): void {
  if (count * 24 < to - from) {
    for (let t = 0; t < count; t++) {
      const g = touched[t]!;
      let lo = from;
      let hi = to;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (rows[mid]! < g) lo = mid + 1;
        else hi = mid;
      }
      if (lo < to && rows[lo] === g) hitProbes[g]! |= bit;
    }
    return;
  }
  let p = from;
  let t = 0;
  while (p < to && t < count) {
    const r = rows[p]!;
    const g = touched[t]!;
    if (r < g) p++;
    else if (r > g) t++;
    else {
      hitProbes[g]! |= bit;
      p++;
      t++;
    }
  }
}

const wordIndexes = new WeakMap<PlagiarismIndex, WordIndex>();

/**
 * The word index kept beside `index`, brought up to date (the first call segments the library, up to maxChars
 * characters: call it when the library is loaded, so no check pays for it).
 */
export function wordIndexOf(index: PlagiarismIndex, maxChars = Number.POSITIVE_INFINITY): WordIndex {
  const w = keptWordIndex(index, maxChars);
  w.sync();
  return w;
}

function keptWordIndex(index: PlagiarismIndex, maxChars: number): WordIndex {
  let w = wordIndexes.get(index);
  if (!w) {
    w = new WordIndex(index, maxChars);
    wordIndexes.set(index, w);
  }
  return w;
}

/**
 * Build the word index kept beside `index` on `threads` worker threads, beside whatever the caller does next
 * (typically adding the library, the character build: only `whileAdding` threads segment during its loop, so
 * it keeps a core). `await settle()` on the returned index, before saving, finishes it.
 */
export function segmentWordsInBackground(index: PlagiarismIndex, threads = 2, whileAdding = 1): WordIndex {
  const w = keptWordIndex(index, Number.POSITIVE_INFINITY);
  w.startThreads(threads, whileAdding);
  return w;
}

export interface RewordedOptions {
  /** Minimal IDF-weighted Dice of two sentences' content words. */
  minSimilarity: number;
  /** A sentence pair must share this many content words. */
  minSharedWords: number;
  /** Query sentences shorter than this (characters) are not compared. */
  minSentenceChars: number;
  /** Words found in more than this share of the library's sentences carry no evidence. */
  maxSentenceShare: number;
  /**
   * Candidates are looked up only through words with at most this many postings, or this share of the library's
   * sentences when more (bounds the work per query sentence; commoner words still count as evidence).
   */
  maxPostings: number;
  maxPostingsShare: number;
  /** Candidate sentences are looked up through this many of a query sentence's rarest words (at most 8). */
  probeWords: number;
  /** Best library documents kept as reworded candidates. */
  maxDocuments: number;
  /**
   * A passage of one sentence needs this similarity; longer passages (consecutive sentences matching nearby
   * sentences of one source) need only minSimilarity per sentence. One generic sentence of an unrelated paper
   * often shares half its weighted words with some library sentence; two in a row near each other rarely do.
   */
  singleSentenceSimilarity: number;
  /** A query sentence sharing half its weight with sentences of this many documents is a stock sentence. */
  stockDocuments: number;
}

export const REWORDED_DEFAULTS: RewordedOptions = {
  minSimilarity: 0.5,
  minSharedWords: 4,
  minSentenceChars: 15,
  maxSentenceShare: 0.01,
  maxPostings: 5000,
  // 5,000 postings at ~1.7 M sentences (100 M characters), ~52,000 at 1 B
  maxPostingsShare: 0.003,
  probeWords: 8,
  maxDocuments: 20,
  singleSentenceSimilarity: 0.75,
  stockDocuments: 3,
};

/** A query sentence and the library sentence it best matches. */
export interface SentencePair {
  /** Query sentence (original offsets of the checked text). */
  start: number;
  end: number;
  doc: number;
  sentence: number;
  similarity: number;
}

/**
 * Query sentences (of `text`, offsets as given; `skip` says which are already explained) against the word
 * index: for each, the library sentence with the highest IDF-weighted Dice of content words, when it reaches
 * minSimilarity.
 */
export function rewordedPairs(
  text: string,
  index: PlagiarismIndex,
  skip: (start: number, end: number) => boolean,
  usable: (ordinal: number) => boolean,
  opts: RewordedOptions = REWORDED_DEFAULTS,
): SentencePair[] {
  const query = wordSentences(text).filter(
    (qs) => qs.end - qs.start >= opts.minSentenceChars && !skip(qs.start, qs.end),
  );
  return wordIndexOf(index).bestPairs(query, usable, opts);
}

/**
 * Group sentence pairs by document, keep the documents with the most matched query characters, and grow each
 * document's pairs into passages (consecutive query sentences whose sources are near each other), in matching
 * coordinates through the two offset maps.
 */
export function rewordedPassages(
  pairs: SentencePair[],
  index: PlagiarismIndex,
  toMatching: (start: number, end: number) => [number, number],
  sourceMatching: (doc: number, start: number, end: number) => [number, number],
  opts: RewordedOptions = REWORDED_DEFAULTS,
): Map<number, Passage[]> {
  const byDoc = new Map<number, SentencePair[]>();
  for (const p of pairs) {
    const list = byDoc.get(p.doc);
    if (list) list.push(p);
    else byDoc.set(p.doc, [p]);
  }
  const ranked = [...byDoc.entries()]
    .map(([doc, list]) => ({ doc, list, chars: list.reduce((a, p) => a + p.end - p.start, 0) }))
    .sort((a, b) => b.chars - a.chars || a.doc - b.doc)
    .slice(0, opts.maxDocuments);
  const out = new Map<number, Passage[]>();
  for (const { doc, list } of ranked) {
    const sentences = wordSentences(index.ordinalText(doc));
    const passages: Passage[] = [];
    type Open = Passage & { weight: number; lastSentence: number; sentences: number };
    let cur: Open | undefined;
    const close = (p: Open) => {
      if (p.sentences >= 2 || p.weight / Math.max(1, p.matched) >= opts.singleSentenceSimilarity)
        passages.push(finish(p));
    };
    for (const p of list) {
      const src = sentences[p.sentence]!;
      const [qs, qe] = toMatching(p.start, p.end);
      const [ss, se] = sourceMatching(doc, src.start, src.end);
      if (qe <= qs || se <= ss) continue;
      const len = qe - qs;
      if (cur && qs - cur.qe <= 2 && Math.abs(p.sentence - cur.lastSentence) <= 3) {
        cur.qe = qe;
        cur.ss = Math.min(cur.ss, ss);
        cur.se = Math.max(cur.se, se);
        cur.matched += len;
        cur.weight += len * p.similarity;
        // several query sentences against one source sentence is a shared topic, not a copied passage
        if (p.sentence !== cur.lastSentence) cur.sentences++;
        cur.lastSentence = p.sentence;
        continue;
      }
      if (cur) close(cur);
      cur = {
        qs,
        qe,
        ss,
        se,
        matched: len,
        weight: len * p.similarity,
        lastSentence: p.sentence,
        sentences: 1,
        method: 'paraphrase',
        similarity: 0,
      };
    }
    if (cur) close(cur);
    if (passages.length > 0) out.set(doc, passages);
  }
  return out;
}

function finish(p: Passage & { weight: number; lastSentence: number; sentences: number }): Passage {
  const { weight, lastSentence: _, sentences: __, ...passage } = p;
  return { ...passage, similarity: weight / Math.max(1, passage.matched) };
}
