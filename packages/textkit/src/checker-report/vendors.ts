import { type CheckerReport, type CheckerVendor, type FlaggedSpan, fromPercent } from './types.ts';

/**
 * Which checker wrote a report, its headline figure, and the flagged passages of a report read as plain text (PDF).
 * The third-party layouts are modelled on what these reports are publicly known to print, not captured from real
 * files: see the README.
 */

/** The brand each checker prints in its report header; the earliest one in the text wins (sources may name others). */
const BRANDS: ReadonlyArray<[CheckerVendor, RegExp]> = [
  ['paperdesk', /PaperDesk/i],
  ['cnki', /知网|CNKI|中国学术期刊|学术不端文献检测系统|[ATPV]MLC|大学生论文联合比对库/i],
  ['vip', /维普|VPCS|cqvip/i],
  ['wanfang', /万方|wanfang|WFDATA/i],
  ['paperpass', /PaperPass/i],
];

const PCT = String.raw`[:：]?\s*(?:\[\s*)?(\d{1,3}(?:\.\d+)?)\s*%`;
const OVERALL: Record<CheckerVendor, RegExp[]> = {
  cnki: [new RegExp(`总文字复制比${PCT}`)],
  paperdesk: [new RegExp(`总文字复制比${PCT}`)],
  vip: [new RegExp(`(?:总相似比|总复写率|复写率)${PCT}`)],
  wanfang: [new RegExp(`总相似比${PCT}`)],
  paperpass: [new RegExp(`(?:总体?相似比|相似比)${PCT}`)],
  unknown: [new RegExp(`(?:总文字复制比|总相似比|总复写率|相似比|复写率|重复率)${PCT}`)],
};
/** A report prints a figure with one of these labels near its top. */
const METRIC = new RegExp(`(?:文字复制比|相似比|复写率|重复率|相似度)${PCT}`);

/** Only the head of a report is searched for its brand and headline (a paper's own text comes later). */
const HEAD_CHARS = 6000;

export function detectVendor(text: string): CheckerVendor | null {
  const head = text.slice(0, HEAD_CHARS);
  if (!METRIC.test(head) && !METRIC.test(text.slice(0, HEAD_CHARS * 4))) return null;
  let best: { vendor: CheckerVendor; at: number } | undefined;
  for (const [vendor, re] of BRANDS) {
    const at = head.search(re);
    if (at >= 0 && (!best || at < best.at)) best = { vendor, at };
  }
  return best?.vendor ?? 'unknown';
}

export function overallRatio(text: string, vendor: CheckerVendor): number | undefined {
  const head = text.slice(0, HEAD_CHARS * 4);
  for (const re of OVERALL[vendor]) {
    const m = re.exec(head);
    const value = m ? Number(m[1]) : Number.NaN;
    if (value >= 0 && value <= 100) return fromPercent(value);
  }
  return undefined;
}

/** 知网 全文对照: "此处有 45 字相似"; 维普 / 万方 / PaperPass: "相似片段 3 … 相似度：82.1%", "原文片段：…". */
const PASSAGE_MARK = /此处有\s*\d+\s*字相似|^【?(?:相似|疑似)片段\s*\d*】?|^原文(?:片段|内容)?\s*[:：]/;
const SOURCE_LINE = /^(?:相似内容来源|相似来源|相似文献|比对来源|来源)\s*[:：]?\s*(.*)$/;
/** Lines that end a passage: section titles and the reports' fixed headings. */
const PASSAGE_END =
  /^(?:\d+\.\s*\S.*总字数|相似文献列表|原文内容$|检测结果|说明[:：]|指标|第\s*\d+\s*页|\d+\s*\/\s*\d+$|表格检测结果|参考文献)/;
const SECTION_RATIO = new RegExp(`文字复制比${PCT}`);
const SPAN_RATIO = new RegExp(`(?:相似度|相似比|复写率|文字复制比)${PCT}`);
/** A passage is at most this many lines of the extracted text, and this many characters. */
const MAX_PASSAGE_LINES = 4;
const MAX_PASSAGE_CHARS = 5000;

const sourceTitle = (s: string) => /《([^》]{2,200})》/.exec(s)?.[1] ?? s.trim().slice(0, 200);

/** Flagged passages of a report read as lines of text (a PDF): the passage after each marker, its ratio and source. */
export function textSpans(lines: readonly string[]): FlaggedSpan[] {
  const spans: FlaggedSpan[] = [];
  let sectionRatio: number | undefined;
  let open: { span: FlaggedSpan; lines: number; wantSource: boolean } | undefined;
  const close = () => {
    if (open?.span.text.trim()) spans.push({ ...open.span, text: open.span.text.trim() });
    open = undefined;
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (open?.wantSource) {
      open.span.source = sourceTitle(line);
      open.wantSource = false;
      close();
      continue;
    }
    const marker = PASSAGE_MARK.exec(line);
    if (marker) {
      close();
      const own = SPAN_RATIO.exec(line);
      const ratio = own ? fromPercent(Number(own[1])) : sectionRatio;
      // what follows the marker (and its figures) on the same line is the passage's start
      const rest = line
        .slice(marker.index + marker[0].length)
        .replace(new RegExp(`^[\\s，,；;]*(?:(?:相似度|相似比|复写率)${PCT})?[\\s，,；;]*`), '')
        .replace(/^(?:原文(?:片段|内容)?\s*[:：])\s*/, '');
      open = { span: { text: rest, ...(ratio === undefined ? {} : { ratio }) }, lines: 0, wantSource: false };
      continue;
    }
    const sectionRatioMatch = SECTION_RATIO.exec(line);
    if (sectionRatioMatch && !open) sectionRatio = fromPercent(Number(sectionRatioMatch[1]));
    if (!open) continue;
    const source = SOURCE_LINE.exec(line);
    if (source) {
      if (source[1]?.trim()) {
        open.span.source = sourceTitle(source[1]);
        close();
      } else open.wantSource = true;
      continue;
    }
    if (PASSAGE_END.test(line) || open.lines >= MAX_PASSAGE_LINES) {
      close();
      continue;
    }
    open.span.text += line;
    open.lines++;
    if (open.span.text.length > MAX_PASSAGE_CHARS) close();
  }
  close();
  return spans;
}

/** Red runs shorter than this (letters and digits) are figures and labels, not passages. */
const MIN_SPAN_CHARS = 8;
const LABEL = /复制比|相似比|复写率|字相似|重合字数|疑似段落/;

export function isPassage(text: string): boolean {
  const letters = text.replace(/[^\p{L}\p{N}]/gu, '').length;
  return letters >= MIN_SPAN_CHARS && !LABEL.test(text);
}

export function reportOf(vendor: CheckerVendor, text: string, spans: FlaggedSpan[]): CheckerReport {
  const overall = overallRatio(text, vendor);
  return overall === undefined ? { vendor, spans } : { vendor, overall, spans };
}
