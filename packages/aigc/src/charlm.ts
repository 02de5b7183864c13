import { hashCodes } from './hash.ts';

/**
 * Interpolated character trigram language model over hashed count tables, trained on human text only. Its
 * per-character surprisal is a detector feature: LLM output tends to be more predictable than human prose.
 */
export interface CharLm {
  bigramBits: number;
  trigramBits: number;
  /** Counts per UTF-16 code unit (65,536 entries). */
  unigram: Uint32Array;
  /** Saturating hashed counts. */
  bigram: Uint16Array;
  trigram: Uint16Array;
  totalChars: number;
  vocabulary: number;
}

/** Interpolation weights of the three orders. */
const LAMBDA = { trigram: 0.6, bigram: 0.3, unigram: 0.1 };
/** Hash seeds of the bigram and trigram tables. */
const SEED = { bigram: 2, trigram: 3 };
const MAX_COUNT = 0xffff;

function codesOf(text: string): Uint16Array {
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  return codes;
}

export function trainCharLm(texts: Iterable<string>, bigramBits = 19, trigramBits = 20): CharLm {
  const unigram = new Uint32Array(65536);
  const bigram = new Uint16Array(1 << bigramBits);
  const trigram = new Uint16Array(1 << trigramBits);
  const bigramMask = (1 << bigramBits) - 1;
  const trigramMask = (1 << trigramBits) - 1;
  let totalChars = 0;
  for (const text of texts) {
    const codes = codesOf(text);
    for (let i = 0; i < codes.length; i++) {
      unigram[codes[i]!]!++;
      totalChars++;
      if (i >= 1) {
        const b = hashCodes(codes, i - 1, 2, SEED.bigram) & bigramMask;
        if (bigram[b]! < MAX_COUNT) bigram[b]!++;
      }
      if (i >= 2) {
        const t = hashCodes(codes, i - 2, 3, SEED.trigram) & trigramMask;
        if (trigram[t]! < MAX_COUNT) trigram[t]!++;
      }
    }
  }
  let vocabulary = 0;
  for (const c of unigram) if (c > 0) vocabulary++;
  return { bigramBits, trigramBits, unigram, bigram, trigram, totalChars, vocabulary };
}

/** Natural-log probability of each character of `text` from its third on (the first two lack a context). */
export function charLogProbs(lm: CharLm, text: string): Float64Array {
  const codes = codesOf(text);
  const out = new Float64Array(Math.max(0, codes.length - 2));
  const bigramMask = (1 << lm.bigramBits) - 1;
  const trigramMask = (1 << lm.trigramBits) - 1;
  const unigramDenominator = lm.totalChars + lm.vocabulary + 1;
  for (let i = 2; i < codes.length; i++) {
    const c = codes[i]!;
    const prev = codes[i - 1]!;
    const contextBigram = lm.bigram[hashCodes(codes, i - 2, 2, SEED.bigram) & bigramMask]!;
    const trigram = lm.trigram[hashCodes(codes, i - 2, 3, SEED.trigram) & trigramMask]!;
    const prevCount = lm.unigram[prev]!;
    const bigram = lm.bigram[hashCodes(codes, i - 1, 2, SEED.bigram) & bigramMask]!;
    const pUnigram = (lm.unigram[c]! + 1) / unigramDenominator;
    const pBigram = prevCount > 0 ? Math.min(1, bigram / prevCount) : pUnigram;
    const pTrigram = contextBigram > 0 ? Math.min(1, trigram / contextBigram) : pBigram;
    out[i - 2] = Math.log(LAMBDA.trigram * pTrigram + LAMBDA.bigram * pBigram + LAMBDA.unigram * pUnigram);
  }
  return out;
}
