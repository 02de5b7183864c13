import type { CheckReport, SourceRef } from '@paperdesk/contracts';
import type { EngineResult } from '../../compute/check-engine.ts';

/** A library document as a report names it, read from SQL when the check ends. */
export interface NamedDocument {
  id: number;
  title: string;
  author: string;
  source: string;
  year: number | null;
  origin: string;
}

/** What the check job knows beside the engine's figures. */
export interface ReportFacts {
  record: Pick<CheckReport, 'recordId' | 'title' | 'author' | 'edition'>;
  /** The library the check ran against (and the owner's 自建库 when it has documents). */
  library: CheckReport['library'];
  /** The sources' rows: names as the library holds them now (an admin may have corrected one since indexing). */
  documents: NamedDocument[];
  checkedAt: string;
  elapsedMs: number;
}

/** The stored CheckReport, built once: the engine's figures, the record, and the library as it is now. */
export function buildCheckReport(result: EngineResult, facts: ReportFacts): CheckReport {
  const byId = new Map(facts.documents.map((d) => [d.id, d]));
  // every source is a library row (deleted ones are kept as tombstones): a missing one has no name to show
  const refOf = (documentId: number): SourceRef => {
    const d = byId.get(documentId);
    return {
      documentId,
      title: d?.title ?? '',
      author: d?.author ?? '',
      source: d?.source ?? '',
      year: d?.year ?? null,
    };
  };
  const { maxSingleSourceId, ...metrics } = result.metrics;
  return {
    ...facts.record,
    checkedAt: facts.checkedAt,
    metrics: { ...metrics, maxSingleSource: maxSingleSourceId === null ? null : refOf(maxSingleSourceId) },
    chapters: result.chapters,
    sources: result.sources.map((s) => ({
      ...s,
      ...refOf(s.documentId),
      ...(byId.get(s.documentId)?.origin === 'personal' ? { personal: true } : {}),
    })),
    paragraphs: result.paragraphs,
    library: facts.library,
    elapsedMs: facts.elapsedMs,
    ...(result.integrity ? { integrity: result.integrity } : {}),
  };
}

/**
 * The report's JSON (its table) and the metrics' JSON (the record's list column), every part serialised once:
 * the metrics' text is written into the report's rather than serialised a second time.
 */
export function serialiseReport(report: CheckReport): { report: string; metrics: string } {
  const { metrics, ...rest } = report;
  const metricsJson = JSON.stringify(metrics);
  return { metrics: metricsJson, report: `{"metrics":${metricsJson},${JSON.stringify(rest).slice(1)}` };
}
