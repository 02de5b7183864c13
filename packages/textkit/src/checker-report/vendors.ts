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

/**
 * 知网 全文对照: "此处有 45 字相似"; 维普 / 万方: "相似片段 3 相似比：82.1%"; PaperPass: "原文片段：". A PDF's text layer
 * runs a report's lines together, so markers are found anywhere in the text, not at line starts.
 */
const PASSAGE_MARK = /此处有\s*\d+\s*字相似|【?(?:相似|疑似)片段\s*\d+\s*】?|原文(?:片段|内容)\s*[:：]/g;
const OWN_RATIO = new RegExp(`^[\\s，,；;]*(?:相似度|相似比|复写率|文字复制比)${PCT}(?:\\s*[（(]\\d+[）)])?`);
const SOURCE_LABEL = /(?:相似内容来源|相似来源|比对来源)\s*[:：]?/;
/** Where a passage ends at the latest: the reports' fixed headings and section titles. */
const PASSAGE_END = /相似文献列表|原文内容|检测结果|说明[:：]|\n\s*\d+\.\s*[^\n]{1,60}?总字数/;
/** 知网's per-section figure (not 总文字复制比, not 单篇最大文字复制比). */
const SECTION_RATIO = new RegExp(`(?<![总大])文字复制比${PCT}`, 'g');
const MAX_PASSAGE_CHARS = 5000;

/** The last per-section 文字复制比 printed in `text`, if any. */
export function lastSectionRatio(text: string): number | undefined {
  const last = [...text.matchAll(SECTION_RATIO)].at(-1);
  return last ? fromPercent(Number(last[1])) : undefined;
}

function sourceAfter(text: string): string | undefined {
  const head = text.slice(0, 160);
  const quoted = /《([^》\n]{2,100})》/.exec(head)?.[1];
  if (quoted) return quoted.trim();
  const line = head
    .split('\n')
    .find((l) => l.trim())
    ?.trim();
  return line ? line.slice(0, 60) : undefined;
}

/** Flagged passages of a report read as text (a PDF): the passage after each marker, its ratio and source. */
export function textSpans(text: string): FlaggedSpan[] {
  const marks = [...text.matchAll(PASSAGE_MARK)];
  const sectionRatios = [...text.matchAll(SECTION_RATIO)].map((m) => ({
    at: m.index,
    ratio: fromPercent(Number(m[1])),
  }));
  const spans: FlaggedSpan[] = [];
  marks.forEach((mark, i) => {
    const from = mark.index + mark[0].length;
    const to = Math.min(marks[i + 1]?.index ?? text.length, from + MAX_PASSAGE_CHARS);
    let region = text.slice(from, to);
    const own = OWN_RATIO.exec(region);
    if (own) region = region.slice(own[0].length);
    const ratio = own
      ? fromPercent(Number(own[1]))
      : sectionRatios.filter((r) => r.at < mark.index).at(-1)?.ratio;
    const label = SOURCE_LABEL.exec(region);
    const end = PASSAGE_END.exec(region);
    const stop = Math.min(label?.index ?? region.length, end?.index ?? region.length);
    const passage = region
      .slice(0, stop)
      .replace(/\s*\n\s*/g, '')
      .trim();
    if (!isPassage(passage)) return;
    const source =
      label && label.index === stop ? sourceAfter(region.slice(label.index + label[0].length)) : undefined;
    spans.push({ text: passage, ...(ratio === undefined ? {} : { ratio }), ...(source ? { source } : {}) });
  });
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
