/**
 * Pure TypeScript reader of a KenLM binary language model (format version 5, trie search, as written by
 * `build_binary` / libime's `libime_slm_build_binary`): the format of Debian's `libime-data-language-model`
 * (fcitx5's word trigram model, /usr/lib/<triplet>/libime/zh_CN.lm). It reads the whole file into memory once and
 * answers n-gram queries with the same backoff arithmetic as KenLM; no native code.
 *
 * Layout (little-endian; offsets from the file start, every part as KenLM's own SetupMemory lays it out):
 *   header: magic "mmap lm http://kheafield.com/code format version 5\n\0" (56 bytes padded), sanity values,
 *     order, probing multiplier, model type, has-vocabulary, search version; then one uint64 n-gram count per
 *     order; padded to 8 bytes.
 *   vocabulary (sorted): uint64 entries, then (counts[0]) sorted 64-bit word hashes; word id = position + 1.
 *   quantiser (quantised types): version, prob bits, backoff bits (8 bytes), then per middle order a prob and a
 *     backoff centre table (2^bits float32 each), then the longest order's prob table.
 *   unigrams: (counts[0] + 2) × { float32 log10 prob, float32 log10 backoff, uint64 first child }.
 *   each middle order: [array-compressed pointers: version, bits, padding, uint64 offsets] then bit-packed
 *     entries { word id, backoff bin, prob bin, low bits of first child } sorted by word within a parent.
 *   longest order: bit-packed { word id, prob bin }.
 *   vocabulary strings: NUL-terminated UTF-8 words in id order (<unk> first) after the model.
 */
const MAGIC = 'mmap lm http://kheafield.com/code format version 5\n';
/** KenLM's ModelType enum values of the quantised tries (with and without array-compressed pointers). */
const QUANT_TRIE = 3;
const QUANT_ARRAY_TRIE = 5;

/** Bits needed to store values 0..max (KenLM's util::RequiredBits). */
function requiredBits(max: number): number {
  if (max <= 0) return 0;
  return Math.floor(Math.log2(max)) + 1;
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

/** Reads `bits` (<= 25) bits at a bit offset, KenLM's LSB-first packing (util::ReadInt57 / ReadInt25). */
function readBits(buf: Uint8Array, bitOffset: number, bits: number): number {
  if (bits === 0) return 0;
  const byte = Math.floor(bitOffset / 8);
  const shift = bitOffset & 7;
  const low = (buf[byte]! | (buf[byte + 1]! << 8) | (buf[byte + 2]! << 16) | (buf[byte + 3]! << 24)) >>> 0;
  // fast path: the field lies in the first 32 bits (always, for fields of up to 25 bits)
  if (shift + bits <= 32) return (low >>> shift) & (2 ** bits - 1);
  const raw = low + buf[byte + 4]! * 0x100000000;
  return Math.floor(raw / 2 ** shift) % 2 ** bits;
}

interface Middle {
  /** Byte offset of the bit-packed entries. */
  base: number;
  entries: number;
  wordBits: number;
  totalBits: number;
  /** Bits of the first-child pointer stored inline; the rest comes from `offsets` (array compression). */
  inlineBits: number;
  /** Array compression: offsets[k] = first entry whose child pointer has high part >= k (empty: none). */
  offsets: BigUint64Array | null;
  prob: Float32Array | null;
  backoff: Float32Array | null;
}

interface Longest {
  base: number;
  entries: number;
  wordBits: number;
  totalBits: number;
  prob: Float32Array | null;
}

/** A KenLM model state: the context word ids, most recent last, at most order − 1 of them. */
export type LmContext = readonly number[];

export class KenlmModel {
  readonly order: number;
  readonly counts: readonly number[];
  /** Word ids of the vocabulary strings; 0 (<unk>) is absent from the map. */
  readonly vocab: Map<string, number>;
  readonly words: readonly string[];
  private readonly buf: Uint8Array;
  private readonly view: DataView;
  private readonly unigramBase: number;
  private readonly middles: Middle[];
  private readonly longest: Longest;

  constructor(bytes: Uint8Array) {
    this.buf = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const magic = new TextDecoder().decode(bytes.subarray(0, MAGIC.length));
    if (magic !== MAGIC) throw new Error('not a KenLM binary (format version 5)');
    const v = this.view;
    // Sanity: magic padded to 56, then float 0, 1, -0.5, uint32 1, uint32 max, uint64 1 (88 bytes, little-endian)
    if (v.getFloat32(60, true) !== 1 || v.getFloat32(64, true) !== -0.5 || v.getUint32(68, true) !== 1)
      throw new Error('KenLM binary from a machine of another byte order or word size');
    const order = bytes[88]!;
    const modelType = v.getUint32(96, true);
    const hasVocabulary = v.getUint8(100) !== 0;
    if (!hasVocabulary) throw new Error('KenLM binary without its vocabulary strings');
    if (order < 2) throw new Error('KenLM unigram-only models are not supported');
    const counts: number[] = [];
    for (let i = 0; i < order; i++) counts.push(Number(v.getBigUint64(108 + 8 * i, true)));
    this.order = order;
    this.counts = counts;
    // libime ships quantised tries; the unquantised ones store raw floats and are not read here
    if (modelType !== QUANT_TRIE && modelType !== QUANT_ARRAY_TRIE)
      throw new Error(`KenLM model type ${modelType}: only quantised tries are read`);
    const arrayCompressed = modelType === QUANT_ARRAY_TRIE;

    let at = align8(88 + 20 + 8 * order);
    // sorted vocabulary: its hashes are not needed, the strings at the end give id order
    at += 8 + 8 * counts[0]!;

    // quantiser tables
    const probTables: Float32Array[] = [];
    const backoffTables: Float32Array[] = [];
    if (bytes[at] !== 2) throw new Error(`KenLM quantisation version ${bytes[at]} (expected 2)`);
    const probBits = bytes[at + 1]!;
    const backoffBits = bytes[at + 2]!;
    let t = at + 8;
    const table = (bits: number) => {
      const out = new Float32Array(2 ** bits);
      for (let i = 0; i < out.length; i++) out[i] = v.getFloat32(t + 4 * i, true);
      t += 4 * out.length;
      return out;
    };
    for (let i = 0; i < order - 2; i++) {
      probTables.push(table(probBits));
      backoffTables.push(table(backoffBits));
    }
    probTables.push(table(probBits));
    at += (order - 2) * 4 * (2 ** probBits + 2 ** backoffBits) + 4 * 2 ** probBits + 8;
    const middleQuantBits = probBits + backoffBits;
    const longestQuantBits = probBits;

    this.unigramBase = at;
    at += (counts[0]! + 2) * 16;

    const wordBits = requiredBits(counts[0]!);
    this.middles = [];
    for (let n = 2; n < order; n++) {
      const entries = counts[n - 1]!;
      const maxNext = counts[n]!;
      const required = requiredBits(maxNext);
      let inlineBits = required;
      let offsets: BigUint64Array | null = null;
      if (arrayCompressed) {
        if (bytes[at] !== 0) throw new Error(`KenLM pointer compression version ${bytes[at]} (expected 0)`);
        const configured = bytes[at + 1]!;
        const chop = chopBits(entries + 1, maxNext, configured);
        inlineBits = required - chop;
        const arrayCount = Math.floor(maxNext / 2 ** (required - chop)) + 1;
        const size = 8 * (1 + arrayCount) + 7;
        const start = align8(at) + 8;
        offsets = new BigUint64Array(arrayCount);
        for (let i = 0; i < arrayCount; i++) offsets[i] = v.getBigUint64(start + 8 * i, true);
        at += size;
      }
      const totalBits = wordBits + middleQuantBits + inlineBits;
      this.middles.push({
        base: at,
        entries,
        wordBits,
        totalBits,
        inlineBits,
        offsets,
        prob: probTables[n - 2] ?? null,
        backoff: backoffTables[n - 2] ?? null,
      });
      at += Math.floor(((1 + entries) * totalBits + 7) / 8) + 8;
    }
    const longestTotal = wordBits + longestQuantBits;
    this.longest = {
      base: at,
      entries: counts[order - 1]!,
      wordBits,
      totalBits: longestTotal,
      prob: probTables[order - 2] ?? null,
    };
    at += Math.floor(((1 + counts[order - 1]!) * longestTotal + 7) / 8) + 8;

    // vocabulary strings, id order, right after the model
    const decoder = new TextDecoder();
    const words: string[] = [];
    let s = at;
    while (words.length < counts[0]! && s < bytes.length) {
      const e = bytes.indexOf(0, s);
      if (e < 0) break;
      words.push(decoder.decode(bytes.subarray(s, e)));
      s = e + 1;
    }
    if (words.length !== counts[0] || words[0] !== '<unk>')
      throw new Error(`KenLM vocabulary strings not where the layout puts them (${words.length} words read)`);
    this.words = words;
    this.vocab = new Map();
    for (let i = 1; i < words.length; i++) this.vocab.set(words[i]!, i);
  }

  /** log10 P(word) and backoff of a unigram. */
  unigram(word: number): { prob: number; backoff: number } {
    const o = this.unigramBase + 16 * word;
    return { prob: this.view.getFloat32(o, true), backoff: this.view.getFloat32(o + 4, true) };
  }

  private unigramChildren(word: number): [number, number] {
    const o = this.unigramBase + 16 * word;
    return [Number(this.view.getBigUint64(o + 8, true)), Number(this.view.getBigUint64(o + 24, true))];
  }

  /** Calls `f(prev, word, log10 P(word | prev))` for every stored bigram (grouped by `word`). */
  forEachBigram(f: (prev: number, word: number, log10: number) => void): void {
    const bigrams = this.order === 2 ? this.longest : this.middles[0]!;
    const probBits = Math.log2(bigrams.prob!.length);
    const probAt =
      this.order === 2 ? bigrams.wordBits : bigrams.wordBits + this.backoffBitsOf(this.middles[0]!);
    for (let word = 0; word < this.counts[0]!; word++) {
      const [begin, end] = this.unigramChildren(word);
      for (let i = begin; i < end; i++) {
        const bit = bigrams.base * 8 + i * bigrams.totalBits;
        f(
          readBits(this.buf, bit, bigrams.wordBits),
          word,
          bigrams.prob![readBits(this.buf, bit + probAt, probBits)]!,
        );
      }
    }
  }

  /** Binary search of `word` among entries [begin, end) of a bit-packed order; the entry index or -1. */
  private find(
    base: number,
    wordBits: number,
    totalBits: number,
    begin: number,
    end: number,
    word: number,
  ): number {
    let lo = begin;
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const w = readBits(this.buf, base * 8 + mid * totalBits, wordBits);
      if (w === word) return mid;
      if (w < word) lo = mid + 1;
      else hi = mid;
    }
    return -1;
  }

  /** First child pointer of middle entry `index` (KenLM ArrayBhiksha::ReadNext). */
  private childPointer(m: Middle, index: number): number {
    const low = readBits(
      this.buf,
      m.base * 8 + index * m.totalBits + m.totalBits - m.inlineBits,
      m.inlineBits,
    );
    if (!m.offsets) return low;
    // high part: the last k with offsets[k] <= index
    const target = BigInt(index);
    let lo = 0;
    let hi = m.offsets.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (m.offsets[mid]! <= target) lo = mid + 1;
      else hi = mid;
    }
    return (lo - 1) * 2 ** m.inlineBits + low;
  }

  /**
   * log10 P(word | context) with Katz backoff as KenLM computes it, and the n-gram order that matched.
   * `context` is most-recent-last; only its last order − 1 ids are used.
   */
  score(context: LmContext, word: number): { log10: number; matched: number } {
    const ctx = context.slice(-(this.order - 1));
    // the longest stored n-gram ending in `word`; the backoffs of the longer contexts are added to it
    const uni = this.unigram(word);
    let best = uni.prob;
    let matched = 1;
    // backoffs of the context suffixes: bo[j] = backoff of the j-word context suffix (j = 1..len)
    const backoffs: number[] = [];
    for (let j = 1; j <= ctx.length; j++) {
      const suffix = ctx.slice(ctx.length - j);
      backoffs.push(this.backoffOf(suffix));
    }
    for (let j = 1; j <= ctx.length; j++) {
      const p = this.probOf([...ctx.slice(ctx.length - j), word]);
      if (p === null) break;
      best = p;
      matched = j + 1;
    }
    // add the backoffs of the contexts longer than the matched history
    let log10 = best;
    for (let j = matched; j <= ctx.length; j++) log10 += backoffs[j - 1]!;
    return { log10, matched };
  }

  /** Backoff weight of an n-gram (0 when it is absent, as in ARPA semantics). */
  private backoffOf(ngram: readonly number[]): number {
    const found = this.locate(ngram);
    if (!found) return 0;
    if (ngram.length === 1) return this.unigram(ngram[0]!).backoff;
    const m = this.middles[ngram.length - 2];
    if (!m || found.level !== ngram.length) return 0;
    const q = readBits(this.buf, m.base * 8 + found.index * m.totalBits + m.wordBits, this.backoffBitsOf(m));
    return m.backoff![q]!;
  }

  private backoffBitsOf(m: Middle): number {
    return Math.log2(m.backoff!.length);
  }

  /** log10 prob of a stored n-gram, or null when the model does not hold it. */
  probOf(ngram: readonly number[]): number | null {
    const found = this.locate(ngram);
    if (!found) return null;
    if (ngram.length === 1) return this.unigram(ngram[0]!).prob;
    if (ngram.length === this.order) {
      const l = this.longest;
      const q = readBits(
        this.buf,
        l.base * 8 + found.index * l.totalBits + l.wordBits,
        Math.log2(l.prob!.length),
      );
      return l.prob![q]!;
    }
    const m = this.middles[ngram.length - 2]!;
    const bb = this.backoffBitsOf(m);
    const q = readBits(
      this.buf,
      m.base * 8 + found.index * m.totalBits + m.wordBits + bb,
      Math.log2(m.prob!.length),
    );
    return m.prob![q]!;
  }

  /**
   * Index of an n-gram's entry in its order's array, or null. KenLM keys the trie by the n-gram reversed (the
   * predicted word, then its context from the nearest word back), so the walk starts at the last word.
   */
  private locate(ngram: readonly number[]): { level: number; index: number } | null {
    const last = ngram[ngram.length - 1]!;
    if (last <= 0 || last >= this.counts[0]!) return null;
    if (ngram.length === 1) return { level: 1, index: last };
    let [begin, end] = this.unigramChildren(last);
    for (let k = 1; k < ngram.length; k++) {
      const w = ngram[ngram.length - 1 - k]!;
      if (k === this.order - 1) {
        const l = this.longest;
        const idx = this.find(l.base, l.wordBits, l.totalBits, begin, end, w);
        return idx < 0 ? null : { level: k + 1, index: idx };
      }
      const m = this.middles[k - 1]!;
      const idx = this.find(m.base, m.wordBits, m.totalBits, begin, end, w);
      if (idx < 0) return null;
      if (k === ngram.length - 1) return { level: k + 1, index: idx };
      begin = this.childPointer(m, idx);
      end = this.childPointer(m, idx + 1);
    }
    return null;
  }
}

/** KenLM's ChopBits: how many high bits of each child pointer the offset array stores instead of the entry. */
function chopBits(maxOffset: number, maxNext: number, configured: number): number {
  const required = requiredBits(maxNext);
  let best = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (let chop = 0; chop <= Math.min(required, configured); chop++) {
    const change = Math.floor(maxNext / 2 ** (required - chop)) * 64 - maxOffset * chop;
    if (change < lowest) {
      lowest = change;
      best = chop;
    }
  }
  return best;
}
