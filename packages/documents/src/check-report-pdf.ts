import type { CheckReport, ReportParagraph } from '@paperdesk/contracts';
import PDFDocument from 'pdfkit';
import { integrityLines } from './check-integrity.ts';
import { referenceChapter } from './check-references.ts';
import { fontBuffers } from './fonts.ts';
import { PAPERDESK_REPORT_KEY } from '@paperdesk/textkit';
import {
  checkReportIdentity,
  clip,
  flaggedSpans,
  percent,
  ratioColor,
  reportNumber,
  segments,
  smallLibraryNotice,
  sourceLine,
  sourceTitle,
} from './format.ts';

export type CheckReportVariant = 'simple' | 'full';

export interface CheckReportPdfOptions {
  variant: CheckReportVariant;
  /** Printed in the page header; defaults to the product name. */
  productName?: string;
  /** Longest span text in side-by-side tables (characters); the HTML report shows everything. */
  maxSpanChars?: number;
}

export const COLORS = {
  text: '#1f1f1f',
  muted: '#8c8c8c',
  line: '#e5e6eb',
  soft: '#f5f7fa',
  brand: '#1677ff',
  copy: '#d9363e',
  quote: '#b8860b',
};
export const MARGIN = { top: 64, bottom: 56, left: 50, right: 50 };

export type Doc = PDFKit.PDFDocument;

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/**
 * The check report as a PDF with Noto Sans SC embedded (subset), so it prints the same everywhere:
 * `simple` is the 简洁报告 (headline numbers, chapters, similar documents, suspect paragraphs),
 * `full` the 全文对照报告 (the whole paper with copied runs in red and quoted ones in amber, each
 * flagged run beside its source text).
 */
export async function renderCheckReportPdf(
  report: CheckReport,
  options: CheckReportPdfOptions,
): Promise<Buffer> {
  const product = options.productName ?? 'PaperDesk 论文工作台';
  const maxSpan = options.maxSpanChars ?? 400;
  const no = reportNumber(report.recordId, report.checkedAt);
  const variantName = options.variant === 'full' ? '全文对照报告' : '简洁报告';
  const { doc, width, ensure, finish } = openReportPdf({
    product,
    title: `${report.title} — 文本复制检测报告（${variantName}）`,
    subject: '文本复制检测报告',
    header: `${product} · 文本复制检测报告单（${variantName}）`,
    no,
    // what the report flags, machine-readable, so an uploaded copy of it can drive 降重 of exactly those passages
    info: {
      [PAPERDESK_REPORT_KEY]: JSON.stringify({
        overall: Math.round(report.metrics.totalRatio * 1000) / 1000,
        spans: flaggedSpans(report),
      }),
    },
  });

  // ---- title and identity -------------------------------------------------------------------
  doc.font('sc-bold').fontSize(18).fillColor(COLORS.text).text('文本复制检测报告单', { align: 'center' });
  doc.font('sc').fontSize(11).fillColor(COLORS.muted).text(`（${variantName}）`, { align: 'center' });
  doc.moveDown(0.8);
  keyValues(doc, width, checkReportIdentity(report));
  doc.moveDown(0.6);

  // ---- the small-library warning the report page shows ----------------------------------------
  const small = smallLibraryNotice(report);
  if (small) {
    doc
      .font('sc-bold')
      .fontSize(10.5)
      .fillColor(COLORS.copy)
      .text(small.title, MARGIN.left, doc.y, { width });
    doc
      .font('sc')
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text(small.body, MARGIN.left, doc.y, { width, lineGap: 2 });
    doc.fillColor(COLORS.text);
    doc.moveDown(0.6);
  }

  metricsBox(doc, width, report);
  doc.moveDown(0.8);

  // ---- integrity flags (疑似字符替换, 隐藏文字) ---------------------------------------------------
  const flags = integrityLines(report);
  if (flags.length > 0) {
    sectionTitle(doc, '检测提示');
    doc.font('sc').fontSize(9.5).fillColor(COLORS.copy);
    for (const l of flags) doc.text(l, MARGIN.left, doc.y, { width, lineGap: 2 });
    doc.fillColor(COLORS.text);
    doc.moveDown(0.8);
  }

  // ---- chapters -----------------------------------------------------------------------------
  chapterTable(doc, width, report.chapters, OVERLAP_COLUMNS);

  // ---- similar documents --------------------------------------------------------------------
  sectionTitle(doc, '相似文献列表');
  if (report.sources.length === 0) {
    note(doc, '未发现相似文献。');
  } else {
    const sources = [...report.sources].sort((a, b) => b.overlapChars - a.overlapChars).slice(0, 50);
    itemTable(doc, width, sources, [
      ORDINAL_COLUMN,
      { header: '文献', cell: (s) => `${sourceTitle(s)}\n${sourceLine(s)}` },
      ...OVERLAP_COLUMNS,
    ]);
    if (report.sources.length > sources.length)
      note(doc, `另有 ${report.sources.length - sources.length} 篇相似文献未列出。`);
  }
  doc.moveDown(0.8);

  // ---- 参考文献核查 ------------------------------------------------------------------------------
  const refs = referenceChapter(report);
  if (refs) {
    sectionTitle(doc, '参考文献核查');
    for (const l of refs.lines) note(doc, l);
    if (refs.rows.length > 0) {
      itemTable(doc, width, refs.rows, [
        { header: '序号', width: 40, align: 'center', cell: (r) => r.no },
        { header: '条目与改正', cell: (r) => (r.corrected ? `${r.entry}\n改正：${r.corrected}` : r.entry) },
        { header: '格式问题', width: 120, cell: (r) => r.problems },
        { header: '核实', width: 110, cell: (r) => r.verdict },
      ]);
    }
    doc.moveDown(0.8);
  }

  if (options.variant === 'simple') {
    sectionTitle(doc, '疑似段落');
    const suspect = report.paragraphs.filter((p) => p.kind === 'paragraph' && p.overlapChars > 0);
    if (suspect.length === 0) note(doc, '没有复制比大于 0 的段落。');
    else {
      const worst = [...suspect].sort((a, b) => b.ratio - a.ratio).slice(0, 60);
      itemTable(doc, width, worst, [
        { header: '段落', width: 44, align: 'center', cell: (p) => String(p.index + 1) },
        { header: '内容摘要', cell: (p) => clip(p.text, 70) },
        ...OVERLAP_COLUMNS,
      ]);
    }
  } else {
    fullText(doc, width, report, maxSpan, ensure);
  }

  doc.moveDown(1);
  legend(doc, width, ensure);

  return finish();
}

/** Report numbers, page header and page footer shared by the report PDFs (查重, AIGC). */
export interface ReportPdfFrame {
  product: string;
  /** PDF metadata title and subject. */
  title: string;
  subject: string;
  /** Left of every page header; the report number sits on the right. */
  header: string;
  no: string;
  /** Custom Info dictionary entries (a check report carries its flagged passages for textkit to read back). */
  info?: Record<string, string>;
}

/**
 * An A4 PDF with Noto Sans SC registered as `sc` / `sc-bold`, a header on every page and, on `finish()`,
 * 第 n 页 / 共 m 页 footers; `finish` resolves to the file.
 */
export function openReportPdf(frame: ReportPdfFrame) {
  const fonts = fontBuffers();
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    info: {
      ...frame.info,
      Title: frame.title,
      Author: frame.product,
      Subject: frame.subject,
      Creator: frame.product,
    },
  });
  doc.registerFont('sc', fonts.regular);
  doc.registerFont('sc-bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN.left - MARGIN.right;
  const bottom = () => doc.page.height - MARGIN.bottom;
  const ensure = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };
  // A paragraph that flows onto a new page continues in the font, size and colour it had: pdfkit keeps them as
  // document state, which the header would otherwise leave at its own 8 pt grey.
  const textState = doc as unknown as { _font: unknown; _fontSize: number; _fillColor: unknown };
  const pageHeader = () => {
    const saved = { font: textState._font, size: textState._fontSize, fill: textState._fillColor };
    const y = 28;
    doc.save();
    doc.font('sc').fontSize(8).fillColor(COLORS.muted);
    doc.text(frame.header, MARGIN.left, y, { width: width / 2, lineBreak: false });
    doc.text(`No. ${frame.no}`, MARGIN.left + width / 2, y, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
    doc
      .moveTo(MARGIN.left, y + 14)
      .lineTo(MARGIN.left + width, y + 14)
      .lineWidth(0.5)
      .strokeColor(COLORS.line)
      .stroke();
    doc.restore();
    textState._font = saved.font;
    textState._fontSize = saved.size;
    textState._fillColor = saved.fill;
    doc.x = MARGIN.left;
    doc.y = MARGIN.top;
  };
  doc.on('pageAdded', pageHeader);
  pageHeader();

  async function finish(): Promise<Buffer> {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const saved = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('sc')
        .fontSize(8)
        .fillColor(COLORS.muted)
        .text(`第 ${i + 1} 页 / 共 ${range.count} 页`, MARGIN.left, doc.page.height - 34, {
          width,
          align: 'center',
          lineBreak: false,
        });
      doc.page.margins.bottom = saved;
    }
    doc.end();
    await finished;
    return Buffer.concat(chunks);
  }
  return { doc, width, ensure, finish };
}

export function sectionTitle(doc: Doc, title: string) {
  if (doc.y + 60 > doc.page.height - MARGIN.bottom) doc.addPage();
  const y = doc.y;
  doc.rect(MARGIN.left, y + 2, 3, 13).fill(COLORS.brand);
  doc
    .font('sc-bold')
    .fontSize(12)
    .fillColor(COLORS.text)
    .text(title, MARGIN.left + 10, y);
  doc.x = MARGIN.left;
  doc.moveDown(0.4);
}

export function note(doc: Doc, text: string) {
  doc.font('sc').fontSize(9).fillColor(COLORS.muted).text(text, MARGIN.left);
}

/** The muted line under a section title that says how to read what follows. */
export function sectionIntro(doc: Doc, width: number, text: string) {
  doc.font('sc').fontSize(9).fillColor(COLORS.muted).text(text, MARGIN.left, doc.y, { width });
  doc.moveDown(0.6);
}

/**
 * The metrics box of a report: a shaded frame `height` high (on a new page when it would not fit) with the headline
 * figure on the left; answers the frame's top and the headline column's width.
 */
export function metricsFrame(
  doc: Doc,
  width: number,
  height: number,
  headline: { label: string; value: string; color: string },
  /** The muted line under the value: `dy` below the frame's top, `extraWidth` beyond the headline's column. */
  note: { text: string; dy: number; extraWidth: number },
) {
  if (doc.y + height > doc.page.height - MARGIN.bottom) doc.addPage();
  const top = doc.y;
  doc.roundedRect(MARGIN.left, top, width, height, 6).fillAndStroke(COLORS.soft, COLORS.line);
  const leftW = 150;
  doc
    .font('sc')
    .fontSize(10)
    .fillColor(COLORS.muted)
    .text(headline.label, MARGIN.left + 16, top + 18, { width: leftW });
  doc
    .font('sc-bold')
    .fontSize(32)
    .fillColor(headline.color)
    .text(headline.value, MARGIN.left + 16, top + 36, { width: leftW });
  doc
    .font('sc')
    .fontSize(9)
    .fillColor(COLORS.muted)
    .text(note.text, MARGIN.left + 16, top + note.dy, { width: leftW + note.extraWidth });
  return { top, leftW };
}

/** Labelled figures three to a row, from `x` to the frame's right edge (16 pt inside `width`). */
export function figureGrid(
  doc: Doc,
  width: number,
  cells: [string, string][],
  at: { x: number; y: number; rowHeight: number; color: (i: number) => string },
) {
  const gw = (width - (at.x - MARGIN.left) - 16) / 3;
  cells.forEach(([label, value], i) => {
    const x = at.x + (i % 3) * gw;
    const y = at.y + Math.floor(i / 3) * at.rowHeight;
    doc
      .font('sc')
      .fontSize(8.5)
      .fillColor(COLORS.muted)
      .text(label, x, y, { width: gw - 6 });
    doc
      .font('sc-bold')
      .fontSize(14)
      .fillColor(at.color(i))
      .text(value, x, y + 13, { width: gw - 6 });
  });
}

export function keyValues(doc: Doc, width: number, rows: [string, string][]) {
  for (const [k, v] of rows) {
    const y = doc.y;
    doc.font('sc').fontSize(10).fillColor(COLORS.muted).text(`${k}：`, MARGIN.left, y, { width: 70 });
    doc
      .font('sc')
      .fontSize(10)
      .fillColor(COLORS.text)
      .text(v, MARGIN.left + 70, y, { width: width - 70 });
    doc.x = MARGIN.left;
    doc.moveDown(0.15);
  }
}

function metricsBox(doc: Doc, width: number, report: CheckReport) {
  const m = report.metrics;
  const height = 132;
  // The headline: 总文字复制比, large, coloured by level.
  const { top, leftW } = metricsFrame(
    doc,
    width,
    height,
    { label: '总文字复制比', value: percent(m.totalRatio), color: ratioColor(m.totalRatio) },
    {
      text: `重合字数 ${m.overlapChars.toLocaleString('zh-CN')} / 总字数 ${m.totalChars.toLocaleString('zh-CN')}`,
      dy: 86,
      extraWidth: 0,
    },
  );

  const cells: [string, string][] = [
    ['去除引用文献复制比', percent(m.excludingQuotesRatio)],
    ['去除本人文献复制比', percent(m.excludingOwnRatio)],
    ['单篇最大文字复制比', percent(m.maxSingleRatio)],
    ['重合字数', m.overlapChars.toLocaleString('zh-CN')],
    ['引用字数', m.quotedChars.toLocaleString('zh-CN')],
    ['疑似段落 / 段落数', `${m.suspectParagraphCount} / ${m.paragraphCount}`],
  ];
  const gx = MARGIN.left + 16 + leftW + 10;
  figureGrid(doc, width, cells, {
    x: gx,
    y: top + 16,
    rowHeight: 42,
    color: () => COLORS.text,
  });
  const src = m.maxSingleSource;
  doc
    .font('sc')
    .fontSize(8.5)
    .fillColor(COLORS.muted)
    .text(
      src ? `单篇最大复制比来源：《${clip(src.title, 40)}》 ${sourceLine(src)}` : '单篇最大复制比来源：无',
      gx,
      top + 104,
      { width: width - (gx - MARGIN.left) - 16, height: 24, ellipsis: true },
    );
  doc.x = MARGIN.left;
  doc.y = top + height + 4;
}

export type Cell = string | { text: string; color: string };

/** A column of itemTable: its header and its cell for one item. The column without a width takes what the others leave. */
export interface ItemColumn<T> {
  header: string;
  width?: number;
  align?: Column['align'];
  cell: (item: T, index: number) => Cell;
}

/** The rows' ordinal (序号). */
export const ORDINAL_COLUMN: ItemColumn<unknown> = {
  header: '序号',
  width: 36,
  align: 'center',
  cell: (_, i) => String(i + 1),
};

/** A table of `width` with one row per item. */
export function itemTable<T>(doc: Doc, width: number, items: readonly T[], columns: ItemColumn<T>[]) {
  const fixed = columns.reduce((s, c) => s + (c.width ?? 0), 0);
  table(
    doc,
    columns.map((c) => ({ header: c.header, width: c.width ?? width - fixed, align: c.align })),
    items.map((item, i) => columns.map((c) => c.cell(item, i))),
  );
}

/** 章节检测结果 of either report: 序号, 章节 and 字数, then the report's own columns. */
export function chapterTable<T extends { title: string; chars: number }>(
  doc: Doc,
  width: number,
  chapters: readonly T[],
  columns: ItemColumn<T>[],
) {
  sectionTitle(doc, '章节检测结果');
  itemTable(doc, width, chapters, [
    ORDINAL_COLUMN,
    { header: '章节', cell: (c) => c.title || '（正文）' },
    { header: '字数', width: 70, align: 'right', cell: (c) => c.chars.toLocaleString('zh-CN') },
    ...columns,
  ]);
  doc.moveDown(0.8);
}

/** 重合字数 and 复制比 of a chapter, a similar document or a paragraph. */
const OVERLAP_COLUMNS: ItemColumn<{ overlapChars: number; ratio: number }>[] = [
  { header: '重合字数', width: 70, align: 'right', cell: (x) => x.overlapChars.toLocaleString('zh-CN') },
  {
    header: '复制比',
    width: 60,
    align: 'right',
    cell: (x) => ({ text: percent(x.ratio), color: ratioColor(x.ratio) }),
  },
];

function table(doc: Doc, columns: Column[], rows: Cell[][]) {
  const pad = 5;
  const drawHeader = () => {
    const y = doc.y;
    const totalW = columns.reduce((s, c) => s + c.width, 0);
    doc.rect(MARGIN.left, y, totalW, 20).fill('#f0f2f5');
    let x = MARGIN.left;
    for (const c of columns) {
      doc
        .font('sc-bold')
        .fontSize(9)
        .fillColor(COLORS.text)
        .text(c.header, x + pad, y + 5, {
          width: c.width - 2 * pad,
          align: c.align ?? 'left',
          lineBreak: false,
        });
      x += c.width;
    }
    doc.x = MARGIN.left;
    doc.y = y + 20;
  };
  drawHeader();
  for (const row of rows) {
    doc.font('sc').fontSize(9);
    const heights = row.map((cell, i) => {
      const text = typeof cell === 'string' ? cell : cell.text;
      return doc.heightOfString(text, { width: (columns[i]?.width ?? 50) - 2 * pad, lineGap: 1 });
    });
    const h = Math.max(...heights) + 2 * pad;
    if (doc.y + h > doc.page.height - MARGIN.bottom) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    let x = MARGIN.left;
    row.forEach((cell, i) => {
      const col = columns[i];
      if (!col) return;
      const text = typeof cell === 'string' ? cell : cell.text;
      const color = typeof cell === 'string' ? COLORS.text : cell.color;
      doc
        .font('sc')
        .fontSize(9)
        .fillColor(color)
        .text(text, x + pad, y + pad, { width: col.width - 2 * pad, align: col.align ?? 'left', lineGap: 1 });
      x += col.width;
    });
    const totalW = columns.reduce((s, c) => s + c.width, 0);
    doc
      .moveTo(MARGIN.left, y + h)
      .lineTo(MARGIN.left + totalW, y + h)
      .lineWidth(0.5)
      .strokeColor(COLORS.line)
      .stroke();
    doc.x = MARGIN.left;
    doc.y = y + h;
  }
}

function fullText(
  doc: Doc,
  width: number,
  report: CheckReport,
  maxSpan: number,
  ensure: (h: number) => void,
) {
  sectionTitle(doc, '全文对照');
  sectionIntro(
    doc,
    width,
    '红色文字为与比对库文献重合的部分，琥珀色文字为引用（已标注，或与参考文献所列文献重合）的部分；每个段落下列出重合片段与来源原文。',
  );
  const byChapter = new Map<number, ReportParagraph[]>();
  for (const p of report.paragraphs) {
    const list = byChapter.get(p.chapter) ?? [];
    list.push(p);
    byChapter.set(p.chapter, list);
  }
  for (const chapter of report.chapters) {
    ensure(50);
    const y = doc.y;
    doc.rect(MARGIN.left, y, width, 22).fill('#eef4ff');
    doc
      .font('sc-bold')
      .fontSize(10.5)
      .fillColor(COLORS.text)
      .text(clip(chapter.title || '（正文）', 40), MARGIN.left + 8, y + 5, {
        width: width - 170,
        lineBreak: false,
      });
    doc
      .font('sc')
      .fontSize(9)
      .fillColor(ratioColor(chapter.ratio))
      .text(
        `复制比 ${percent(chapter.ratio)} · 重合 ${chapter.overlapChars.toLocaleString('zh-CN')} 字`,
        MARGIN.left + width - 170,
        y + 6,
        {
          width: 162,
          align: 'right',
          lineBreak: false,
        },
      );
    doc.x = MARGIN.left;
    doc.y = y + 30;
    for (const p of byChapter.get(chapter.index) ?? []) {
      // the chapter band already shows the chapter's own heading
      if (p.kind === 'heading' && p.text.trim() === chapter.title.trim()) continue;
      paragraph(doc, width, report, p, maxSpan, ensure);
    }
    doc.moveDown(0.4);
  }
}

/** A heading of the paper in a report's full text (kept with at least a line of what follows). */
export function headingLine(doc: Doc, width: number, text: string, ensure: (h: number) => void) {
  ensure(30);
  doc.font('sc-bold').fontSize(10.5).fillColor(COLORS.text).text(text, MARGIN.left, doc.y, { width });
  doc.moveDown(0.3);
}

function paragraph(
  doc: Doc,
  width: number,
  report: CheckReport,
  p: ReportParagraph,
  maxSpan: number,
  ensure: (h: number) => void,
) {
  if (p.kind === 'heading') return headingLine(doc, width, p.text, ensure);
  ensure(28);
  if (p.overlapChars > 0 || p.quotedChars > 0) {
    doc
      .font('sc')
      .fontSize(8)
      .fillColor(ratioColor(p.ratio))
      .text(`第 ${p.index + 1} 段 · 复制比 ${percent(p.ratio)}`, MARGIN.left, doc.y, { width });
  }
  const segs = segments(p.text, p.spans);
  doc.font('sc').fontSize(10);
  doc.x = MARGIN.left;
  segs.forEach((seg, i) => {
    const color = seg.kind === 'copy' ? COLORS.copy : seg.kind === 'quote' ? COLORS.quote : COLORS.text;
    const opts = { width, lineGap: 3, continued: i < segs.length - 1, underline: seg.kind === 'quote' };
    doc.fillColor(color);
    if (i === 0) doc.text(seg.text, MARGIN.left, doc.y, opts);
    else doc.text(seg.text, opts);
  });
  doc.moveDown(0.5);

  const copies = p.spans.filter((s) => s.kind === 'copy' && s.source !== null);
  if (copies.length === 0) return;
  const colW = (width - 8) / 2;
  const pad = 6;
  const header = () => {
    ensure(40);
    const y = doc.y;
    doc.rect(MARGIN.left, y, colW, 18).fill('#fff1f0');
    doc.rect(MARGIN.left + colW + 8, y, colW, 18).fill('#f0f5ff');
    doc.font('sc-bold').fontSize(8.5).fillColor(COLORS.text);
    doc.text('原文内容', MARGIN.left + pad, y + 4, { width: colW - 2 * pad, lineBreak: false });
    doc.text('相似内容来源', MARGIN.left + colW + 8 + pad, y + 4, {
      width: colW - 2 * pad,
      lineBreak: false,
    });
    doc.y = y + 18;
  };
  header();
  for (const s of copies) {
    const src = s.source === null ? undefined : report.sources[s.source];
    const left = clip(p.text.slice(s.start, s.end), maxSpan);
    const caption = src ? `《${clip(src.title, 36)}》${sourceLine(src) ? ` ${sourceLine(src)}` : ''}` : '';
    const sim = s.similarity < 1 ? `（改写相似度 ${percent(s.similarity)}）` : '';
    const right = clip(s.sourceText, maxSpan);
    doc.font('sc').fontSize(8.5);
    const hl = doc.heightOfString(left, { width: colW - 2 * pad, lineGap: 2 });
    const hc = doc.heightOfString(`${caption}${sim}`, { width: colW - 2 * pad });
    const hr = doc.heightOfString(right, { width: colW - 2 * pad, lineGap: 2 });
    const h = Math.max(hl, hc + 4 + hr) + 2 * pad;
    if (doc.y + h > doc.page.height - MARGIN.bottom) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.rect(MARGIN.left, y, colW, h).lineWidth(0.5).strokeColor(COLORS.line).stroke();
    doc
      .rect(MARGIN.left + colW + 8, y, colW, h)
      .lineWidth(0.5)
      .strokeColor(COLORS.line)
      .stroke();
    doc.fillColor(COLORS.copy).text(left, MARGIN.left + pad, y + pad, { width: colW - 2 * pad, lineGap: 2 });
    doc
      .fillColor(COLORS.muted)
      .text(`${caption}${sim}`, MARGIN.left + colW + 8 + pad, y + pad, { width: colW - 2 * pad });
    doc
      .fillColor(COLORS.text)
      .text(right, MARGIN.left + colW + 8 + pad, y + pad + hc + 4, { width: colW - 2 * pad, lineGap: 2 });
    doc.x = MARGIN.left;
    doc.y = y + h + 4;
  }
  doc.moveDown(0.5);
}

function legend(doc: Doc, width: number, ensure: (h: number) => void) {
  ensure(110);
  sectionTitle(doc, '说明');
  const lines = [
    '1. 总文字复制比：被检测文本中与比对库文献重合的字数占总字数的比例。',
    '2. 去除引用文献复制比：去掉已用引号标注并注明出处的引用部分，以及与论文参考文献所列文献重合的部分后计算的复制比。',
    '3. 去除本人文献复制比：去掉与本人（同一账户，或作者与提交时填写的作者同名）已入库文献重合的部分后计算的复制比。',
    '4. 单篇最大文字复制比：与单篇文献重合字数占总字数的最大比例。',
    '5. 红色文字表示疑似复制，琥珀色（下划线）文字表示引用（已标注，或参考文献已列）。本报告仅为文字重合比对结果，是否构成学术不端由相关机构认定。',
  ];
  doc.font('sc').fontSize(8.5).fillColor(COLORS.muted);
  for (const l of lines) doc.text(l, MARGIN.left, doc.y, { width, lineGap: 2 });
}
