import { formatFields } from './format.ts';
import { fieldsOf, langOf, type RefRecord, type Standard } from './types.ts';

/**
 * Citations in model-written text. The model is given records as [R1]…[Rn] and may cite only those; anything
 * else it writes that looks like a citation ([12], [R99], (Smith, 2020), （张三，2020）, [1-3]) is removed and
 * counted — the sentence stays. With no records at all, each removed citation leaves 【此处需引用】.
 */
export const CITATION_NEEDED = '【此处需引用】';

const MARKER =
  /\s?[[［]\s*((?:R\d{1,3}|\d{1,3}(?:\s*[-–]\s*\d{1,3})?)(?:\s*[,，、;；]\s*(?:R\d{1,3}|\d{1,3}(?:\s*[-–]\s*\d{1,3})?))*)\s*[\]］]/g;
const AUTHOR_YEAR =
  /\s?[(（]\s*(?:[\p{Script=Han}]{2,4}|[A-Z][A-Za-z'’-]+)(?:\s*(?:等|et al\.?|&\s*[A-Z][A-Za-z'’-]+|和[\p{Script=Han}]{2,4}))?\s*[,，]\s*(?:1[5-9]|20)\d\d[a-z]?\s*[)）]/gu;

export interface RepairedText {
  text: string;
  /** Record keys (R1…) cited, in order of first citation. */
  cited: string[];
  /** Citations removed because they named no given record. */
  repairs: number;
}

export function repairCitations(text: string, allowed: ReadonlySet<string>): RepairedText {
  const cited: string[] = [];
  let repairs = 0;
  const noRecords = allowed.size === 0;
  let out = text.replace(MARKER, (_whole, inner: string) => {
    const keys = inner.split(/\s*[,，、;；]\s*/).map((k) => k.trim().toUpperCase());
    const kept = keys.filter((k) => allowed.has(k));
    repairs += keys.length - kept.length;
    for (const k of kept) if (!cited.includes(k)) cited.push(k);
    if (kept.length > 0) return `[${kept.join(',')}]`;
    return noRecords ? CITATION_NEEDED : '';
  });
  out = out.replace(AUTHOR_YEAR, () => {
    repairs++;
    return noRecords ? CITATION_NEEDED : '';
  });
  return { text: out, cited, repairs };
}

/** Record keys in a draft's text become numbers in order of first citation (顺序编码制). */
export function numberCitations(
  sections: readonly string[],
  keyToId: ReadonlyMap<string, string>[],
): { sections: string[]; order: string[] } {
  const order: string[] = [];
  const numbered = sections.map((text, s) =>
    text.replace(/\[((?:R\d{1,3})(?:,R\d{1,3})*)\]/g, (_w, inner: string) => {
      const numbers = inner.split(',').map((k) => {
        const id = keyToId[s]?.get(k);
        if (!id) return null;
        if (!order.includes(id)) order.push(id);
        return order.indexOf(id) + 1;
      });
      const list = numbers.filter((n): n is number => n !== null).sort((a, b) => a - b);
      return list.length > 0 ? `[${compressRange(list)}]` : '';
    }),
  );
  return { sections: numbered, order };
}

function compressRange(list: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < list.length; ) {
    let j = i;
    while (j + 1 < list.length && list[j + 1] === (list[j] as number) + 1) j++;
    parts.push(j - i >= 2 ? `${list[i]}-${list[j]}` : list.slice(i, j + 1).join(','));
    i = j + 1;
  }
  return parts.join(',');
}

/** A record as a GB/T 7714 entry. A record without real author names (the seed library) is written without authors. */
export function formatRecord(record: RefRecord, standard: Standard): string {
  const fields = fieldsOf(record);
  if (!fields.type) fields.type = fields.container ? 'J' : 'Z';
  return formatFields(fields, langOf(record.title), standard);
}
