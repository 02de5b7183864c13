import type { AigcReport, CheckReport } from '@paperdesk/contracts';
import { billingCharCount, documentText, findReferences, type ParsedDocument } from '@paperdesk/textkit';

/**
 * What a record will rewrite, from each kind of source: every paragraph with its kind, whether it is rewritten
 * (`included`) and the source texts already known to match it (a report's quoted sources). Headings and the
 * reference list are never rewritten; a report narrows the work to the paragraphs it flagged, unless the other
 * target needs the whole text (an AIGC target on a 查重 report, a 复制比 target on an AIGC report).
 */
export interface PlannedParagraph {
  kind: 'heading' | 'paragraph' | 'reference';
  text: string;
  included: boolean;
  known?: string[];
}

export interface Asked {
  similarity: boolean;
  aigc: boolean;
}

/** Billed 字符数: the paragraphs that will be rewritten. */
export const billedChars = (paragraphs: readonly PlannedParagraph[]) =>
  paragraphs.reduce((n, p) => n + (p.included ? billingCharCount(p.text) : 0), 0);

/** Which blocks of a read document are reference-list entries. */
function referenceBlocks(doc: ParsedDocument): Set<number> {
  const placed = documentText(doc);
  const refs = findReferences(placed.text);
  const out = new Set<number>();
  if (!refs) return out;
  for (const b of placed.blocks)
    if (b.kind === 'paragraph' && b.start >= refs.start && b.end <= refs.end) out.add(b.index);
  return out;
}

/** Fewest Chinese characters a paragraph needs to be rewritten: a formula, a table row or a label has none to give. */
const MIN_HAN = 8;
const hasProse = (text: string) => (text.match(/[\u4e00-\u9fff]/g)?.length ?? 0) >= MIN_HAN;

/** An uploaded or pasted paper: every body paragraph of prose is rewritten (the loop leaves ones already on target). */
export function planDocument(doc: ParsedDocument): PlannedParagraph[] {
  const refs = referenceBlocks(doc);
  return doc.blocks.map((b, i) => {
    const kind = b.kind === 'heading' ? 'heading' : refs.has(i) ? 'reference' : 'paragraph';
    return { kind, text: b.text, included: kind === 'paragraph' && hasProse(b.text) };
  });
}

/** A 查重 report: paragraphs with copied spans, measured against the sources the report found. */
export function planCheckReport(report: CheckReport, asked: Asked): PlannedParagraph[] {
  return report.paragraphs.map((p) => {
    if (p.kind !== 'paragraph') return { kind: p.kind, text: p.text, included: false };
    const copied = p.spans.filter((s) => s.kind === 'copy');
    const known = [...new Set(copied.map((s) => s.sourceText).filter((t) => t.trim().length > 0))];
    return {
      kind: 'paragraph',
      text: p.text,
      included: copied.length > 0 || (asked.aigc && p.text.trim().length > 0),
      ...(known.length > 0 ? { known } : {}),
    };
  });
}

/** An AIGC report: paragraphs with sentences the detector flagged (medium or high). */
export function planAigcReport(report: AigcReport, asked: Asked): PlannedParagraph[] {
  const flag = report.model.flagThreshold;
  return report.paragraphs.map((p) => {
    if (p.kind !== 'paragraph') return { kind: p.kind, text: p.text, included: false };
    const flagged = p.spans.some((s) => s.probability >= flag) || (p.probability ?? 0) >= flag;
    return {
      kind: 'paragraph',
      text: p.text,
      included: flagged || (asked.similarity && p.text.trim().length > 0),
    };
  });
}
