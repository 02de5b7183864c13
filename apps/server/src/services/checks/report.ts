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
  /** 参考文献核查 of the same paper. */
  references?: CheckReport['references'];
}

/** The stored report: the CheckReport's JSON (its table) and its metrics' JSON (the record's list column). */
export interface StoredCheckReport {
  report: string;
  metrics: string;
}

/**
 * The stored CheckReport, built once and serialised once: the engine's figures, the record, and the library as it
 * is now. The paragraphs (the report's bulk) arrive serialised from the check thread and are spliced in as they
 * are, so the API thread only serialises the small parts; the metrics' JSON is written into the report's rather
 * than serialised a second time.
 */
export function buildCheckReport(result: EngineResult, facts: ReportFacts): StoredCheckReport {
  const { sources, maxSingleSource } = nameSources(result, facts.documents, facts.viewerId);
  const { maxSingleSourceId: _named, ...figures } = result.metrics;
  const metrics: CheckReport['metrics'] = { ...figures, maxSingleSource };
  const rest: Omit<CheckReport, 'metrics' | 'paragraphs'> = {
    ...facts.record,
    checkedAt: facts.checkedAt,
    chapters: result.chapters,
    sources,
    library: facts.library,
    elapsedMs: facts.elapsedMs,
    ...(result.integrity ? { integrity: result.integrity } : {}),
    ...(facts.references ? { references: facts.references } : {}),
  };
  const metricsJson = JSON.stringify(metrics);
  return {
    metrics: metricsJson,
    report: `{"metrics":${metricsJson},"paragraphs":${result.paragraphsJson},${JSON.stringify(rest).slice(1)}`,
  };
}
