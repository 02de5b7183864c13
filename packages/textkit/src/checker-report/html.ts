import { decodeXmlEntities } from './entities.ts';

/**
 * HTML to text, with the runs the page paints red (知网 and the others colour copied text red; PaperDesk marks it
 * `<mark class="copy">`). One linear pass over the tags, no DOM: the input is a user's file, bounded by the caller.
 */

export interface HtmlRun {
  text: string;
  red: boolean;
  /** `class` of the nearest element with one (PaperDesk's report layout is read through it). */
  cls: string;
  /** Classes of the element and all its ancestors, space-separated. */
  within: string;
  /** The element the text sits in: runs of two adjacent red elements stay apart. */
  element: number;
}

const BLOCK = /^(p|div|br|li|tr|td|th|h[1-6]|table|section|article|dd|dt|dl|ul|ol|title|hr)$/;
const SKIP = /^(script|style|head|noscript|template|svg)$/;

function hexIsRed(hex: string): boolean {
  const h = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
  return r >= 0xb0 && g <= 0x70 && b <= 0x70;
}

/** Whether a start tag paints its text red: colour in style or a font colour, or a class that says so. */
export function paintsRed(attrs: string): boolean {
  const colour =
    /(?:^|[\s;"'])color\s*:\s*([^;"']+)/i.exec(
      /style\s*=\s*("[^"]*"|'[^']*')/i.exec(attrs)?.[1] ?? '',
    )?.[1] ?? /\scolor\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1];
  if (colour) {
    const c = colour.trim().toLowerCase();
    if (c === 'red' || c === 'crimson' || c === 'firebrick' || c === 'darkred') return true;
    const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})\b/.exec(c)?.[1];
    if (hex) return hexIsRed(hex);
    const rgb = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(c);
    if (rgb) return Number(rgb[1]) >= 176 && Number(rgb[2]) <= 112 && Number(rgb[3]) <= 112;
    return false;
  }
  const cls = /class\s*=\s*["']([^"']*)["']/i.exec(attrs)?.[1] ?? '';
  return /(^|\s)(red|copy|fred|font-red|similar|plagiarism)(\s|$)/i.test(cls);
}

export function htmlRuns(html: string): HtmlRun[] {
  const runs: HtmlRun[] = [];
  const stack: Array<{ tag: string; red: boolean; cls: string; within: string; element: number }> = [];
  let skip = 0;
  let elements = 0;
  const push = (text: string) => {
    if (!text) return;
    const top = stack.at(-1);
    const red = top?.red ?? false;
    const last = runs.at(-1);
    if (last && last.red === red && (!red || last.element === top?.element) && last.cls === (top?.cls ?? ''))
      last.text += text;
    else runs.push({ text, red, cls: top?.cls ?? '', within: top?.within ?? '', element: top?.element ?? 0 });
  };
  // linear on hostile input: no alternative runs past the next '<', an unterminated comment ends the input
  const re =
    /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[!?][^<>]*>?|<(\/?)([a-zA-Z][\w:-]*)((?:"[^"<>]*"|'[^'<>]*'|[^'"<>])*)>|([^<]+)|</g;
  for (let m = re.exec(html); m !== null; m = re.exec(html)) {
    if (m[4] !== undefined) {
      if (skip === 0) push(decodeXmlEntities(m[4]).replace(/\s+/g, ' '));
      continue;
    }
    const tag = m[2]?.toLowerCase();
    if (!tag) continue;
    const closing = m[1] === '/';
    const attrs = m[3] ?? '';
    if (SKIP.test(tag)) {
      if (!attrs.trimEnd().endsWith('/')) skip = Math.max(0, skip + (closing ? -1 : 1));
      continue;
    }
    if (skip > 0) continue;
    if (BLOCK.test(tag)) {
      // a block boundary is a line break in the text, never inside a red run
      const last = runs.at(-1);
      if (last && !last.red && !last.text.endsWith('\n')) last.text += '\n';
      else if (!last || last.red) runs.push({ text: '\n', red: false, cls: '', within: '', element: 0 });
    }
    if (tag === 'br' || tag === 'hr' || tag === 'img' || tag === 'meta' || tag === 'link' || tag === 'input')
      continue;
    if (attrs.trimEnd().endsWith('/')) continue;
    if (closing) {
      const at = stack.map((s) => s.tag).lastIndexOf(tag);
      if (at >= 0) stack.length = at;
      continue;
    }
    const parent = stack.at(-1);
    const cls = /class\s*=\s*["']([^"']*)["']/i.exec(attrs)?.[1];
    stack.push({
      tag,
      red: (parent?.red ?? false) || paintsRed(attrs),
      cls: cls ?? parent?.cls ?? '',
      within: cls ? `${parent?.within ?? ''} ${cls}` : (parent?.within ?? ''),
      element: ++elements,
    });
    // unclosed p / li / td in sloppy HTML must not nest without bound
    if (stack.length > 512) stack.splice(0, stack.length - 512);
  }
  return runs;
}
