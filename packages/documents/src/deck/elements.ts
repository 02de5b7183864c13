/**
 * A laid-out slide as plain data in inches on a 13.333 × 7.5 in (16:9) slide: the .pptx writer and
 * the SVG preview both draw from it, so a preview shows exactly what the deck contains.
 */
export const SLIDE_W = 13.333;
export const SLIDE_H = 7.5;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ShapeElement extends Box {
  type: 'rect' | 'ellipse';
  fill?: string;
  /** 0 (opaque) .. 100 */
  transparency?: number;
  line?: { color: string; width: number };
  /** rounded corners as a share of the shorter side, 0..0.5 */
  radius?: number;
}

export interface TextParagraph {
  text: string;
  /** continued: a long bullet's further pieces, indented like bullet text without a mark */
  bullet?: 'dot' | 'dash' | 'continued' | 'none';
  /** size relative to the element's size */
  scale?: number;
  bold?: boolean;
  color?: string;
}

export interface TextElement extends Box {
  type: 'text';
  paragraphs: TextParagraph[];
  font: string;
  size: number;
  color: string;
  bold?: boolean;
  align: 'left' | 'center' | 'right';
  valign: 'top' | 'middle' | 'bottom';
  lineSpacing: number;
  paragraphGapEm: number;
}

export interface TableElement extends Box {
  type: 'table';
  colW: number[];
  rowH: number[];
  header: string[];
  rows: string[][];
  font: string;
  size: number;
  colors: {
    headerFill: string;
    headerText: string;
    stripe: string;
    fill: string;
    text: string;
    border: string;
  };
}

export type SlideElement = ShapeElement | TextElement | TableElement;

export interface SlidePlan {
  background: string;
  elements: SlideElement[];
  /** where the slide-number field goes, when the slide shows one */
  slideNumber?: Box & { color: string; size: number; font: string };
  notes?: string;
}

export function rect(
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  extra: Partial<ShapeElement> = {},
): ShapeElement {
  return { type: 'rect', x, y, w, h, fill, ...extra };
}

export function ellipse(
  x: number,
  y: number,
  d: number,
  fill: string,
  extra: Partial<ShapeElement> = {},
): ShapeElement {
  return { type: 'ellipse', x, y, w: d, h: d, fill, ...extra };
}

/** An unfilled rectangle drawn as its outline. */
export function outline(
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  width: number,
): ShapeElement {
  return { type: 'rect', x, y, w, h, line: { color, width } };
}
