import type { ReduceKind, ReduceOrigin, ReducePath, ReduceStatus } from '@paperdesk/contracts';
import type { Generated } from 'kysely';
import type { PaidRecordColumns } from './paid-record.ts';

/** One whole-paper 降重 / 降AIGC job: targets (percent), the price, state and the overall scores. */
export interface ReduceRecordsTable extends PaidRecordColumns<ReduceStatus> {
  title: string;
  kind: ReduceKind;
  path: ReducePath;
  /** 复制比 target, percent; null = not asked. */
  targetSimilarity: number | null;
  /** AIGC 疑似度 target, percent; null = not asked. */
  targetAigc: number | null;
  origin: ReduceOrigin;
  /** The 查重 (origin check) or AIGC检测 (origin aigc) record it came from. */
  sourceRecordId: number | null;
  /** JSON ReduceReportInfo plus the report's source snippets (origin report). */
  report: string | null;
  fileName: string | null;
  /** Billed 字符数 of the paragraphs to rewrite. */
  characters: number;
  chargeSource: string | null;
  paragraphs: number;
  targetParagraphs: number;
  doneParagraphs: Generated<number>;
  metParagraphs: Generated<number>;
  currentParagraph: number | null;
  /** JSON ReduceScores (percent) of the whole text before / after. */
  beforeScores: string | null;
  afterScores: string | null;
  /** JSON ReduceNote[]. */
  notes: Generated<string>;
  /** JSON Settlement (services/reducing/settlement.ts) once the job ended; null before. */
  settlement: string | null;
  /** The 查重 record submit_check created. */
  checkRecordId: number | null;
  attempts: Generated<number>;
}

/** One paragraph of a record: the original, and once the loop finished it, its outcome (JSON ParagraphOutcome). */
export interface ReduceParagraphsTable {
  recordId: number;
  idx: number;
  kind: 'heading' | 'paragraph' | 'reference';
  /** 1 = to be rewritten. */
  included: number;
  original: string;
  outcome: string | null;
  decision: Generated<'pending' | 'accepted' | 'rejected' | 'edited'>;
  editedText: string | null;
  /** JSON Scores (fractions) of the edited text. */
  editedScores: string | null;
  redos: Generated<number>;
}

export interface ReduceFilesTable {
  recordId: number;
  data: Buffer;
  size: number;
  createdAt: Generated<string>;
}

export interface ReducingTables {
  reduceRecords: ReduceRecordsTable;
  reduceParagraphs: ReduceParagraphsTable;
  reduceFiles: ReduceFilesTable;
}
