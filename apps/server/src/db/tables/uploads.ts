/** A read upload kept between `word_count` and `*_init` (migration 0013). */
export interface UploadedSourcesTable {
  /** Random, unguessable: whoever holds it and is the same client may use the file. */
  id: string;
  /** The signed-in uploader, else null (then the client address must match). */
  userId: number | null;
  clientIp: string;
  fileName: string;
  format: string;
  /** The textkit document as JSON. */
  document: string;
  /** The original bytes, kept for .docx only (a rewrite can be written back into the user's own document). */
  data: Buffer | null;
  /** The word count's characters as billed and as matched (migration 0018); null on older rows. */
  characters: number | null;
  normalizedChars: number | null;
  createdAt: string;
}

export interface UploadTables {
  uploadedSources: UploadedSourcesTable;
}
