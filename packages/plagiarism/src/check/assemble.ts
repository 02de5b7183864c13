import { findCharacterTricks } from '@paperdesk/textkit';
import type { Match, Report, SimilarDocument } from '../report.ts';
import type { CheckContext } from './context.ts';
import { type Counting, flaggedOf, partMetrics, sectionsOf, similarDocumentsOf, spansOf } from './figures.ts';
import { paragraphsOf } from './paragraphs.ts';

/**
 * Stage 7, figures: the 知网-style report from the matches — the ratios, similar documents, highlights,
 * sections and paragraphs, the engine's figures and the integrity findings.
 */
export function reportOf(ctx: CheckContext, matches: Match[], prefix: Uint32Array, count: Counting): Report {
  const { text, refRange, index } = ctx;
  const total = refRange
    ? prefix[text.length]! - (prefix[refRange.end]! - prefix[refRange.start]!)
    : prefix[text.length]!;
  const flagged = flaggedOf(matches);
  const overlapChars = count.sumChars(flagged.all);
  const quotedChars = count.sumChars(flagged.quoted);
  const similarDocuments = similarDocumentsOf(matches, total, count);
  const spans = spansOf(text, matches, flagged, count);
  const part = partMetrics(refRange, flagged, count);
  const sections = sectionsOf(ctx.dt, ctx.doc.title, part);
  const sourceIndex = new Map(similarDocuments.map((d, i) => [d.docId, i]));
  const paragraphs = paragraphsOf(ctx.dt, { sections, spans, matches, sourceIndex, part, count });
  const maxSingleSource = similarDocuments.reduce<SimilarDocument | undefined>(
    (best, d) => (!best || d.chars > best.chars ? d : best),
    undefined,
  );
  const report: Report = {
    text,
    totalChars: total,
    overlapChars,
    quotedChars,
    ratios: {
      total: count.ratio(overlapChars, total),
      excludingQuotes: count.ratio(count.sumChars(flagged.copy), total),
      excludingOwn: count.ratio(count.sumChars(matches.filter((m) => !m.own)), total),
      maxSingle: maxSingleSource ? maxSingleSource.ratio : 0,
    },
    sections,
    paragraphs,
    similarDocuments,
    matches,
    spans,
    integrity: {},
    engine: {
      k: index.k,
      w: index.w,
      libraryDocuments: index.size,
      libraryCharacters: index.characterCount,
      candidates: ctx.candidates.length,
      seeds: ctx.hits.count,
      elapsedMs: Math.round(performance.now() - ctx.started),
      ...(ctx.rewordedCoverage === undefined ? {} : { rewordedCoverage: ctx.rewordedCoverage }),
    },
  };
  if (ctx.doc.title !== undefined) report.title = ctx.doc.title;
  if (maxSingleSource) report.maxSingleSource = maxSingleSource;
  if (ctx.references) report.references = ctx.references;
  const tricks = findCharacterTricks(text);
  if (tricks.spans.length > 0) report.integrity.characters = tricks;
  if (ctx.doc.hidden) report.integrity.hidden = ctx.doc.hidden;
  return report;
}
