import { cleanEntry } from './clean.ts';

/** Where a paper's reference list is: the heading, the body before it, and its entries one per element. */
export interface FoundList {
  /** Index of the heading paragraph, or -1 when the list was recognised without one. */
  headingIndex: number;
  body: string[];
  entries: string[];
}

export const MAX_ENTRIES = 2_000;

const HEADING =
  /^(?:第?[一二三四五六七八九十\d]*[章节、.\s]*)?(?:参考文献|主要参考文献|参\s*考\s*文\s*献|引用文献|references?|bibliography|works cited|literature cited)\s*[:：]?$/i;
// What follows a reference list in a thesis: acknowledgements, appendices, the author's publications.
const AFTER = /^(?:致\s*谢|附\s*录|攻读.{0,12}(?:成果|论文)|作者简介|个人简历|acknowledge?ments?|appendix)/i;
const NUMBERED = /^\s*(?:[[［]\d{1,4}[\]］]|\d{1,4}[.．、](?!\d))/;

/**
 * The last 参考文献/References heading and what follows it up to the back matter. Entries may be one per
 * paragraph, or run together in one paragraph ([1]…[2]…), which PDF extraction often gives.
 */
export function findReferenceList(paragraphs: readonly string[]): FoundList | null {
  let heading = -1;
  for (let i = paragraphs.length - 1; i >= 0; i--) {
    if (HEADING.test(cleanEntry(paragraphs[i] ?? ''))) {
      heading = i;
      break;
    }
  }
  if (heading < 0) return null;
  const entries: string[] = [];
  for (let i = heading + 1; i < paragraphs.length && entries.length < MAX_ENTRIES; i++) {
    const text = cleanEntry(paragraphs[i] ?? '');
    if (!text) continue;
    if (AFTER.test(text)) break;
    entries.push(...splitRunTogether(text));
  }
  return {
    headingIndex: heading,
    body: paragraphs.slice(0, heading),
    entries: entries.slice(0, MAX_ENTRIES),
  };
}

/** A pasted list: one entry per non-empty line, or numbered entries run together. */
export function splitEntries(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r\n|\n|\r|\u2028/)) {
    const clean = cleanEntry(line);
    if (clean && !HEADING.test(clean)) out.push(...splitRunTogether(clean));
    if (out.length >= MAX_ENTRIES) break;
  }
  return out.slice(0, MAX_ENTRIES);
}

function splitRunTogether(text: string): string[] {
  if (!NUMBERED.test(text)) return [text];
  const parts = text.split(/(?=\s[[［]\d{1,4}[\]］]\s*\S)/).map((s) => s.trim());
  return parts.filter(Boolean);
}
