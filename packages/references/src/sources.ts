import { crossrefRecord, doiOf, openAlexRecord } from './records.ts';
import { RecordIndex } from './retrieve.ts';
import type { RefRecord } from './types.ts';
import type { RecordQuery, RecordSource } from './verify.ts';

/** Records held in memory (the library, a catalogue, a user's uploads), searched by title and DOI. */
export class MemorySource implements RecordSource {
  private readonly index: RecordIndex;
  private readonly byDoi = new Map<string, RefRecord>();

  constructor(
    readonly name: string,
    records: Iterable<RefRecord>,
  ) {
    const list = [...records];
    this.index = new RecordIndex(list);
    for (const r of list) if (r.doi) this.byDoi.set(r.doi.toLowerCase(), r);
  }

  get size(): number {
    return this.index.size;
  }

  async search(query: RecordQuery): Promise<RefRecord[]> {
    const byDoi = query.doi ? this.byDoi.get(query.doi.toLowerCase()) : undefined;
    const hits = this.index.find(query.title, 5);
    return byDoi ? [byDoi, ...hits.filter((r) => r !== byDoi)] : hits;
  }
}

/** An online provider's settings: from the environment, off unless a base URL is given. */
export interface ProviderConfig {
  baseUrl: string;
  /** Polite-pool e-mail (both providers ask for one). */
  email?: string;
  apiKey?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

async function getJson(
  config: ProviderConfig,
  url: URL,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const doFetch = config.fetch ?? fetch;
  const res = await doFetch(url, {
    signal: AbortSignal.timeout(config.timeoutMs ?? 8_000),
    headers: {
      accept: 'application/json',
      'user-agent': `PaperDesk (mailto:${config.email ?? 'unknown'})`,
      ...headers,
    },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.json();
}

function results(body: unknown, key: 'results' | 'items'): unknown[] {
  const o = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const holder = key === 'items' ? o.message : o;
  const list =
    holder !== null && typeof holder === 'object' ? (holder as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(list)) throw new Error('unexpected answer');
  return list;
}

export class OpenAlexSource implements RecordSource {
  readonly name = 'OpenAlex';
  constructor(private readonly config: ProviderConfig) {}

  async search(query: RecordQuery): Promise<RefRecord[]> {
    const url = new URL(
      query.doi ? `works/doi:${doiOf(query.doi)}` : 'works',
      `${this.config.baseUrl.replace(/\/$/, '')}/`,
    );
    if (!query.doi) {
      url.searchParams.set('search', query.title.slice(0, 300));
      url.searchParams.set('per-page', '5');
    }
    if (this.config.email) url.searchParams.set('mailto', this.config.email);
    if (this.config.apiKey) url.searchParams.set('api_key', this.config.apiKey);
    const body = await getJson(this.config, url);
    const list = query.doi ? [body] : results(body, 'results');
    return list.map((w) => openAlexRecord(w, this.name)).filter((r): r is RefRecord => r !== null);
  }
}

export class CrossrefSource implements RecordSource {
  readonly name = 'Crossref';
  constructor(private readonly config: ProviderConfig) {}

  async search(query: RecordQuery): Promise<RefRecord[]> {
    const url = new URL('works', `${this.config.baseUrl.replace(/\/$/, '')}/`);
    url.searchParams.set(
      'query.bibliographic',
      [query.title, query.authors[0] ?? '', query.year].join(' ').slice(0, 300),
    );
    url.searchParams.set('rows', '5');
    if (this.config.email) url.searchParams.set('mailto', this.config.email);
    // Crossref Metadata Plus takes its key as a header, not a parameter.
    const auth: Record<string, string> = this.config.apiKey
      ? { 'Crossref-Plus-API-Token': `Bearer ${this.config.apiKey}` }
      : {};
    const body = await getJson(this.config, url, auth);
    return results(body, 'items')
      .map((w) => crossrefRecord(w, this.name))
      .filter((r): r is RefRecord => r !== null);
  }
}
