import { attribute, decodeXml, type XmlNode } from './xml.ts';

/**
 * A paragraph as a sequence of units, each with the text textkit (mammoth) reads for it: characters of plain text
 * runs, which an edit may delete or keep, and opaque pieces (note references, fields, images, hyperlinks,
 * bookmarks, existing revisions...) that are written back verbatim.
 */

export interface RunStyle {
  /** The run's start tag and its w:rPr as written ('' when it has none). */
  open: string;
  rPr: string;
}

export type Unit =
  | {
      kind: 'char';
      /** One code point of w:t text, or ' ' for a tab or line break. */
      text: string;
      /** The content markup when kept: the escaped character for text, the element for a tab or break. */
      element?: string;
      run: RunStyle;
    }
  | {
      kind: 'opaque';
      text: string;
      xml: string;
      /** Hyperlinks, smart tags, content controls: may go when all their text is deleted. Fields, notes and images never do. */
      removable: boolean;
    };

export interface ParagraphModel {
  /** Markup before the first unit: the start tag and w:pPr. */
  head: string;
  units: Unit[];
  /** Markup after the last unit: '</w:p>' (or '' for an empty paragraph). */
  tail: string;
  /** Concatenated unit text: what textkit reads for this paragraph, before whitespace is collapsed. */
  text: string;
  /** Style for text inserted where no neighbouring run gives one: the first run's. */
  defaultRun: RunStyle;
}

/** Document-order state that crosses paragraphs: mammoth numbers note references [1], [2]… across the document. */
export interface ReadState {
  notes: number;
  /** Complex fields (w:fldChar begin … end) open at this point; a TOC field spans many paragraphs. */
  fieldDepth: number;
}

/** Elements a plain text run may hold; anything else makes the run opaque. */
const PLAIN_RUN_CHILDREN = new Set([
  'w:rPr',
  'w:t',
  'w:tab',
  'w:br',
  'w:cr',
  'w:noBreakHyphen',
  'w:softHyphen',
  'w:lastRenderedPageBreak',
]);
const REMOVABLE = new Set([
  'w:hyperlink',
  'w:smartTag',
  'w:customXml',
  'w:sdt',
  'w:ins',
  'w:moveTo',
  'w:dir',
  'w:bdo',
]);
/**
 * Containers whose content mammoth reads as the paragraph's text. Everything else it skips, text and all (simple
 * fields, math, deleted text, field codes), or moves out of the paragraph (text boxes): so does textOf.
 */
const READ_THROUGH = new Set([
  'w:r',
  'w:hyperlink',
  'w:sdtContent',
  'w:customXml',
  'w:ins',
  'w:moveTo',
  'w:smartTag',
  'w:object',
  'mc:Fallback',
]);

function breakText(xml: string, node: XmlNode): string {
  const type = attribute(xml, node, 'w:type');
  return type === undefined || type === 'textWrapping' ? ' ' : '';
}

/** The text mammoth reads for an element, advancing the note counter as mammoth does. */
export function textOf(xml: string, node: XmlNode, state: ReadState): string {
  switch (node.name) {
    case 'w:t':
      return decodeXml(xml.slice(node.openEnd, node.closeStart));
    case 'w:tab':
    case 'w:cr':
      return ' ';
    case 'w:br':
      return breakText(xml, node);
    case 'w:noBreakHyphen':
      return '\u2011';
    case 'w:softHyphen':
      return '\u00ad';
    case 'w:footnoteReference':
    case 'w:endnoteReference':
      state.notes += 1;
      return `[${state.notes}]`;
    case 'w:sdt':
    case 'mc:AlternateContent': {
      const content = node.children.find((c) => c.name === 'w:sdtContent' || c.name === 'mc:Fallback');
      return content ? textOf(xml, content, state) : '';
    }
  }
  if (!READ_THROUGH.has(node.name)) return '';
  let out = '';
  for (const child of node.children) out += textOf(xml, child, state);
  return out;
}

function fieldDelta(xml: string, node: XmlNode): number {
  let delta = 0;
  const visit = (n: XmlNode) => {
    if (n.name === 'w:fldChar') {
      const type = attribute(xml, n, 'w:fldCharType');
      if (type === 'begin') delta++;
      else if (type === 'end') delta--;
    }
    n.children.forEach(visit);
  };
  visit(node);
  return delta;
}

const hasField = (node: XmlNode): boolean =>
  node.name === 'w:fldChar' || node.name === 'w:instrText' || node.children.some(hasField);

function runStyle(xml: string, run: XmlNode): RunStyle {
  const rPr = run.children.find((c) => c.name === 'w:rPr');
  return { open: xml.slice(run.start, run.openEnd), rPr: rPr ? xml.slice(rPr.start, rPr.end) : '' };
}

/** The units of a plain text run: one per code point of its text, one per tab or break. */
function runUnits(xml: string, run: XmlNode, style: RunStyle): Unit[] {
  const units: Unit[] = [];
  for (const child of run.children) {
    if (child.name === 'w:t') {
      for (const ch of decodeXml(xml.slice(child.openEnd, child.closeStart))) {
        units.push({ kind: 'char', text: ch, run: style });
      }
    } else if (child.name !== 'w:rPr' && child.name !== 'w:lastRenderedPageBreak') {
      // a tab or line break reads as a space; a page break as nothing (it is kept wherever its run is)
      const text = textOf(xml, child, { notes: 0, fieldDepth: 0 });
      units.push({ kind: 'char', text, element: xml.slice(child.start, child.end), run: style });
    }
  }
  return units;
}

/**
 * Read one top-level paragraph (`p`, parsed from `xml`) into units. `state` carries the note counter and open
 * fields from the paragraphs before it and is advanced past this one.
 */
export function readParagraph(xml: string, p: XmlNode, state: ReadState): ParagraphModel {
  const units: Unit[] = [];
  const pPr = p.children.find((c) => c.name === 'w:pPr');
  const head = xml.slice(p.start, pPr ? pPr.end : p.openEnd);
  let defaultRun: RunStyle | undefined;
  // a field's runs (and whatever sits between them) become one opaque unit
  let field: { start: number; end: number; text: string } | undefined;
  const closeField = () => {
    if (field)
      units.push({
        kind: 'opaque',
        text: field.text,
        xml: xml.slice(field.start, field.end),
        removable: false,
      });
    field = undefined;
  };
  for (const child of p.children) {
    if (child === pPr) continue;
    if (child.name === 'w:r') defaultRun ??= runStyle(xml, child);
    if (state.fieldDepth > 0 || (child.name === 'w:r' && hasField(child))) {
      field ??= { start: child.start, end: child.end, text: '' };
      field.end = child.end;
      field.text += textOf(xml, child, state);
      state.fieldDepth = Math.max(0, state.fieldDepth + fieldDelta(xml, child));
      if (state.fieldDepth === 0) closeField();
      continue;
    }
    if (child.name === 'w:r' && child.children.every((c) => PLAIN_RUN_CHILDREN.has(c.name))) {
      units.push(...runUnits(xml, child, runStyle(xml, child)));
      continue;
    }
    units.push({
      kind: 'opaque',
      text: textOf(xml, child, state),
      xml: xml.slice(child.start, child.end),
      removable: REMOVABLE.has(child.name),
    });
  }
  closeField();
  const lastEnd = p.children.at(-1)?.end ?? p.openEnd;
  return {
    head,
    units,
    tail: xml.slice(Math.max(lastEnd, pPr ? pPr.end : p.openEnd), p.end),
    text: units.map((u) => u.text).join(''),
    defaultRun: defaultRun ?? { open: '<w:r>', rPr: '' },
  };
}
