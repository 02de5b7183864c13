import type { CheckReport } from '@paperdesk/contracts';
import type { EngineResult } from '../../compute/check-engine.ts';
import { nameSources, type SourceRow } from './sources.ts';

/** What the check job knows beside the engine's figures. */
export interface ReportFacts {
  record: Pick<CheckReport, 'recordId' | 'title' | 'author' | 'edition'>;
  /** The library the check ran against (and the owner's 自建库 when it has documents). */
  library: CheckReport['library'];
  /** The sources' rows, read when the check ends: names as the library holds them now. */
  documents: readonly SourceRow[];
  /** The report's owner: sources are named as far as they may see (sources.ts). */
  viewerId: number;
  checkedAt: string;
  elapsedMs: number;
}

/** The stored CheckReport, built once: the engine's figures, the record, and the library as it is now. */
export function buildCheckReport(result: EngineResult, facts: ReportFacts): CheckReport {
  const { sources, maxSingleSource } = nameSources(result, facts.documents, facts.viewerId);
  const { maxSingleSourceId: _named, ...metrics } = result.metrics;
  return {
    ...facts.record,
    checkedAt: facts.checkedAt,
    metrics: { ...metrics, maxSingleSource },
    chapters: result.chapters,
    sources,
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
