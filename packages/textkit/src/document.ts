import { headingLevel } from './headings.ts';
import type { HiddenText } from './hidden-text.ts';

export type BlockKind = 'heading' | 'paragraph';

export interface Block {
  kind: BlockKind;
  /** Headings only: 0 = document title, 1 = chapter, 2 = section, ... */
  level?: number;
  text: string;
}

export interface ParsedDocument {
  title?: string;
  blocks: Block[];
  /** .docx only: hidden runs (w:vanish, white, ≤ 1 pt) left out of the blocks, see hidden-text.ts. */
  hidden?: HiddenText;
}

/** A block placed in the joined document text. */
export interface PlacedBlock extends Block {
  index: number;
  start: number;
  end: number;
}

export interface DocumentText {
  /** Blocks joined with '\n'; every offset in reports refers to this string. */
  text: string;
  blocks: PlacedBlock[];
}

/** Join the blocks into one string (separated by '\n') and remember where each block lives. */
export function documentText(doc: ParsedDocument): DocumentText {
  const parts: string[] = [];
  const blocks: PlacedBlock[] = [];
  let pos = 0;
  doc.blocks.forEach((b, index) => {
    if (index > 0) pos += 1;
    blocks.push({ ...b, index, start: pos, end: pos + b.text.length });
    parts.push(b.text);
    pos += b.text.length;
  });
  return { text: parts.join('\n'), blocks };
}

function cleanLine(line: string): string {
  // tabs and odd spaces inside a line become one space; keep the line otherwise as written
  return line.replace(/[\t\u00a0\u3000]+/g, (m) => (m.includes('\u3000') ? '' : ' ')).trim();
}

/**
 * Plain text (a .txt file or pasted text) to blocks: one paragraph per non-empty line, headings detected from
 * numbering ("第一章", "1.2 ", "一、") and section words, the first short unpunctuated line taken as the title.
 */
export function textToDocument(text: string): ParsedDocument {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map(cleanLine)
    .filter((l) => l.length > 0);
  const blocks: Block[] = [];
  let title: string | undefined;
  lines.forEach((line, i) => {
    const level = headingLevel(line);
    if (
      i === 0 &&
      level === 0 &&
      line.length <= 50 &&
      lines.length > 1 &&
      !/[。；，,;：:？?！!.]$/.test(line) &&
      !/^(摘要|abstract)/i.test(line)
    ) {
      title = line;
      blocks.push({ kind: 'heading', level: 0, text: line });
      return;
    }
    if (level > 0) blocks.push({ kind: 'heading', level, text: line });
    else blocks.push({ kind: 'paragraph', text: line });
  });
  return title === undefined ? { blocks } : { title, blocks };
}
