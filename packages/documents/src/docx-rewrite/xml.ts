import { xmlSafe } from '../paper-docx.ts';

/**
 * A small positional XML reader for WordprocessingML: elements with their offsets in the source string, so an
 * edit can splice new markup in and leave every other byte as it was. Input has passed textkit's scanXml (no DTD,
 * bounded nesting and element count).
 */

export interface XmlNode {
  name: string;
  /** Offsets in the source: [start, end) is the whole element, [openEnd, closeStart) its content. */
  start: number;
  openEnd: number;
  closeStart: number;
  end: number;
  children: XmlNode[];
}

/**
 * A start, end or empty tag, or markup that is not an element. No alternative can run past the next '<' (XML
 * forbids it in attribute values) or, unterminated, past the end of the input more than once, so a hostile part
 * costs linear time.
 */
const TAG =
  /<(\/?)([A-Za-z_][\w.-]*(?::[\w.-]+)?)((?:"[^"<]*"|'[^'<]*'|[^'"<>])*?)(\/?)>|<!--[\s\S]*?(?:-->|$)|<\?[^<]*?(?:\?>|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)/g;

/**
 * Every element of `xml[from, to)` as a forest. Unbalanced markup ends the open elements at `to`, which a
 * paragraph taken from a well-formed part never has.
 */
export function parseXml(xml: string, from = 0, to = xml.length): XmlNode[] {
  const roots: XmlNode[] = [];
  const stack: XmlNode[] = [];
  TAG.lastIndex = from;
  for (let m = TAG.exec(xml); m !== null && m.index < to; m = TAG.exec(xml)) {
    const name = m[2];
    if (name === undefined) continue;
    const start = m.index;
    const tagEnd = start + m[0].length;
    if (m[1] === '/') {
      // close up to the matching open element
      for (let k = stack.length - 1; k >= 0; k--) {
        if (stack[k]!.name !== name) continue;
        while (stack.length > k) {
          const node = stack.pop()!;
          node.closeStart = start;
          node.end = tagEnd;
        }
        break;
      }
      continue;
    }
    const node: XmlNode = { name, start, openEnd: tagEnd, closeStart: tagEnd, end: tagEnd, children: [] };
    (stack.at(-1)?.children ?? roots).push(node);
    if (m[4] !== '/') stack.push(node);
  }
  for (const open of stack) {
    open.closeStart = to;
    open.end = to;
  }
  return roots;
}

/** [start, end) of every `w:p` that is not inside another one (text-box paragraphs are), in document order. */
export function topLevelParagraphs(xml: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  let depth = 0;
  let open = -1;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(xml); m !== null; m = TAG.exec(xml)) {
    if (m[2] !== 'w:p') continue;
    if (m[1] === '/') {
      if (depth > 0 && --depth === 0) out.push({ start: open, end: m.index + m[0].length });
    } else if (m[4] === '/') {
      if (depth === 0) out.push({ start: m.index, end: m.index + m[0].length });
    } else if (depth++ === 0) {
      open = m.index;
    }
  }
  return out;
}

export function attribute(xml: string, node: XmlNode, name: string): string | undefined {
  const tag = xml.slice(node.start, node.openEnd);
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  return m ? decodeXml(m[1] ?? m[2] ?? '') : undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? m;
    const cp =
      e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    return Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
  });
}

/** Text content for an element: escaped, with the characters XML 1.0 forbids removed. */
export function escapeXml(s: string): string {
  return xmlSafe(s).replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

export function escapeAttribute(s: string): string {
  return escapeXml(s).replace(/"/g, '&quot;');
}
