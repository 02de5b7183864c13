import PptxGenJS from 'pptxgenjs';
import type { SlidePlan, TableElement, TextElement } from './elements.ts';

type Pptx = InstanceType<typeof PptxGenJS>;
type PptxSlide = ReturnType<Pptx['addSlide']>;

function addText(slide: PptxSlide, e: TextElement): void {
  const runs = e.paragraphs.map((p) => ({
    text: p.text,
    options: {
      breakLine: true,
      fontSize: Math.round(e.size * (p.scale ?? 1) * 10) / 10,
      ...(p.bold ? { bold: true } : {}),
      ...(p.color ? { color: p.color } : {}),
      ...(p.bullet === 'dot' ? { bullet: { indent: 20 } } : {}),
      ...(p.bullet === 'dash' ? { bullet: { code: '2013', indent: 20 }, indentLevel: 1 } : {}),
      // an ideographic space as the mark keeps the hanging indent of the bullet above
      ...(p.bullet === 'continued' ? { bullet: { code: '3000', indent: 20 } } : {}),
    },
  }));
  slide.addText(runs, {
    x: e.x,
    y: e.y,
    w: e.w,
    h: e.h,
    fontFace: e.font,
    fontSize: e.size,
    color: e.color,
    bold: e.bold ?? false,
    align: e.align,
    valign: e.valign,
    margin: 0,
    lineSpacingMultiple: e.lineSpacing,
    paraSpaceAfter: Math.round(e.size * e.paragraphGapEm),
    fit: 'none',
    wrap: true,
  });
}

function addTable(slide: PptxSlide, e: TableElement): void {
  const cell = (text: string, options: Record<string, unknown>) => ({ text, options });
  const rows = [
    ...(e.header.length > 0
      ? [
          e.header.map((h) =>
            cell(h, { bold: true, color: e.colors.headerText, fill: { color: e.colors.headerFill } }),
          ),
        ]
      : []),
    ...e.rows.map((row, r) =>
      row.map((text) =>
        cell(text, { color: e.colors.text, fill: { color: r % 2 ? e.colors.stripe : e.colors.fill } }),
      ),
    ),
  ];
  slide.addTable(rows, {
    x: e.x,
    y: e.y,
    w: e.w,
    h: e.h,
    colW: e.colW,
    rowH: e.rowH,
    fontFace: e.font,
    fontSize: e.size,
    valign: 'middle',
    margin: [0.06, 0.1, 0.06, 0.1],
    border: { type: 'solid', pt: 0.75, color: e.colors.border },
    autoPage: false,
  });
}

/** Draw laid-out slides with pptxgenjs (16:9, 13.333 × 7.5 in). */
export async function writePptx(
  plans: readonly SlidePlan[],
  meta: { title: string; author?: string },
): Promise<Buffer> {
  const pptx: Pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = meta.title;
  pptx.author = meta.author || 'PaperDesk';
  pptx.company = 'PaperDesk';
  for (const plan of plans) {
    const slide = pptx.addSlide();
    slide.background = { color: plan.background };
    for (const e of plan.elements) {
      if (e.type === 'text') addText(slide, e);
      else if (e.type === 'table') addTable(slide, e);
      else {
        const shape =
          e.type === 'ellipse'
            ? pptx.ShapeType.ellipse
            : e.radius
              ? pptx.ShapeType.roundRect
              : pptx.ShapeType.rect;
        slide.addShape(shape, {
          x: e.x,
          y: e.y,
          w: e.w,
          h: e.h,
          fill: e.fill ? { color: e.fill, transparency: e.transparency ?? 0 } : { type: 'none' },
          line: e.line ? { color: e.line.color, width: e.line.width } : { type: 'none' },
          // pptxgenjs 4 takes the corner radius in inches
          ...(e.radius ? { rectRadius: e.radius * Math.min(e.w, e.h) } : {}),
        });
      }
    }
    if (plan.slideNumber) {
      const n = plan.slideNumber;
      slide.slideNumber = {
        x: n.x,
        y: n.y,
        w: n.w,
        h: n.h,
        color: n.color,
        fontSize: n.size,
        fontFace: n.font,
        align: 'right',
      };
    }
    if (plan.notes) slide.addNotes(plan.notes);
  }
  // stream() is the export that honours compression (write() stores parts uncompressed)
  const out = await pptx.stream({ compression: true });
  return Buffer.isBuffer(out) ? out : Buffer.from(out as ArrayBuffer);
}
