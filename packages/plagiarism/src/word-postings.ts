/** The word index's postings: which sentences hold each word, in sealed blocks. */

/**
 * A sealed block of postings in compressed-row form: the sentences (global numbers, ascending) of word w are
 * sentences[starts[w] .. starts[w + 1]); words numbered after the block was sealed have none in it.
 */
export interface WordSegment {
  words: number;
  starts: Uint32Array;
  sentences: Uint32Array;
}

/**
 * The postings of sentences [from, to) of the forward index (words numbered below `words`) as one block: a
 * counting sort over the word numbers, sentences ascending in each word's row.
 */
export function seal(
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
export function mergeSegments(words: number, segments: WordSegment[]): WordSegment {
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
