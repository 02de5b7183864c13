import type { RefRecord, TypeCode } from './types.ts';

/** Turning the two scholarly metadata shapes (OpenAlex work, Crossref item) into records; garbage gives null. */
type Json = Record<string, unknown>;

function obj(value: unknown): Json | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}
function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}
function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

const OPENALEX_TYPES: Record<string, TypeCode> = {
  article: 'J',
  'journal-article': 'J',
  book: 'M',
  'book-chapter': 'M',
  dissertation: 'D',
  'proceedings-article': 'C',
  report: 'R',
  standard: 'S',
  dataset: 'DS',
  preprint: 'PP',
};

export function doiOf(value: string): string {
  return value
    .replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '')
    .trim();
}

/** An OpenAlex work (API answer or a line of an institution's catalogue). */
export function openAlexRecord(value: unknown, origin: string): RefRecord | null {
  const w = obj(value);
  if (!w) return null;
  const title = str(w.display_name) || str(w.title);
  const year = str(w.publication_year);
  if (!title) return null;
  const authors = arr(w.authorships)
    .map((a) => str(obj(obj(a)?.author)?.display_name) || str(obj(a)?.raw_author_name))
    .filter(Boolean);
  const source = obj(obj(w.primary_location)?.source);
  const biblio = obj(w.biblio) ?? {};
  const first = str(biblio.first_page);
  const last = str(biblio.last_page);
  const type = OPENALEX_TYPES[str(w.type)] ?? null;
  return {
    id: str(w.id) || `openalex:${title}`,
    origin,
    title,
    authors,
    year,
    container: str(source?.display_name),
    volume: str(biblio.volume),
    issue: str(biblio.issue),
    pages: first && last && first !== last ? `${first}-${last}` : first,
    doi: doiOf(str(w.doi)),
    type: type ?? (source ? 'J' : null),
  };
}

/** A Crossref work item. */
export function crossrefRecord(value: unknown, origin: string): RefRecord | null {
  const w = obj(value);
  if (!w) return null;
  const title = str(arr(w.title)[0]);
  if (!title) return null;
  const authors = arr(w.author)
    .map((a) => {
      const o = obj(a);
      return [str(o?.given), str(o?.family)].filter(Boolean).join(' ') || str(o?.name);
    })
    .filter(Boolean);
  const parts = arr(obj(w.issued)?.['date-parts'])[0];
  const type = str(w.type);
  return {
    id: `crossref:${str(w.DOI) || title}`,
    origin,
    title,
    authors,
    year: str(arr(parts)[0]),
    container: str(arr(w['container-title'])[0]),
    volume: str(w.volume),
    issue: str(w.issue),
    pages: str(w.page),
    doi: str(w.DOI),
    publisher: str(w.publisher),
    type:
      type === 'journal-article'
        ? 'J'
        : type === 'proceedings-article'
          ? 'C'
          : type.startsWith('book')
            ? 'M'
            : type === 'dissertation'
              ? 'D'
              : null,
  };
}

/** An institution's catalogue: OpenAlex works as JSON lines. Lines that are not a work are counted, not fatal. */
export function readCatalogue(jsonl: string, origin: string): { records: RefRecord[]; skipped: number } {
  const records: RefRecord[] = [];
  let skipped = 0;
  for (const line of jsonl.split('\n')) {
    if (!line.trim()) continue;
    let record: RefRecord | null = null;
    try {
      record = openAlexRecord(JSON.parse(line), origin);
    } catch {
      record = null;
    }
    if (record) records.push(record);
    else skipped++;
  }
  return { records, skipped };
}
