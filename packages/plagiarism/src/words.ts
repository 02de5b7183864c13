import { normalizeText, splitSentences } from '@paperdesk/textkit';
import { pushContentWords } from './dictwords.ts';
import { GrowableU32 } from './segment.ts';

/**
 * Sentences as content words (dictwords.ts), the reworded stage's unit of comparison: query sentences keep their ranges
 * (wordSentences), library documents are segmented into flat arrays (segmentDocuments), on whichever thread.
 */

/** Sort a[from, to) ascending in place (a sentence's few words: no call into the engine's sort). */
export function insertionSort(a: Uint32Array, from: number, to: number): void {
  if (to - from > 64) {
    a.subarray(from, to).sort();
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const v = a[i]!;
    let j = i - 1;
    while (j >= from && a[j]! > v) {
      a[j + 1] = a[j]!;
      j--;
    }
    a[j + 1] = v;
  }
}

/**
 * Segment `text` into sentences of content-word hashes, appended to `words` (each sentence's distinct hashes,
 * ascending); `sentence(count)` is told each sentence's word count in order. Returns the sentences (ranges of the
 * folded text, which has the original's length but for dropped invisible characters).
 */
function segmentText(
  text: string,
  words: GrowableU32,
  sentence: (count: number) => void,
): Array<{ start: number; end: number }> {
  const folded = normalizeText(text, {
    fold: true,
    lowercase: true,
    whitespace: 'keep',
    punctuation: 'keep',
  });
  const sentences = splitSentences(folded);
  if (sentences.length === 0) return sentences;
  let from = words.length;
  for (let si = 0; si < sentences.length; si++) {
    // a sentence takes the text from the previous one's end (the last one to the text's end), as jieba's words
    // were given to the sentence they start in
    const start = si === 0 ? 0 : sentences[si - 1]!.end;
    const end = si === sentences.length - 1 ? folded.length : sentences[si]!.end;
    pushContentWords(folded, start, end, words);
    const data = words.data;
    insertionSort(data, from, words.length);
    let n = from;
    for (let i = from; i < words.length; i++) if (n === from || data[i] !== data[n - 1]) data[n++] = data[i]!;
    words.length = n;
    sentence(n - from);
    from = n;
  }
  return sentences;
}

export interface WordSentence {
  /** Original-text range. */
  start: number;
  end: number;
  /** Distinct content-word hashes, sorted. */
  words: Uint32Array;
}

/** Sentences of a text with their content words (folded, width- and script-normalised before segmenting). */
export function wordSentences(text: string): WordSentence[] {
  const words = new GrowableU32(256);
  const counts: number[] = [];
  let at = 0;
  return segmentText(text, words, (n) => counts.push(n)).map((s, i) => {
    const n = counts[i]!;
    at += n;
    return { start: s.start, end: s.end, words: words.data.slice(at - n, at) };
  });
}

/** Library documents as words: sentences per document, distinct words per sentence, the words (hashes). */
export interface SegmentedDocuments {
  docSentences: Uint32Array;
  sentenceWords: Uint32Array;
  /** Each sentence's distinct content-word hashes, ascending, one sentence after another. */
  words: Uint32Array;
}

/** Segment library documents (the work a word thread does for a batch). */
export function segmentDocuments(texts: string[]): SegmentedDocuments {
  const docSentences = new Uint32Array(texts.length);
  const sentenceWords = new GrowableU32(texts.length * 32);
  const words = new GrowableU32(texts.length * 256);
  const sentence = (n: number) => sentenceWords.push(n);
  for (let i = 0; i < texts.length; i++) docSentences[i] = segmentText(texts[i]!, words, sentence).length;
  return {
    docSentences,
    sentenceWords: sentenceWords.data.slice(0, sentenceWords.length),
    words: words.data.slice(0, words.length),
  };
}
