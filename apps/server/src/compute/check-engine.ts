import type {
  CheckEdition,
  CheckMetrics,
  CheckReport,
  ReportIntegrity,
  ReportParagraph,
  ReportSource,
  ReportSpan,
  ReportTrick,
  SourceRef,
} from '@paperdesk/contracts';
import type { CheckOptions, Report, SimilarDocument } from '@paperdesk/plagiarism';
import type { ParsedDocument } from '@paperdesk/textkit';

/**
 * The seam to the engine (@paperdesk/plagiarism): which options an edition runs with, and the engine's Report
 * mapped to the figures of the stored, page-ready CheckReport (contracts). The engine computes every figure (per
 * paragraph and per chapter too); this file only renames fields and turns library ids into the SQL ids reports
 * store. What the engine does not know for sure is left to the service that builds the report (checks/report.ts):
 * the record, the library's size, the sources' names as the library holds them now, the time the check took.
 */

/** A similar document by its SQL id and its figures; the library names it. */
export type EngineSource = Omit<ReportSource, Exclude<keyof SourceRef, 'documentId'> | 'personal'>;

export interface EngineResult
  extends Omit<
    CheckReport,
    | 'recordId'
    | 'title'
    | 'author'
    | 'edition'
    | 'checkedAt'
    | 'library'
    | 'elapsedMs'
    | 'metrics'
    | 'sources'
    | 'paragraphs'
    | 'references'
  > {
  metrics: Omit<CheckMetrics, 'maxSingleSource'> & { maxSingleSourceId: number | null };
  sources: EngineSource[];
  /**
   * The report's paragraphs (its bulk: every text and matched passage, megabytes for a thesis) as the JSON they
   * are stored as, serialised once where the engine ran: the API thread splices it into the report unparsed.
   */
  paragraphsJson: string;
}

export interface CheckRequest {
  document: ParsedDocument;
  edition: CheckEdition;
  ownerKey: string;
  /** The author field of the record (names separated by commas): library documents by them are 本人文献. */
  ownAuthors?: string[];
}

export interface CheckControl {
  /** Share of the check done, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Runs checks against the reference library's index (the library's check thread, see library.ts). */
export interface CheckRunner {
  check(request: CheckRequest, control?: CheckControl): Promise<EngineResult>;
}

export interface RunCheckInput extends CheckRequest, CheckControl {
  index: CheckRunner;
}

export function runCheck(input: RunCheckInput): Promise<EngineResult> {
  const { index, onProgress, signal, ...request } = input;
  return index.check(request, { ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) });
}

/**
 * 普通版 runs the exact stage (verbatim and near-verbatim copying); 专业版 adds the paraphrase-tolerant
 * sentence stage (edited and reordered copying), which is what the higher price buys.
 */
export function checkOptionsFor(
  edition: CheckEdition,
  ownerKey: string,
  ownAuthors: string[] = [],
): CheckOptions {
  return { ownerKey, ownAuthors, paraphrase: edition === 'professional' };
}

/** Most trick positions a report lists (the counts cover all of them). */
const MAX_TRICKS = 50;

/** report.integrity → the stored flags, trick positions as paragraph offsets; undefined when nothing was found. */
function integrityOf(report: Report): ReportIntegrity | undefined {
  const { characters, hidden } = report.integrity;
  if (!characters && !hidden) return undefined;
  const tricks: ReportTrick[] = [];
  let p = 0;
  for (const t of characters?.spans ?? []) {
    if (tricks.length >= MAX_TRICKS) break;
    while (p + 1 < report.paragraphs.length && report.paragraphs[p]!.end <= t.start) p++;
    const para = report.paragraphs[p];
    if (!para || t.start < para.start) continue;
    tricks.push({
      paragraph: p,
      start: t.start - para.start,
      end: Math.min(t.end, para.end) - para.start,
      kind: t.kind,
      reads: t.reads,
    });
  }
  return {
    substitutedChars: characters?.substituted ?? 0,
    invisibleChars: characters?.invisible ?? 0,
    tricks,
    hiddenChars: hidden?.chars ?? 0,
    hiddenReasons: hidden?.reasons ?? [],
    hiddenSamples: hidden?.samples ?? [],
  };
}

const documentIdOf = (d: SimilarDocument) => Number(d.docId);

/** Engine Report → CheckReport figures (library document ids are the SQL ids as strings); paragraphs as JSON. */
export function toEngineResult(report: Report): EngineResult {
  const paragraphs = report.paragraphs.map(
    (p): ReportParagraph => ({
      index: p.blockIndex,
      kind: p.kind,
      level: p.level,
      chapter: p.section,
      text: p.text,
      chars: p.totalChars,
      overlapChars: p.overlapChars,
      quotedChars: p.quotedChars,
      ratio: p.ratio,
      spans: p.spans.map(
        (s): ReportSpan => ({
          start: s.start,
          end: s.end,
          kind: s.kind === 'quoted' ? 'quote' : 'copy',
          source: s.source,
          sourceStart: s.sourceStart,
          sourceEnd: s.sourceEnd,
          sourceText: s.sourceText,
          similarity: s.similarity,
        }),
      ),
    }),
  );
  // the reference list counts no characters: its entries are not paragraphs of the checked text
  const body = paragraphs.filter((p) => p.kind === 'paragraph' && p.chars > 0);
  const maxSingle = report.maxSingleSource;
  const integrity = integrityOf(report);
  return {
    paragraphsJson: JSON.stringify(paragraphs),
    metrics: {
      totalRatio: report.ratios.total,
      excludingQuotesRatio: report.ratios.excludingQuotes,
      excludingOwnRatio: report.ratios.excludingOwn,
      maxSingleRatio: report.ratios.maxSingle,
      maxSingleSourceId: maxSingle ? documentIdOf(maxSingle) : null,
      overlapChars: report.overlapChars,
      quotedChars: report.quotedChars,
      totalChars: report.totalChars,
      paragraphCount: body.length,
      suspectParagraphCount: body.filter((p) => p.overlapChars > 0).length,
      sourceCount: report.similarDocuments.length,
    },
    chapters: report.sections.map((s, index) => ({
      index,
      title: s.title,
      chars: s.totalChars,
      overlapChars: s.overlapChars,
      quotedChars: s.quotedChars,
      ratio: s.ratio,
    })),
    sources: report.similarDocuments.map((d, index) => ({
      documentId: documentIdOf(d),
      index,
      overlapChars: d.chars,
      ratio: d.ratio,
      own: d.own,
      ...(d.cited ? { cited: true } : {}),
    })),
    ...(integrity ? { integrity } : {}),
  };
}
