import type { MachineEdition, MachineOrigin, MachineStatus } from '@paperdesk/contracts';
import type { Generated } from 'kysely';

/** One 降重 job: the paragraphs to rewrite, the price, the state and, once done, summary numbers. */
export interface RewriteRecordsTable {
  id: Generated<number>;
  userId: number;
  title: string;
  edition: MachineEdition;
  status: Generated<MachineStatus>;
  progress: Generated<number>;
  origin: MachineOrigin;
  /** The 查重 record this was handed over from (origin `check`). */
  checkRecordId: number | null;
  /** Billed 字符数 of the paragraphs to rewrite. */
  characters: number;
  priceFen: number;
  paidFen: Generated<number>;
  chargeSource: string | null;
  fileName: string | null;
  paragraphs: number;
  targetParagraphs: number;
  doneParagraphs: Generated<number>;
  /** JSON `{ blocks: [{ kind, text, rewrite }] }`: every paragraph, and whether it is to be rewritten. */
  document: string;
  message: Generated<string>;
  /** JSON MachineStats once done. */
  stats: string | null;
  createdAt: Generated<string>;
  updatedAt: string;
  submittedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  refundedAt: string | null;
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
