import type { ParsedEntry } from './parse.ts';

/** What the body's citations say about the list: the 顺序编码制 and 著者-出版年制 consistency checks. */
export interface CitationReport {
  scheme: 'numeric' | 'author-year' | 'none';
  /** [n] in the text with no entry n. */
  missingEntries: number[];
  /** Entry numbers (or list positions for author-year) the text never cites. */
  uncited: number[];
  /** 顺序编码制: entries are numbered by first citation; these numbers are first cited after a higher one. */
  outOfOrder: number[];
  /** (Author, year) citations with no entry of that first author and year. */
  unmatchedAuthorYear: string[];
}

// [1] [2,3] [4-6] [1–3, 7] and their full-width and superscript-less forms; a year in brackets is not a citation.
const NUMERIC = /[[［]\s*(\d{1,4}(?:\s*[-–—~,，、]\s*\d{1,4})*)\s*[\]］]/g;
const AUTHOR_YEAR =
  /[(（]\s*([^()（）]{1,80}?)[,，]\s*((?:1[5-9]|20)\d\d)[a-z]?\s*(?:[:：]\s*\d+(?:-\d+)?)?\s*[)）]|([\p{Script=Han}]{2,4}|[A-Z][A-Za-z'’-]+)(?:\s*(?:等|et al\.?))?\s*[(（]\s*((?:1[5-9]|20)\d\d)[a-z]?\s*[)）]/gu;

export function citedNumbers(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(NUMERIC)) {
    for (const part of (m[1] ?? '').split(/\s*[,，、]\s*/)) {
      const range = /^(\d+)\s*[-–—~]\s*(\d+)$/.exec(part);
      if (range) {
        const a = Number(range[1]);
        const b = Number(range[2]);
        // A year range ([1998-2003]) or a runaway range is not a citation.
        if (b >= a && b - a <= 50 && b < 1500) for (let n = a; n <= b; n++) out.push(n);
      } else if (/^\d+$/.test(part) && Number(part) < 1500) out.push(Number(part));
    }
  }
  return out;
}

export function checkCitations(body: readonly string[], entries: readonly ParsedEntry[]): CitationReport {
  const text = body.join('\n');
  const numbered = entries.filter((e) => e.number !== null).length >= Math.max(1, entries.length / 2);
  if (numbered) return checkNumeric(text, entries);
  if (entries.some((e) => e.fields.year)) return checkAuthorYear(text, entries);
  return { scheme: 'none', missingEntries: [], uncited: [], outOfOrder: [], unmatchedAuthorYear: [] };
}

function checkNumeric(text: string, entries: readonly ParsedEntry[]): CitationReport {
  const cited = citedNumbers(text);
  const have = new Set(entries.map((e) => e.number).filter((n): n is number => n !== null));
  const citedSet = new Set(cited);
  const firstSeen: number[] = [];
  for (const n of cited) if (!firstSeen.includes(n)) firstSeen.push(n);
  const outOfOrder: number[] = [];
  let highest = 0;
  for (const n of firstSeen) {
    if (!have.has(n)) continue;
    if (n < highest) outOfOrder.push(n);
    highest = Math.max(highest, n);
  }
  return {
    scheme: 'numeric',
    missingEntries: [...citedSet].filter((n) => !have.has(n)).sort((a, b) => a - b),
    uncited: [...have].filter((n) => !citedSet.has(n)).sort((a, b) => a - b),
    outOfOrder,
    unmatchedAuthorYear: [],
  };
}

function surname(author: string): string {
  return (
    author
      .trim()
      .split(/[\s,]+/)[0]
      ?.toLowerCase() ?? ''
  );
}

function checkAuthorYear(text: string, entries: readonly ParsedEntry[]): CitationReport {
  const keys = entries.map((e) => ({
    name: surname(e.fields.authors[0] ?? e.fields.title.slice(0, 4)),
    year: e.fields.year,
  }));
  const used = new Set<number>();
  const unmatched: string[] = [];
  for (const m of text.matchAll(AUTHOR_YEAR)) {
    const who =
      (m[1] ?? m[3] ?? '').replace(/\s*(?:等|et al\.?)\s*$/, '').split(/[,，;；&]|\s+and\s+/)[0] ?? '';
    const year = m[2] ?? m[4] ?? '';
    const name = surname(who);
    const at = keys.findIndex(
      (k) => k.year === year && (k.name === name || k.name.startsWith(name) || name.startsWith(k.name)),
    );
    if (at >= 0) used.add(at);
    else unmatched.push(m[0]);
  }
  return {
    scheme: 'author-year',
    missingEntries: [],
    uncited: entries.map((_, i) => i + 1).filter((i) => !used.has(i - 1)),
    outOfOrder: [],
    unmatchedAuthorYear: [...new Set(unmatched)],
  };
}
