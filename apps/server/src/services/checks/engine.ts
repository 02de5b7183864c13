import type {
  CheckEdition,
  CheckReport,
  ReportChapter,
  ReportParagraph,
  ReportSource,
  ReportSpan,
  SourceRef,
} from '@paperdesk/contracts';
import {
  checkDocument,
  loadIndex,
  type PlagiarismIndex,
  type Report,
  saveIndex,
  type SimilarDocument,
} from '@paperdesk/plagiarism';
import { documentText, normalizedCharCount, type ParsedDocument } from '@paperdesk/textkit';

/**
 * The seam to the engine (@paperdesk/plagiarism): run a check and turn its Report into the stored,
 * page-ready CheckReport (contracts), whose span offsets are per paragraph. Nothing here reaches into
 * engine internals; only its public API (checkDocument, saveIndex/loadIndex, Report) is used.
 */

export async function saveIndexFile(index: PlagiarismIndex, file: string): Promise<void> {
  saveIndex(index, file);
}

export async function loadIndexFile(file: string): Promise<PlagiarismIndex> {
  return loadIndex(file);
}

export interface RunCheckInput {
  index: PlagiarismIndex;
  document: ParsedDocument;
  edition: CheckEdition;
  ownerKey: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export type EngineResult = Omit<CheckReport, 'recordId' | 'title' | 'author' | 'edition' | 'checkedAt'>;

/**
 * 普通版 runs the exact stage (verbatim and near-verbatim copying); 专业版 adds the paraphrase-tolerant
 * sentence stage (edited and reordered copying), which is what the higher price buys.
 */
export async function runCheck(input: RunCheckInput): Promise<EngineResult> {
  input.onProgress?.(0);
  const report = checkDocument(input.document, input.index, {
    ownerKey: input.ownerKey,
    paraphrase: input.edition === 'professional',
  });
  input.onProgress?.(1);
  return toCheckReport(input.document, report);
}

const sourceRef = (d: SimilarDocument | Report['matches'][number]): SourceRef => ({
  documentId: Number(d.docId),
  title: d.title,
  author: d.author ?? '',
  source: d.source ?? '',
  year: d.year ?? null,
});

const ratio = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);

/** Engine report (offsets into the joined text) → CheckReport (per-paragraph spans with their sources). */
export function toCheckReport(doc: ParsedDocument, report: Report): EngineResult {
  const dt = documentText(doc);
  const text = dt.text;

  const sources: ReportSource[] = report.similarDocuments.map((d, index) => ({
    ...sourceRef(d),
    index,
    overlapChars: d.chars,
    ratio: d.ratio,
    own: d.own,
  }));
  const sourceIndex = new Map(report.similarDocuments.map((d, i) => [d.docId, i]));
  const matchById = new Map(report.matches.map((m) => [m.id, m]));

  const chapters: ReportChapter[] = report.sections.map((s, index) => ({
    index,
    title: s.title,
    chars: s.totalChars,
    overlapChars: s.overlapChars,
    quotedChars: 0,
    ratio: s.ratio,
  }));
  if (chapters.length === 0) {
    chapters.push({
      index: 0,
      title: doc.title ?? '正文',
      chars: report.totalChars,
      overlapChars: report.overlapChars,
      quotedChars: 0,
      ratio: report.ratios.total,
    });
  }
  const chapterOf = (pos: number) => {
    let found = 0;
    report.sections.forEach((s, i) => {
      if (pos >= s.start) found = i;
    });
    return found;
  };

  const spans = [...report.spans].sort((a, b) => a.start - b.start);
  const paragraphs: ReportParagraph[] = dt.blocks.map((b) => {
    const own: ReportSpan[] = [];
    let overlap = 0;
    let quoted = 0;
    for (const s of spans) {
      if (s.end <= b.start) continue;
      if (s.start >= b.end) break;
      const start = Math.max(s.start, b.start);
      const end = Math.min(s.end, b.end);
      if (end <= start) continue;
      const chars = normalizedCharCount(text, start, end);
      if (chars === 0) continue;
      overlap += chars;
      if (s.kind === 'quoted') quoted += chars;
      // the match that covers most of this piece names the source
      let best: Report['matches'][number] | undefined;
      let bestCover = 0;
      for (const id of s.matchIds) {
        const m = matchById.get(id);
        if (!m) continue;
        const cover = Math.min(end, m.end) - Math.max(start, m.start);
        if (cover > bestCover) {
          best = m;
          bestCover = cover;
        }
      }
      own.push({
        start: start - b.start,
        end: end - b.start,
        kind: s.kind === 'quoted' ? 'quote' : 'copy',
        source: best ? (sourceIndex.get(best.docId) ?? null) : null,
        sourceStart: best ? best.sourceStart : null,
        sourceEnd: best ? best.sourceEnd : null,
        sourceText: best ? best.sourceText : '',
        similarity: best ? Math.max(0, Math.min(1, best.similarity)) : 1,
      });
    }
    const chars = normalizedCharCount(text, b.start, b.end);
    const chapter = Math.min(chapterOf(b.start), chapters.length - 1);
    const ch = chapters[chapter];
    if (ch) ch.quotedChars += quoted;
    return {
      index: b.index,
      kind: b.kind,
      level: b.kind === 'heading' ? (b.level ?? 1) : null,
      chapter,
      text: b.text,
      chars,
      overlapChars: overlap,
      quotedChars: quoted,
      ratio: ratio(overlap, chars),
      spans: own,
    };
  });

  const body = paragraphs.filter((p) => p.kind === 'paragraph');
  const maxSingle = report.maxSingleSource;
  return {
    metrics: {
      totalRatio: report.ratios.total,
      excludingQuotesRatio: report.ratios.excludingQuotes,
      excludingOwnRatio: report.ratios.excludingOwn,
      maxSingleRatio: report.ratios.maxSingle,
      maxSingleSource: maxSingle ? sourceRef(maxSingle) : null,
      overlapChars: report.overlapChars,
      quotedChars: report.quotedChars,
      totalChars: report.totalChars,
      paragraphCount: body.length,
      suspectParagraphCount: body.filter((p) => p.overlapChars > 0).length,
      sourceCount: sources.length,
    },
    chapters,
    sources,
    paragraphs,
    library: { documents: report.engine.libraryDocuments, characters: report.engine.libraryCharacters },
    elapsedMs: Math.round(report.engine.elapsedMs),
  };
}
