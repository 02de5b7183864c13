import { findQuotedCitations, isSpaceCode } from '@paperdesk/textkit';
import type { Passage } from '../align.ts';
import { citedSources } from '../provenance.ts';
import type { Match, SourceRef, SpanKind } from '../report.ts';
import type { SourcePassages } from './attribution.ts';
import type { CheckContext } from './context.ts';
import { type Interval, splitBy, union } from './intervals.ts';

/**
 * Stage 6, matches in original coordinates, split at quoted-and-cited spans; a source the reference list names
 * is cited as a whole (知网's 引用: its matches count as quoted). Sorted by position, numbered in that order.
 */
export function matchesOf(
  ctx: CheckContext,
  sources: SourcePassages[],
  chars: (i: Interval) => number,
): Match[] {
  const matches: Match[] = [];
  const isCited = citedSources(ctx.referenceEntries);
  const quotes = union(findQuotedCitations(ctx.text).map((c) => ({ start: c.start, end: c.end })));
  for (const source of sources) {
    const meta = ctx.index.ordinalMeta(source.ordinal);
    const ref: SourceRef = { docId: meta.id, title: meta.title, own: ctx.isOwn(source.ordinal) };
    const cited = isCited(meta);
    if (cited) ref.cited = true;
    if (meta.author !== undefined) ref.author = meta.author;
    if (meta.source !== undefined) ref.source = meta.source;
    if (meta.year !== undefined) ref.year = meta.year;
    const sourceText = ctx.index.ordinalText(source.ordinal);
    for (const p of source.passages) {
      const { start, end, sourceStart, sourceEnd } = originalRange(ctx, source, sourceText, p);
      const parts = cited ? { outside: [], inside: [{ start, end }] } : splitBy(start, end, quotes);
      const pieces: Array<[SpanKind, Interval]> = [
        ...parts.outside.map((i): [SpanKind, Interval] => ['copy', i]),
        ...parts.inside.map((i): [SpanKind, Interval] => ['quoted', i]),
      ];
      for (const [kind, piece] of pieces) {
        const n = chars(piece);
        if (n === 0) continue;
        matches.push({
          ...ref,
          id: matches.length,
          kind,
          start: piece.start,
          end: piece.end,
          text: ctx.text.slice(piece.start, piece.end),
          chars: n,
          sourceStart,
          sourceEnd,
          sourceText: sourceText.slice(sourceStart, sourceEnd),
          method: p.method,
          similarity: Math.round(p.similarity * 1000) / 1000,
        });
      }
    }
  }
  matches.sort((a, b) => a.start - b.start || a.end - b.end);
  matches.forEach((m, i) => {
    m.id = i;
  });
  return matches;
}

/** A passage's range in the checked text and in the source text (original offsets). */
function originalRange(
  ctx: CheckContext,
  { s }: SourcePassages,
  sourceText: string,
  p: Passage,
): { start: number; end: number; sourceStart: number; sourceEnd: number } {
  const q = ctx.q;
  const start = q.offsets[p.qs]!;
  let end = q.offsets[p.qe - 1]! + 1;
  const sourceStart = s.offsets[p.ss]!;
  let sourceEnd = s.offsets[p.se - 1]! + 1;
  // take the closing punctuation along when both sides have it (…方法。 / …方法.)
  while (
    end < q.offsets[p.qe]! &&
    sourceEnd < s.offsets[p.se]! &&
    samePunctuation(ctx.checked.charCodeAt(end), sourceText.charCodeAt(sourceEnd))
  ) {
    end++;
    sourceEnd++;
  }
  return { start, end, sourceStart, sourceEnd };
}

const STOP_CLASS = new Map<number, number>([
  [0x3002, 1],
  [0x2e, 1],
  [0xff0e, 1],
  [0xff1b, 2],
  [0x3b, 2],
  [0xff01, 3],
  [0x21, 3],
  [0xff1f, 4],
  [0x3f, 4],
  [0xff0c, 5],
  [0x2c, 5],
  [0x3001, 5],
]);

function samePunctuation(a: number, b: number): boolean {
  if (a === b) return !isSpaceCode(a);
  const ca = STOP_CLASS.get(a);
  return ca !== undefined && ca === STOP_CLASS.get(b);
}
