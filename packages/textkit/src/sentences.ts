/** A sentence as a range of the original text (trimmed of surrounding whitespace). */
export interface SentenceSpan {
  start: number;
  end: number;
  text: string;
}

const HARD_END = new Set(['。', '！', '？', '!', '?', '；', '…', '｡', '．']);
/** Code units that can end a sentence (line breaks, HARD_END, the ASCII full stop): the scan skips all others. */
const MAY_END = new Uint8Array(0x10000);
for (const ch of ['\n', '\r', '.', ...HARD_END]) MAY_END[ch.charCodeAt(0)] = 1;
const CLOSERS = new Set(['”', '’', '"', "'", '」', '』', '）', ')', '】', ']', '》']);
const ABBREVIATIONS = new Set(
  [
    'e.g',
    'i.e',
    'et al',
    'al',
    'fig',
    'figs',
    'eq',
    'eqs',
    'no',
    'nos',
    'vol',
    'vols',
    'pp',
    'p',
    'vs',
    'mr',
    'mrs',
    'ms',
    'dr',
    'prof',
    'inc',
    'ltd',
    'co',
    'corp',
    'jr',
    'sr',
    'st',
    'cf',
    'approx',
    'ref',
    'refs',
    'tab',
    'sec',
    'ch',
    'ed',
    'eds',
    'a.m',
    'p.m',
    'u.s',
    'u.k',
    'jan',
    'feb',
    'mar',
    'apr',
    'jun',
    'jul',
    'aug',
    'sep',
    'sept',
    'oct',
    'nov',
    'dec',
  ].map((a) => a.toLowerCase()),
);

const CJK_RE = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/;
const SPACE_RE = /\s/;
const DIGIT_RE = /[0-9]/;
const UPPER_RE = /[A-Z]/;

function isCjk(ch: string | undefined): boolean {
  return ch !== undefined && CJK_RE.test(ch);
}

/** Is the ASCII full stop at `i` the end of a sentence? */
function periodEnds(text: string, i: number): boolean {
  const prev = text[i - 1];
  const next = text[i + 1];
  if (prev !== undefined && next !== undefined && DIGIT_RE.test(prev) && DIGIT_RE.test(next)) return false;
  // Chinese journals often write an ASCII period with no space: "新的设计方法.仿真结果表明"
  if (isCjk(prev)) return next === undefined || !DIGIT_RE.test(next);
  if (next !== undefined && !SPACE_RE.test(next) && !CLOSERS.has(next) && !isCjk(next)) return false;
  // the word before the period
  let j = i - 1;
  while (j >= 0 && /[A-Za-z.]/.test(text[j]!)) j--;
  const word = text.slice(j + 1, i).toLowerCase();
  const before = text.slice(Math.max(0, j - 2), i).toLowerCase();
  if (word.length === 1 && /[a-z]/.test(word)) return false; // initials: "J. Smith"
  if (before.endsWith('et al')) return false;
  if (ABBREVIATIONS.has(word) || ABBREVIATIONS.has(word.replace(/\.$/, ''))) {
    if (word === 'etc') {
      let k = i + 1;
      while (k < text.length && SPACE_RE.test(text[k]!)) k++;
      return k >= text.length || UPPER_RE.test(text[k]!) || isCjk(text[k]);
    }
    return false;
  }
  return true;
}

/**
 * Split into sentences: Chinese 。！？；… (and full-width ．), English . ! ? with abbreviations, decimals and
 * initials kept together, and line breaks. Closing quotes and brackets stay with their sentence.
 */
export function splitSentences(text: string, offset = 0, end = text.length): SentenceSpan[] {
  const out: SentenceSpan[] = [];
  let start = offset;
  const push = (s: number, e: number) => {
    while (s < e && SPACE_RE.test(text[s]!)) s++;
    while (e > s && SPACE_RE.test(text[e - 1]!)) e--;
    if (e > s) out.push({ start: s, end: e, text: text.slice(s, e) });
  };
  let i = offset;
  while (i < end) {
    // most characters end nothing: no one-character string, no set look-up for them
    if (MAY_END[text.charCodeAt(i)] === 0) {
      i++;
      continue;
    }
    const ch = text[i]!;
    if (ch === '\n' || ch === '\r') {
      push(start, i);
      start = i + 1;
      i++;
      continue;
    }
    // a full stop between digits is a decimal point that went through a full-width conversion: 0。95
    const decimal =
      (ch === '。' || ch === '．') && DIGIT_RE.test(text[i - 1] ?? '') && DIGIT_RE.test(text[i + 1] ?? '');
    const terminal = !decimal && (HARD_END.has(ch) || (ch === '.' && periodEnds(text, i)));
    if (!terminal) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < end && (HARD_END.has(text[j]!) || text[j] === '.' || CLOSERS.has(text[j]!))) j++;
    push(start, j);
    start = j;
    i = j;
  }
  push(start, end);
  return out;
}
