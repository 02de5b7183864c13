import { canonicalText } from './canonical.ts';
import { type CharLm, charLogProbs } from './charlm.ts';
import { hashCodes } from './hash.ts';
import { taggedWords } from './words.ts';

/** Phrase lists the style features count. All entries are matched on canonical text. */
export interface Lexicon {
  /** Discourse connectives LLMs overuse in Chinese (首先/其次/此外/综上所述...). */
  connectives: string[];
  /** HC3 phrases that give away ChatGPT answers (CC-BY-SA, Hello-SimpleAI/chatgpt-comparison-detection). */
  aiPhrases: string[];
  /** HC3 phrases typical of human answers. */
  humanPhrases: string[];
}

export interface FeatureConfig {
  /** log2 of the number of hashed n-gram buckets. */
  hashBits: number;
  /** Character n-gram orders, e.g. [1, 2, 3]. */
  ngramOrders: number[];
  /** Word n-gram orders (jieba segmentation), e.g. [1, 2]; none when absent. */
  wordOrders?: number[];
  /** Part-of-speech n-gram orders, e.g. [2, 3]: topic-independent syntax patterns. */
  posOrders?: number[];
  /**
   * log2 of a separate bucket range for the part-of-speech n-grams (after the shared one). Why: a frequent POS
   * pattern hashed among the character n-grams lends its large weight to every rare n-gram in its bucket.
   */
  posBits?: number;
}

/** Size of the hashed n-gram part of the feature vector. */
export function ngramDimension(config: FeatureConfig): number {
  return (1 << config.hashBits) + (config.posBits ? 1 << config.posBits : 0);
}

/** Names of the dense stylometric features, in vector order. */
export const STYLE_FEATURES = [
  'sentenceLengthMean',
  'sentenceLengthCv',
  'sentenceLengthRange',
  'commaRate',
  'periodRate',
  'enumerationCommaRate',
  'semicolonRate',
  'colonRate',
  'quoteRate',
  'parenthesisRate',
  'exclamationQuestionRate',
  'commasPerSentence',
  'connectiveRate',
  'connectiveSentenceStartShare',
  'aiPhraseRate',
  'humanPhraseRate',
  'movingTypeTokenRatio',
  'digitRate',
  'latinRate',
  'surprisalMean',
  'surprisalStd',
  'surprisalHighShare',
] as const;

export type StyleFeatureName = (typeof STYLE_FEATURES)[number];

/** Sparse feature vector: sorted distinct indices and their values. */
export interface SparseVector {
  indices: Uint32Array;
  values: Float32Array;
}

const SENTENCE_END_RE = /[。!?;…]+/;
const LATIN_RE = /[a-z]/;
/** Per-character surprisal (nats) above which a character counts as "surprising". */
const HIGH_SURPRISAL = 8;
const TTR_WINDOW = 50;

function countOccurrences(text: string, phrase: string): number {
  if (phrase.length === 0) return 0;
  let n = 0;
  let at = text.indexOf(phrase);
  while (at >= 0) {
    n++;
    at = text.indexOf(phrase, at + phrase.length);
  }
  return n;
}

function countChars(text: string, chars: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (chars.includes(text[i]!)) n++;
  return n;
}

function meanAndStd(values: ArrayLike<number>): { mean: number; std: number } {
  if (values.length === 0) return { mean: 0, std: 0 };
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  const mean = sum / values.length;
  let sq = 0;
  for (let i = 0; i < values.length; i++) sq += (values[i]! - mean) ** 2;
  return { mean, std: Math.sqrt(sq / values.length) };
}

/** Mean type-token ratio over sliding windows of characters (length-independent lexical variety). */
export function movingTypeTokenRatio(text: string, window = TTR_WINDOW): number {
  if (text.length === 0) return 0;
  if (text.length <= window) return new Set(text).size / text.length;
  const counts = new Map<string, number>();
  for (let i = 0; i < window; i++) counts.set(text[i]!, (counts.get(text[i]!) ?? 0) + 1);
  let sum = counts.size;
  let windows = 1;
  for (let i = window; i < text.length; i++) {
    const out = text[i - window]!;
    const left = counts.get(out)! - 1;
    if (left === 0) counts.delete(out);
    else counts.set(out, left);
    counts.set(text[i]!, (counts.get(text[i]!) ?? 0) + 1);
    sum += counts.size;
    windows++;
  }
  return sum / windows / window;
}

/** Raw (unstandardised) stylometric features of canonical text, in STYLE_FEATURES order. */
export function styleFeatures(text: string, lexicon: Lexicon, lm: CharLm | undefined): Float64Array {
  const length = Math.max(1, text.length);
  const sentences = text.split(SENTENCE_END_RE).filter((s) => s.length > 0);
  const sentenceLengths = sentences.map((s) => s.length);
  const { mean: sentenceMean, std: sentenceStd } = meanAndStd(sentenceLengths);
  const commas = countChars(text, ',');
  let connectives = 0;
  for (const c of lexicon.connectives) connectives += countOccurrences(text, c);
  const startsWithConnective = sentences.filter((s) =>
    lexicon.connectives.some((c) => s.startsWith(c)),
  ).length;
  let aiPhrases = 0;
  for (const p of lexicon.aiPhrases) aiPhrases += countOccurrences(text, p);
  let humanPhrases = 0;
  for (const p of lexicon.humanPhrases) humanPhrases += countOccurrences(text, p);
  let digits = 0;
  let latin = 0;
  for (const ch of text) {
    if (ch === '0') digits++;
    else if (LATIN_RE.test(ch)) latin++;
  }
  const surprisal = lm ? charLogProbs(lm, text).map((x) => -x) : new Float64Array(0);
  const { mean: surprisalMean, std: surprisalStd } = meanAndStd(surprisal);
  let high = 0;
  for (const s of surprisal) if (s > HIGH_SURPRISAL) high++;
  const per100 = 100 / length;
  const values: Record<StyleFeatureName, number> = {
    sentenceLengthMean: Math.log1p(sentenceMean),
    sentenceLengthCv: sentenceMean > 0 ? sentenceStd / sentenceMean : 0,
    sentenceLengthRange:
      sentenceLengths.length > 1
        ? Math.log1p(Math.max(...sentenceLengths)) - Math.log1p(Math.min(...sentenceLengths))
        : 0,
    commaRate: commas * per100,
    periodRate: countChars(text, '。') * per100,
    enumerationCommaRate: countChars(text, '、') * per100,
    semicolonRate: countChars(text, ';') * per100,
    colonRate: countChars(text, ':') * per100,
    quoteRate: countChars(text, '"《》') * per100,
    parenthesisRate: countChars(text, '()[]') * per100,
    exclamationQuestionRate: countChars(text, '!?') * per100,
    commasPerSentence: sentences.length > 0 ? commas / sentences.length : 0,
    connectiveRate: connectives * per100,
    connectiveSentenceStartShare: sentences.length > 0 ? startsWithConnective / sentences.length : 0,
    aiPhraseRate: aiPhrases * per100,
    humanPhraseRate: humanPhrases * per100,
    movingTypeTokenRatio: movingTypeTokenRatio(text),
    digitRate: digits * per100,
    latinRate: latin * per100,
    surprisalMean,
    surprisalStd,
    surprisalHighShare: surprisal.length > 0 ? high / surprisal.length : 0,
  };
  return Float64Array.from(STYLE_FEATURES, (name) => values[name]);
}

function hashString(text: string): number {
  const codes = new Array<number>(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  return hashCodes(codes, 0, codes.length, 0);
}

/** Adds the hashed n-grams of a token sequence (characters, word hashes or tag hashes) to `counts`. */
function countNgrams(
  tokens: ArrayLike<number>,
  orders: readonly number[],
  seedBase: number,
  mask: number,
  counts: Map<number, number>,
  offset = 0,
) {
  for (const n of orders) {
    for (let i = 0; i + n <= tokens.length; i++) {
      const bucket = offset + (hashCodes(tokens, i, n, seedBase + n) & mask);
      counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
    }
  }
}

const WORD_SEED = 100;
const POS_SEED = 200;

/** The hashed bucket of a single word (a word 1-gram), for explaining which words pushed a score. */
export function wordBucket(word: string, config: FeatureConfig): number {
  return hashCodes([hashString(word)], 0, 1, WORD_SEED + 1) & ((1 << config.hashBits) - 1);
}

/**
 * Hashed character n-gram counts (and word / part-of-speech n-grams when configured), sublinear (1 + ln tf) and
 * L2-normalised.
 */
export function hashedNgrams(text: string, config: FeatureConfig): SparseVector {
  const mask = (1 << config.hashBits) - 1;
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  const counts = new Map<number, number>();
  countNgrams(codes, config.ngramOrders, 0, mask, counts);
  const wordOrders = config.wordOrders ?? [];
  const posOrders = config.posOrders ?? [];
  if ((wordOrders.length > 0 || posOrders.length > 0) && text.length > 0) {
    const tagged = taggedWords(text);
    countNgrams(
      tagged.map((t) => hashString(t.word)),
      wordOrders,
      WORD_SEED,
      mask,
      counts,
    );
    countNgrams(
      tagged.map((t) => hashString(t.tag)),
      posOrders,
      POS_SEED,
      config.posBits ? (1 << config.posBits) - 1 : mask,
      counts,
      config.posBits ? 1 << config.hashBits : 0,
    );
  }
  const indices = Uint32Array.from(counts.keys()).sort();
  const values = new Float32Array(indices.length);
  let norm = 0;
  for (let k = 0; k < indices.length; k++) {
    const v = 1 + Math.log(counts.get(indices[k]!)!);
    values[k] = v;
    norm += v * v;
  }
  norm = Math.sqrt(norm) || 1;
  for (let k = 0; k < values.length; k++) values[k]! /= norm;
  return { indices, values };
}

/** Standardisation of the style features, fitted on the training split. */
export interface StyleScaling {
  mean: number[];
  std: number[];
}

export function fitStyleScaling(rows: readonly Float64Array[]): StyleScaling {
  const mean: number[] = [];
  const std: number[] = [];
  for (let j = 0; j < STYLE_FEATURES.length; j++) {
    const stats = meanAndStd(rows.map((r) => r[j]!));
    mean.push(stats.mean);
    std.push(stats.std > 1e-9 ? stats.std : 1);
  }
  return { mean, std };
}

/** Largest |z| a style feature may contribute: one odd text must not dominate the score. */
const STYLE_CLIP = 5;

/**
 * Turns text into the classifier's input: hashed n-grams in [0, ngramDimension), standardised style features after
 * them. `styleRaw` lets callers reuse precomputed raw style features (training computes them once).
 */
export class FeatureExtractor {
  readonly dimension: number;
  private readonly lexicon: Lexicon;

  constructor(
    readonly config: FeatureConfig,
    lexicon: Lexicon,
    readonly lm: CharLm | undefined,
    readonly scaling: StyleScaling | undefined,
  ) {
    this.dimension = ngramDimension(config) + STYLE_FEATURES.length;
    const canon = (list: string[]) => [...new Set(list.map(canonicalText).filter((p) => p.length > 0))];
    this.lexicon = {
      connectives: canon(lexicon.connectives),
      aiPhrases: canon(lexicon.aiPhrases),
      humanPhrases: canon(lexicon.humanPhrases),
    };
  }

  /** The connectives counted, in canonical form. */
  get lexiconConnectives(): readonly string[] {
    return this.lexicon.connectives;
  }

  styleRaw(canonical: string): Float64Array {
    return styleFeatures(canonical, this.lexicon, this.lm);
  }

  /** Feature vector of canonical text (see canonicalText). */
  vector(canonical: string, styleRaw: Float64Array = this.styleRaw(canonical)): SparseVector {
    if (!this.scaling) throw new Error('FeatureExtractor.vector needs the style scaling');
    const ngrams = hashedNgrams(canonical, this.config);
    const base = ngramDimension(this.config);
    const indices = new Uint32Array(ngrams.indices.length + STYLE_FEATURES.length);
    const values = new Float32Array(indices.length);
    indices.set(ngrams.indices);
    values.set(ngrams.values);
    for (let j = 0; j < STYLE_FEATURES.length; j++) {
      const z = (styleRaw[j]! - this.scaling.mean[j]!) / this.scaling.std[j]!;
      indices[ngrams.indices.length + j] = base + j;
      values[ngrams.indices.length + j] = Math.max(-STYLE_CLIP, Math.min(STYLE_CLIP, z));
    }
    return { indices, values };
  }
}
