import { type Box, ellipse, outline, rect, SLIDE_H, SLIDE_W, type SlideElement } from './elements.ts';
import type { DeckPalette, DeckStyle } from './templates.ts';

/** Title and closing slides: background, decoration and where the texts go. */
export interface CoverFrame {
  background: string;
  decor: SlideElement[];
  title: Box;
  subtitle: Box;
  meta: Box;
  align: 'left' | 'center';
  /** top when a decoration sits right above the title, bottom when the title rests on one */
  titleValign: 'top' | 'bottom';
  colors: { title: string; subtitle: string; meta: string };
}

export interface SectionFrame {
  background: string;
  decor: SlideElement[];
  number: Box;
  numberSize: number;
  title: Box;
  subtitle: Box;
  align: 'left' | 'center';
  colors: { number: string; title: string; subtitle: string };
}

/** Every other slide: a title and a body area. */
export interface ContentFrame {
  background: string;
  decor: SlideElement[];
  title: Box;
  body: Box;
  colors: { title: string; text: string; muted: string };
}

const box = (x: number, y: number, w: number, h: number): Box => ({ x, y, w, h });

/** A grid of small dots, the 科技紫 signature. */
function dots(x: number, y: number, cols: number, rows: number, color: string): SlideElement[] {
  return Array.from({ length: cols * rows }, (_, i) =>
    ellipse(x + (i % cols) * 0.42, y + Math.floor(i / cols) * 0.42, 0.07, color, { transparency: 35 }),
  );
}

/** Gold double frame with corner squares, the 中国红 signature. */
function goldFrame(c: DeckPalette): SlideElement[] {
  const corner = (x: number, y: number) => rect(x, y, 0.22, 0.22, c.accent);
  return [
    outline(0.35, 0.35, SLIDE_W - 0.7, SLIDE_H - 0.7, c.accent, 2.25),
    outline(0.5, 0.5, SLIDE_W - 1, SLIDE_H - 1, c.accent, 0.75),
    corner(0.6, 0.6),
    corner(SLIDE_W - 0.82, 0.6),
    corner(0.6, SLIDE_H - 0.82),
    corner(SLIDE_W - 0.82, SLIDE_H - 0.82),
  ];
}

export function coverFrame(style: DeckStyle, c: DeckPalette): CoverFrame {
  switch (style) {
    case 'band':
      return {
        background: c.background,
        decor: [
          rect(0, 0, SLIDE_W, 4.7, c.primary),
          rect(9.9, 0, 3.433, 4.7, c.secondary, { transparency: 30 }),
          rect(11.5, 0, 1.833, 4.7, c.accent, { transparency: 55 }),
          rect(0, 4.7, SLIDE_W, 0.08, c.accent),
        ],
        title: box(0.9, 0.9, 8.7, 2.3),
        subtitle: box(0.9, 3.5, 8.7, 0.9),
        meta: box(0.9, 5.3, 11.5, 1.0),
        align: 'left',
        titleValign: 'bottom',
        colors: { title: c.onPrimary, subtitle: 'C9D8F0', meta: c.text },
      };
    case 'panel':
      return {
        background: c.primary,
        decor: [
          rect(8.7, 0, 4.633, SLIDE_H, c.secondary),
          rect(9.5, 1.5, 2.6, 2.6, c.accent, { transparency: 15 }),
          outline(10.3, 2.3, 2.6, 2.6, 'FFFFFF', 1.5),
          rect(9.5, 5.3, 3.3, 0.08, 'FFFFFF', { transparency: 60 }),
          rect(0.9, 2.05, 1.0, 0.1, c.accent),
        ],
        title: box(0.9, 2.4, 7.3, 2.1),
        subtitle: box(0.9, 4.65, 7.3, 0.9),
        meta: box(0.9, 6.0, 7.3, 0.8),
        align: 'left',
        titleValign: 'top',
        colors: { title: c.onPrimary, subtitle: 'C7CCD3', meta: 'AAB1BA' },
      };
    case 'bubbles':
      return {
        background: c.surface,
        decor: [
          ellipse(9.2, -1.7, 5.8, c.secondary, { transparency: 55 }),
          ellipse(11.3, 3.9, 3.2, c.primary, { transparency: 70 }),
          ellipse(-1.3, 5.1, 3.4, c.accent, { transparency: 35 }),
          ellipse(8.5, 4.9, 0.5, c.primary, { transparency: 20 }),
          ellipse(10.2, 3.2, 0.28, c.secondary),
          rect(1.0, 4.2, 1.3, 0.14, c.primary, { radius: 0.5 }),
        ],
        title: box(1.0, 1.5, 8.0, 2.45),
        subtitle: box(1.0, 4.55, 8.0, 0.9),
        meta: box(1.0, 5.9, 8.0, 0.8),
        align: 'left',
        titleValign: 'bottom',
        colors: { title: c.primary, subtitle: c.text, meta: c.muted },
      };
    case 'circuit':
      return {
        background: c.primary,
        decor: [
          ...dots(9.3, 0.6, 9, 3, c.accent),
          outline(8.9, 2.0, 3.4, 3.4, c.secondary, 1.75),
          outline(9.4, 2.5, 3.4, 3.4, c.accent, 1),
          rect(9.9, 3.0, 1.6, 1.6, c.secondary, { transparency: 45 }),
          rect(0.9, 1.75, 2.4, 0.06, c.accent),
          rect(3.3, 1.75, 1.2, 0.06, c.secondary),
          rect(0, 6.6, SLIDE_W, 0.02, '3A3470'),
        ],
        title: box(0.9, 2.05, 7.6, 2.2),
        subtitle: box(0.9, 4.45, 7.6, 0.9),
        meta: box(0.9, 5.6, 7.6, 0.8),
        align: 'left',
        titleValign: 'top',
        colors: { title: c.onPrimary, subtitle: c.accent, meta: c.muted },
      };
    case 'frame':
      return {
        background: c.primary,
        decor: [
          ...goldFrame(c),
          rect(5.667, 4.08, 2.0, 0.04, c.accent),
          rect(6.58, 4.01, 0.18, 0.18, c.accent, { radius: 0 }),
        ],
        title: box(1.5, 1.5, 10.333, 2.35),
        subtitle: box(1.5, 4.35, 10.333, 0.9),
        meta: box(1.5, 5.5, 10.333, 0.8),
        align: 'center',
        titleValign: 'bottom',
        colors: { title: c.onPrimary, subtitle: 'F3D98B', meta: 'F5E6C8' },
      };
    case 'minimal':
      return {
        background: c.background,
        decor: [rect(0.9, 2.35, 0.8, 0.1, c.accent), rect(0.9, 6.15, 11.533, 0.015, 'D4D4D8')],
        title: box(0.9, 2.7, 11.2, 2.2),
        subtitle: box(0.9, 5.1, 11.2, 0.9),
        meta: box(0.9, 6.35, 11.2, 0.6),
        align: 'left',
        titleValign: 'top',
        colors: { title: c.secondary, subtitle: c.muted, meta: c.muted },
      };
  }
}

export function sectionFrame(style: DeckStyle, c: DeckPalette): SectionFrame {
  switch (style) {
    case 'band':
      return {
        background: c.primary,
        decor: [
          rect(10.4, 0, 2.933, SLIDE_H, c.secondary, { transparency: 45 }),
          rect(0.9, 3.85, 1.2, 0.08, c.accent),
        ],
        number: box(0.9, 1.9, 4, 1.8),
        numberSize: 80,
        title: box(0.9, 4.1, 9.2, 1.3),
        subtitle: box(0.9, 5.45, 9.2, 0.8),
        align: 'left',
        colors: { number: c.accent, title: c.onPrimary, subtitle: 'C9D8F0' },
      };
    case 'panel':
      return {
        background: c.background,
        decor: [rect(0, 0, 4.6, SLIDE_H, c.primary), rect(5.4, 2.3, 0.9, 0.08, c.accent)],
        number: box(0.6, 2.6, 3.4, 2.0),
        numberSize: 88,
        title: box(5.4, 2.6, 7.2, 1.5),
        subtitle: box(5.4, 4.15, 7.2, 0.9),
        align: 'left',
        colors: { number: c.accent, title: c.primary, subtitle: c.muted },
      };
    case 'bubbles':
      return {
        background: c.primary,
        decor: [
          ellipse(-1.5, -1.6, 4.6, c.secondary, { transparency: 45 }),
          ellipse(10.6, 4.4, 4.4, c.secondary, { transparency: 55 }),
          ellipse(5.917, 1.0, 1.5, 'FFFFFF'),
        ],
        number: box(5.917, 1.0, 1.5, 1.5),
        numberSize: 40,
        title: box(1.5, 2.9, 10.333, 1.4),
        subtitle: box(1.5, 4.35, 10.333, 0.9),
        align: 'center',
        colors: { number: c.primary, title: c.onPrimary, subtitle: 'DDF2E4' },
      };
    case 'circuit':
      return {
        background: c.primary,
        decor: [
          ...dots(9.6, 0.6, 8, 3, c.accent),
          rect(0.9, 3.55, 2.2, 0.06, c.accent),
          rect(3.1, 3.55, 1.0, 0.06, c.secondary),
        ],
        number: box(0.9, 1.6, 5, 1.8),
        numberSize: 80,
        title: box(0.9, 3.8, 11, 1.3),
        subtitle: box(0.9, 5.15, 11, 0.8),
        align: 'left',
        colors: { number: c.secondary, title: c.onPrimary, subtitle: c.muted },
      };
    case 'frame':
      return {
        background: c.primary,
        decor: [...goldFrame(c), rect(5.667, 3.3, 2.0, 0.04, c.accent)],
        number: box(1.5, 1.5, 10.333, 1.6),
        numberSize: 54,
        title: box(1.5, 3.55, 10.333, 1.4),
        subtitle: box(1.5, 5.0, 10.333, 0.8),
        align: 'center',
        colors: { number: c.accent, title: c.onPrimary, subtitle: 'F3D98B' },
      };
    case 'minimal':
      return {
        background: c.background,
        decor: [rect(0.9, 4.0, 0.6, 0.08, c.accent)],
        number: box(0.9, 0.9, 6, 3.0),
        numberSize: 140,
        title: box(0.9, 4.25, 11.2, 1.4),
        subtitle: box(0.9, 5.7, 11.2, 0.8),
        align: 'left',
        colors: { number: 'E4E4E7', title: c.secondary, subtitle: c.muted },
      };
  }
}

export function contentFrame(style: DeckStyle, c: DeckPalette): ContentFrame {
  const colors = { title: c.primary, text: c.text, muted: c.muted };
  const body = box(0.7, 1.6, 11.933, 5.25);
  switch (style) {
    case 'band':
      return {
        background: c.background,
        decor: [
          rect(0, 0, SLIDE_W, 0.12, c.primary),
          rect(0.7, 0.58, 0.1, 0.5, c.accent),
          rect(0.7, 1.32, 11.933, 0.02, 'D6DEEB'),
        ],
        title: box(0.95, 0.38, 11.68, 0.9),
        body,
        colors,
      };
    case 'panel':
      return {
        background: c.background,
        decor: [
          rect(0.7, 0.5, 0.1, 0.7, c.accent),
          rect(0.7, 1.45, 11.933, 5.5, c.surface, { line: { color: 'E3E6EA', width: 0.75 } }),
        ],
        title: box(1.0, 0.4, 11.63, 0.9),
        body: box(1.0, 1.7, 11.333, 5.05),
        colors,
      };
    case 'bubbles':
      return {
        background: c.background,
        decor: [
          ellipse(12.0, -0.8, 1.9, c.accent, { transparency: 40 }),
          ellipse(11.55, 0.35, 0.7, c.secondary, { transparency: 30 }),
          rect(0.7, 1.3, 0.9, 0.09, c.secondary, { radius: 0.5 }),
        ],
        title: box(0.7, 0.38, 10.6, 0.9),
        body,
        colors,
      };
    case 'circuit':
      return {
        background: c.background,
        decor: [
          rect(0.7, 1.3, 1.6, 0.05, c.accent),
          rect(2.3, 1.315, 10.333, 0.02, '3A3470'),
          ...dots(11.6, 0.35, 3, 2, c.secondary),
        ],
        title: box(0.7, 0.38, 10.6, 0.9),
        body,
        colors: { title: 'FFFFFF', text: c.text, muted: c.muted },
      };
    case 'frame':
      return {
        background: c.background,
        decor: [
          rect(0, 0, SLIDE_W, 1.15, c.primary),
          rect(0, 1.15, SLIDE_W, 0.05, c.accent),
          rect(0.7, 7.0, 11.933, 0.02, c.primary),
        ],
        title: box(0.7, 0.15, 11.933, 0.85),
        body,
        colors: { title: c.onPrimary, text: c.text, muted: c.muted },
      };
    case 'minimal':
      return {
        background: c.background,
        decor: [rect(0.9, 1.35, 0.5, 0.06, c.accent)],
        title: box(0.9, 0.4, 11.533, 0.9),
        body: box(0.9, 1.7, 11.533, 5.15),
        colors: { title: c.secondary, text: c.text, muted: c.muted },
      };
  }
}
