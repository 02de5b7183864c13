import type { AigcStatus } from '@paperdesk/contracts';
import type { Generated } from 'kysely';
import type { PaidRecordColumns } from './paid-record.ts';

/** One paper a user runs through AIGC检测: the text as read (blocks), its price, state and headline numbers. */
export interface AigcRecordsTable extends PaidRecordColumns<AigcStatus> {
  title: string;
  author: string;
  /** Billed 字符数 (textkit's count, spaces included). */
  characters: number;
  /** quota | balance | quota+balance | order, once charged. */
  chargeSource: string | null;
  fileName: string | null;
  /** docx | pdf | txt | paste */
  format: string;
  /** JSON AigcMetrics once done. */
  metrics: string | null;
  /** Times the record was submitted or re-run (reload): the job id carries it so a re-run is a new job. */
  attempts: Generated<number>;
}

/** A record's paper: JSON `{ title?, blocks }` as textkit read it, apart from the record (see CheckDocumentsTable). */
export interface AigcDocumentsTable {
  recordId: number;
  document: string;
}

/** The full report (JSON AigcReport). */
export interface AigcReportsTable {
  recordId: number;
  report: string;
  createdAt: Generated<string>;
}

export interface AigcTables {
  aigcRecords: AigcRecordsTable;
  aigcDocuments: AigcDocumentsTable;
  aigcReports: AigcReportsTable;
}
