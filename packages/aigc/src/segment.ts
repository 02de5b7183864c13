import { splitSentences } from '@paperdesk/textkit';
import { visibleLength } from './canonical.ts';

/** A range [start, end) of the input text. */
export interface Span {
  start: number;
  end: number;
}

/** Paragraphs: runs of text between line breaks, trimmed; empty lines dropped. */
export function splitParagraphs(text: string): Span[] {
  const out: Span[] = [];
  const re = /[^\r\n]+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let start = m.index;
    let end = m.index + m[0].length;
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    if (end > start) out.push({ start, end });
  }
  return out;
}

/** Sentences of one paragraph as ranges of the input text (textkit's splitter). */
export function paragraphSentences(text: string, paragraph: Span): Span[] {
  return splitSentences(text, paragraph.start, paragraph.end).map(({ start, end }) => ({ start, end }));
}

export interface SentenceWindow extends Span {
  /** Index of the first and one past the last sentence it covers. */
  firstSentence: number;
  endSentence: number;
}

/**
 * Overlapping windows of whole sentences of at least `targetChars` visible characters (a paragraph shorter than
 * that is one window). Consecutive windows start about half a window apart, so every sentence is scored in one
 * or two contexts and no window is cut mid-sentence. Together the windows cover every sentence.
 */
export function sentenceWindows(
  text: string,
  sentences: readonly Span[],
  targetChars: number,
): SentenceWindow[] {
  const lengths = sentences.map((s) => visibleLength(text.slice(s.start, s.end)));
  const windows: SentenceWindow[] = [];
  let first = 0;
  while (first < sentences.length) {
    let end = first;
    let chars = 0;
    while (end < sentences.length && chars < targetChars) chars += lengths[end++]!;
    windows.push({
      start: sentences[first]!.start,
      end: sentences[end - 1]!.end,
      firstSentence: first,
      endSentence: end,
    });
    if (end === sentences.length) break;
    // next window starts after about half of this one
    let next = first + 1;
    let advanced = lengths[first]!;
    while (next < end - 1 && advanced < chars / 2) advanced += lengths[next++]!;
    first = next;
  }
  return windows;
}
