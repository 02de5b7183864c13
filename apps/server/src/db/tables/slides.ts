import type { PptScene, PptStatus } from '@paperdesk/contracts';
import type { Generated } from 'kysely';

/** One deck a user makes: the request, the outline they edited, its state and the deck model once generated. */
export interface PptRecordsTable {
  id: Generated<number>;
  userId: number;
  topic: string;
  speaker: Generated<string>;
  templateId: string;
  slideCount: number;
  scene: PptScene;
  sourceText: Generated<string>;
  /** JSON PptOutline once drafted (and as the user edited it). */
  outline: string | null;
  status: Generated<PptStatus>;
  progress: Generated<number>;
  message: Generated<string>;
  priceFen: number;
  paidFen: Generated<number>;
  chargeSource: string | null;
  /** JSON Deck (@paperdesk/documents) once generated: re-rendering in another template needs no model. */
  deck: string | null;
  /** `id@version` of the prompts that produced the deck. */
  prompt: string | null;
  createdAt: Generated<string>;
  updatedAt: string;
  submittedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  refundedAt: string | null;
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
