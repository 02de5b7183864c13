import { parse as parseBibtex } from '@retorquere/bibtex-parser';
import { XMLParser } from 'fast-xml-parser';
import { cleanEntry } from './clean.ts';
import { doiOf } from './records.ts';
import type { RefRecord, TypeCode } from './types.ts';

/** Reference-manager exports a student may give: the formats and the one error a bad file raises. */
export type ExportFormat =
  | 'bibtex'
  | 'ris'
  | 'endnote-xml'
  | 'noteexpress'
  | 'cnki-estudy'
  | 'refworks'
  | 'endnote-refer';

export class ImportError extends Error {}

export const MAX_IMPORT_RECORDS = 2_000;
const NOT_AN_EXPORT =
  '文件不是可识别的文献导出格式（支持 BibTeX、RIS、EndNote XML、NoteExpress、知网 E-Study / RefWorks / EndNote 导出）';

export function detectFormat(text: string): ExportFormat | null {
  const head = text.slice(0, 4000);
  if (/^\s*(?:<\?xml[^>]*>\s*)?<xml>\s*<records>/i.test(head) || /<records>\s*<record>/i.test(head))
    return 'endnote-xml';
  if (/^\s*@\w+\s*[{(]/m.test(head)) return 'bibtex';
  if (/^TY {2}- /m.test(head)) return 'ris';
  if (/^\{Reference Type\}:/m.test(head)) return 'noteexpress';
  if (/^(?:SrcDatabase|Title)-[^:]{1,8}:/m.test(head)) return 'cnki-estudy';
  if (/^RT [A-Z]/m.test(head)) return 'refworks';
  if (/^%0 /m.test(head)) return 'endnote-refer';
  return null;
}

/** Records from an export file; a file in none of the formats raises ImportError with a Chinese message. */
export function importRecords(text: string, origin: string): RefRecord[] {
  const clean = text.replace(/^\ufeff/, '');
  const format = detectFormat(clean);
  if (!format) throw new ImportError(NOT_AN_EXPORT);
  const records = READERS[format](clean, origin).filter((r) => r.title);
  if (records.length === 0) throw new ImportError(`文件中没有可读取的文献条目（按 ${format} 格式读取）`);
  return records.slice(0, MAX_IMPORT_RECORDS).map((r, i) => ({ ...r, id: `${origin}:${i + 1}` }));
}

type Reader = (text: string, origin: string) => RefRecord[];

function record(origin: string, partial: Partial<RefRecord>): RefRecord {
  return {
    id: '',
    origin,
    title: cleanEntry(partial.title ?? ''),
    authors: (partial.authors ?? []).map((a) => cleanEntry(a)).filter(Boolean),
    year: (/\d{4}/.exec(partial.year ?? '') ?? [''])[0],
    container: cleanEntry(partial.container ?? ''),
    volume: partial.volume ?? '',
    issue: partial.issue ?? '',
    pages: (partial.pages ?? '').replace(/\s+/g, '').replace(/[–—]/g, '-'),
    doi: doiOf(partial.doi ?? ''),
    url: partial.url ?? '',
    publisher: cleanEntry(partial.publisher ?? ''),
    place: cleanEntry(partial.place ?? ''),
    type: partial.type ?? null,
    abstract: partial.abstract ?? '',
  };
}

function typeFromWords(words: string): TypeCode | null {
  const w = words.toLowerCase();
  if (/journal|jour|article|期刊/.test(w)) return 'J';
  if (/conf|proceed|inproceedings|会议/.test(w)) return 'C';
  if (/thesis|dissert|phd|master|学位|博士|硕士/.test(w)) return 'D';
  if (/book|incollection|inbook|chap|专著|图书/.test(w)) return 'M';
  if (/report|techreport|报告/.test(w)) return 'R';
  if (/patent|专利/.test(w)) return 'P';
  if (/standard|标准/.test(w)) return 'S';
  if (/newspaper|报纸/.test(w)) return 'N';
  if (/web|online|elec|misc/.test(w)) return 'EB';
  return null;
}

const readBibtex: Reader = (text, origin) => {
  const lib = parseBibtex(text, { sentenceCase: false });
  return lib.entries.map((e) => {
    const f = e.fields;
    const authors = (f.author ?? []).map(
      (c) =>
        c.name ?? [[c.prefix, c.lastName].filter(Boolean).join(' '), c.firstName].filter(Boolean).join(', '),
    );
    return record(origin, {
      title: f.title,
      authors,
      year: f.year ?? f.date,
      container: f.journal ?? f.journaltitle ?? f.booktitle ?? '',
      volume: f.volume,
      issue: f.number ?? f.issue,
      pages: f.pages,
      doi: f.doi,
      url: f.url,
      publisher:
        (f.publisher ?? f.institution ?? f.school ?? [])[0] ?? (typeof f.school === 'string' ? f.school : ''),
      place: (f.location ?? [])[0] ?? f.address ?? '',
      type: typeFromWords(e.type),
      abstract: f.abstract,
    });
  });
};

/** Tag-per-line exports (RIS, RefWorks, EndNote refer, NoteExpress, CNKI E-Study) differ only in tags. */
function taggedReader(
  split: RegExp,
  line: RegExp,
  tags: Record<string, keyof RefRecord | 'type' | 'ep'>,
): Reader {
  return (text, origin) =>
    text
      .split(split)
      .map((block) => {
        const r: Partial<RefRecord> & { ep?: string } = { authors: [] };
        for (const raw of block.split(/\r?\n/)) {
          const m = line.exec(raw);
          if (!m) continue;
          const key = tags[m[1] ?? ''];
          const value = (m[2] ?? '').trim();
          if (!key || !value) continue;
          if (key === 'authors') r.authors?.push(...value.split(/\s*[;；]\s*/).filter(Boolean));
          else if (key === 'type') r.type = typeFromWords(value);
          else if (key === 'ep') r.ep = value;
          else if (!r[key]) (r as Record<string, unknown>)[key] = value;
        }
        if (r.ep && r.pages && !r.pages.includes('-')) r.pages = `${r.pages}-${r.ep}`;
        return record(origin, r);
      })
      .filter((r) => r.title);
}

const readRis = taggedReader(/^ER {2}-.*$/m, /^([A-Z][A-Z0-9]) {2}- ?(.*)$/, {
  TY: 'type',
  AU: 'authors',
  A1: 'authors',
  TI: 'title',
  T1: 'title',
  JO: 'container',
  JF: 'container',
  T2: 'container',
  JA: 'container',
  PY: 'year',
  Y1: 'year',
  DA: 'year',
  VL: 'volume',
  IS: 'issue',
  SP: 'pages',
  EP: 'ep',
  DO: 'doi',
  UR: 'url',
  PB: 'publisher',
  CY: 'place',
  AB: 'abstract',
});
const readRefWorks = taggedReader(/\n\s*\n(?=RT )/, /^([A-Z][A-Z0-9]) (.*)$/, {
  RT: 'type',
  A1: 'authors',
  AU: 'authors',
  T1: 'title',
  JF: 'container',
  JO: 'container',
  YR: 'year',
  FD: 'year',
  VO: 'volume',
  IS: 'issue',
  SP: 'pages',
  OP: 'ep',
  DO: 'doi',
  UL: 'url',
  PB: 'publisher',
  PP: 'place',
  AB: 'abstract',
});
const readRefer = taggedReader(/\n\s*\n(?=%0 )/, /^%(\S) (.*)$/, {
  '0': 'type',
  A: 'authors',
  T: 'title',
  J: 'container',
  B: 'container',
  D: 'year',
  V: 'volume',
  N: 'issue',
  P: 'pages',
  R: 'doi',
  U: 'url',
  I: 'publisher',
  C: 'place',
  X: 'abstract',
});
const readNoteExpress = taggedReader(/\n\s*\n(?=\{Reference Type\})/, /^\{([^}]+)\}:\s*(.*)$/, {
  'Reference Type': 'type',
  Author: 'authors',
  Title: 'title',
  Journal: 'container',
  'Secondary Title': 'container',
  Year: 'year',
  Volume: 'volume',
  Issue: 'issue',
  Pages: 'pages',
  DOI: 'doi',
  URL: 'url',
  Publisher: 'publisher',
  'Place Published': 'place',
  Abstract: 'abstract',
  Keywords: 'type',
});
const readEStudy = taggedReader(/\n\s*\n(?=SrcDatabase-|Title-)/, /^([A-Za-z]+)-[^:]*:\s*(.*)$/, {
  SrcDatabase: 'type',
  Title: 'title',
  Author: 'authors',
  Source: 'container',
  Year: 'year',
  Roll: 'volume',
  Period: 'issue',
  PageCount: 'pages',
  DOI: 'doi',
  URL: 'url',
  Organ: 'publisher',
  Summary: 'abstract',
});

function xmlText(node: unknown): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(xmlText).join('');
  if (node && typeof node === 'object') {
    return Object.entries(node as Record<string, unknown>)
      .filter(([k]) => !k.startsWith('@_'))
      .map(([, v]) => xmlText(v))
      .join('');
  }
  return '';
}

const readEndNoteXml: Reader = (text, origin) => {
  const xml = new XMLParser({
    ignoreAttributes: false,
    processEntities: false,
    isArray: (name) => ['record', 'author'].includes(name),
  }).parse(text) as Record<string, unknown>;
  const root = (xml.xml ?? xml) as Record<string, unknown>;
  const list = ((root.records as Record<string, unknown> | undefined)?.record ?? []) as Record<
    string,
    unknown
  >[];
  return list.map((r) => {
    const get = (path: string): unknown =>
      path
        .split('.')
        .reduce<unknown>(
          (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
          r,
        );
    const authors = (get('contributors.authors.author') as unknown[] | undefined) ?? [];
    return record(origin, {
      title: xmlText(get('titles.title')),
      authors: authors.map(xmlText),
      year: xmlText(get('dates.year')),
      container: xmlText(get('titles.secondary-title')) || xmlText(get('periodical.full-title')),
      volume: xmlText(get('volume')),
      issue: xmlText(get('number')),
      pages: xmlText(get('pages')),
      doi: xmlText(get('electronic-resource-num')),
      publisher: xmlText(get('publisher')),
      place: xmlText(get('pub-location')),
      type: typeFromWords(String((get('ref-type') as Record<string, unknown> | undefined)?.['@_name'] ?? '')),
      abstract: xmlText(get('abstract')),
    });
  });
};

const READERS: Record<ExportFormat, Reader> = {
  bibtex: readBibtex,
  ris: readRis,
  'endnote-xml': readEndNoteXml,
  noteexpress: readNoteExpress,
  'cnki-estudy': readEStudy,
  refworks: readRefWorks,
  'endnote-refer': readRefer,
};
