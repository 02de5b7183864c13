import { normalize } from '@paperdesk/textkit';

const CJK_RE = /[\u3400-\u9fff\uf900-\ufaff]/;
const DIGIT_RE = /[0-9]/g;
/** A 。 between digits: a decimal point damaged by scraping (1。1万) in the human journal abstracts. */
const DAMAGED_DECIMAL_RE = /(?<=0)。(?=0)/g;

/**
 * The form every feature is computed on: textkit normalisation (full-width ASCII to half-width, traditional to
 * simplified, quote/dash variants unified), no whitespace, lower-case Latin, every digit as 0, and an ASCII full
 * stop after a hanzi read as 。. Why: the human training abstracts were typeset with half-width punctuation and
 * the AI texts with full-width, and HC3 answers carry line breaks; without this the model would learn typography
 * instead of writing style. A 。 between digits reads as a decimal point: the human abstracts carry that scraping
 * damage and the AI rewrites repaired it, so it would otherwise mark a text as human.
 */
export function canonicalText(raw: string): string {
  const text = normalize(raw, { whitespace: 'remove', lowercase: true })
    .text.replace(DIGIT_RE, '0')
    .replace(DAMAGED_DECIMAL_RE, '.');
  if (!text.includes('.')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    out += ch === '.' && i > 0 && CJK_RE.test(text[i - 1]!) ? '。' : ch;
  }
  return out;
}

/** Characters that count towards the length of a text: everything but whitespace. */
export function visibleLength(raw: string): number {
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x3000 && c !== 0xa0) n++;
  }
  return n;
}
