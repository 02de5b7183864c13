/**
 * Characters used to dodge similarity checks, and how matching folds them back.
 *
 * - Kangxi radicals (⼈ U+2F08 for 人) and CJK compatibility ideographs (U+F900–FAFF) look like ordinary hanzi but
 *   are different code points; NFKC maps them to the unified ideograph.
 * - Cyrillic and Greek letters that look like Latin ones (а, е, о, р, с …) inside Latin words, and katakana that
 *   look like hanzi (ロ for 口, 工 エ, 力 カ …) between hanzi.
 * - Invisible characters (zero-width space/joiners, word joiner, soft hyphen, bidi marks …) between visible ones.
 *
 * `foldTable()` is what the matching form applies (one code unit in, one out, so offsets stay a plain array);
 * `findCharacterTricks()` reports where a text uses them, for the report's 疑似字符替换 flag.
 */

/** Cyrillic and Greek letters that render like a Latin letter. */
const LATIN_LOOKALIKES: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  ԁ: 'd',
  һ: 'h',
  ԛ: 'q',
  ԝ: 'w',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  Ү: 'Y',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  ο: 'o',
  ν: 'v',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};

/** Katakana that render like a hanzi (only a trick between hanzi; Japanese text has kana around them). */
const HANZI_LOOKALIKES: Record<string, string> = {
  ロ: '口',
  エ: '工',
  カ: '力',
  タ: '夕',
  ハ: '八',
  ニ: '二',
  ト: '卜',
  ー: '一',
  ヒ: '匕',
  メ: '乂',
};

/** Format and other invisible characters: dropped from matching, flagged between visible characters. */
export function isInvisibleCode(c: number): boolean {
  return (
    c === 0x00ad ||
    c === 0x034f ||
    c === 0x061c ||
    c === 0x115f ||
    c === 0x1160 ||
    c === 0x17b4 ||
    c === 0x17b5 ||
    c === 0x180e ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x206f) ||
    c === 0x3164 ||
    c === 0xfeff ||
    c === 0xffa0 ||
    (c >= 0xfe00 && c <= 0xfe0f)
  );
}

const isHan = (c: number) => (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf);
const isLatin = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

let fold: Uint16Array | undefined;

/**
 * Code unit → the code unit it stands for: NFKC where that is one code unit (radicals, compatibility
 * ideographs, circled digits, full-width forms …), then the look-alike tables. Built once (~20 ms).
 */
export function foldTable(): Uint16Array {
  if (fold) return fold;
  const table = new Uint16Array(65536);
  for (let c = 0; c < 65536; c++) {
    table[c] = c;
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const n = String.fromCharCode(c).normalize('NFKC');
    if (n.length === 1) table[c] = n.charCodeAt(0);
  }
  for (const map of [LATIN_LOOKALIKES, HANZI_LOOKALIKES])
    for (const [from, to] of Object.entries(map)) table[from.charCodeAt(0)] = to.charCodeAt(0);
  fold = table;
  return table;
}

export type TrickKind = 'radical' | 'compatibility' | 'lookalike' | 'invisible';

/** A run of suspicious characters in the text (UTF-16 offsets). */
export interface TrickSpan {
  start: number;
  end: number;
  kind: TrickKind;
  /** What the run reads as once folded ('' for invisible characters). */
  reads: string;
}

export interface CharacterTricks {
  /** Look-alike characters (radicals, compatibility ideographs, Cyrillic/Greek in Latin words, kana in hanzi). */
  substituted: number;
  /** Invisible characters between visible ones. */
  invisible: number;
  spans: TrickSpan[];
}

function kindOf(text: string, i: number, table: Uint16Array): TrickKind | undefined {
  const c = text.charCodeAt(i);
  if (isInvisibleCode(c)) {
    // between two visible characters (a byte-order mark or direction mark at the edge of a line is normal)
    const prev = text.charCodeAt(i - 1);
    const next = text.charCodeAt(i + 1);
    const visible = (x: number) => !Number.isNaN(x) && x > 0x20 && !isInvisibleCode(x);
    let j = i + 1;
    while (j < text.length && isInvisibleCode(text.charCodeAt(j))) j++;
    return i > 0 && visible(prev) && (visible(next) || visible(text.charCodeAt(j))) ? 'invisible' : undefined;
  }
  if (table[c] === c) return undefined;
  if (c >= 0x2e80 && c <= 0x2fdf) return 'radical';
  if (c >= 0xf900 && c <= 0xfaff) return 'compatibility';
  const ch = text[i]!;
  if (LATIN_LOOKALIKES[ch] !== undefined) {
    const near = (x: number) => isLatin(x) || LATIN_LOOKALIKES[String.fromCharCode(x)] !== undefined;
    const prev = text.charCodeAt(i - 1);
    const next = text.charCodeAt(i + 1);
    // inside a Latin word: a Latin letter on one side (a whole Greek or Russian word is not a trick)
    return (isLatin(prev) && near(next)) || (isLatin(next) && near(prev)) ? 'lookalike' : undefined;
  }
  if (HANZI_LOOKALIKES[ch] !== undefined) {
    return isHan(text.charCodeAt(i - 1)) && isHan(text.charCodeAt(i + 1)) ? 'lookalike' : undefined;
  }
  return undefined;
}

/** Where `text` uses look-alike or invisible characters; adjacent ones of one kind form one span. */
export function findCharacterTricks(text: string): CharacterTricks {
  const table = foldTable();
  const spans: TrickSpan[] = [];
  let substituted = 0;
  let invisible = 0;
  for (let i = 0; i < text.length; i++) {
    const kind = kindOf(text, i, table);
    if (!kind) continue;
    if (kind === 'invisible') invisible++;
    else substituted++;
    const reads = kind === 'invisible' ? '' : String.fromCharCode(table[text.charCodeAt(i)]!);
    const last = spans[spans.length - 1];
    // one span per stretch of a kind, bridging up to 2 ordinary characters (every other character swapped)
    if (last && last.kind === kind && i - last.end <= 2) {
      last.end = i + 1;
      last.reads += reads;
    } else spans.push({ start: i, end: i + 1, kind, reads });
  }
  return { substituted, invisible, spans };
}
