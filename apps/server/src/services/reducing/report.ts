import { type ReduceReportInfo, ReportVendor } from '@paperdesk/contracts';
import type { ParsedDocument } from '@paperdesk/textkit';
import { computePool } from '../../compute/pool.ts';
import { unprocessable } from '../../errors.ts';
import { readError, type UploadedFile } from '../records/source.ts';

/** A third-party checker report matched to the paper: flagged paragraph index → the flagged passages in it. */
export interface MatchedReport {
  paragraphs: Map<number, string[]>;
  info: ReduceReportInfo;
}

/**
 * An uploaded checker's report (知网, 维普, 万方, PaperPass or our own report PDF) read by textkit and placed in the
 * paper, in the compute pool. A file that is no checker's report, or a report about another text, is refused with
 * textkit's Chinese message (422), before anything is stored.
 */
export async function matchUploadedReport(report: UploadedFile, doc: ParsedDocument): Promise<MatchedReport> {
  const m = await computePool()
    .matchReport(
      report.data,
      report.filename,
      doc.blocks.map((b) => b.text),
    )
    .catch(readError);
  const vendor = ReportVendor.safeParse(m.vendor);
  if (!vendor.success)
    throw unprocessable('无法识别报告来自哪个查重系统，请上传知网、维普、万方或 PaperPass 的检测报告');
  const paragraphs = new Map(
    m.flagged
      .filter((f) => doc.blocks[f.paragraph]?.kind === 'paragraph')
      .map((f) => [f.paragraph, f.passages]),
  );
  return {
    paragraphs,
    info: {
      vendor: vendor.data,
      totalPercent: m.overall === null ? null : Math.round(m.overall * 1000) / 10,
      flaggedSpans: m.spans,
      matchedParagraphs: paragraphs.size,
    },
  };
}
