import type { ParsedEntry } from './parse.ts';
import { normTitle, surnameKey, titleMatch, titleSimilarity } from './similarity.ts';
import type { RefFields, RefRecord } from './types.ts';

/** What a record source is asked: the entry's own fields. */
export interface RecordQuery {
  title: string;
  authors: string[];
  year: string;
  doi: string;
}

/** Anything that can answer "which records look like this entry": the library, a catalogue, OpenAlex, Crossref. */
export interface RecordSource {
  /** Shown to the user as a searched source: 比对库, OpenAlex … */
  readonly name: string;
  search(query: RecordQuery): Promise<RefRecord[]>;
}

export type Verdict =
  | { status: 'verified'; label: '已核实'; record: RefRecord; source: string }
  | { status: 'mismatch'; label: '信息不符'; record: RefRecord; source: string; differences: string[] }
  | { status: 'unverified'; label: '未能核实'; searched: string[]; unavailable: string[] };

export const TITLE_MATCH = 0.9;

const FIELD_NAMES: Record<string, string> = {
  year: '出版年',
  container: '刊名/出处',
  authors: '责任者',
  volume: '卷',
  issue: '期',
  pages: '页码',
  doi: 'DOI',
};

/** Which of the entry's stated fields a record contradicts (a field the entry or the record lacks is not compared). */
export function differences(fields: RefFields, record: RefRecord): string[] {
  const out: string[] = [];
  if (fields.year && record.year && fields.year !== record.year) out.push('year');
  if (fields.container && record.container && !sameContainer(fields.container, record.container))
    out.push('container');
  if (!record.anonymous && fields.authors.length > 0 && record.authors.length > 0) {
    const theirs = record.authors.map(surnameKey);
    const ours = fields.authors.slice(0, Math.min(3, theirs.length)).map(surnameKey);
    if (ours.some((name, i) => name !== theirs[i] && !theirs.includes(name))) out.push('authors');
  }
  if (fields.volume && record.volume && fields.volume !== record.volume) out.push('volume');
  if (fields.issue && record.issue && fields.issue.replace(/^0+/, '') !== record.issue.replace(/^0+/, ''))
    out.push('issue');
  if (fields.pages && record.pages && firstPage(fields.pages) !== firstPage(record.pages)) out.push('pages');
  if (fields.doi && record.doi && fields.doi.toLowerCase() !== record.doi.toLowerCase()) out.push('doi');
  return out;
}

export function describeDifferences(keys: readonly string[]): string[] {
  return keys.map((k) => FIELD_NAMES[k] ?? k);
}

function firstPage(pages: string): string {
  return pages.split(/[-–+,]/)[0]?.replace(/^0+/, '') ?? '';
}

function sameContainer(a: string, b: string): boolean {
  const x = normTitle(a.replace(/^the\s+/i, ''));
  const y = normTitle(b.replace(/^the\s+/i, ''));
  if (x === y || x.includes(y) || y.includes(x)) return true;
  return titleSimilarity(a, b) >= 0.8 || abbreviationOf(a, b) || abbreviationOf(b, a);
}

/** "Commun ACM" for "Communications of the ACM": every word a prefix of the next words of the full name, in order. */
function abbreviationOf(short: string, full: string): boolean {
  const s = short.toLowerCase().replace(/\./g, '').split(/\s+/).filter(Boolean);
  const f = full
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => !['of', 'the', 'and', '&', 'on', 'in', 'for'].includes(w));
  if (s.length < 2 || s.length > f.length) return false;
  let j = 0;
  for (const w of s) {
    while (j < f.length && !(f[j] ?? '').startsWith(w)) j++;
    if (j === f.length) return false;
    j++;
  }
  return true;
}

/**
 * One entry against every source in turn: the best title match decides. A source that fails (timeout, 429,
 * garbage) is listed as unavailable and the entry stays 未能核实 unless another source found it — never an error.
 */
export async function verifyEntry(entry: ParsedEntry, sources: readonly RecordSource[]): Promise<Verdict> {
  const { fields } = entry;
  const searched: string[] = [];
  const unavailable: string[] = [];
  let mismatch: Verdict | null = null;
  if (!fields.title && !fields.doi) return { status: 'unverified', label: '未能核实', searched, unavailable };
  const query: RecordQuery = {
    title: fields.title,
    authors: fields.authors,
    year: fields.year,
    doi: fields.doi,
  };
  for (const source of sources) {
    let found: RefRecord[];
    try {
      found = await source.search(query);
    } catch {
      unavailable.push(source.name);
      continue;
    }
    searched.push(source.name);
    const ranked = found
      .map((record) => ({
        record,
        score: doiMatch(fields, record) ? 1 : titleMatch(fields.title, record.title),
      }))
      .filter((c) => c.score >= TITLE_MATCH)
      .sort((a, b) => b.score - a.score);
    for (const { record } of ranked) {
      const diff = differences(fields, record);
      if (diff.length === 0) return { status: 'verified', label: '已核实', record, source: source.name };
      if (!mismatch)
        mismatch = {
          status: 'mismatch',
          label: '信息不符',
          record,
          source: source.name,
          differences: describeDifferences(diff),
        };
    }
  }
  return mismatch ?? { status: 'unverified', label: '未能核实', searched, unavailable };
}

function doiMatch(fields: RefFields, record: RefRecord): boolean {
  return Boolean(fields.doi && record.doi && fields.doi.toLowerCase() === record.doi.toLowerCase());
}
