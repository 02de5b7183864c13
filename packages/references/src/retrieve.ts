import MiniSearch from 'minisearch';
import type { RefRecord } from './types.ts';

/**
 * Full-text search over citable records: MiniSearch (BM25+, no dependencies, typed, in memory, maintained).
 * Chinese has no spaces, so a Han run is indexed as overlapping character bigrams — no dictionary to miss a
 * technical term and no native module in an engine; Latin words are lower-cased words.
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(/\p{Script=Han}+|[\p{L}\p{N}]+/gu)) {
    const run = m[0];
    if (/\p{Script=Han}/u.test(run)) {
      if (run.length === 1) out.push(run);
      for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
    } else if (run.length > 1) out.push(run);
  }
  return out;
}

interface Indexed {
  id: string;
  title: string;
  text: string;
}

export class RecordIndex {
  private readonly search: MiniSearch<Indexed>;
  private readonly byId = new Map<string, RefRecord>();

  constructor(records: Iterable<RefRecord> = []) {
    this.search = new MiniSearch<Indexed>({
      fields: ['title', 'text'],
      storeFields: [],
      tokenize,
      processTerm: (term) => term,
      searchOptions: { boost: { title: 2 }, combineWith: 'OR', tokenize, processTerm: (term) => term },
    });
    this.addAll(records);
  }

  addAll(records: Iterable<RefRecord>): void {
    const docs: Indexed[] = [];
    for (const r of records) {
      if (this.byId.has(r.id)) continue;
      this.byId.set(r.id, r);
      docs.push({
        id: r.id,
        title: r.title,
        text: [r.abstract ?? '', r.container ?? '', r.anonymous ? '' : r.authors.join(' ')].join(' '),
      });
    }
    this.search.addAll(docs);
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): RefRecord | undefined {
    return this.byId.get(id);
  }

  /** The best `limit` records for a query (a section heading and its notes, or an entry's title). */
  find(query: string, limit = 8): RefRecord[] {
    if (!query.trim() || this.byId.size === 0) return [];
    return this.search
      .search(query)
      .slice(0, limit)
      .map((hit) => this.byId.get(String(hit.id)))
      .filter((r): r is RefRecord => r !== undefined);
  }
}
