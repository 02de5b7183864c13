/** A parsed GB/T 7714 reference entry, located in the text it was found in. */
export interface ReferenceEntry {
  start: number;
  end: number;
  text: string;
  /** The [n] number, when the entry has one. */
  number?: number;
  authors: string[];
  title?: string;
  /** GB/T 7714 document type code: J journal, M book, D thesis, C proceedings, N newspaper, P patent, EB/OL ... */
  type?: string;
  year?: number;
}

export interface ReferenceSection {
  /** The heading line (参考文献 / References); absent when the list was recognised without one. */
  headingStart?: number;
  /** The list itself: from the first entry to the end of the last. */
  start: number;
  end: number;
  entries: ReferenceEntry[];
}

const REF_HEADING_RE =
  /^\s*(参\s*考\s*文\s*献|主要参考文献|参考资料|引用文献|references|bibliography)\s*[:：]?\s*$/i;
const NEXT_SECTION_RE =
  /^\s*(致\s*谢|谢\s*辞|附\s*录|作者简介|攻读.{0,12}期间.{0,20}|acknowledge?ments?|appendix)/i;
const NUMBERED_RE = /^\s*(?:[[［](\d{1,4})[\]］]|(\d{1,4})[.．、]\s|[（(](\d{1,4})[）)])\s*/;
const TYPE_RE = /[[［]([A-Z]{1,2})(?:\/[A-Z]{2})?[\]］]/;

/** Parse one entry: `[1] 张三, 李四. 标题[J]. 期刊, 2020, 1(2): 3-4.` */
export function parseReferenceEntry(text: string, start = 0): ReferenceEntry {
  const trimmed = text.trim();
  const lead = text.length - text.trimStart().length;
  const entry: ReferenceEntry = {
    start: start + lead,
    end: start + lead + trimmed.length,
    text: trimmed,
    authors: [],
  };
  let rest = trimmed;
  const num = NUMBERED_RE.exec(rest);
  if (num) {
    entry.number = Number(num[1] ?? num[2] ?? num[3]);
    rest = rest.slice(num[0].length);
  }
  const typeMatch = TYPE_RE.exec(rest);
  if (typeMatch) {
    entry.type = typeMatch[1];
    const before = rest.slice(0, typeMatch.index);
    // authors end at the first full stop that is followed by the title
    const dot = /[.．。]\s*/.exec(before);
    if (dot) {
      entry.authors = before
        .slice(0, dot.index)
        .split(/[,，、;；]|\s+and\s+/)
        .map((a) => a.trim())
        .filter((a) => a.length > 0 && a.length <= 40);
      entry.title = before.slice(dot.index + dot[0].length).trim() || undefined;
    } else {
      entry.title = before.trim() || undefined;
    }
  }
  const year = /(?:^|[^\d])((?:19|20)\d{2})(?!\d)/.exec(typeMatch ? rest.slice(typeMatch.index) : rest);
  if (year) entry.year = Number(year[1]);
  if (entry.title === undefined) delete entry.title;
  return entry;
}

function looksLikeEntry(line: string): boolean {
  return NUMBERED_RE.test(line) && (TYPE_RE.test(line) || /(19|20)\d{2}/.test(line));
}

interface LineSpan {
  start: number;
  end: number;
  text: string;
}

function lineSpans(text: string): LineSpan[] {
  const out: LineSpan[] = [];
  const re = /[^\n]*/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push({ start: m.index, end: m.index + m[0].length, text: m[0] });
    if (m.index + m[0].length >= text.length) break;
    re.lastIndex = m.index + m[0].length + 1;
  }
  return out;
}

/**
 * Find the reference list: a 参考文献/References heading followed by entries (until 致谢/附录 or the end), or,
 * without a heading, a closing run of at least three GB/T 7714-looking numbered lines. Offsets refer to `text`.
 */
export function findReferences(text: string): ReferenceSection | undefined {
  const lines = lineSpans(text);
  let headingIdx = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (REF_HEADING_RE.test(lines[i]!.text)) {
      headingIdx = i;
      break;
    }
  }
  let first: number;
  let last: number;
  if (headingIdx >= 0) {
    first = headingIdx + 1;
    last = lines.length - 1;
    for (let i = first; i < lines.length; i++) {
      if (NEXT_SECTION_RE.test(lines[i]!.text) && lines[i]!.text.trim().length <= 30) {
        last = i - 1;
        break;
      }
    }
  } else {
    // no heading: the longest run of entry-looking lines at the end of the text
    last = lines.length - 1;
    while (last >= 0 && lines[last]!.text.trim() === '') last--;
    first = last + 1;
    while (first > 0 && looksLikeEntry(lines[first - 1]!.text)) first--;
    if (last - first + 1 < 3) return undefined;
  }
  while (first <= last && lines[first]!.text.trim() === '') first++;
  while (last >= first && lines[last]!.text.trim() === '') last--;
  const entries: ReferenceEntry[] = [];
  let cur: { start: number; end: number } | undefined;
  const flush = () => {
    if (cur) entries.push(parseReferenceEntry(text.slice(cur.start, cur.end), cur.start));
    cur = undefined;
  };
  for (let i = first; i <= last; i++) {
    const line = lines[i]!;
    if (line.text.trim() === '') continue;
    if (NUMBERED_RE.test(line.text) || !cur) {
      flush();
      cur = { start: line.start, end: line.end };
    } else {
      cur.end = line.end; // continuation of a wrapped entry
    }
  }
  flush();
  if (entries.length === 0 && headingIdx < 0) return undefined;
  const section: ReferenceSection = {
    start: entries[0]?.start ?? lines[headingIdx]!.end,
    end: entries[entries.length - 1]?.end ?? lines[headingIdx]!.end,
    entries,
  };
  if (headingIdx >= 0)
    section.headingStart =
      lines[headingIdx]!.start +
      (lines[headingIdx]!.text.length - lines[headingIdx]!.text.trimStart().length);
  return section;
}

/** A quotation that is followed by a citation marker: 知网 counts a match inside it as 引用, not as copying. */
export interface QuotedCitation {
  /** From the opening to the closing quotation mark, inclusive. */
  start: number;
  end: number;
  /** The quoted words without the marks. */
  contentStart: number;
  contentEnd: number;
  citation: { start: number; end: number; text: string };
}

const QUOTE_PAIRS: Array<[string, string]> = [
  ['“', '”'],
  ['「', '」'],
  ['『', '』'],
  ['"', '"'],
];

const CITATION_RES = [
  // numeric: [3] [3,5] [3-5] ［3］ [3]^ including page: [3]12
  /^[[［]\s*\d{1,4}(?:\s*[,，、\-–—~～]\s*\d{1,4})*\s*[\]］]/,
  // author-year: （张三，2020） (Zhang, 2020) （张三等，2020a） (Smith et al., 2019: 12)
  /^[（(][^（）()\n]{1,40}?[,，\s]\s*(?:19|20)\d{2}[a-z]?(?:\s*[:：]\s*\d+(?:-\d+)?)?[）)]/,
];

/** Quoted spans (“…”, 「…」, "…") immediately followed by a citation marker like [3] or （张三，2020）. */
export function findQuotedCitations(text: string): QuotedCitation[] {
  const out: QuotedCitation[] = [];
  for (const [open, close] of QUOTE_PAIRS) {
    let from = 0;
    for (;;) {
      const s = text.indexOf(open, from);
      if (s < 0) break;
      const e = text.indexOf(close, s + 1);
      if (e < 0) break;
      const inner = text.slice(s + 1, e);
      if (inner.includes('\n') || inner.length === 0 || inner.length > 1000) {
        from = s + 1;
        continue;
      }
      // the marker may follow directly or after one punctuation mark: “…”[3]。 / “…”。[3] / “…”，（张三，2020）
      let m = e + 1;
      let citation: QuotedCitation['citation'] | undefined;
      for (let skip = 0; skip <= 1 && !citation; skip++) {
        const tail = text.slice(m, m + 60);
        for (const re of CITATION_RES) {
          const hit = re.exec(tail);
          if (hit) {
            citation = { start: m, end: m + hit[0].length, text: hit[0] };
            break;
          }
        }
        if (!citation && /^[，。,.；;：:\s]/.test(tail)) m += 1;
        else break;
      }
      if (citation) {
        out.push({ start: s, end: e + 1, contentStart: s + 1, contentEnd: e, citation });
      }
      from = e + 1;
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
