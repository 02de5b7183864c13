import { GrowableU32 } from './library.ts';
import { mergeSegments, seal, type WordSegment } from './word-postings.ts';
import { Vocabulary } from './word-vocabulary.ts';
import { insertionSort, type SegmentedDocuments } from './words.ts';

/** Word segments merged into one past this many (each sync that found new documents seals one). */
const MAX_WORD_SEGMENTS = 8;

/**
 * What the word index holds, shared by its parts (numbering, threads, persistence, query): the documents
 * segmented, each sentence's word numbers (the forward index) and the sealed postings. The documents are named by
 * the word index's own numbers, each standing for a document id: the character index may renumber its documents
 * (merges purge removed ones), ids stay.
 */
export class WordTables {
  readonly vocabulary = new Vocabulary();
  segments: WordSegment[] = [];
  /** This index's document number → id ('' once removed or replaced: its words are stale). */
  readonly ids: string[] = [];
  /** id → this index's document number, for live documents. */
  readonly docOf = new Map<string, number>();
  readonly lengths: number[] = [];
  /**
   * The forward index: each sentence's word numbers, ascending (global sentence number g → forward range
   * sentenceStart[g] .. sentenceStart[g + 1]), its document, and each document's first sentence.
   */
  readonly forward = new GrowableU32(1 << 16);
  readonly sentenceStart = new GrowableU32(1024);
  readonly sentenceDoc = new GrowableU32(1024);
  readonly firstSentence: number[] = [];
  /** Characters segmented so far or taken to be (bounded by maxChars), and those of documents still live. */
  coveredChars = 0;
  liveChars = 0;
  /** Characters this process segmented (not read back from a saved block). */
  segmented = 0;
  /** Sentences [0, sealedSentences) have their postings in `segments`; later ones wait for the next seal. */
  sealedSentences = 0;

  constructor() {
    this.sentenceStart.push(0);
  }

  /** Sentences indexed (the N of the inverse document frequency). */
  get sentences(): number {
    return this.sentenceDoc.length;
  }

  /** A removed or replaced document's words are stale: it keeps its numbers, its sentences match nothing. */
  remove(id: string): void {
    const d = this.docOf.get(id);
    if (d === undefined) return;
    this.docOf.delete(id);
    this.ids[d] = '';
    this.liveChars -= this.lengths[d]!;
  }

  /** Number the words of segmented documents and append their sentences to the forward index (not sealed yet). */
  append(ids: string[], lengths: number[], seg: SegmentedDocuments): void {
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
  sealPending(): void {
    if (this.sentences === this.sealedSentences) return;
    const vocabulary = this.vocabulary;
    this.segments.push(
      seal(vocabulary.size, this.forward.data, this.sentenceStart.data, this.sealedSentences, this.sentences),
    );
    this.sealedSentences = this.sentences;
    if (this.segments.length > MAX_WORD_SEGMENTS)
      this.segments = [mergeSegments(vocabulary.size, this.segments)];
  }

  /** Bytes held (vocabulary, postings and the forward index). */
  get bytes(): number {
    let b = this.vocabulary.bytes;
    for (const a of [this.forward, this.sentenceStart, this.sentenceDoc]) b += a.data.byteLength;
    for (const seg of this.segments) b += seg.starts.byteLength + seg.sentences.byteLength;
    return b;
  }
}
