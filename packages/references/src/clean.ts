/** What a pasted or extracted entry goes through before parsing: no control characters, one space, bounded length. */
export const MAX_ENTRY_CHARS = 2_000;

// Control characters, zero-width marks and the BOM come from PDF extraction and Word fields; they mean nothing here.
// Built from code points so the pattern holds no literal control characters.
const INVISIBLE = new RegExp(
  `[${[
    [0x00, 0x08],
    [0x0b, 0x1f],
    [0x7f, 0x9f],
    [0x200b, 0x200f],
    [0x2028, 0x2029],
    [0x2060, 0x2060],
    [0xfeff, 0xfeff],
    [0xfffd, 0xfffd],
  ]
    .map(([a, b]) => `\\u{${(a as number).toString(16)}}-\\u{${(b as number).toString(16)}}`)
    .join('')}]`,
  'gu',
);

export function cleanEntry(raw: string): string {
  return raw
    .replace(INVISIBLE, '')
    .replace(/[\t\r\n\u00a0\u3000]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, MAX_ENTRY_CHARS);
}

const FULL_TO_HALF: Record<string, string> = {
  '，': ',',
  '．': '.',
  '。': '.',
  '：': ':',
  '；': ';',
  '（': '(',
  '）': ')',
  '［': '[',
  '］': ']',
  '【': '[',
  '】': ']',
  '／': '/',
  '－': '-',
  '—': '-',
  '–': '-',
  '～': '-',
  '~': '-',
  '、': ',',
};
const FULL_MARK = /[，．。：；（）［］【】／－—–～~、]/g;

/** Structural marks folded to the half-width forms GB/T 7714 uses, so parsing sees one alphabet. */
export function foldMarks(text: string): string {
  return text
    .replace(FULL_MARK, (c) => FULL_TO_HALF[c] ?? c)
    .replace(/[Ａ-Ｚａ-ｚ０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

export function hasFullWidthMarks(text: string): boolean {
  return /[，．。：；（）［］【】／]/.test(text);
}

/**
 * Bytes of a pasted or uploaded list as text: UTF-8, UTF-16 with its BOM, or GB18030 (old Windows exports from
 * CNKI and NoteExpress) when the bytes are not UTF-8.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}
