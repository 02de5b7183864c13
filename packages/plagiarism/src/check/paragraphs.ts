import type { DocumentText } from '@paperdesk/textkit';
import type { FlaggedSpan, Match, ParagraphMetric, ParagraphSpan, PartMetric } from '../report.ts';
import type { Counting, PartOf } from './figures.ts';

/** What the paragraph figures are drawn from. */
export interface ParagraphInputs {
  sections: PartMetric[];
  spans: FlaggedSpan[];
  matches: Match[];
  /** Each source's place in the report's similar documents. */
  sourceIndex: Map<string, number>;
  part: PartOf;
  count: Counting;
}

/**
 * Every block with its figures and its flagged pieces (offsets inside the block), named by the match that
 * covers most of each piece.
 */
export function paragraphsOf(dt: DocumentText, inputs: ParagraphInputs): ParagraphMetric[] {
  const { sections, spans } = inputs;
  const matchById = new Map(inputs.matches.map((m) => [m.id, m]));
  let section = 0;
  let firstSpan = 0;
  return dt.blocks.map((b) => {
    while (section + 1 < sections.length && sections[section + 1]!.start <= b.start) section++;
    while (firstSpan < spans.length && spans[firstSpan]!.end <= b.start) firstSpan++;
    const pieces: ParagraphSpan[] = [];
    for (let i = firstSpan; i < spans.length && spans[i]!.start < b.end; i++) {
      const sp = spans[i]!;
      const start = Math.max(sp.start, b.start);
      const end = Math.min(sp.end, b.end);
      if (end <= start || inputs.count.chars({ start, end }) === 0) continue;
      const best = namingMatch(sp, start, end, matchById);
      pieces.push({
        start: start - b.start,
        end: end - b.start,
        kind: sp.kind,
        source: best ? inputs.sourceIndex.get(best.docId)! : null,
        sourceStart: best ? best.sourceStart : null,
        sourceEnd: best ? best.sourceEnd : null,
        sourceText: best ? best.sourceText : '',
        similarity: best ? Math.max(0, Math.min(1, best.similarity)) : 1,
      });
    }
    return {
      ...inputs.part(b.text.slice(0, 20), b.start, b.end),
      blockIndex: b.index,
      kind: b.kind,
      level: b.kind === 'heading' ? (b.level ?? 1) : null,
      section,
      text: b.text,
      spans: pieces,
    };
  });
}

/** The match of the span covering most of [start, end): a third-party source rather than an own paper on a tie. */
function namingMatch(
  sp: FlaggedSpan,
  start: number,
  end: number,
  matchById: Map<number, Match>,
): Match | undefined {
  let best: Match | undefined;
  let bestCover = 0;
  for (const id of sp.matchIds) {
    const m = matchById.get(id)!;
    const cover = Math.min(end, m.end) - Math.max(start, m.start);
    if (cover > bestCover || (cover === bestCover && best?.own === true && !m.own)) {
      best = m;
      bestCover = cover;
    }
  }
  return best;
}
