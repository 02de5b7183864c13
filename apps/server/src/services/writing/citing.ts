import {
  CITATION_NEEDED,
  formatRecord,
  numberCitations,
  RecordIndex,
  type RefRecord,
  repairCitations,
  type Standard,
} from '@paperdesk/references';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { libraryRecord, visibleLibrary } from '../references/sources.ts';

/**
 * 论文写作 cites only records: the paper's own sources (sources.ts), else the 比对库 and the user's 自建库, are
 * searched for each section, the model is
 * given the best few as [R1]…[Rn], and whatever else it cites is dropped (the sentence stays) and counted.
 * Sections are stored with stable markers ⟦ref:ID⟧; when the last section is written they become numbers in
 * order of first citation and the reference list is written from the records in GB/T 7714.
 */

/** Records searched per paper: the newest of the library, enough for a retrieval to find its topic. */
const CITABLE_LIMIT = 20_000;
export const SOURCES_PER_SECTION = 6;

export async function citableIndex(db: Db, userId: number): Promise<RecordIndex> {
  const rows = await visibleLibrary(db, userId)
    .select(sql<string>`substr(text, 1, 300)`.as('opening'))
    .orderBy('id', 'desc')
    .limit(CITABLE_LIMIT)
    .execute();
  return new RecordIndex(
    rows.map((row) => ({
      ...libraryRecord(row, row.ownerUserId === null ? '比对库' : '自建库'),
      abstract: row.opening,
    })),
  );
}

/** What a run searches and looks cited records up in. */
export interface Citable {
  find(query: string, limit: number): RefRecord[];
  get(id: string): RefRecord | undefined;
}

/**
 * A paper's own sources first: a section retrieves from them, and from the library only when none of them fits
 * it (so a paper with sources cites the library only where the user gave nothing on that section's topic).
 */
export function preferring(own: RecordIndex | null, library: RecordIndex): Citable {
  if (!own) return library;
  return {
    find: (query, limit) => {
      const mine = own.find(query, limit);
      return mine.length > 0 ? mine : library.find(query, limit);
    },
    get: (id) => own.get(id) ?? library.get(id),
  };
}

export interface SectionSources {
  /** R1… → record, in the order the prompt lists them. */
  keys: Map<string, RefRecord>;
  /** The prompt's block: the records with their keys, or the rule for a paper with none. */
  prompt: string;
}

export function sectionSources(index: Citable, query: string): SectionSources {
  const found = index.find(query, SOURCES_PER_SECTION);
  const keys = new Map(found.map((r, i) => [`R${i + 1}`, r]));
  if (found.length === 0) {
    return {
      keys,
      prompt: `- 本节没有可引用的文献记录：不要标注任何引用，不要编造文献；需要引用文献支撑之处写“${CITATION_NEEDED}”。`,
    };
  }
  const lines = found.map((r, i) => {
    const who = r.anonymous || r.authors.length === 0 ? '' : `${r.authors.slice(0, 3).join('，')}：`;
    const where = [r.container, r.year].filter(Boolean).join('，');
    return `[R${i + 1}] ${who}《${r.title}》${where ? `（${where}）` : ''}${r.abstract ? ` 摘要片段：${r.abstract.slice(0, 120)}` : ''}`;
  });
  return {
    keys,
    prompt: [
      '- 可引用的文献只有下列几条。引用时在句末写方括号编号，如 [R1] 或 [R1,R3]；不得引用列表以外的任何文献，不要写作者年份式引用，不要在文末列参考文献；没有合适的就不引用：',
      ...lines,
    ].join('\n'),
  };
}

const MARK = (id: string) => `⟦ref:${id}⟧`;
const MARKS = /⟦ref:([^⟧]+)⟧/g;

export interface CitedSection {
  paragraphs: string[];
  /** Citations removed because they named no given record. */
  repairs: number;
}

/**
 * One section's answer made safe: a reference list the model appended is cut, every citation of a given key
 * becomes a record marker, every other citation is removed (with no records: 【此处需引用】).
 */
export function citeSection(paragraphs: readonly string[], sources: SectionSources): CitedSection {
  const allowed = new Set(sources.keys.keys());
  const listAt = paragraphs.findIndex((p) =>
    /^(?:参考文献|references?|bibliography)\s*[:：]?$/i.test(p.trim()),
  );
  const body = listAt >= 0 ? paragraphs.slice(0, listAt) : [...paragraphs];
  let repairs = listAt >= 0 ? paragraphs.length - listAt - 1 : 0;
  // An entry of an invented list ("[3] 张三. 题名[J]. …") among the paragraphs is no paragraph.
  const isEntry = (p: string) => /^\s*\[\d{1,3}\]\s*\S.*\[[A-Z]{1,2}(?:\/OL)?\]/.test(p);
  repairs += body.filter(isEntry).length;
  const out = body
    .filter((p) => !isEntry(p))
    .map((p) => {
      const r = repairCitations(p, allowed);
      repairs += r.repairs;
      return r.text.replace(/\[((?:R\d{1,3})(?:,R\d{1,3})*)\]/g, (_w, inner: string) =>
        inner
          .split(',')
          .map((k) => MARK(sources.keys.get(k)?.id ?? ''))
          .join(''),
      );
    });
  return { paragraphs: out, repairs };
}

/**
 * All sections' markers become [n] in order of first citation (adjacent ones merged: [1,2]); the list is the
 * cited records in that order, formatted by GB/T 7714 (`standard`). No citation → no list.
 */
export function finishCitations(
  sections: readonly string[],
  lookup: (id: string) => RefRecord | undefined,
  standard: Standard,
): { sections: string[]; references: string[] } {
  const keyed = sections.map((text) => {
    const ids = new Map<string, string>();
    const withKeys = text
      .replace(MARKS, (_w, id: string) => {
        if (!lookup(id)) return '';
        const key = `R${ids.size + 1}`;
        for (const [k, v] of ids) if (v === id) return `[${k}]`;
        ids.set(key, id);
        return `[${key}]`;
      })
      .replace(/\](\s?)\[(?=R\d)/g, ',')
      .replace(
        /\[(R\d+(?:,R\d+)*)\]/g,
        (_w, inner: string) => `[${[...new Set(inner.split(','))].join(',')}]`,
      );
    return { withKeys, ids };
  });
  const numbered = numberCitations(
    keyed.map((k) => k.withKeys),
    keyed.map((k) => k.ids),
  );
  return {
    sections: numbered.sections,
    references: numbered.order.map((id) => formatRecord(lookup(id) as RefRecord, standard)),
  };
}
