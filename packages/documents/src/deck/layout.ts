import { xmlSafe } from '../paper-docx.ts';
import { type ContentFrame, contentFrame, coverFrame, sectionFrame } from './decor.ts';
import {
  type Box,
  rect,
  SLIDE_H,
  SLIDE_W,
  type SlideElement,
  type SlidePlan,
  type TableElement,
  type TextElement,
  type TextParagraph,
} from './elements.ts';
import { type Bullet, type Deck, DeckError, type Slide } from './model.ts';
import type { DeckTemplate } from './templates.ts';
import {
  chunkText,
  clampLines,
  type FitOptions,
  fitFontSize,
  textEm,
  textHeightIn,
  wrapLines,
  NATURAL_LINE,
} from './text-fit.ts';

const BODY_FIT: FitOptions = { lineSpacing: 1.1, paragraphGapEm: 0.55 };
const TIGHT_FIT: FitOptions = { lineSpacing: 1.0, paragraphGapEm: 0 };
/** Body text sizes: as large as fits, never below the minimum (more text goes to a further slide). */
const BODY_MAX = 28;
const BODY_MIN = 16;
/** Content that needs more than one slide is split so every slide can use at least this size. */
const SPLIT_SIZE = 20;
/** Longer bullets or paragraphs are cut at sentence ends so each piece can fit a slide. */
const MAX_PIECE_CHARS = 160;
const AGENDA_PER_SLIDE = 12;
const CONTINUED = '（续）';

const clean = (text: string | undefined): string => xmlSafe(typeof text === 'string' ? text : '').trim();

/**
 * Narrow a box holding wrapped text to the least width that keeps its line count, so a title breaks
 * into even lines instead of leaving one or two characters alone on the last line.
 */
function balanced(text: string, size: number, at: Box, align: TextElement['align']): Box {
  const lines = wrapLines(text, size, at.w).length;
  if (lines < 2) return at;
  let lo = at.w / lines;
  let hi = at.w;
  while (hi - lo > 0.05) {
    const mid = (lo + hi) / 2;
    if (wrapLines(text, size, mid).length > lines) lo = mid;
    else hi = mid;
  }
  // a little slack so a renderer with slightly wider glyphs keeps the same breaks
  const w = Math.min(at.w, hi * 1.04);
  const x = align === 'center' ? at.x + (at.w - w) / 2 : align === 'right' ? at.x + at.w - w : at.x;
  return { x, y: at.y, w, h: at.h };
}

/** Text sized to fit its box (down to `min`), clamped to the lines that fit at `min`. */
function fittedText(
  text: string,
  at: Box,
  style: {
    font: string;
    color: string;
    max: number;
    min: number;
    bold?: boolean;
    align: TextElement['align'];
    valign: TextElement['valign'];
  },
): TextElement {
  const fit = fitFontSize([{ text }], at, style.max, style.min, TIGHT_FIT);
  const size = fit ?? style.min;
  const maxLines = Math.max(1, Math.floor((at.h * 72) / (size * NATURAL_LINE)));
  const shown = fit ? text : clampLines(text, size, at.w, maxLines);
  return {
    type: 'text',
    ...balanced(shown, size, at, style.align),
    paragraphs: [{ text: shown }],
    font: style.font,
    size,
    color: style.color,
    bold: style.bold,
    align: style.align,
    valign: style.valign,
    ...TIGHT_FIT,
  };
}

interface Layout {
  deck: Deck;
  t: DeckTemplate;
  content: ContentFrame;
}

/** A cover or section slide's subtitle or meta line: body font, top-aligned, from `max` down to `min` points. */
function frameLine(
  l: Layout,
  text: string,
  at: Box,
  color: string,
  align: TextElement['align'],
  size: { max: number; min: number },
): TextElement {
  return fittedText(text, at, { font: l.t.fonts.body, color, ...size, align, valign: 'top' });
}

/** Title and closing slides share the cover layout; a closing title (谢谢) is set larger. */
function coverSlide(
  l: Layout,
  title: string,
  subtitle: string,
  meta: string,
  notes: string | undefined,
  closing: boolean,
): SlidePlan {
  const f = coverFrame(l.t.style, l.t.colors);
  const elements: SlideElement[] = [
    ...f.decor,
    fittedText(title, f.title, {
      font: l.t.fonts.heading,
      color: f.colors.title,
      max: closing ? 66 : 44,
      min: 26,
      bold: true,
      align: f.align,
      valign: f.titleValign,
    }),
  ];
  if (subtitle)
    elements.push(frameLine(l, subtitle, f.subtitle, f.colors.subtitle, f.align, { max: 22, min: 14 }));
  if (meta) elements.push(frameLine(l, meta, f.meta, f.colors.meta, f.align, { max: 16, min: 12 }));
  return { background: f.background, elements, notes };
}

function sectionSlide(l: Layout, slide: Extract<Slide, { kind: 'section' }>, number: number): SlidePlan {
  const f = sectionFrame(l.t.style, l.t.colors);
  const label =
    l.t.style === 'frame'
      ? `第${'一二三四五六七八九十'[number - 1] ?? number}部分`
      : String(number).padStart(2, '0');
  const elements: SlideElement[] = [
    ...f.decor,
    fittedText(label, f.number, {
      font: l.t.fonts.heading,
      color: f.colors.number,
      max: f.numberSize,
      min: 24,
      bold: true,
      align: l.t.style === 'bubbles' || l.t.style === 'frame' ? 'center' : f.align,
      valign: 'middle',
    }),
    fittedText(clean(slide.title) || '未命名章节', f.title, {
      font: l.t.fonts.heading,
      color: f.colors.title,
      max: 40,
      min: 24,
      bold: true,
      align: f.align,
      valign: 'middle',
    }),
  ];
  const subtitle = clean(slide.subtitle);
  if (subtitle)
    elements.push(frameLine(l, subtitle, f.subtitle, f.colors.subtitle, f.align, { max: 20, min: 14 }));
  return { background: f.background, elements, notes: slide.notes };
}

/** A content slide: frame, title, page number and the given body elements. */
function contentSlide(l: Layout, title: string, body: SlideElement[], notes: string | undefined): SlidePlan {
  const f = l.content;
  return {
    background: f.background,
    elements: [
      ...f.decor,
      fittedText(title || l.deck.title, f.title, {
        font: l.t.fonts.heading,
        color: f.colors.title,
        max: 30,
        min: 20,
        bold: true,
        align: 'left',
        valign: 'middle',
      }),
      ...body,
    ],
    slideNumber: {
      x: SLIDE_W - 1.5,
      y: SLIDE_H - 0.42,
      w: 0.9,
      h: 0.3,
      color: f.colors.muted,
      size: 11,
      font: l.t.fonts.body,
    },
    notes,
  };
}

/** Paragraph groups that stay together on one slide (a bullet and its sub-points). */
type Group = TextParagraph[];

function bulletGroups(bullets: readonly Bullet[]): Group[] {
  return bullets.flatMap((b) => {
    const text = clean(typeof b === 'string' ? b : b?.text);
    const subs = typeof b === 'string' ? [] : (b?.sub ?? []).map(clean).filter(Boolean);
    const head = chunkText(text, MAX_PIECE_CHARS).map((t): TextParagraph => ({ text: t, bullet: 'dot' }));
    const sub = subs.flatMap((s) =>
      chunkText(s, MAX_PIECE_CHARS).map((t): TextParagraph => ({ text: t, bullet: 'dash', scale: 0.85 })),
    );
    if (!text && sub.length === 0) return [];
    // a long bullet continues without a second bullet mark
    const heads = head.map((p, i) => (i === 0 ? p : { ...p, bullet: 'continued' as const }));
    return [...heads.slice(0, -1).map((p) => [p]), [...heads.slice(-1), ...sub]].filter(
      (g) => g.length > 0 && g.some((p) => p.text),
    );
  });
}

function paragraphGroups(text: string): Group[] {
  return clean(text)
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .flatMap((p) => chunkText(p, MAX_PIECE_CHARS * 2).map((t) => [{ text: t, bullet: 'none' as const }]));
}

const BULLET_INDENT = 0.32;
const fitParagraphs = (paragraphs: readonly TextParagraph[]) =>
  paragraphs.map((p) => ({
    text: p.text,
    scale: p.scale,
    indentIn: p.bullet === 'none' ? 0 : BULLET_INDENT * (p.bullet === 'dash' ? 2 : 1),
  }));

const fitsAt = (paragraphs: readonly TextParagraph[], column: Box, size: number) =>
  textHeightIn(fitParagraphs(paragraphs), size, column.w, BODY_FIT) <= column.h;

/**
 * Fill the columns of successive slides with groups in order at `size`; `columnsOf(page)` gives the
 * column boxes of page `page`. Returns pages of columns of paragraphs.
 */
function fill(
  groups: readonly Group[],
  columnsOf: (page: number) => Box[],
  size: number,
): TextParagraph[][][] {
  const pages: TextParagraph[][][] = [];
  let page: TextParagraph[][] = [[]];
  let column = 0;
  for (const group of groups) {
    for (;;) {
      const columns = columnsOf(pages.length);
      const current = page[column] ?? [];
      const box = columns[column];
      if (!box || current.length === 0 || fitsAt([...current, ...group], box, size)) {
        page[column] = [...current, ...group];
        break;
      }
      if (column + 1 < columns.length) {
        column++;
        page[column] = [];
      } else {
        pages.push(page);
        page = [[]];
        column = 0;
      }
    }
  }
  if (page.some((c) => c.length > 0)) pages.push(page);
  return pages;
}

/**
 * One slide at the largest size that holds everything (down to BODY_MIN; columns are refilled at each
 * size so a two-column flow stays balanced), else slides filled at SPLIT_SIZE.
 */
function paginate(groups: readonly Group[], columnsOf: (page: number) => Box[]): TextParagraph[][][] {
  for (let size = BODY_MAX; size >= BODY_MIN; size--) {
    const pages = fill(groups, columnsOf, size);
    if (pages.length <= 1) return pages;
  }
  return fill(groups, columnsOf, SPLIT_SIZE);
}

/** One size for a run of continuation slides: the largest at which every column fits. */
function commonSize(pages: readonly TextParagraph[][][], columnsOf: (page: number) => Box[]): number {
  let size = BODY_MAX;
  pages.forEach((page, i) => {
    page.forEach((paragraphs, c) => {
      const box = columnsOf(i)[c];
      if (box && paragraphs.length > 0)
        size = Math.min(
          size,
          fitFontSize(fitParagraphs(paragraphs), box, size, BODY_MIN, BODY_FIT) ?? BODY_MIN,
        );
    });
  });
  return size;
}

function textBlock(l: Layout, at: Box, paragraphs: TextParagraph[], size: number): TextElement {
  return {
    type: 'text',
    ...at,
    paragraphs,
    font: l.t.fonts.body,
    size,
    color: l.content.colors.text,
    align: 'left',
    valign: 'top',
    ...BODY_FIT,
  };
}

function splitColumns(body: Box, count: number, gap = 0.5): Box[] {
  const w = (body.w - gap * (count - 1)) / count;
  return Array.from({ length: count }, (_, i) => ({ x: body.x + i * (w + gap), y: body.y, w, h: body.h }));
}

/** Column heading over a two-column slide; returns its elements and the column box below it. */
function columnHeading(l: Layout, column: Box, title: string): { elements: SlideElement[]; below: Box } {
  if (!title) return { elements: [], below: column };
  const h = 0.6;
  return {
    elements: [
      fittedText(
        title,
        { ...column, h: 0.5 },
        {
          font: l.t.fonts.heading,
          color: l.t.colors.secondary,
          max: 22,
          min: 16,
          bold: true,
          align: 'left',
          valign: 'middle',
        },
      ),
      rect(column.x, column.y + 0.52, column.w, 0.03, l.t.colors.accent),
    ],
    below: { ...column, y: column.y + h + 0.1, h: column.h - h - 0.1 },
  };
}

const continued = (title: string, page: number) => (page === 0 ? title : `${title}${CONTINUED}`);

function bulletSlides(l: Layout, s: Extract<Slide, { kind: 'bullets' }>): SlidePlan[] {
  const title = clean(s.title);
  const body = l.content.body;
  if (s.right && s.right.length > 0) {
    const [left, right] = splitColumns(body, 2, 0.6) as [Box, Box];
    const heads = [columnHeading(l, left, clean(s.leftTitle)), columnHeading(l, right, clean(s.rightTitle))];
    const lefts = paginate(bulletGroups(s.bullets ?? []), () => [heads[0]!.below]);
    const rights = paginate(bulletGroups(s.right), () => [heads[1]!.below]);
    const count = Math.max(lefts.length, rights.length, 1);
    const size = Math.min(
      commonSize(lefts, () => [heads[0]!.below]),
      commonSize(rights, () => [heads[1]!.below]),
    );
    return Array.from({ length: count }, (_, i) =>
      contentSlide(
        l,
        continued(title, i),
        [
          ...heads.flatMap((h) => h.elements),
          textBlock(l, heads[0]!.below, lefts[i]?.[0] ?? [], size),
          textBlock(l, heads[1]!.below, rights[i]?.[0] ?? [], size),
        ],
        i === 0 ? s.notes : undefined,
      ),
    );
  }
  const columnsOf = () => (s.columns === 2 ? splitColumns(body, 2, 0.6) : [body]);
  const pages = paginate(bulletGroups(s.bullets ?? []), columnsOf);
  if (pages.length === 0) return [contentSlide(l, title, [], s.notes)];
  const size = commonSize(pages, columnsOf);
  return pages.map((page, i) =>
    contentSlide(
      l,
      continued(title, i),
      page.map((paragraphs, c) => textBlock(l, columnsOf()[c] ?? body, paragraphs, size)),
      i === 0 ? s.notes : undefined,
    ),
  );
}

function agendaSlides(l: Layout, s: Extract<Slide, { kind: 'agenda' }>): SlidePlan[] {
  const items = (s.items ?? []).map(clean).filter(Boolean);
  const title = clean(s.title) || '目录';
  const chunks = Array.from({ length: Math.max(1, Math.ceil(items.length / AGENDA_PER_SLIDE)) }, (_, i) =>
    items.slice(i * AGENDA_PER_SLIDE, (i + 1) * AGENDA_PER_SLIDE),
  );
  const c = l.t.colors;
  return chunks.map((chunk, page) => {
    const columns = chunk.length > 6 ? splitColumns(l.content.body, 2, 0.8) : [l.content.body];
    const perColumn = Math.ceil(chunk.length / columns.length) || 1;
    const rowH = Math.min(0.95, l.content.body.h / Math.max(perColumn, 4));
    const elements = chunk.flatMap((item, i) => {
      const col = columns[Math.floor(i / perColumn)] ?? l.content.body;
      const y = col.y + (i % perColumn) * rowH;
      const badge = Math.min(0.62, rowH - 0.2);
      const number = page * AGENDA_PER_SLIDE + i + 1;
      return [
        rect(
          col.x,
          y + (rowH - badge) / 2,
          badge,
          badge,
          l.t.style === 'circuit' ? c.secondary : c.primary === 'FFFFFF' ? c.accent : c.primary,
          {
            radius: l.t.style === 'bubbles' ? 0.5 : 0.12,
          },
        ),
        fittedText(
          String(number).padStart(2, '0'),
          { x: col.x, y: y + (rowH - badge) / 2, w: badge, h: badge },
          {
            font: l.t.fonts.heading,
            color: 'FFFFFF',
            max: 18,
            min: 10,
            bold: true,
            align: 'center',
            valign: 'middle',
          },
        ),
        fittedText(
          item,
          { x: col.x + badge + 0.3, y, w: col.w - badge - 0.3, h: rowH },
          {
            font: l.t.fonts.body,
            color: l.content.colors.text,
            max: 24,
            min: 14,
            align: 'left',
            valign: 'middle',
          },
        ),
      ];
    });
    return contentSlide(l, continued(title, page), elements, page === 0 ? s.notes : undefined);
  });
}

function highlightSlides(l: Layout, s: Extract<Slide, { kind: 'highlight' }>): SlidePlan[] {
  const title = clean(s.title);
  const body = l.content.body;
  const c = l.t.colors;
  const figure =
    s.figure && clean(s.figure.value)
      ? { value: clean(s.figure.value), label: clean(s.figure.label) }
      : undefined;
  const quote =
    !figure && s.quote && clean(s.quote.text)
      ? { text: clean(s.quote.text), source: clean(s.quote.source) }
      : undefined;
  const card: Box | undefined =
    figure || quote
      ? { x: body.x + body.w * 0.6, y: body.y + 0.2, w: body.w * 0.4, h: body.h - 0.4 }
      : undefined;
  const first: Box = card ? { ...body, w: body.w * 0.6 - 0.5 } : body;
  const columnsOf = (page: number) => [page === 0 ? first : body];
  const pages = paginate(paragraphGroups(s.text), columnsOf);
  const size = commonSize(pages, columnsOf);
  const cardElements: SlideElement[] = [];
  if (card) {
    cardElements.push(
      rect(card.x, card.y, card.w, card.h, c.surface, { radius: 0.04, line: { color: c.accent, width: 1 } }),
    );
    cardElements.push(rect(card.x, card.y, 0.1, card.h, c.accent));
    const inner: Box = { x: card.x + 0.4, y: card.y + 0.3, w: card.w - 0.7, h: card.h - 0.6 };
    if (figure) {
      cardElements.push(
        fittedText(
          figure.value,
          { ...inner, h: inner.h * 0.55 },
          {
            font: l.t.fonts.heading,
            color: l.t.style === 'minimal' ? c.accent : l.t.style === 'circuit' ? c.accent : c.primary,
            max: 72,
            min: 28,
            bold: true,
            align: 'center',
            valign: 'bottom',
          },
        ),
        fittedText(
          figure.label,
          { ...inner, y: inner.y + inner.h * 0.58, h: inner.h * 0.42 },
          {
            font: l.t.fonts.body,
            color: l.content.colors.muted,
            max: 20,
            min: 12,
            align: 'center',
            valign: 'top',
          },
        ),
      );
    } else if (quote) {
      cardElements.push(
        fittedText(
          '“',
          { ...inner, h: 0.8 },
          {
            font: l.t.fonts.heading,
            color: c.accent,
            max: 60,
            min: 40,
            bold: true,
            align: 'left',
            valign: 'top',
          },
        ),
        fittedText(
          quote.text,
          { ...inner, y: inner.y + 0.8, h: inner.h - 1.5 },
          {
            font: l.t.fonts.body,
            color: l.content.colors.text,
            max: 24,
            min: 13,
            align: 'left',
            valign: 'top',
          },
        ),
      );
      if (quote.source) {
        cardElements.push(
          fittedText(
            `—— ${quote.source}`,
            { ...inner, y: inner.y + inner.h - 0.6, h: 0.6 },
            {
              font: l.t.fonts.body,
              color: l.content.colors.muted,
              max: 16,
              min: 11,
              align: 'right',
              valign: 'bottom',
            },
          ),
        );
      }
    }
  }
  const count = Math.max(1, pages.length);
  return Array.from({ length: count }, (_, i) =>
    contentSlide(
      l,
      continued(title, i),
      [...(i === 0 ? cardElements : []), textBlock(l, columnsOf(i)[0] ?? body, pages[i]?.[0] ?? [], size)],
      i === 0 ? s.notes : undefined,
    ),
  );
}

/** Table slides: text sizes in points, lengths in inches. */
const TABLE = {
  maxSize: 20,
  minSize: 11,
  /** a table that needs more than one slide is split at this size */
  splitSize: 14,
  /** rows are stretched up to this height when the slide has room */
  rowMaxH: 0.7,
  cellPadY: 0.16,
  cellPadX: 0.2,
  maxCellLines: 5,
};

function tableSlides(l: Layout, s: Extract<Slide, { kind: 'table' }>): SlidePlan[] {
  const title = clean(s.title);
  const header = (s.header ?? []).map(clean);
  const width = Math.max(header.length, ...(s.rows ?? []).map((r) => r.length), 1);
  const pad = (row: readonly string[]) => Array.from({ length: width }, (_, i) => clean(row[i]));
  const head = header.length > 0 ? pad(header) : [];
  const rows = (s.rows ?? []).map(pad).filter((r) => r.some(Boolean));
  const note = clean(s.note);
  if (head.length === 0 && rows.length === 0) {
    const empty = fittedText(
      note || '（无数据）',
      { ...l.content.body, h: 0.6 },
      {
        font: l.t.fonts.body,
        color: l.content.colors.muted,
        max: 18,
        min: 12,
        align: 'left',
        valign: 'top',
      },
    );
    return [contentSlide(l, title, [empty], s.notes)];
  }
  const area: Box = { ...l.content.body, h: l.content.body.h - (note ? 0.5 : 0) };
  // columns share the width by their longest cell (capped so no column starves the others)
  // a header never wraps inside a word (+1 em for the cell padding)
  const weights = Array.from({ length: width }, (_, c) =>
    Math.max(textEm(head[c] ?? '') + 1, Math.min(24, Math.max(3, ...rows.map((r) => textEm(r[c] ?? ''))))),
  );
  const total = weights.reduce((a, b) => a + b, 0);
  const colW = weights.map((w) => (area.w * w) / total);
  const rowHeight = (row: readonly string[], size: number) =>
    Math.max(
      ...row.map((cell, c) =>
        Math.min(TABLE.maxCellLines, wrapLines(cell, size, (colW[c] ?? 1) - TABLE.cellPadX).length),
      ),
    ) *
      ((size * 1.3) / 72) +
    TABLE.cellPadY;
  const clampRow = (row: readonly string[], size: number) =>
    row.map((cell, c) => clampLines(cell, size, (colW[c] ?? 1) - TABLE.cellPadX, TABLE.maxCellLines));
  const tableHeight = (size: number) =>
    [head, ...rows].filter((r) => r.length > 0).reduce((h, r) => h + rowHeight(r, size), 0);
  let size = TABLE.maxSize;
  while (size > TABLE.minSize && tableHeight(size) > area.h) size--;
  if (tableHeight(size) > area.h) size = TABLE.splitSize;
  // split rows over slides at that size, the header repeated on each, balanced so no slide is left with a row or two
  const headH = head.length > 0 ? rowHeight(head, size) : 0;
  const heights = rows.map((r) => rowHeight(r, size));
  const split = (budget: number) => {
    const pages: string[][][] = [];
    let current: string[][] = [];
    let used = headH;
    rows.forEach((row, i) => {
      const h = heights[i] ?? 0;
      if (current.length > 0 && used + h > budget) {
        pages.push(current);
        current = [];
        used = headH;
      }
      current.push(clampRow(row, size));
      used += h;
    });
    if (current.length > 0 || pages.length === 0) pages.push(current);
    return pages;
  };
  const greedy = split(area.h);
  const even =
    greedy.length > 1
      ? split(
          Math.min(area.h, headH + heights.reduce((a, b) => a + b, 0) / greedy.length + Math.max(...heights)),
        )
      : greedy;
  const pages = even.length === greedy.length ? even : greedy;
  const c = l.t.colors;
  const dark = l.t.style === 'circuit';
  return pages.map((pageRows, i) => {
    const natural = [...(head.length > 0 ? [headH] : []), ...pageRows.map((r) => rowHeight(r, size))];
    const naturalH = natural.reduce((a, b) => a + b, 0);
    const stretch = Math.max(
      1,
      Math.min(TABLE.rowMaxH / Math.max(...natural, 0.01), area.h / Math.max(naturalH, 0.01)),
    );
    const rowH = natural.map((h) => h * stretch);
    const table: TableElement = {
      type: 'table',
      x: area.x,
      y: area.y,
      w: area.w,
      h: rowH.reduce((a, b) => a + b, 0),
      colW,
      rowH,
      header: head,
      rows: pageRows,
      font: l.t.fonts.body,
      size,
      colors: {
        headerFill: dark ? c.secondary : c.primary === 'FFFFFF' ? c.secondary : c.primary,
        headerText: 'FFFFFF',
        stripe: c.surface,
        fill: dark ? c.background : 'FFFFFF',
        text: l.content.colors.text,
        border: dark ? '3A3470' : 'D9DEE5',
      },
    };
    const elements: SlideElement[] = [table];
    if (note) {
      elements.push(
        fittedText(
          note,
          { x: area.x, y: table.y + table.h + 0.15, w: area.w, h: 0.4 },
          {
            font: l.t.fonts.body,
            color: l.content.colors.muted,
            max: 12,
            min: 10,
            align: 'left',
            valign: 'top',
          },
        ),
      );
    }
    return contentSlide(l, continued(title, i), elements, i === 0 ? s.notes : undefined);
  });
}

function metaLine(deck: Deck): string {
  return [clean(deck.author), clean(deck.date)].filter(Boolean).join('　｜　');
}

/** Lay out every slide of the deck with a template; long content is split over extra slides. */
export function layoutDeck(deck: Deck, t: DeckTemplate): SlidePlan[] {
  const title = clean(deck.title) || '未命名演示';
  const l: Layout = { deck: { ...deck, title }, t, content: contentFrame(t.style, t.colors) };
  let sectionNumber = 0;
  const slides = (deck.slides ?? []).length > 0 ? deck.slides : [{ kind: 'title' as const }];
  return slides.flatMap((s): SlidePlan[] => {
    switch (s.kind) {
      case 'title':
        return [
          coverSlide(
            l,
            clean(s.title) || title,
            clean(s.subtitle) || clean(deck.subtitle),
            metaLine(deck),
            s.notes,
            false,
          ),
        ];
      case 'closing':
        return [
          coverSlide(
            l,
            clean(s.title) || '谢谢',
            clean(s.subtitle) || '敬请批评指正',
            metaLine(deck),
            s.notes,
            true,
          ),
        ];
      case 'section':
        sectionNumber = s.number ?? sectionNumber + 1;
        return [sectionSlide(l, s, sectionNumber)];
      case 'agenda':
        return agendaSlides(l, s);
      case 'bullets':
        return bulletSlides(l, s);
      case 'highlight':
        return highlightSlides(l, s);
      case 'table':
        return tableSlides(l, s);
      default:
        throw new DeckError('unknown_slide_kind', `unknown slide kind: ${(s as { kind?: unknown }).kind}`);
    }
  });
}
