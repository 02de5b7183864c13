import type { PaperLanguage, PaperType, WritingStatus } from '@paperdesk/contracts';
import type { Generated } from 'kysely';
import type { PaidRecordColumns } from './paid-record.ts';

/** One paper a user has the model write: what they asked for, the outline, state and the front/back matter. */
export interface WritingRecordsTable extends PaidRecordColumns<WritingStatus> {
  title: string;
  paperType: PaperType;
  discipline: Generated<string>;
  language: Generated<PaperLanguage>;
  targetWords: number;
  /** The user's keywords, as typed. */
  keywords: Generated<string>;
  requirements: Generated<string>;
  /** JSON ThesisCover for theses. */
  cover: string | null;
  /** JSON OutlineNode[]: the outline as drafted and then edited. */
  outline: string;
  /** Written by the job; null until then. */
  abstract: string | null;
  /** JSON string[] written with the abstract. */
  keywordsOut: string | null;
  abstractEn: string | null;
  keywordsEn: string | null;
  /** JSON string[]: GB/T 7714 entries the model proposed (to be verified by the author). */
  referencesList: string | null;
}

/** The outline flattened in writing order; leaves get `content` from the job. */
export interface WritingSectionsTable {
  id: Generated<number>;
  recordId: number;
  ord: number;
  path: string;
  level: number;
  heading: string;
  brief: Generated<string>;
  leaf: number;
  content: string | null;
  chars: Generated<number>;
  writtenAt: string | null;
}

export interface WritingOutlineDraftsTable {
  id: Generated<number>;
  userId: number;
  recordId: number | null;
  createdAt: Generated<string>;
}

/** A paper's own sources (migration 0021): a picked 自建库 document, or an uploaded file's records (JSON). */
export interface WritingSourcesTable {
  id: Generated<number>;
  recordId: number;
  ord: number;
  kind: 'library' | 'file';
  documentId: number | null;
  name: string;
  format: Generated<string>;
  /** JSON WritingSourceRecord[] of a file; null for a 自建库 document (read from the library when cited). */
  records: string | null;
  createdAt: Generated<string>;
}

export interface WritingTables {
  writingRecords: WritingRecordsTable;
  writingSections: WritingSectionsTable;
  writingOutlineDrafts: WritingOutlineDraftsTable;
  writingSources: WritingSourcesTable;
}
