import { decodeText } from '../decode.ts';
import { TextkitError } from '../errors.ts';
import { type ReadLimits, resolveLimits, throwIfAborted } from '../limits.ts';
import { readPdfWithInfo } from '../read-pdf.ts';
import { type HtmlRun, htmlRuns } from './html.ts';
import {
  type CheckerReport,
  type CheckerVendor,
  type FlaggedSpan,
  fromPercent,
  PAPERDESK_REPORT_KEY,
} from './types.ts';
import { detectVendor, isPassage, lastSectionRatio, reportOf, textSpans } from './vendors.ts';

export { matchReportToPaper, type FlaggedRange, type ReportPaperMatch } from './match.ts';
export { type CheckerReport, type CheckerVendor, type FlaggedSpan, PAPERDESK_REPORT_KEY } from './types.ts';

/** An HTML report larger than this is not a report (知网's 全文对照 of a long thesis is a few MB); parsing is linear, ~1 s per 1.5 MB of hostile markup. */
const MAX_HTML_BYTES = 10 * 1024 * 1024;
/** At most this many flagged passages are returned (a report lists hundreds at most). */
const MAX_SPANS = 5000;

const notAReport = () => new TextkitError('NOT_A_REPORT');

function reportFormat(filename: string): 'pdf' | 'html' | undefined {
  const ext = /\.([^.\\/]+)$/.exec(filename.trim().toLowerCase())?.[1];
  if (ext === 'pdf') return 'pdf';
  return ext === 'html' || ext === 'htm' ? 'html' : undefined;
}

/** ... and at most this many characters of them (a PaperDesk PDF's embedded list is as long as its author made it). */
const MAX_SPAN_CHARS = 2_000_000;

function capped(report: CheckerReport): CheckerReport {
  let chars = 0;
  let keep = 0;
  while (keep < Math.min(report.spans.length, MAX_SPANS)) {
    chars += report.spans[keep]!.text.length;
    if (chars > MAX_SPAN_CHARS) break;
    keep++;
  }
  return keep < report.spans.length ? { ...report, spans: report.spans.slice(0, keep) } : report;
}

/** PaperDesk's own HTML report: `<mark class="copy">` runs, the paragraph tag's 复制比, the pair table's source. */
function paperdeskHtmlSpans(runs: readonly HtmlRun[]): FlaggedSpan[] {
  const spans: FlaggedSpan[] = [];
  let ratio: number | undefined;
  let paragraphStart = 0;
  let pairText: string | undefined;
  for (const run of runs) {
    if (run.cls === 'tag') {
      const m = /复制比\s*(\d+(?:\.\d+)?)%/.exec(run.text);
      ratio = m ? fromPercent(Number(m[1])) : undefined;
      paragraphStart = spans.length;
    } else if (run.red && run.cls === 'copy' && !/\blegend\b/.test(run.within)) {
      spans.push(ratio === undefined ? { text: run.text } : { text: run.text, ratio });
    } else if (run.cls === 'l') {
      pairText = run.text.trim();
    } else if (run.cls === 'muted' && pairText !== undefined) {
      const title = /《([\s\S]*?)》/.exec(run.text)?.[1];
      const span = spans.slice(paragraphStart).find((s) => s.text === pairText && s.source === undefined);
      if (span && title !== undefined) span.source = title;
      pairText = undefined;
    }
  }
  return spans;
}

/** Red runs of a third-party HTML report, adjacent ones joined, labels and figures left out. */
function redSpans(runs: readonly HtmlRun[]): FlaggedSpan[] {
  const spans: FlaggedSpan[] = [];
  let current: string | undefined;
  let sectionRatio: number | undefined;
  const flush = () => {
    const text = current?.replace(/\s+/g, ' ').trim();
    if (text && isPassage(text))
      spans.push(sectionRatio === undefined ? { text } : { text, ratio: sectionRatio });
    current = undefined;
  };
  for (const run of runs) {
    if (run.red) {
      current = (current ?? '') + run.text;
      continue;
    }
    if (run.text.trim() === '' && !run.text.includes('\n')) continue;
    flush();
    sectionRatio = lastSectionRatio(run.text) ?? sectionRatio;
  }
  flush();
  return spans;
}

/** A report page's HTML (already decoded) as a CheckerReport; NOT_A_REPORT when it is no checker's report. */
export function parseCheckerReportHtml(html: string): CheckerReport {
  const runs = htmlRuns(html);
  const text = runs.map((r) => r.text).join('');
  const vendor = detectVendor(text);
  if (vendor === null) throw notAReport();
  let spans = vendor === 'paperdesk' ? paperdeskHtmlSpans(runs) : redSpans(runs);
  // a layout that marks passages in words rather than in red
  if (spans.length === 0 && vendor !== 'paperdesk') spans = textSpans(text);
  return capped(reportOf(vendor, text, spans));
}

function paperdeskPdfSpans(json: string): FlaggedSpan[] | undefined {
  try {
    const data: unknown = JSON.parse(json);
    const list = (data as { spans?: unknown })?.spans;
    if (!Array.isArray(list)) return undefined;
    return list.flatMap((s: unknown): FlaggedSpan[] => {
      const { text, ratio, source } = (s ?? {}) as Record<string, unknown>;
      if (typeof text !== 'string') return [];
      return [
        {
          text,
          ...(typeof ratio === 'number' && ratio >= 0 && ratio <= 1 ? { ratio } : {}),
          ...(typeof source === 'string' ? { source } : {}),
        },
      ];
    });
  } catch {
    return undefined;
  }
}

/**
 * A report read as lines of text (a PDF's blocks) as a CheckerReport; `embedded` is the PAPERDESK_REPORT_KEY entry
 * of a PaperDesk PDF (whatever product name its header prints).
 */
export function parseCheckerReportText(lines: readonly string[], embedded?: string): CheckerReport {
  const text = lines.join('\n');
  const detected: CheckerVendor | null = detectVendor(text);
  if (detected === null) throw notAReport();
  const own = embedded === undefined ? undefined : paperdeskPdfSpans(embedded);
  const vendor = own ? 'paperdesk' : detected;
  return capped(reportOf(vendor, text, own ?? textSpans(text)));
}

/**
 * Read an uploaded checker's report (.pdf or .html/.htm): which checker wrote it, its headline ratio and the passages
 * it flags as copied. TextkitError NOT_A_REPORT for any other file (a paper, another format), and textkit's usual
 * codes for unreadable or oversized files.
 */
export async function readCheckerReport(
  bytes: Uint8Array,
  filename: string,
  limits?: Partial<ReadLimits>,
): Promise<CheckerReport> {
  const format = reportFormat(filename);
  if (!format) throw notAReport();
  const caps = resolveLimits(limits);
  throwIfAborted(caps.signal);
  if (bytes.length === 0) throw new TextkitError('EMPTY_TEXT');
  if (format === 'html') {
    if (bytes.length > MAX_HTML_BYTES) throw new TextkitError('TOO_LONG');
    const { text } = decodeText(bytes);
    return parseCheckerReportHtml(text);
  }
  const { doc, info } = await readPdfWithInfo(bytes, caps);
  return parseCheckerReportText(
    doc.blocks.map((b) => b.text),
    info[PAPERDESK_REPORT_KEY],
  );
}
