import {
  AIGC_BAND_LABELS,
  aigcRatioBand,
  AIGC_HINT_LABELS,
  type AigcBand,
  type AigcParagraph,
  type AigcReport,
  type AigcSpan,
} from '@paperdesk/contracts';
import {
  COLORS,
  type Doc,
  figureGrid,
  headingLine,
  keyValues,
  MARGIN,
  metricsFrame,
  note,
  openReportPdf,
  sectionIntro,
  sectionTitle,
  chapterTable,
  itemTable,
} from './check-report-pdf.ts';
import { beijingTime, clip, percent, reportNumber } from './format.ts';

export interface AigcReportPdfOptions {
  /** Printed in the page header; defaults to the product name. */
  productName?: string;
}

/** Highlight colours as the pages use them: 高度 red, 中度 orange, 轻度 amber (yellow that prints legibly). */
export const AIGC_BAND_COLORS: Record<AigcBand, string> = {
  high: '#d9363e',
  medium: '#d46b08',
  light: '#b8860b',
  none: '#389e0d',
};

const bandCell = (band: AigcBand | null) =>
  band ? { text: AIGC_BAND_LABELS[band], color: AIGC_BAND_COLORS[band] } : { text: '—', color: COLORS.muted };

/** Plain and flagged runs of a paragraph; spans are sentences, sorted and non-overlapping, clipped defensively. */
export function aigcRuns(
  text: string,
  spans: readonly AigcSpan[],
): { text: string; band: AigcBand | null }[] {
  const out: { text: string; band: AigcBand | null }[] = [];
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, Math.min(text.length, s.start));
    const end = Math.min(text.length, s.end);
    if (end <= start) continue;
    if (start > at) out.push({ text: text.slice(at, start), band: null });
    out.push({ text: text.slice(start, end), band: s.band });
    at = end;
  }
  if (at < text.length) out.push({ text: text.slice(at), band: null });
  return out;
}

/**
 * The AIGC检测 report as a PDF (Noto Sans SC embedded, the frame of the 查重 report): headline figures, chapters,
 * paragraph bands, the whole text with suspicious sentences coloured by band, and what the score means.
 */
export async function renderAigcReportPdf(
  report: AigcReport,
  options: AigcReportPdfOptions = {},
): Promise<Buffer> {
  const product = options.productName ?? 'PaperDesk 论文工作台';
  const { doc, width, ensure, finish } = openReportPdf({
    product,
    title: `${report.title} — AIGC 检测报告`,
    subject: 'AIGC 检测报告',
    header: `${product} · AIGC 检测报告单`,
    no: reportNumber(report.recordId, report.checkedAt).replace(/^PD/, 'PDA'),
  });
  const m = report.metrics;

  doc.font('sc-bold').fontSize(18).fillColor(COLORS.text).text('AIGC 检测报告单', { align: 'center' });
  doc.moveDown(0.8);
  keyValues(doc, width, [
    ['篇名', report.title],
    ['作者', report.author || '—'],
    ['检测时间', beijingTime(report.checkedAt)],
    [
      '检测字数',
      `${m.totalChars.toLocaleString('zh-CN')} 字（参与判断 ${m.scoredChars.toLocaleString('zh-CN')} 字）`,
    ],
    ['检测模型', report.model.version],
  ]);
  doc.moveDown(0.6);
  metricsBox(doc, width, report);
  errorRates(doc, width, report);
  if (report.note) {
    doc.moveDown(0.4);
    doc.font('sc').fontSize(9).fillColor(AIGC_BAND_COLORS.medium).text(`注意：${report.note}`, MARGIN.left);
  }
  doc.moveDown(0.8);

  chapterTable(doc, width, report.chapters, [
    { header: '显著字数', width: 70, align: 'right', cell: (c) => c.aiChars.toLocaleString('zh-CN') },
    {
      header: '疑似度',
      width: 70,
      align: 'right',
      cell: (c) => (c.scoredChars > 0 ? percent(c.aiCharRatio) : '—'),
    },
    // the chapter's conclusion from the 疑似度 printed beside it (a report stored before the bands followed the
    // figure carries the mean probability's)
    {
      header: '结论',
      width: 70,
      align: 'center',
      cell: (c) => bandCell(c.scoredChars > 0 ? aigcRatioBand(c.aiCharRatio) : null),
    },
  ]);

  sectionTitle(doc, '段落检测结果');
  const scored = report.paragraphs.filter((p) => p.kind === 'paragraph');
  if (scored.length === 0) note(doc, '没有可检测的正文段落。');
  else {
    itemTable(doc, width, scored, [
      { header: '段落', width: 40, align: 'center', cell: (p) => String(p.index + 1) },
      { header: '内容摘要', cell: (p) => clip(p.text, 60) },
      { header: '字数', width: 56, align: 'right', cell: (p) => p.chars.toLocaleString('zh-CN') },
      {
        header: 'AI 概率',
        width: 70,
        align: 'right',
        cell: (p) => (p.probability === null ? '—' : percent(p.probability)),
      },
      {
        header: '疑似程度',
        width: 70,
        align: 'center',
        cell: (p) =>
          p.reliable
            ? bandCell(p.band)
            : { text: UNSCORED_LABELS[p.unscored ?? 'short'] ?? '过短不计', color: COLORS.muted },
      },
    ]);
  }
  doc.moveDown(0.8);

  fullText(doc, width, report, ensure);
  doc.moveDown(1);
  legend(doc, width, report, ensure);
  return finish();
}

const UNSCORED_LABELS: Partial<Record<NonNullable<AigcParagraph['unscored']>, string>> = {
  caption: '题注不计',
  formula: '公式不计',
  short: '过短不计',
};

/** Rounded to a whole percent for the plain statement; the measured figure follows with one decimal. */
const wholePercent = (x: number) => `${Math.round(x * 100)}%`;

/** The measured false-positive rates behind the thresholds, in plain Chinese (models from 1.3 on). */
function errorRates(doc: Doc, width: number, report: AigcReport) {
  const r = report.model.errorRates;
  if (!r) return;
  const text =
    `误判率说明：在人工撰写的学术文本上，约 ${wholePercent(r.short.significantFpr)} 会被判为显著疑似，` +
    `约 ${wholePercent(r.short.suspectFpr)} 会被判为疑似及以上。阈值在训练未使用的人工学术摘要上设定：` +
    `短文本（不超过 ${r.maxShortChars} 字）实测 ${percent(r.short.significantFpr)} / ${percent(r.short.suspectFpr)}，` +
    `长文本实测 ${percent(r.long.significantFpr)} / ${percent(r.long.suspectFpr)}。` +
    '反过来，经 AI 润色、改写的文字有相当一部分不会被判为显著疑似。';
  const zs = report.model.zeroShot;
  const tail =
    zs && zs.windows > 0 ? `本次检测还结合了大模型零样本评分（${zs.windows} / ${zs.of} 个片段）。` : '';
  doc.moveDown(0.4);
  doc
    .font('sc')
    .fontSize(9)
    .fillColor(COLORS.text)
    .text(text + tail, MARGIN.left, doc.y, { width, lineGap: 2 });
}

function metricsBox(doc: Doc, width: number, report: AigcReport) {
  const m = report.metrics;
  // the conclusion of the big number printed here, whatever the stored band says
  const band = aigcRatioBand(m.aiCharRatio, m.reliable);
  const height = 112;
  const { top, leftW } = metricsFrame(
    doc,
    width,
    height,
    { label: 'AIGC 总体疑似度', value: percent(m.aiCharRatio), color: AIGC_BAND_COLORS[band] },
    {
      text: `显著疑似 ${m.aiChars.toLocaleString('zh-CN')} 字 / 参与判断 ${m.scoredChars.toLocaleString('zh-CN')} 字`,
      dy: 84,
      extraWidth: 20,
    },
  );
  const cells: [string, string][] = [
    ['全文结论', AIGC_BAND_LABELS[band]],
    ['全文平均 AI 概率（明细）', percent(m.probability)],
    m.suspectChars !== undefined
      ? ['轻度疑似字数（不计入）', m.suspectChars.toLocaleString('zh-CN')]
      : ['正文段落', String(m.paragraphCount)],
    ['高度疑似段落', String(m.bandCounts.high)],
    ['中度疑似段落', String(m.bandCounts.medium)],
    ['轻度疑似段落', String(m.bandCounts.light)],
  ];
  figureGrid(doc, width, cells, {
    x: MARGIN.left + 16 + leftW + 20,
    y: top + 18,
    rowHeight: 44,
    color: (i) => (i === 0 ? AIGC_BAND_COLORS[band] : COLORS.text),
  });
  doc.x = MARGIN.left;
  doc.y = top + height + 4;
}

function fullText(doc: Doc, width: number, report: AigcReport, ensure: (h: number) => void) {
  sectionTitle(doc, '全文标注');
  sectionIntro(
    doc,
    width,
    '红色为高度疑似、橙色为中度疑似（两者为显著疑似，计入总体疑似度），黄色为轻度疑似（疑似，不计入）；黑色为未见异常。',
  );
  // the paper's title (a level-0 heading) is already printed at the top
  for (const p of report.paragraphs) if (p.level !== 0) paragraph(doc, width, p, ensure);
}

function paragraph(doc: Doc, width: number, p: AigcParagraph, ensure: (h: number) => void) {
  if (p.kind === 'heading') return headingLine(doc, width, p.text, ensure);
  ensure(28);
  if (p.kind === 'paragraph' && p.band && p.band !== 'none' && p.reliable) {
    doc
      .font('sc')
      .fontSize(8)
      .fillColor(AIGC_BAND_COLORS[p.band])
      .text(
        `第 ${p.index + 1} 段 · ${AIGC_BAND_LABELS[p.band]} · AI 概率 ${percent(p.probability ?? 0)}${hintText(p)}`,
        MARGIN.left,
        doc.y,
        { width },
      );
  }
  const runs = aigcRuns(p.text, p.spans);
  doc.font('sc').fontSize(10);
  runs.forEach((r, i) => {
    const opts = { width, lineGap: 3, continued: i < runs.length - 1 };
    doc.fillColor(r.band ? AIGC_BAND_COLORS[r.band] : p.kind === 'reference' ? COLORS.muted : COLORS.text);
    if (i === 0) doc.text(r.text, MARGIN.left, doc.y, opts);
    else doc.text(r.text, opts);
  });
  doc.moveDown(0.5);
}

/** " · 可能原因：模板化连接词偏多（此外、综上所述）；…" for a flagged paragraph with hints. */
function hintText(p: AigcParagraph): string {
  const hints = p.hints ?? [];
  if (hints.length === 0) return '';
  const parts = hints.map(
    (h) =>
      `${AIGC_HINT_LABELS[h.kind]}${h.examples.length > 0 ? `（${h.examples.slice(0, 3).join('、')}）` : ''}`,
  );
  return ` · 可能原因：${parts.join('；')}`;
}

function legend(doc: Doc, width: number, report: AigcReport, ensure: (h: number) => void) {
  ensure(130);
  sectionTitle(doc, '说明');
  const flag = percent(report.model.flagThreshold);
  const suspect = percent(report.model.suspectThreshold ?? report.model.flagThreshold / 2);
  const lines = [
    `1. AIGC 总体疑似度：显著疑似（中度及以上，AI 生成概率不低于 ${flag}）的句子字数占参与判断字数的比例；轻度疑似（不低于 ${suspect}）单独列出，不计入。`,
    `2. 高度疑似：AI 生成概率不低于 90%；中度疑似：不低于 ${flag}；轻度疑似：不低于 ${suspect}；其余为未见异常。阈值按在人工撰写学术文本上的误判率设定（显著约 1%，疑似约 5%），超过 ${report.model.errorRates?.maxShortChars ?? 300} 字的整段文字按长文本阈值判断。`,
    '3. 标题、图表题注、公式和参考文献不参与判断；很短的段落与相邻段落合并判断；篇幅过短的文本结果仅供参考。',
    '4. 本结果是统计模型给出的概率估计，不是证据：人工写作也可能被误判，AI 生成后经改写的文字也可能未被识别。请结合写作过程材料综合判断，是否构成学术不端由相关机构认定。',
  ];
  doc.font('sc').fontSize(8.5).fillColor(COLORS.muted);
  for (const l of lines) doc.text(l, MARGIN.left, doc.y, { width, lineGap: 2 });
}
