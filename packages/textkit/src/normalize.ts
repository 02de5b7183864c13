import * as OpenCC from 'opencc-js/t2cn';
import { foldTable } from './tricks.ts';

/**
 * Normalisation with an offset map back to the original string.
 *
 * Every transformation is character-for-character (one UTF-16 code unit in, zero or one out), so the map is a
 * plain array: `offsets[i]` is the index in the original of normalised unit `i`, and `offsets[text.length]` is
 * the original length. Traditional -> simplified is therefore done character by character (the single-character
 * tables of OpenCC); phrase-level conversions that change length are deliberately not applied.
 */
export interface NormalizeOptions {
  /** Full-width ASCII and the ideographic space to half-width. Default true. */
  width?: boolean;
  /** Traditional (incl. Taiwan/Hong Kong variants) to simplified Chinese, per character. Default true. */
  t2s?: boolean;
  /** Lower-case Latin letters. Default false. */
  lowercase?: boolean;
  /** 'collapse' turns each whitespace run into one space and trims; 'remove' drops all whitespace. Default 'collapse'. */
  whitespace?: 'keep' | 'collapse' | 'remove';
  /** 'unify' maps quote/dash/bracket variants to one form; 'remove' drops everything but letters and digits. Default 'unify'. */
  punctuation?: 'keep' | 'unify' | 'remove';
  /**
   * Fold look-alike characters to what they stand for (NFKC: Kangxi radicals, compatibility ideographs …;
   * Cyrillic/Greek letters shaped like Latin ones; katakana shaped like hanzi), see tricks.ts. Default false;
   * the matching form always folds.
   */
  fold?: boolean;
}

export interface NormalizedText {
  text: string;
  /** Length text.length + 1: original index of each normalised code unit, then the original length. */
  offsets: Uint32Array;
}

const DROP = 0xffff;

let t2sTable: Uint16Array | undefined;

/** The GB2312 hanzi: all valid simplified characters, which a character-level conversion must leave alone. */
function gb2312Hanzi(): Set<number> {
  const set = new Set<number>();
  const dec = new TextDecoder('gbk');
  for (let lead = 0xb0; lead <= 0xf7; lead++) {
    for (let trail = 0xa1; trail <= 0xfe; trail++) {
      const ch = dec.decode(new Uint8Array([lead, trail]));
      if (ch.length === 1) set.add(ch.charCodeAt(0));
    }
  }
  return set;
}

/**
 * Character-level traditional -> simplified table, built once from opencc-js (about 0.1 s). Characters that are
 * themselves standard simplified characters (GB2312, e.g. 著, 乾, 余) are not converted: without phrase context
 * that would corrupt simplified text (著作 -> 着作).
 */
function getT2sTable(): Uint16Array {
  if (t2sTable) return t2sTable;
  const table = new Uint16Array(65536);
  for (let i = 0; i < 65536; i++) table[i] = i;
  const simplified = gb2312Hanzi();
  const converters = [
    OpenCC.Converter({ from: 't', to: 'cn' }),
    OpenCC.Converter({ from: 'tw', to: 'cn' }),
    OpenCC.Converter({ from: 'hk', to: 'cn' }),
  ];
  const ranges: Array<[number, number]> = [
    [0x3400, 0x4dbf],
    [0x4e00, 0x9fff],
    [0xf900, 0xfaff],
  ];
  for (const [lo, hi] of ranges) {
    for (let cp = lo; cp <= hi; cp++) {
      if (simplified.has(cp)) continue;
      const ch = String.fromCharCode(cp);
      for (const convert of converters) {
        const out = convert(ch);
        if (out !== ch && out.length === 1) {
          table[cp] = out.charCodeAt(0);
          break;
        }
      }
    }
  }
  t2sTable = table;
  return table;
}

const UNIFY: Record<string, string> = {
  '“': '"',
  '”': '"',
  '„': '"',
  '‟': '"',
  '〝': '"',
  '〞': '"',
  '「': '"',
  '」': '"',
  '『': '"',
  '』': '"',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '—': '-',
  '–': '-',
  '―': '-',
  '‒': '-',
  '─': '-',
  '－': '-',
  '﹣': '-',
  '｡': '。',
  '．': '.',
  '【': '[',
  '】': ']',
  '〔': '(',
  '〕': ')',
  '〖': '[',
  '〗': ']',
  '・': '·',
  '•': '·',
  '‧': '·',
  '﹐': ',',
  '﹑': '、',
  '﹔': ';',
  '﹕': ':',
  '﹖': '?',
  '﹗': '!',
};

const WS_RE = /\s/;
const WORD_RE = /[\p{L}\p{N}]/u;

/** 1 = whitespace (line breaks included). */
let wsClass: Uint8Array | undefined;
function getWsClass(): Uint8Array {
  if (wsClass) return wsClass;
  const cls = new Uint8Array(65536);
  for (let i = 0; i < 65536; i++) {
    if (WS_RE.test(String.fromCharCode(i))) cls[i] = 1;
  }
  wsClass = cls;
  return cls;
}

let wordClass: Uint8Array | undefined;
/** 1 = letter or digit (surrogates count as letters: supplementary CJK ideographs). */
function getWordClass(): Uint8Array {
  if (wordClass) return wordClass;
  const cls = new Uint8Array(65536);
  for (let i = 0; i < 65536; i++) {
    if ((i >= 0xd800 && i <= 0xdfff) || WORD_RE.test(String.fromCharCode(i))) cls[i] = 1;
  }
  wordClass = cls;
  return cls;
}

const tables = new Map<string, Uint16Array>();

/** One lookup table per option set: code unit -> normalised code unit, or DROP. */
function getTable(
  width: boolean,
  t2s: boolean,
  lowercase: boolean,
  punct: 'keep' | 'unify' | 'remove',
  fold = false,
): Uint16Array {
  const key = `${width}|${t2s}|${lowercase}|${punct}|${fold}`;
  const cached = tables.get(key);
  if (cached) return cached;
  const table = new Uint16Array(65536);
  const t2sMap = t2s ? getT2sTable() : undefined;
  const words = getWordClass();
  const ws = getWsClass();
  const folded = fold ? foldTable() : undefined;
  for (let i = 0; i < 65536; i++) {
    let c = folded ? folded[i]! : i;
    if (width) {
      if (c >= 0xff01 && c <= 0xff5e) c -= 0xfee0;
      else if (c === 0x3000) c = 0x20;
    }
    if (t2sMap) c = t2sMap[c]!;
    if (lowercase && c >= 0x41 && c <= 0x5a) c += 0x20;
    if (punct === 'unify') {
      const u = UNIFY[String.fromCharCode(c)];
      if (u !== undefined) c = u.charCodeAt(0);
    } else if (punct === 'remove' && !words[c] && !ws[c]) {
      c = DROP;
    }
    table[i] = c;
  }
  tables.set(key, table);
  return table;
}

/** The table of `options`, each left out one at its default. */
function tableFor(options: NormalizeOptions): Uint16Array {
  return getTable(
    options.width ?? true,
    options.t2s ?? true,
    options.lowercase ?? false,
    options.punctuation ?? 'unify',
    options.fold ?? false,
  );
}

/** Normalise `input` and keep a map from every output code unit back to its original index. */
export function normalize(input: string, options: NormalizeOptions = {}): NormalizedText {
  const table = tableFor(options);
  const wsMode = options.whitespace ?? 'collapse';
  const ws = getWsClass();
  const n = input.length;
  const out = new Uint16Array(n);
  const offsets = new Uint32Array(n + 1);
  let len = 0;
  let pendingSpace = -1;
  for (let i = 0; i < n; i++) {
    const c = table[input.charCodeAt(i)]!;
    if (c === DROP) continue;
    if (ws[c]) {
      if (wsMode === 'keep') {
        out[len] = c;
        offsets[len++] = i;
      } else if (wsMode === 'collapse' && len > 0 && pendingSpace < 0) {
        pendingSpace = i;
      }
      continue;
    }
    if (pendingSpace >= 0) {
      out[len] = 0x20;
      offsets[len++] = pendingSpace;
      pendingSpace = -1;
    }
    out[len] = c;
    offsets[len++] = i;
  }
  offsets[len] = n;
  return { text: decodeUnits(out, len), offsets: offsets.slice(0, len + 1) };
}

/**
 * `normalize(input, options).text` without the offsets (a word segmenter's input: no map back, no 8 bytes per
 * character to fill and copy). Whitespace 'keep' and 'remove' only.
 */
export function normalizeText(
  input: string,
  options: NormalizeOptions & { whitespace: 'keep' | 'remove' },
): string {
  const table = tableFor(options);
  const keepSpace = options.whitespace === 'keep';
  const ws = getWsClass();
  const n = input.length;
  const out = new Uint16Array(n);
  let len = 0;
  for (let i = 0; i < n; i++) {
    const c = table[input.charCodeAt(i)]!;
    if (c === DROP || (!keepSpace && ws[c])) continue;
    out[len++] = c;
  }
  return decodeUnits(out, len);
}

/**
 * Matching form: letters and digits only, lower-cased, width- and script-normalised, look-alikes folded. This is what fingerprints and
 * alignment compare; punctuation and whitespace differences never break a match.
 */
export function normalizeForMatching(input: string): NormalizedText {
  return normalize(input, {
    width: true,
    t2s: true,
    lowercase: true,
    whitespace: 'remove',
    punctuation: 'remove',
    fold: true,
  });
}

export interface MatchingCodes {
  /** Letters and digits only, as normalised UTF-16 code units. */
  codes: Uint16Array;
  /** Original index of each code unit, then the original length (length codes.length + 1). */
  offsets: Uint32Array;
}

/**
 * Same as normalizeForMatching, as code units instead of a string: the fast path for fingerprinting large
 * libraries (no string is built). Pass withOffsets=false when only the codes are needed.
 */
export function matchingCodes(input: string, withOffsets = true): MatchingCodes {
  const table = getTable(true, true, true, 'remove', true);
  const ws = getWsClass();
  const n = input.length;
  const out = new Uint16Array(n);
  const offsets = withOffsets ? new Uint32Array(n + 1) : EMPTY_OFFSETS;
  let len = 0;
  for (let i = 0; i < n; i++) {
    const c = table[input.charCodeAt(i)]!;
    if (c === DROP || ws[c] === 1) continue;
    if (withOffsets) offsets[len] = i;
    out[len++] = c;
  }
  if (withOffsets) offsets[len] = n;
  return { codes: out.subarray(0, len), offsets: withOffsets ? offsets.subarray(0, len + 1) : EMPTY_OFFSETS };
}

const EMPTY_OFFSETS = new Uint32Array(0);

/** Map a normalised range [start, end) back to the original range it covers. */
export function toOriginalRange(
  n: NormalizedText,
  start: number,
  end: number,
): { start: number; end: number } {
  if (end <= start) {
    const at = n.offsets[Math.min(start, n.text.length)]!;
    return { start: at, end: at };
  }
  return { start: n.offsets[start]!, end: n.offsets[end - 1]! + 1 };
}

const utf16 = new TextDecoder('utf-16le');

function decodeUnits(units: Uint16Array, len: number): string {
  return utf16.decode(units.subarray(0, len));
}
