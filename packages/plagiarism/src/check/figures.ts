import type { DocumentText } from '@paperdesk/textkit';
import type { FlaggedSpan, Match, PartMetric, SimilarDocument, SpanKind } from '../report.ts';
import { type Interval, splitBy, union } from './intervals.ts';

/** Counting characters of the checked text (textkit's count: all but whitespace and invisible characters). */
export interface Counting {
  /** Characters of one interval. */
  chars: (i: Interval) => number;
  /** Characters of a union of intervals. */
  sumChars: (list: Interval[]) => number;
  /** n / d rounded to 4 places, 0 when d is 0. */
  ratio: (n: number, d: number) => number;
}

export function counting(prefix: Uint32Array): Counting {
  const chars = (i: Interval) => prefix[i.end]! - prefix[i.start]!;
  return {
    chars,
    sumChars: (list) => union(list).reduce((a, i) => a + chars(i), 0),
    ratio: (n, d) => (d > 0 ? Math.round((n / d) * 10000) / 10000 : 0),
  };
}

/** The text the matches flag: copied, quoted (and not copied from another source), and both together. */
export interface Flagged {
  copy: Interval[];
  quoted: Interval[];
  all: Interval[];
}

export function flaggedOf(matches: Match[]): Flagged {
  const copy = union(matches.filter((m) => m.kind === 'copy'));
  // text that is both copied (from one source) and cited (from another) counts as copied
  const quoted = union(matches.filter((m) => m.kind === 'quoted')).flatMap(
    (i) => splitBy(i.start, i.end, copy).outside,
  );
  return { copy, quoted, all: union(matches) };
}

/** 相似文献: each source with its characters and ratio, most characters first. */
export function similarDocumentsOf(matches: Match[], total: number, count: Counting): SimilarDocument[] {
  const bySource = new Map<string, Match[]>();
  for (const m of matches) {
    const list = bySource.get(m.docId);
    if (list) list.push(m);
    else bySource.set(m.docId, [m]);
  }
  return [...bySource.values()]
    .map((list) => {
      const m = list[0]!;
      const n = count.sumChars(list);
      const d: SimilarDocument = {
        docId: m.docId,
        title: m.title,
        own: m.own,
        chars: n,
        ratio: count.ratio(n, total),
        matches: list.length,
      };
      if (m.author !== undefined) d.author = m.author;
      if (m.source !== undefined) d.source = m.source;
      if (m.year !== undefined) d.year = m.year;
      if (m.cited) d.cited = true;
      return d;
    })
    .sort((a, b) => b.chars - a.chars || a.docId.localeCompare(b.docId));
}

/** The red and yellow highlights: non-overlapping spans, each naming the matches under it. */
export function spansOf(text: string, matches: Match[], flagged: Flagged, count: Counting): FlaggedSpan[] {
  const spans: FlaggedSpan[] = [];
  for (const [kind, list] of [
    ['copy', flagged.copy],
    ['quoted', flagged.quoted],
  ] as Array<[SpanKind, Interval[]]>) {
    for (const i of list) {
      spans.push({
        kind,
        start: i.start,
        end: i.end,
        text: text.slice(i.start, i.end),
        chars: count.chars(i),
        matchIds: matches
          .filter((m) => m.kind === kind && m.start < i.end && m.end > i.start)
          .map((m) => m.id),
      });
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}

/** The figures of one part of the text [start, end) (the reference list counts no characters). */
export type PartOf = (title: string, start: number, end: number) => PartMetric;

export function partMetrics(refRange: Interval | undefined, flagged: Flagged, count: Counting): PartOf {
  return (title, start, end) => {
    let totalChars = count.chars({ start, end });
    if (refRange) {
      const s = Math.max(start, refRange.start);
      const e = Math.min(end, refRange.end);
      if (e > s) totalChars -= count.chars({ start: s, end: e });
    }
    const clip = (list: Interval[]) =>
      list
        .map((i) => ({ start: Math.max(i.start, start), end: Math.min(i.end, end) }))
        .filter((i) => i.end > i.start);
    const overlap = count.sumChars(clip(flagged.all));
    const copy = count.sumChars(clip(flagged.copy));
    return {
      title,
      start,
      end,
      totalChars,
      overlapChars: overlap,
      quotedChars: count.sumChars(clip(flagged.quoted)),
      ratio: count.ratio(overlap, totalChars),
      ratioExcludingQuotes: count.ratio(copy, totalChars),
    };
  };
}

/** Sections: split at the top heading level in use (level >= 1); text before the first one is its own part. */
export function sectionsOf(dt: DocumentText, title: string | undefined, part: PartOf): PartMetric[] {
  const levels = dt.blocks
    .filter((b) => b.kind === 'heading' && (b.level ?? 1) >= 1)
    .map((b) => b.level ?? 1);
  const top = levels.length > 0 ? Math.min(...levels) : undefined;
  const sections: PartMetric[] = [];
  let secStart = 0;
  let secTitle = title ?? '正文';
  for (const b of dt.blocks) {
    if (top !== undefined && b.kind === 'heading' && (b.level ?? 1) === top) {
      if (b.start > secStart) sections.push(part(secTitle, secStart, Math.max(secStart, b.start - 1)));
      secStart = b.start;
      secTitle = b.text;
    }
  }
  if (dt.text.length > secStart || sections.length === 0)
    sections.push(part(secTitle, secStart, dt.text.length));
  return sections;
}
