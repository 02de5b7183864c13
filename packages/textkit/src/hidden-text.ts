/**
 * Text a .docx carries but a reader does not see: runs marked hidden (w:vanish), written in white, or at a font
 * size of 1 pt or less. Such runs are a way to break a copied passage apart for a checker while the printed
 * paper still reads as the copy, so they are taken out of what is checked and reported (隐藏文字).
 */

export type HiddenReason = 'vanish' | 'white' | 'tiny';

export interface HiddenText {
  /** Characters taken out (whitespace excluded). */
  chars: number;
  runs: number;
  reasons: HiddenReason[];
  /** The first few hidden runs, as written. */
  samples: string[];
}

const RUN_RE = /<w:r(?=[\s>])[^>]*(?<!\/)>([\s\S]*?)<\/w:r>/g;
const TEXT_RE = /<w:(?:t|delText)(?=[\s>])[^>]*>([^<]*)<\/w:(?:t|delText)>/g;
const ON = (v: string | undefined) => v === undefined || !/^(0|false|off)$/i.test(v);

function reasonOf(rPr: string): HiddenReason | undefined {
  const vanish = /<w:(?:vanish|specVanish)\b([^>]*)\/?>/.exec(rPr);
  if (vanish && ON(/w:val\s*=\s*"([^"]*)"/.exec(vanish[1]!)?.[1])) return 'vanish';
  const color = /<w:color\b[^>]*w:val\s*=\s*"([^"]*)"/.exec(rPr)?.[1];
  // white text, unless it sits on a highlight or shading (white on a dark background is visible)
  if (color && /^(ffffff|white)$/i.test(color) && !/<w:(?:highlight|shd)\b/.test(rPr)) return 'white';
  const size = /<w:sz\b[^>]*w:val\s*=\s*"(\d+)"/.exec(rPr)?.[1];
  if (size !== undefined && Number(size) <= 2) return 'tiny';
  return undefined;
}

const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : "'",
  );

/** Remove hidden runs from one part's XML; `found` collects what was removed. */
export function stripHiddenRuns(xml: string, found: HiddenText): string {
  return xml.replace(RUN_RE, (run, body: string) => {
    // a run that holds a text box holds whole paragraphs: leave it to mammoth
    if (/<w:(?:p|r)[\s>]/.test(body)) return run;
    const rPr = /<w:rPr>([\s\S]*?)<\/w:rPr>/.exec(body)?.[1];
    const reason = rPr ? reasonOf(rPr) : undefined;
    if (!reason) return run;
    let text = '';
    for (const m of body.matchAll(TEXT_RE)) text += decode(m[1]!);
    const chars = text.replace(/\s/g, '').length;
    if (chars === 0) return run;
    found.chars += chars;
    found.runs++;
    if (!found.reasons.includes(reason)) found.reasons.push(reason);
    if (found.samples.length < 5) found.samples.push(text.slice(0, 40));
    return '';
  });
}
