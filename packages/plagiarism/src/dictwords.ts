import { dict } from '@node-rs/jieba/dict.js';
import { fmix32 } from './fingerprint.ts';
import type { GrowableU32 } from './segment.ts';

/**
 * The reworded stage's tokenizer: forward maximum matching over jieba's dictionary (its words of 2+ hanzi), walked
 * with rolling hashes from each position, no substring made. It only has to cut library and query text the same
 * way into content words, which it does ~5× faster than jieba's `cut` (a DAG and route per sentence, strings
 * across the native boundary). Unknown hanzi stay single characters (dropped as content words, as jieba without
 * HMM leaves them); runs of Latin letters and digits are one word each.
 */

/** Saved word indexes name the tokenizer that made them; another one's words do not match these. */
export const TOKENIZER = 'dict-fmm-1';

const MAX_WORD = 16;
/** Slot flags (the low bits of a slot's check word; 0 = empty slot). */
const PREFIX = 1;
const WORD = 2;
const FNV_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const CHECK_SEED = 0x2f6b_1d35;
const CHECK_PRIME = 0x9e3779b1 | 0;

const isHan = (c: number) => c >= 0x3400 && c <= 0x9fff;
const isLatin = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a);

/**
 * Open-addressing table of the dictionary words and their prefixes, keyed by two rolling hashes of the characters
 * (FNV-1a, the content-word hash before its finaliser, and a second one checked on a hit): slot i holds the FNV
 * hash at 2i and the check hash with the flags in its low two bits at 2i + 1.
 */
interface DictTable {
  slots: Int32Array;
  mask: number;
}

let table: DictTable | undefined;

const slotOf = (h: number, mask: number) => (h ^ (h >>> 15)) & mask;

function buildTable(): DictTable {
  const text = new TextDecoder().decode(dict);
  const words: string[] = [];
  for (let at = 0; at < text.length; ) {
    let nl = text.indexOf('\n', at);
    if (nl < 0) nl = text.length;
    const space = text.indexOf(' ', at);
    const word = text.slice(at, space >= at && space < nl ? space : nl).trim();
    at = nl + 1;
    if (word.length < 2 || word.length > MAX_WORD) continue;
    let han = true;
    for (let i = 0; i < word.length && han; i++) han = isHan(word.charCodeAt(i));
    if (han) words.push(word);
  }
  // every word and prefix, at most: a quarter to half full
  let capacity = 1 << 10;
  while (capacity < words.length * 4) capacity <<= 1;
  const slots = new Int32Array(capacity * 2);
  const mask = capacity - 1;
  for (const word of words) {
    let h = FNV_BASIS;
    let check = CHECK_SEED;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      h = Math.imul(h ^ c, FNV_PRIME);
      check = Math.imul(check + c, CHECK_PRIME);
      const flag = i === word.length - 1 ? WORD : PREFIX;
      let s = slotOf(h, mask);
      for (;;) {
        const at = s * 2;
        const held = slots[at + 1]!;
        if (held === 0) {
          slots[at] = h;
          slots[at + 1] = (check & ~3) | flag;
          break;
        }
        if (slots[at] === h && (held & ~3) === (check & ~3)) {
          slots[at + 1] = held | flag;
          break;
        }
        s = (s + 1) & mask;
      }
    }
  }
  return { slots, mask };
}

/** The table, built once per thread (~0.2 s, 8 MB). */
export function dictTable(): DictTable {
  table ??= buildTable();
  return table;
}

/** Push the content-word hashes of text[from, to) (folded: lowercase, NFKC) onto `out`, in text order. */
export function pushContentWords(text: string, from: number, to: number, out: GrowableU32): void {
  const { slots, mask } = dictTable();
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (isHan(c)) {
      // the longest dictionary word from i
      let h = FNV_BASIS;
      let check = CHECK_SEED;
      let end = i + 1;
      let word = 0;
      const limit = Math.min(to, i + MAX_WORD);
      for (let j = i; j < limit; j++) {
        const d = text.charCodeAt(j);
        h = Math.imul(h ^ d, FNV_PRIME);
        check = Math.imul(check + d, CHECK_PRIME);
        const key = check & ~3;
        let s = slotOf(h, mask);
        let flags = 0;
        for (;;) {
          const held = slots[s * 2 + 1]!;
          if (held === 0) break;
          if (slots[s * 2] === h && (held & ~3) === key) {
            flags = held & 3;
            break;
          }
          s = (s + 1) & mask;
        }
        if (flags & WORD) {
          end = j + 1;
          word = h;
        }
        if (!(flags & PREFIX)) break;
      }
      // never 0: the vocabulary's empty slot (as wordHash)
      if (end > i + 1) out.push(fmix32(word) || 1);
      i = end;
    } else if (isLatin(c)) {
      let h = FNV_BASIS;
      let j = i;
      for (; j < to; j++) {
        const d = text.charCodeAt(j);
        if (!isLatin(d)) break;
        h = Math.imul(h ^ d, FNV_PRIME);
      }
      if (j - i >= 3) out.push(fmix32(h) || 1);
      i = j;
    } else i++;
  }
}
