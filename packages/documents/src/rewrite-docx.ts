import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  LineRuleType,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  type TextRun,
  WidthType,
} from 'docx';
import { beijingTime, percent } from './format.ts';
import { type DiffPiece, diffRewrite } from './text-diff.ts';
import {
  bodyParagraph,
  HEI,
  PAGE,
  pageNumberFooter,
  paperStyles,
  paragraphsOf,
  run,
  xmlSafe,
} from './paper-docx.ts';

export interface RewriteParagraph {
  original: string;
  rewritten: string;
}

export interface RewriteDocument {
  title: string;
  /** dedup: 降重 (the ratios are 重复率); aigc: 降AIGC (the ratios are AIGC 概率) */
  mode: 'dedup' | 'aigc';
  paragraphs: RewriteParagraph[];
  /** 0..1 before / after the rewrite, when a check was run */
  before?: number;
  after?: number;
  /** ISO-8601, printed in Beijing time */
  createdAt?: string;
  /** 改写对照 table after the clean text; on by default */
  comparison?: boolean;
}

const MODE_LABEL = {
  dedup: { action: '降重', metric: '重复率' },
  aigc: { action: '降AIGC', metric: 'AIGC 概率' },
} as const;

/** Two summary lines: the result with its ratios, then counts and time. */
function summaryLines(doc: RewriteDocument, action: string): [string, string] {
  const { metric } = MODE_LABEL[doc.mode] ?? MODE_LABEL.dedup;
  const count = (pick: (p: RewriteParagraph) => string) =>
    (doc.paragraphs ?? []).reduce((n, p) => n + xmlSafe(pick(p) ?? '').replace(/\s+/g, '').length, 0);
  const ratios = [
    doc.before !== undefined ? `改写前${metric} ${percent(doc.before)}` : '',
    doc.after !== undefined ? `改写后${metric} ${percent(doc.after)}` : '',
  ].filter(Boolean);
  const meta = [
    `原文 ${count((p) => p.original)} 字，改写后 ${count((p) => p.rewritten)} 字`,
    doc.createdAt ? `生成时间 ${beijingTime(doc.createdAt)}` : '',
  ].filter(Boolean);
  return [[`${action}结果`, ...ratios].join('　｜　'), meta.join('　｜　')];
}

const CELL = { size: 21, line: { line: 300, lineRule: LineRuleType.AUTO } } as const;
const GRID = { style: BorderStyle.SINGLE, size: 4, color: 'BFBFBF' } as const;
const TEXT_WIDTH = PAGE.size.width - PAGE.margin.left - PAGE.margin.right;
const INDEX_WIDTH = 800;
const COLUMN_WIDTHS = [INDEX_WIDTH, (TEXT_WIDTH - INDEX_WIDTH) / 2, (TEXT_WIDTH - INDEX_WIDTH) / 2] as const;

function cell(children: Paragraph[], width: number, header = false): TableCell {
  return new TableCell({
    width: { size: width, type: WidthType.DXA },
    margins: { top: 60, bottom: 60, left: 100, right: 100 },
    shading: header ? { type: ShadingType.CLEAR, fill: 'F2F2F2', color: 'auto' } : undefined,
    borders: { top: GRID, bottom: GRID, left: GRID, right: GRID },
    children,
  });
}

function pieceRuns(pieces: readonly DiffPiece[], side: 'original' | 'rewritten'): TextRun[] {
  return pieces.map((piece) =>
    run(piece.text, {
      size: CELL.size,
      ...(piece.changed
        ? side === 'rewritten'
          ? { highlight: 'yellow' }
          : { color: '8C8C8C', strike: true }
        : {}),
    }),
  );
}

function comparisonTable(paragraphs: readonly RewriteParagraph[]): Table {
  const header = new TableRow({
    tableHeader: true,
    children: ['序号', '原文', '改写后'].map((title, i) =>
      cell(
        [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            children: [run(title, { font: HEI, size: CELL.size })],
          }),
        ],
        COLUMN_WIDTHS[i] ?? 0,
        true,
      ),
    ),
  });
  const rows = paragraphs.map((p, i) => {
    const diff = diffRewrite(xmlSafe(p.original ?? ''), xmlSafe(p.rewritten ?? ''));
    const side = (pieces: DiffPiece[], which: 'original' | 'rewritten') =>
      new Paragraph({
        alignment: AlignmentType.JUSTIFIED,
        spacing: CELL.line,
        children: pieceRuns(pieces, which),
      });
    return new TableRow({
      cantSplit: false,
      children: [
        cell(
          [
            new Paragraph({
              alignment: AlignmentType.CENTER,
              children: [run(String(i + 1), { size: CELL.size })],
            }),
          ],
          COLUMN_WIDTHS[0],
        ),
        cell([side(diff.original, 'original')], COLUMN_WIDTHS[1]),
        cell([side(diff.rewritten, 'rewritten')], COLUMN_WIDTHS[2]),
      ],
    });
  });
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: [...COLUMN_WIDTHS],
    rows: [header, ...rows],
  });
}

/**
 * The result of a 降重 / 降AIGC job as .docx: title, a summary line (ratios before and after when
 * given), the rewritten text as clean body paragraphs, then optionally a 原文 | 改写后 table per
 * paragraph with removed text struck through and new text highlighted.
 */
export async function renderRewriteDocx(doc: RewriteDocument): Promise<Buffer> {
  const { action } = MODE_LABEL[doc.mode] ?? MODE_LABEL.dedup;
  const title = xmlSafe(doc.title ?? '').trim() || '未命名文档';
  const paragraphs = doc.paragraphs ?? [];
  const clean = paragraphs.flatMap((p) => paragraphsOf(p.rewritten));
  const comparison =
    doc.comparison !== false && paragraphs.length > 0
      ? [
          new Paragraph({
            heading: HeadingLevel.HEADING_1,
            pageBreakBefore: true,
            children: [run('改写对照')],
          }),
          new Paragraph({
            spacing: { after: 120 },
            children: [
              run('说明：', { font: HEI, size: CELL.size }),
              run('右栏', { size: CELL.size }),
              run('黄色底纹', { size: CELL.size, highlight: 'yellow' }),
              run('为改写后新增或改动的文字，左栏', { size: CELL.size }),
              run('灰色删除线', { size: CELL.size, color: '8C8C8C', strike: true }),
              run('为原文中被改写的文字。', { size: CELL.size }),
            ],
          }),
          comparisonTable(paragraphs),
        ]
      : [];
  const document = new Document({
    creator: 'PaperDesk',
    title: `${title}（${action}结果）`,
    styles: paperStyles(false),
    sections: [
      {
        properties: { page: PAGE },
        footers: { default: pageNumberFooter() },
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [run(title)] }),
          ...summaryLines(doc, action).map(
            (line, i) =>
              new Paragraph({
                alignment: AlignmentType.CENTER,
                spacing: { after: i === 0 ? 0 : 240 },
                children: [
                  run(
                    line,
                    i === 0 ? { font: HEI, size: 24, color: '1F4E79' } : { size: CELL.size, color: '7F7F7F' },
                  ),
                ],
              }),
          ),
          ...(clean.length > 0 ? clean.map(bodyParagraph) : [bodyParagraph('（无改写内容）')]),
          ...comparison,
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
