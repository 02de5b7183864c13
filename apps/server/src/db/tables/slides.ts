import type { PptScene, PptStatus } from '@paperdesk/contracts';
import type { Generated } from 'kysely';
import type { PaidRecordColumns } from './paid-record.ts';

/** One deck a user makes: the request, the outline they edited, its state and the deck model once generated. */
export interface PptRecordsTable extends PaidRecordColumns<PptStatus> {
  topic: string;
  speaker: Generated<string>;
  templateId: string;
  slideCount: number;
  scene: PptScene;
  sourceText: Generated<string>;
  /** JSON PptOutline once drafted (and as the user edited it). */
  outline: string | null;
  chargeSource: string | null;
  /** JSON Deck (@paperdesk/documents) once generated: re-rendering in another template needs no model. */
  deck: string | null;
  /** `id@version` of the prompts that produced the deck. */
  prompt: string | null;
}

/** The rendered .pptx of a record, in the template it was last rendered in. */
export interface PptFilesTable {
  recordId: number;
  templateId: string;
  data: Buffer;
  size: number;
  createdAt: Generated<string>;
}

export interface PptOutlineUsesTable {
  id: Generated<number>;
  userId: number;
  /** Shanghai calendar day, YYYY-MM-DD. */
  day: string;
  createdAt: Generated<string>;
}

export interface SlidesTables {
  pptRecords: PptRecordsTable;
  pptFiles: PptFilesTable;
  pptOutlineUses: PptOutlineUsesTable;
}
