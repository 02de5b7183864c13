import type { CheckStatus } from '@paperdesk/contracts';

/** Every service's records share the check life cycle: created → queued → running → done | failed. */
export type RecordStatus = CheckStatus;
export const RECORD_STATUSES: readonly RecordStatus[] = ['created', 'queued', 'running', 'done', 'failed'];

/** The colour of each status chip (antd Tag colours). */
export const STATUS_COLORS: Record<RecordStatus, string> = {
  created: 'gold',
  queued: 'blue',
  running: 'processing',
  done: 'green',
  failed: 'red',
};

export const isActive = (s: RecordStatus) => s === 'queued' || s === 'running';
