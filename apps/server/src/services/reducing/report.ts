import type { ReduceReportInfo } from '@paperdesk/contracts';
import type { ParsedDocument } from '@paperdesk/textkit';
import { unprocessable } from '../errors.ts';
import type { UploadedFile } from '../records/source.ts';

/** A third-party checker report matched to the paper: flagged paragraph index → the flagged passages in it. */
export interface MatchedReport {
  paragraphs: Map<number, string[]>;
  info: ReduceReportInfo;
}

export async function matchUploadedReport(
  _report: UploadedFile,
  _doc: ParsedDocument,
): Promise<MatchedReport> {
  throw unprocessable('第三方报告解析即将上线，请先使用本站查重记录');
}
