import { SLIDE_H, SLIDE_W, type SlideElement, type SlidePlan, type TextElement } from './elements.ts';
import { NATURAL_LINE, wrapLines } from './text-fit.ts';

/** SVG user units per inch. */
const U = 100;
const FALLBACK_FONTS = "'Microsoft YaHei', 'PingFang SC', 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif";

const n = (v: number) => Math.round(v * U * 10) / 10;
const esc = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function textSvg(e: TextElement): string {
  const lines = e.paragraphs.flatMap((p) => {
    const size = e.size * (p.scale ?? 1);
    return wrapLines(p.text, size, e.w).map((text) => ({
      text,
      size,
      bold: p.bold ?? e.bold,
      color: p.color ?? e.color,
    }));
  });
  const lineH = (size: number) => ((size * NATURAL_LINE * e.lineSpacing) / 72) * U;
  const total = lines.reduce((h, l) => h + lineH(l.size), 0);
  let y =
    n(e.y) + (e.valign === 'middle' ? (n(e.h) - total) / 2 : e.valign === 'bottom' ? n(e.h) - total : 0);
  const anchor = e.align === 'center' ? 'middle' : e.align === 'right' ? 'end' : 'start';
  const x = e.align === 'center' ? n(e.x + e.w / 2) : e.align === 'right' ? n(e.x + e.w) : n(e.x);
  return lines
    .map((l) => {
      const h = lineH(l.size);
      const baseline = y + h * 0.78;
      y += h;
      return `<text x="${x}" y="${Math.round(baseline * 10) / 10}" font-size="${n(l.size / 72)}" fill="#${l.color}" text-anchor="${anchor}" font-family="${FALLBACK_FONTS}"${l.bold ? ' font-weight="bold"' : ''}>${esc(l.text)}</text>`;
    })
    .join('');
}

function elementSvg(e: SlideElement): string {
  if (e.type === 'text') return textSvg(e);
  if (e.type === 'table') {
    return `<rect x="${n(e.x)}" y="${n(e.y)}" width="${n(e.w)}" height="${n(e.h)}" fill="#${e.colors.fill}" stroke="#${e.colors.border}"/>`;
  }
  const fill = e.fill
    ? `fill="#${e.fill}"${e.transparency ? ` fill-opacity="${1 - e.transparency / 100}"` : ''}`
    : 'fill="none"';
  const stroke = e.line
    ? ` stroke="#${e.line.color}" stroke-width="${Math.round((e.line.width / 72) * U * 10) / 10}"`
    : '';
  if (e.type === 'ellipse') {
    return `<ellipse cx="${n(e.x + e.w / 2)}" cy="${n(e.y + e.h / 2)}" rx="${n(e.w / 2)}" ry="${n(e.h / 2)}" ${fill}${stroke}/>`;
  }
  const r = e.radius ? ` rx="${n(Math.min(e.w, e.h) * e.radius)}"` : '';
  return `<rect x="${n(e.x)}" y="${n(e.y)}" width="${n(e.w)}" height="${n(e.h)}"${r} ${fill}${stroke}/>`;
}

/** A slide as a standalone SVG (16:9), e.g. a template thumbnail for the web page. */
export function slideSvg(plan: SlidePlan, width = 400): string {
  const w = n(SLIDE_W);
  const h = n(SLIDE_H);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round((width * SLIDE_H) / SLIDE_W)}" viewBox="0 0 ${w} ${h}">`,
    `<clipPath id="slide"><rect width="${w}" height="${h}"/></clipPath>`,
    `<g clip-path="url(#slide)"><rect width="${w}" height="${h}" fill="#${plan.background}"/>`,
    ...plan.elements.map(elementSvg),
    '</g></svg>',
  ].join('');
}
