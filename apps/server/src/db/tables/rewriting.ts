import type { MachineEdition, MachineOrigin, MachineStatus } from '@paperdesk/contracts';
import type { Generated } from 'kysely';
import type { PaidRecordColumns } from './paid-record.ts';

/** One 降重 job: the paragraphs to rewrite, the price, the state and, once done, summary numbers. */
export interface RewriteRecordsTable extends PaidRecordColumns<MachineStatus> {
  title: string;
  edition: MachineEdition;
  origin: MachineOrigin;
  /** The 查重 record this was handed over from (origin `check`). */
  checkRecordId: number | null;
  /** Billed 字符数 of the paragraphs to rewrite. */
  characters: number;
  chargeSource: string | null;
  fileName: string | null;
  paragraphs: number;
  targetParagraphs: number;
  doneParagraphs: Generated<number>;
  /** JSON `{ blocks: [{ kind, text, rewrite }] }`: every paragraph, and whether it is to be rewritten. */
  document: string;
  /** JSON MachineStats once done. */
  stats: string | null;
}

/** The before/after paragraphs (JSON MachineParagraph[]), kept apart from the record so lists stay light. */
export interface RewriteResultsTable {
  recordId: number;
  paragraphs: string;
  createdAt: Generated<string>;
}

export interface RewritingTables {
  rewriteRecords: RewriteRecordsTable;
  rewriteResults: RewriteResultsTable;
}
