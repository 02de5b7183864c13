import type { Generated } from 'kysely';

/**
 * The columns every paid record table has: its owner, the job state the paid-record kernel
 * (services/records/kernel.ts) moves, the price and the lifecycle's timestamps.
 */
export interface PaidRecordColumns<Status extends string> {
  id: Generated<number>;
  userId: number;
  status: Generated<Status>;
  progress: Generated<number>;
  message: Generated<string>;
  /** The quote when the record was made or last re-priced (fen). */
  priceFen: number;
  /** Money taken from the balance (fen); 0 when package quota or a free check paid. */
  paidFen: Generated<number>;
  createdAt: Generated<string>;
  updatedAt: string;
  submittedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  refundedAt: string | null;
}
