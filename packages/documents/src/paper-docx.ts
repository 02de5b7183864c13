import {
  AlignmentType,
  BorderStyle,
  BuilderElement,
  Document,
  Footer,
  Header,
  HeadingLevel,
  type IRunOptions,
  type ISectionOptions,
  LeaderType,
  LineRuleType,
  NumberFormat,
  Packer,
  PageNumber,
  Bookmark,
  InternalHyperlink,
  Paragraph,
  type ParagraphChild,
  SectionType,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  VerticalAlign,
  WidthType,
  XmlAttributeComponent,
  XmlComponent,
} from 'docx';

/** Cover page of a graduation thesis; every field is optional and empty ones are left out. */
export interface ThesisCover {
  school?: string;
  /** e.g. 本科毕业论文（设计）; defaults to 毕业论文 */
  degree?: string;
  college?: string;
  major?: string;
  className?: string;
  student?: string;
  studentId?: string;
  supervisor?: string;
  /** printed as given, e.g. 2026年5月 */
  date?: string;
}

/** One chapter or sub-section; numbering (第1章 / 1.1 / 1.1.1) is added by the writer. */
export interface PaperSection {
  heading: string;
  paragraphs?: string[];
  children?: PaperSection[];
}

export interface PaperDocument {
  /** thesis: cover page, front matter on its own pages (roman page numbers), chapters start new pages */
  kind: 'paper' | 'thesis';
  title: string;
  subtitle?: string;
  cover?: ThesisCover;
  /** paragraphs separated by line breaks */
  abstract: string;
  keywords: string[];
  abstractEn?: string;
  keywordsEn?: string[];
  sections: PaperSection[];
  /** entries without numbers; a leading [n] is removed and the list is renumbered */
  references: string[];
  acknowledgements?: string;
  /** table of contents; on by default */
  toc?: boolean;
}

/** Chinese type sizes in half-points, as the docx format stores them. */
const SIZE = { 小初: 72, 二号: 44, 小二: 36, 三号: 32, 四号: 28, 小四: 24, 五号: 21 } as const;
const LATIN = 'Times New Roman';
export interface ChineseFont {
  readonly ascii: string;
  readonly hAnsi: string;
  readonly eastAsia: string;
  readonly cs: string;
}
export const SONG: ChineseFont = { ascii: LATIN, hAnsi: LATIN, eastAsia: '宋体', cs: LATIN } as const;
export const HEI: ChineseFont = { ascii: LATIN, hAnsi: LATIN, eastAsia: '黑体', cs: LATIN } as const;
/** 1.5 lines (240 = single) */
const LINE_15 = { line: 360, lineRule: LineRuleType.AUTO } as const;
/** A4 with 2.5 cm margins: the text width (9072 twips) holds Word's TOC tab stop at 9025 */
export const PAGE = {
  size: { width: 11906, height: 16838 },
  margin: { top: 1418, bottom: 1418, left: 1418, right: 1418, header: 851, footer: 851 },
} as const;

/** Characters XML 1.0 forbids (C0 controls but tab and line breaks, U+FFFE/U+FFFF); LLM or pasted text can carry them. */
function xmlForbidden(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffe || code === 0xffff
  );
}

export function xmlSafe(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (!xmlForbidden(text.charCodeAt(i))) continue;
    out += text.slice(from, i);
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Split a text block into trimmed non-empty paragraphs. */
export function paragraphsOf(text: string | undefined): string[] {
  return xmlSafe(text ?? '')
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export function run(text: string, options: Omit<IRunOptions, 'text'> = {}): TextRun {
  return new TextRun({ ...options, text: xmlSafe(text) });
}

/**
 * Document-wide styles: 宋体 小四 body at 1.5 lines with a two-character indent, 黑体 headings. A thesis
 * centres 三号 chapter titles on a new page; a paper runs on with left-aligned 四号 section titles.
 */
export function paperStyles(thesis: boolean) {
  const heading = (size: number, align: 'center' | 'left', before: number, after: number) => ({
    run: { font: HEI, size, bold: false, color: '000000' },
    paragraph: {
      alignment: align === 'center' ? AlignmentType.CENTER : AlignmentType.LEFT,
      spacing: { before, after, ...LINE_15 },
      indent: { firstLine: 0 },
      keepNext: true,
      keepLines: true,
    },
  });
  const chapter = heading(SIZE.三号, 'center', 480, 360);
  const toc = (level: number) => ({
    id: `TOC${level}`,
    name: `toc ${level}`,
    basedOn: 'Normal',
    next: 'Normal',
    run: { font: level === 1 ? HEI : SONG, size: SIZE.小四 },
    paragraph: {
      indent: { left: (level - 1) * 480, firstLine: 0 },
      spacing: { before: 0, after: 0, ...LINE_15 },
    },
  });
  return {
    default: {
      document: {
        run: { font: SONG, size: SIZE.小四 },
        paragraph: { spacing: { before: 0, after: 0, ...LINE_15 } },
      },
      heading1: thesis
        ? { ...chapter, paragraph: { ...chapter.paragraph, pageBreakBefore: true } }
        : heading(SIZE.四号, 'left', 360, 120),
      heading2: heading(thesis ? SIZE.四号 : SIZE.小四, 'left', 240, 120),
      heading3: heading(SIZE.小四, 'left', 120, 60),
      heading4: heading(SIZE.小四, 'left', 60, 0),
      title: {
        run: { font: HEI, size: SIZE.小二, color: '000000' },
        paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 240, after: 240, ...LINE_15 } },
      },
    },
    paragraphStyles: [
      {
        id: 'PaperBody',
        name: 'Paper Body',
        basedOn: 'Normal',
        next: 'PaperBody',
        quickFormat: true,
        run: { font: SONG, size: SIZE.小四 },
        paragraph: {
          alignment: AlignmentType.JUSTIFIED,
          indent: { firstLine: 480, firstLineChars: 200 },
          spacing: LINE_15,
        },
      },
      {
        id: 'FrontTitle',
        name: 'Front Matter Title',
        basedOn: 'Normal',
        next: 'PaperBody',
        run: { font: HEI, size: SIZE.三号 },
        paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 480, after: 360, ...LINE_15 } },
      },
      {
        id: 'Reference',
        name: 'Reference Entry',
        basedOn: 'Normal',
        run: { font: SONG, size: SIZE.五号 },
        paragraph: {
          indent: { left: 420, hanging: 420 },
          spacing: { line: 300, lineRule: LineRuleType.AUTO },
        },
      },
      toc(1),
      toc(2),
      toc(3),
    ],
  };
}

export function bodyParagraph(text: string): Paragraph {
  return new Paragraph({ style: 'PaperBody', children: [run(text)] });
}

const referenceAnchor = (n: number) => `ref_${n}`;

/**
 * A body paragraph whose citation numbers ([3], [1,2], [4-6]) link to their entries in the reference list
 * (bookmarks `ref_n`); numbers beyond the list stay plain text.
 */
function citingParagraph(text: string, references: number): Paragraph {
  if (references === 0) return bodyParagraph(text);
  const children: ParagraphChild[] = [];
  let last = 0;
  for (const m of text.matchAll(/\[(\d{1,3}(?:[-–,，]\d{1,3})*)\]/g)) {
    const at = m.index ?? 0;
    if (at > last) children.push(run(text.slice(last, at)));
    children.push(run('['));
    for (const part of (m[1] ?? '').split(/([-–,，])/)) {
      const n = Number(part);
      children.push(
        Number.isInteger(n) && n >= 1 && n <= references
          ? new InternalHyperlink({ anchor: referenceAnchor(n), children: [run(part)] })
          : run(part),
      );
    }
    children.push(run(']'));
    last = at + m[0].length;
  }
  if (last < text.length) children.push(run(text.slice(last)));
  return new Paragraph({ style: 'PaperBody', children });
}

const HEADING_LEVELS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
] as const;

/** Numbering a model (or a user) may already have typed: 第一章, 1.2, 3、, 一、 */
const TYPED_NUMBER =
  /^\s*(?:第[0-9一二三四五六七八九十百]+[章节]|\d+(?:\.\d+)+\.?|\d+[.、\s]|[一二三四五六七八九十]+、)\s*/;
const TYPED_REF_NUMBER = /^\s*(?:[[［【]\s*\d+\s*[\]］】]|\d+[.、])\s*/;

export function headingNumber(kind: PaperDocument['kind'], path: readonly number[]): string {
  if (path.length === 1) return kind === 'thesis' ? `第${path[0]}章` : `${path[0]}`;
  return path.join('.');
}

interface TocEntry {
  title: string;
  level: number;
}

function sectionBlocks(
  kind: PaperDocument['kind'],
  sections: readonly PaperSection[],
  parent: readonly number[],
  toc: TocEntry[],
  references = 0,
): Paragraph[] {
  return sections.flatMap((section, i) => {
    const path = [...parent, i + 1];
    const text = xmlSafe(section.heading ?? '')
      .replace(TYPED_NUMBER, '')
      .trim();
    const title = [headingNumber(kind, path), text]
      .filter(Boolean)
      .join(kind === 'thesis' && path.length === 1 ? '　' : ' ');
    if (path.length <= 3) toc.push({ title, level: path.length });
    const level = HEADING_LEVELS[Math.min(path.length, HEADING_LEVELS.length) - 1];
    return [
      new Paragraph({ heading: level, children: [run(title)] }),
      ...(section.paragraphs ?? []).flatMap(paragraphsOf).map((p) => citingParagraph(p, references)),
      ...sectionBlocks(kind, section.children ?? [], path, toc, references),
    ];
  });
}

function unnumberedHeading(title: string, toc: TocEntry[]): Paragraph {
  toc.push({ title, level: 1 });
  return new Paragraph({ heading: HeadingLevel.HEADING_1, children: [run(title)] });
}

function keywordLine(label: string, keywords: readonly string[] | undefined, separator: string): Paragraph[] {
  const words = (keywords ?? []).map((k) => xmlSafe(k).trim()).filter(Boolean);
  if (words.length === 0) return [];
  return [
    new Paragraph({
      spacing: { before: 240 },
      children: [run(label, { font: HEI, bold: true }), run(words.join(separator))],
    }),
  ];
}

/**
 * 摘要 / ABSTRACT: a titled page each in a thesis; in a paper an inline block under the title whose
 * first paragraph starts with a bold 摘要： label, as journals print it.
 */
function abstractBlocks(paper: PaperDocument, thesis: boolean): Paragraph[] {
  const block = (title: string, label: string, text: string | undefined, pageBreakBefore: boolean) => {
    const paragraphs = paragraphsOf(text);
    if (paragraphs.length === 0) return [];
    if (thesis) {
      return [
        new Paragraph({ style: 'FrontTitle', pageBreakBefore, children: [run(title)] }),
        ...paragraphs.map(bodyParagraph),
      ];
    }
    return paragraphs.map(
      (p, i) =>
        new Paragraph({
          style: 'PaperBody',
          children: [...(i === 0 ? [run(label, { font: HEI, bold: true })] : []), run(p)],
        }),
    );
  };
  const zh = [
    ...block('摘　要', '摘　要：', paper.abstract, false),
    ...keywordLine('关键词：', paper.keywords, '；'),
  ];
  const en = block('ABSTRACT', 'Abstract: ', paper.abstractEn, zh.length > 0);
  return [...zh, ...(en.length > 0 ? [...en, ...keywordLine('Key words: ', paper.keywordsEn, '; ')] : [])];
}

class PreserveSpace extends XmlAttributeComponent<{ readonly space: 'preserve' }> {
  protected override readonly xmlKeys = { space: 'xml:space' };
}

class InstructionText extends XmlComponent {
  constructor(code: string) {
    super('w:instrText');
    this.root.push(new PreserveSpace({ space: 'preserve' }));
    this.root.push(code);
  }
}

const fieldChar = (type: 'begin' | 'separate' | 'end') =>
  new TextRun({
    children: [
      new BuilderElement({
        name: 'w:fldChar',
        attributes: {
          type: { key: 'w:fldCharType', value: type },
          ...(type === 'begin' ? { dirty: { key: 'w:dirty', value: true } } : {}),
        },
      }),
    ],
  });

/**
 * 目录 as a complex TOC field over Heading 1–3, written the way Word writes it (begin, instruction and
 * separator in their own runs — LibreOffice prints the instruction otherwise). The cached result lists
 * the headings without page numbers; Word refreshes the dirty field on open, WPS / LibreOffice on 更新目录.
 */
function tableOfContents(entries: readonly TocEntry[], pageBreakBefore: boolean): Paragraph[] {
  const rightTab = [
    {
      type: TabStopType.RIGHT,
      position: PAGE.size.width - PAGE.margin.left - PAGE.margin.right,
      leader: LeaderType.DOT,
    },
  ];
  const lines = entries.length > 0 ? entries : [{ title: '', level: 1 }];
  return [
    new Paragraph({ style: 'FrontTitle', pageBreakBefore, children: [run('目　录')] }),
    ...lines.map(
      (entry, i) =>
        new Paragraph({
          style: `TOC${entry.level}`,
          tabStops: rightTab,
          children: [
            ...(i === 0
              ? [
                  fieldChar('begin'),
                  new TextRun({ children: [new InstructionText(' TOC \\o "1-3" \\h \\z \\u ')] }),
                  fieldChar('separate'),
                ]
              : []),
            run(entry.title),
            ...(i === lines.length - 1 ? [fieldChar('end')] : []),
          ],
        }),
    ),
    new Paragraph({
      spacing: { before: 240 },
      children: [
        run(
          '注：目录由标题样式自动生成。如页码未显示或有变动，请在目录上右键选择“更新域”（WPS：“更新目录”）。',
          {
            size: SIZE.五号,
            color: '808080',
          },
        ),
      ],
    }),
  ];
}

const COVER_FIELDS: readonly [keyof ThesisCover, string][] = [
  ['college', '学　　院'],
  ['major', '专　　业'],
  ['className', '班　　级'],
  ['student', '学生姓名'],
  ['studentId', '学　　号'],
  ['supervisor', '指导教师'],
];

/** a 20-character title on one 三号 line */
const COVER_LABEL_WIDTH = 1600;
const COVER_VALUE_WIDTH = 7000;
const NO_BORDER = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' } as const;

function coverRow(label: string, value: string): TableRow {
  const cell = (children: ParagraphChild[], width: number, underline: boolean) =>
    new TableCell({
      width: { size: width, type: WidthType.DXA },
      verticalAlign: VerticalAlign.BOTTOM,
      borders: {
        top: NO_BORDER,
        left: NO_BORDER,
        right: NO_BORDER,
        bottom: underline ? { style: BorderStyle.SINGLE, size: 6, color: '000000' } : NO_BORDER,
      },
      children: [
        new Paragraph({
          alignment: underline ? AlignmentType.CENTER : AlignmentType.DISTRIBUTE,
          spacing: { before: 160 },
          children,
        }),
      ],
    });
  return new TableRow({
    children: [
      cell([run(label, { font: HEI, size: SIZE.三号 })], COVER_LABEL_WIDTH, false),
      cell([run(value, { font: SONG, size: SIZE.三号 })], COVER_VALUE_WIDTH, true),
    ],
  });
}

function coverPage(paper: PaperDocument, title: string): (Paragraph | Table)[] {
  const cover = paper.cover ?? {};
  const line = (text: string, font: ChineseFont, size: number, before: number) =>
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before },
      children: [run(text, { font, size, bold: true })],
    });
  const rows = [
    coverRow('题　　目', [title, xmlSafe(paper.subtitle ?? '').trim()].filter(Boolean).join('——')),
    ...COVER_FIELDS.flatMap(([key, label]) => {
      const value = xmlSafe(cover[key] ?? '').trim();
      return value ? [coverRow(label, value)] : [];
    }),
  ];
  return [
    ...(cover.school?.trim() ? [line(cover.school.trim(), HEI, SIZE.二号, 600)] : []),
    line(cover.degree?.trim() || '毕业论文', HEI, SIZE.小初, cover.school?.trim() ? 600 : 1800),
    new Paragraph({ spacing: { before: 1200 }, children: [] }),
    new Table({
      alignment: AlignmentType.CENTER,
      width: { size: COVER_LABEL_WIDTH + COVER_VALUE_WIDTH, type: WidthType.DXA },
      columnWidths: [COVER_LABEL_WIDTH, COVER_VALUE_WIDTH],
      borders: {
        top: NO_BORDER,
        bottom: NO_BORDER,
        left: NO_BORDER,
        right: NO_BORDER,
        insideHorizontal: NO_BORDER,
        insideVertical: NO_BORDER,
      },
      rows,
    }),
    ...(cover.date?.trim() ? [line(cover.date.trim(), SONG, SIZE.三号, 1000)] : []),
  ];
}

export function pageNumberFooter(): Footer {
  return new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [new TextRun({ children: [PageNumber.CURRENT], font: SONG, size: SIZE.五号 })],
      }),
    ],
  });
}

function runningHeader(text: string): Header {
  return new Header({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '000000', space: 1 } },
        children: [run(text, { font: SONG, size: SIZE.五号 })],
      }),
    ],
  });
}

function titleBlock(paper: PaperDocument, title: string): Paragraph[] {
  const cover = paper.cover ?? {};
  const byline = [cover.student, [cover.school, cover.college, cover.major].filter(Boolean).join(' ')]
    .map((s) => xmlSafe(s ?? '').trim())
    .filter(Boolean);
  const subtitle = xmlSafe(paper.subtitle ?? '').trim();
  return [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [run(title)] }),
    ...(subtitle
      ? [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            children: [run(`——${subtitle}`, { font: SONG, size: SIZE.四号 })],
          }),
        ]
      : []),
    ...(byline.length > 0
      ? [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { before: 120, after: 240 },
            children: [
              run(byline.join('（') + (byline.length > 1 ? '）' : ''), { font: SONG, size: SIZE.五号 }),
            ],
          }),
        ]
      : []),
  ];
}

/**
 * A Chinese paper or graduation thesis as .docx, laid out the way most universities ask for it:
 * 宋体 小四 body at 1.5 lines with a two-character first-line indent, 黑体 headings numbered
 * 第1章 / 1.1 / 1.1.1, a TOC field over the heading styles, GB/T 7714 numbered references and
 * page numbers in the footer. An empty title becomes 未命名论文; empty parts are left out.
 */
export async function renderPaperDocx(paper: PaperDocument): Promise<Buffer> {
  const thesis = paper.kind === 'thesis';
  const title = xmlSafe(paper.title ?? '').trim() || '未命名论文';
  const toc: TocEntry[] = [];
  const references = (paper.references ?? [])
    .map((r) => xmlSafe(r).replace(TYPED_REF_NUMBER, '').trim())
    .filter(Boolean);
  const body = sectionBlocks(paper.kind, paper.sections ?? [], [], toc, references.length);
  const referenceBlock =
    references.length > 0
      ? [
          unnumberedHeading('参考文献', toc),
          ...references.map(
            (r, i) =>
              new Paragraph({
                style: 'Reference',
                children: [
                  new Bookmark({ id: referenceAnchor(i + 1), children: [run(`[${i + 1}]\u00a0${r}`)] }),
                ],
              }),
          ),
        ]
      : [];
  const thanks = paragraphsOf(paper.acknowledgements);
  const thanksBlock =
    thanks.length > 0 ? [unnumberedHeading('致　谢', toc), ...thanks.map(bodyParagraph)] : [];
  const main = [...body, ...referenceBlock, ...thanksBlock];
  const abstract = abstractBlocks(paper, thesis);
  const contents = paper.toc === false ? [] : tableOfContents(toc, thesis && abstract.length > 0);

  const properties = (start: number, formatType: (typeof NumberFormat)[keyof typeof NumberFormat]) => ({
    type: SectionType.NEXT_PAGE,
    page: { ...PAGE, pageNumbers: { start, formatType } },
  });
  const footers = { default: pageNumberFooter() };
  const sections: ISectionOptions[] = thesis
    ? [
        { properties: { page: PAGE }, children: coverPage(paper, title) },
        ...(abstract.length + contents.length > 0
          ? [
              {
                properties: properties(1, NumberFormat.UPPER_ROMAN),
                footers,
                children: [...abstract, ...contents],
              },
            ]
          : []),
        {
          properties: properties(1, NumberFormat.DECIMAL),
          headers: {
            default: runningHeader(
              [paper.cover?.school, paper.cover?.degree].filter(Boolean).join('') || title,
            ),
          },
          footers,
          children: main.length > 0 ? main : [bodyParagraph('')],
        },
      ]
    : [
        {
          properties: properties(1, NumberFormat.DECIMAL),
          footers,
          children: [...titleBlock(paper, title), ...abstract, ...contents, ...main],
        },
      ];

  const doc = new Document({
    creator: 'PaperDesk',
    title,
    description: thesis ? '毕业论文' : '论文',
    features: { updateFields: paper.toc !== false },
    styles: paperStyles(thesis),
    sections,
  });
  return Packer.toBuffer(doc);
}
