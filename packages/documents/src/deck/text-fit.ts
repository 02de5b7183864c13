/**
 * Text measurement without a font engine: an em-width estimate per character (CJK and full-width
 * forms 1 em, Latin narrower), greedy line wrapping, and the font size at which text fits a box.
 * Slightly generous on purpose so text never spills in PowerPoint, WPS or LibreOffice.
 */

/** Line height of Microsoft YaHei / Noto Sans CJK at single spacing, in em. */
export const NATURAL_LINE = 1.32;
/** Share of a box's width that wrapping may use: renderers break lines a little differently. */
const WRAP_SLACK = 0.94;

export function charEm(ch: string): number {
  const c = ch.codePointAt(0) ?? 0;
  if (c >= 0x2e80 || (c >= 0x1100 && c <= 0x11ff)) return c >= 0xff61 && c <= 0xff9f ? 0.5 : 1;
  if (c === 0x20) return 0.3;
  if (/[A-Z]/.test(ch)) return 0.68;
  if (/[mwMW@%]/.test(ch)) return 0.85;
  if (/[ijlI.,:;'!|]/.test(ch)) return 0.3;
  return 0.58;
}

export function textEm(text: string): number {
  let em = 0;
  for (const ch of text) em += charEm(ch);
  return em;
}

/** Split text into lines that fit `widthIn` at `fontPt`; Latin words are kept whole when they fit a line. */
export function wrapLines(text: string, fontPt: number, widthIn: number): string[] {
  const maxEm = Math.max(1, (widthIn * WRAP_SLACK * 72) / fontPt);
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineEm = 0;
    for (const token of paragraph.match(/[A-Za-z0-9.,%'’-]+|\s+|[\s\S]/gu) ?? []) {
      const em = textEm(token);
      if (lineEm + em > maxEm && line.trim()) {
        if (em > maxEm) {
          // a word wider than the line: break it by character
          for (const ch of token) {
            const w = charEm(ch);
            if (lineEm + w > maxEm && line) {
              lines.push(line);
              line = '';
              lineEm = 0;
            }
            line += ch;
            lineEm += w;
          }
          continue;
        }
        lines.push(line.trimEnd());
        line = /^\s+$/.test(token) ? '' : token;
        lineEm = line ? em : 0;
      } else {
        line += token;
        lineEm += em;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

export interface FitParagraph {
  text: string;
  /** font size relative to the box's size (second-level bullets are smaller) */
  scale?: number;
  /** left indent taken from the line width, in inches */
  indentIn?: number;
}

export interface FitOptions {
  /** PowerPoint's lineSpacingMultiple */
  lineSpacing: number;
  /** space after each paragraph, in em of its font size */
  paragraphGapEm: number;
}

export function textHeightIn(
  paragraphs: readonly FitParagraph[],
  fontPt: number,
  widthIn: number,
  options: FitOptions,
): number {
  let pt = 0;
  for (const p of paragraphs) {
    const size = fontPt * (p.scale ?? 1);
    const lines = wrapLines(p.text, size, widthIn - (p.indentIn ?? 0)).length;
    pt += size * (lines * NATURAL_LINE * options.lineSpacing + options.paragraphGapEm);
  }
  return pt / 72;
}

/** The largest whole font size in [min, max] at which the paragraphs fit the box, or undefined. */
export function fitFontSize(
  paragraphs: readonly FitParagraph[],
  box: { w: number; h: number },
  max: number,
  min: number,
  options: FitOptions,
): number | undefined {
  for (let size = max; size >= min; size--) {
    if (textHeightIn(paragraphs, size, box.w, options) <= box.h) return size;
  }
  return undefined;
}

/** Cut text to at most `maxLines` lines at `fontPt`, ending with an ellipsis when cut. */
export function clampLines(text: string, fontPt: number, widthIn: number, maxLines: number): string {
  const lines = wrapLines(text, fontPt, widthIn);
  if (lines.length <= maxLines) return text;
  const kept = lines.slice(0, maxLines);
  const last = [...(kept[maxLines - 1] ?? '')];
  kept[maxLines - 1] = `${last.slice(0, Math.max(0, last.length - 1)).join('')}…`;
  return kept.join('');
}

/** Sentence-sized pieces of at most about `maxChars` characters, for text too long for one slide. */
export function chunkText(text: string, maxChars: number): string[] {
  if ([...text].length <= maxChars) return [text];
  const sentences = text.match(/[^。！？；!?;]+[。！？；!?;]*|[。！？；!?;]+/gu) ?? [text];
  const chunks: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    for (let i = 0; i < sentence.length; i += maxChars) {
      const piece = sentence.slice(i, i + maxChars);
      if (current && [...current].length + [...piece].length > maxChars) {
        chunks.push(current);
        current = '';
      }
      current += piece;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}
