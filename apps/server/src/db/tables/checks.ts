import type { CheckEdition, CheckStatus } from '@paperdesk/contracts';
import type { Generated } from 'kysely';
import type { PaidRecordColumns } from './paid-record.ts';

/** One paper a user checks: the text as read (blocks), its price, its state and headline numbers. */
export interface CheckRecordsTable extends PaidRecordColumns<CheckStatus> {
  title: string;
  author: string;
  edition: CheckEdition;
  /** Billed 字符数 (textkit's count, spaces included). */
  characters: number;
  /** Characters used as the ratio denominator (no whitespace). */
  normalizedChars: number;
  /** 1 when today's free professional check paid for it. */
  free: Generated<number>;
  chargeSource: string | null;
  fileName: string | null;
  /** docx | pdf | txt | paste */
  format: string;
  addToLibrary: Generated<number>;
  /** JSON CheckMetrics once done. */
  metrics: string | null;
  /** Library document made from this paper when the user opted in. */
  libraryDocumentId: number | null;
}

/**
 * A record's paper: JSON `{ title?, blocks: [{ kind, level?, text }], hidden? }` as textkit read it. Apart from the
 * record (migration 0022): only the job reads it, and in the row it made every read and write of the row walk it.
 */
export interface CheckDocumentsTable {
  recordId: number;
  document: string;
}

/** The full report (JSON CheckReport), kept apart from the record so lists stay light. */
export interface CheckReportsTable {
  recordId: number;
  report: string;
  createdAt: Generated<string>;
}

/** `personal`: a user's 自建库 document, compared only with that user's own papers. */
export type LibraryOrigin = 'import' | 'upload' | 'user' | 'personal';

/**
 * The reference library. SQL is the source of truth; each process keeps a fingerprint index in memory
 * built from (or persisted next to) these rows. Deletion is soft so other processes can drop the
 * document from their own index (`deletedAt` is the tombstone they sync on).
 */
export interface LibraryDocumentsTable {
  id: Generated<number>;
  title: string;
  author: string;
  source: string;
  year: number | null;
  ownerUserId: number | null;
  origin: LibraryOrigin;
  text: string;
  characters: number;
  /** sha256 of the normalised text: the same document is stored once. */
  contentHash: string;
  /** `shared`, or `user:<id>` for a 自建库 document: a text is stored once per scope. */
  dedupScope: Generated<string>;
  checkRecordId: number | null;
  createdAt: Generated<string>;
  deletedAt: string | null;
  /** The title and its main title (before a subtitle), normalised: how 参考文献核查 finds a cited title. */
  titleKey: Generated<string>;
  mainTitleKey: Generated<string>;
}

export interface CheckTables {
  checkRecords: CheckRecordsTable;
  checkDocuments: CheckDocumentsTable;
  checkReports: CheckReportsTable;
  libraryDocuments: LibraryDocumentsTable;
}
