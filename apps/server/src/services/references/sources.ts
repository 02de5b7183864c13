import { readFileSync } from 'node:fs';
import {
  CrossrefSource,
  MemorySource,
  OpenAlexSource,
  type RecordQuery,
  type RecordSource,
  type RefRecord,
  readCatalogue,
  titleKeys,
} from '@paperdesk/references';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';

/**
 * The record sources 参考文献核查 searches and 论文写作 cites from: the 比对库 (shared documents, and the
 * user's own 自建库), an institution's catalogue file, and the online providers when configured.
 */

interface LibraryRow {
  id: number;
  title: string;
  author: string;
  source: string;
  year: number | null;
}

/** Library rows as records. The seed library has no real author names: such a row is anonymous, never cited with one. */
export function libraryRecord(row: LibraryRow, origin: string): RefRecord {
  const authors = row.author
    .split(/\s*[,，;；、]\s*/)
    .map((a) => a.trim())
    .filter(Boolean);
  return {
    id: `library:${row.id}`,
    origin,
    title: row.title,
    authors,
    year: row.year ? String(row.year) : '',
    container: row.source,
    type: authors.length > 0 && row.source ? 'J' : 'Z',
    anonymous: authors.length === 0,
  };
}

/** Library documents a user may see: shared imports (not other users' submitted papers) and their own 自建库. */
export function visibleLibrary(db: Db, userId: number | null) {
  return db
    .selectFrom('libraryDocuments')
    .select(['id', 'title', 'author', 'source', 'year', 'ownerUserId'])
    .where('deletedAt', 'is', null)
    .where((eb) =>
      userId === null
        ? eb.and([eb('ownerUserId', 'is', null), eb('origin', '!=', 'user')])
        : eb.or([
            eb.and([eb('ownerUserId', 'is', null), eb('origin', '!=', 'user')]),
            eb('ownerUserId', '=', userId),
          ]),
    );
}

/**
 * The library searched by title as cited: punctuation, spacing, width and case do not count, and a citation that
 * drops or adds a subtitle still finds its record (the stored `titleKey` / `mainTitleKey`, indexed). The titles
 * of one list are looked up in one query per 500 (a check verifies up to 2,000 entries), then each entry is
 * answered from that prefetch; the engine's title rule (`titleMatch`) and field comparison still decide.
 */
export class LibrarySource implements RecordSource {
  readonly name = '比对库';
  private readonly byKey = new Map<string, RefRecord[]>();

  constructor(
    private readonly db: Db,
    private readonly userId: number | null,
  ) {}

  async prefetch(titles: readonly string[]): Promise<void> {
    const keys = new Set<string>();
    for (const t of titles) {
      const { full, main } = titleKeys(t);
      if (full) keys.add(full);
      if (main) keys.add(main);
    }
    const list = [...keys];
    const seen = new Set<number>();
    for (let i = 0; i < list.length; i += 500) {
      const batch = list.slice(i, i + 500);
      // a cited title (or its main title) is a record's title, or a record's main title (the subtitle dropped)
      const rows = await visibleLibrary(this.db, this.userId)
        .select(['titleKey', 'mainTitleKey'])
        .where((eb) => eb.or([eb('titleKey', 'in', batch), eb('mainTitleKey', 'in', batch)]))
        .limit(2_000)
        .execute();
      for (const row of rows) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        const record = libraryRecord(row, row.ownerUserId === null ? '比对库' : '自建库');
        for (const key of new Set([row.titleKey, row.mainTitleKey]))
          this.byKey.set(key, [...(this.byKey.get(key) ?? []), record]);
      }
    }
  }

  async search(query: RecordQuery): Promise<RefRecord[]> {
    const { full, main } = titleKeys(query.title);
    const found = new Map<string, RefRecord>();
    for (const key of new Set([full, main])) for (const r of this.byKey.get(key) ?? []) found.set(r.id, r);
    return [...found.values()];
  }
}

let catalogue: { file: string; source: MemorySource } | null = null;

/** The institution's catalogue, read once per process (a missing or unreadable file leaves it out). */
function catalogueSource(config: Config, log: (msg: string) => void): RecordSource | null {
  const file = config.REFS_CATALOGUE;
  if (!file) return null;
  if (catalogue?.file !== file) {
    try {
      const { records, skipped } = readCatalogue(readFileSync(file, 'utf8'), '机构目录');
      if (skipped > 0) log(`参考文献目录 ${file}：${skipped} 行无法读取，已跳过`);
      catalogue = { file, source: new MemorySource('机构目录', records) };
    } catch (err) {
      log(`参考文献目录 ${file} 无法读取：${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }
  return catalogue.source;
}

export function onlineSources(config: Config): RecordSource[] {
  const common = { email: config.REFS_MAILTO, timeoutMs: config.REFS_TIMEOUT_MS };
  const out: RecordSource[] = [];
  if (config.REFS_OPENALEX_URL)
    out.push(
      new OpenAlexSource({ baseUrl: config.REFS_OPENALEX_URL, apiKey: config.REFS_OPENALEX_KEY, ...common }),
    );
  if (config.REFS_CROSSREF_URL)
    out.push(
      new CrossrefSource({ baseUrl: config.REFS_CROSSREF_URL, apiKey: config.REFS_CROSSREF_KEY, ...common }),
    );
  return out;
}

export async function sourcesFor(
  deps: { db: Db; config: Config; log: (msg: string) => void },
  userId: number | null,
  titles: readonly string[],
): Promise<RecordSource[]> {
  const library = new LibrarySource(deps.db, userId);
  await library.prefetch(titles);
  const local = catalogueSource(deps.config, deps.log);
  return [library, ...(local ? [local] : []), ...onlineSources(deps.config)];
}
