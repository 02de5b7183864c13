import {
  WRITING_SOURCE_FILE_TYPES,
  WRITING_SOURCE_LIMITS,
  type WritingSourceFile,
  type WritingSourceRecord,
  type WritingSources,
  WritingSourcesInput,
} from '@paperdesk/contracts';
import { RecordIndex, type RefRecord, TYPE_CODES, type TypeCode } from '@paperdesk/references';
import { sql } from 'kysely';
import { computePool } from '../../compute/pool.ts';
import type { Db } from '../../db/index.ts';
import { conflict, notFound, unprocessable, unsupportedType } from '../../errors.ts';
import { readError, readUploadedFile, type UploadedFile } from '../records/source.ts';
import { libraryRecord } from '../references/sources.ts';

/**
 * A paper's own sources (论文写作, before it is written): 自建库 documents the user picks and files uploaded for
 * this paper. Files are read in the compute pool (an export's parser and a PDF/DOCX reader run on untrusted
 * bytes) and nothing is stored until the page saves them with the paper's record; the run then retrieves each
 * section's records from these first (`paperIndex`).
 */

const FORMAT_NAMES: Record<string, string> = {
  bibtex: 'BibTeX',
  ris: 'RIS',
  'endnote-xml': 'EndNote XML',
  noteexpress: 'NoteExpress',
  'cnki-estudy': '知网 E-Study',
  refworks: '知网 RefWorks',
  'endnote-refer': 'EndNote',
};
const EXPORTS = new Set<string>(['.bib', '.ris', '.enw', '.xml', '.txt']);
const extension = (name: string) => /\.[^.]+$/.exec(name.toLowerCase())?.[0] ?? '';
const clip = (s: string | undefined, n: number) => (s ?? '').trim().slice(0, n);

function toSourceRecord(r: RefRecord): WritingSourceRecord {
  return {
    title: clip(r.title, 500),
    authors: r.authors.slice(0, 50).map((a) => clip(a, 100)),
    year: clip(r.year, 10),
    type: r.type ?? null,
    container: clip(r.container, 300),
    volume: clip(r.volume, 30),
    issue: clip(r.issue, 30),
    pages: clip(r.pages, 40),
    place: clip(r.place, 100),
    publisher: clip(r.publisher, 200),
    doi: clip(r.doi, 200),
    url: clip(r.url, 500),
    abstract: clip(r.abstract, 600),
  };
}

/** An uploaded source file's records: an export's entries, or a PDF/DOCX as one work titled by its first line. */
export async function readSourceFile(file: UploadedFile): Promise<WritingSourceFile> {
  const name = clip(file.filename, 200) || 'source';
  const ext = extension(name);
  if (ext === '.docx' || ext === '.pdf') {
    const { doc } = await readUploadedFile(file);
    const lines = doc.blocks.map((b) => b.text.trim()).filter(Boolean);
    const heading = doc.blocks.find((b) => b.kind === 'heading' && b.text.trim())?.text;
    const title = clip(doc.title || heading || lines[0] || name.replace(/\.[^.]+$/, ''), 200);
    return {
      name,
      format: ext === '.pdf' ? 'PDF' : 'DOCX',
      records: [
        toSourceRecord({ id: '', origin: '', title, authors: [], year: '', abstract: lines.join(' ') }),
      ],
    };
  }
  if (!EXPORTS.has(ext)) throw unsupportedType(`仅支持 ${WRITING_SOURCE_FILE_TYPES.join('、')} 文件`);
  const outcome = await computePool().importRecords(file.data, 'upload').catch(readError);
  if (!outcome.ok) throw unprocessable(outcome.message);
  const records = outcome.records.slice(0, WRITING_SOURCE_LIMITS.recordsPerFile).map(toSourceRecord);
  return { name, format: FORMAT_NAMES[outcome.format] ?? outcome.format, records };
}

const typeOf = (t: string | null): TypeCode | null =>
  t && (TYPE_CODES as readonly string[]).includes(t) ? (t as TypeCode) : null;

/** The picked 自建库 documents the user still owns, with their opening for retrieval. */
async function ownLibrary(db: Db, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('libraryDocuments')
    .select(['id', 'title', 'author', 'source', 'year', sql<string>`substr(text, 1, 300)`.as('opening')])
    .where('ownerUserId', '=', userId)
    .where('deletedAt', 'is', null)
    .where('id', 'in', [...ids])
    .execute();
}

export function createWritingSources(deps: {
  db: Db;
  /** The writing record, or 404 when it is not the user's. */
  own: (userId: number, id: number) => Promise<{ id: number; status: string }>;
}) {
  const { db, own } = deps;

  async function list(userId: number, id: number): Promise<WritingSources> {
    await own(userId, id);
    const rows = await db
      .selectFrom('writingSources')
      .selectAll()
      .where('recordId', '=', id)
      .orderBy('ord')
      .execute();
    const docs = new Map(
      (
        await ownLibrary(
          db,
          userId,
          rows.flatMap((r) => (r.documentId === null ? [] : [Number(r.documentId)])),
        )
      ).map((d) => [Number(d.id), d]),
    );
    let records = 0;
    const sources = rows.map((r) => {
      const titles =
        r.kind === 'file'
          ? (JSON.parse(r.records ?? '[]') as WritingSourceRecord[]).map((x) => x.title)
          : docs.has(Number(r.documentId))
            ? [r.name]
            : [];
      records += titles.length;
      return {
        kind: r.kind,
        documentId: r.documentId === null ? null : Number(r.documentId),
        name: r.name,
        format: r.format,
        titles,
      };
    });
    return { recordId: id, sources, records };
  }

  return {
    readFile: readSourceFile,
    list,

    /** The paper's sources replaced, before it is submitted; 自建库 ids must be the user's own documents. */
    async save(userId: number, raw: WritingSourcesInput): Promise<WritingSources> {
      const input = WritingSourcesInput.parse(raw);
      const row = await own(userId, input.id);
      if (row.status !== 'created') throw conflict('论文已提交写作，不能再更改来源');
      const library = [...new Set(input.library)];
      const docs = await ownLibrary(db, userId, library);
      if (docs.length !== library.length) throw notFound('所选自建库文献不存在或已删除');
      const byId = new Map(docs.map((d) => [Number(d.id), d]));
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('writingSources').where('recordId', '=', input.id).execute();
        const values = [
          ...library.map((documentId) => ({
            kind: 'library' as const,
            documentId,
            name: byId.get(documentId)?.title ?? '',
            format: '自建库',
            records: null,
          })),
          ...input.files.map((f) => ({
            kind: 'file' as const,
            documentId: null,
            name: f.name,
            format: f.format,
            records: JSON.stringify(f.records),
          })),
        ];
        if (values.length === 0) return;
        await trx
          .insertInto('writingSources')
          .values(values.map((v, ord) => ({ ...v, recordId: input.id, ord })))
          .execute();
      });
      return list(userId, input.id);
    },
  };
}

/**
 * The records a paper's own sources give, searched per section before the library; null when it has none.
 * Ids are stable across a resumed run (`source:<row>:<n>`, a 自建库 document's library id), as the stored
 * sections' markers name them.
 */
export async function paperIndex(db: Db, userId: number, recordId: number): Promise<RecordIndex | null> {
  const rows = await db
    .selectFrom('writingSources')
    .selectAll()
    .where('recordId', '=', recordId)
    .orderBy('ord')
    .execute();
  if (rows.length === 0) return null;
  const records: RefRecord[] = [];
  for (const r of rows) {
    if (r.kind !== 'file') continue;
    const list = JSON.parse(r.records ?? '[]') as WritingSourceRecord[];
    list.forEach((x, i) => {
      records.push({
        ...x,
        id: `source:${r.id}:${i + 1}`,
        origin: r.name,
        type: typeOf(x.type) ?? (x.container ? 'J' : x.publisher ? 'M' : 'Z'),
        anonymous: x.authors.length === 0,
      });
    });
  }
  const picked = rows.flatMap((r) => (r.documentId === null ? [] : [Number(r.documentId)]));
  for (const d of await ownLibrary(db, userId, picked))
    records.push({ ...libraryRecord(d, '自建库'), abstract: d.opening });
  return new RecordIndex(records);
}
