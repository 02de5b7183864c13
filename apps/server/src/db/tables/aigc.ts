import type { AigcStatus } from '@paperdesk/contracts';
import type { Generated } from 'kysely';

/** One paper a user runs through AIGC检测: the text as read (blocks), its price, state and headline numbers. */
export interface AigcRecordsTable {
  id: Generated<number>;
  userId: number;
  title: string;
  author: string;
  status: Generated<AigcStatus>;
  progress: Generated<number>;
  /** Billed 字符数 (textkit's count, spaces included). */
  characters: number;
  priceFen: number;
  /** Money taken from the balance (fen); 0 when package quota paid. */
  paidFen: Generated<number>;
  /** quota | balance | quota+balance | order, once charged. */
  chargeSource: string | null;
  fileName: string | null;
  /** docx | pdf | txt | paste */
  format: string;
  /** JSON `{ title?, blocks: [{ kind, level?, text }] }` as textkit read it. */
  document: string;
  message: Generated<string>;
  /** JSON AigcMetrics once done. */
  metrics: string | null;
  /** Times the record was submitted or re-run (reload): the job id carries it so a re-run is a new job. */
  attempts: Generated<number>;
  createdAt: Generated<string>;
  updatedAt: string;
  submittedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  refundedAt: string | null;
}

/** The full report (JSON AigcReport). */
export interface AigcReportsTable {
  recordId: number;
  report: string;
  createdAt: Generated<string>;
}

export interface AigcTables {
  aigcRecords: AigcRecordsTable;
  aigcReports: AigcReportsTable;
}
