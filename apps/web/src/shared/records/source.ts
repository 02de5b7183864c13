import { fileForm } from '../../utils/request.ts';

/** A paper as the user gives it: an uploaded file or pasted text. */
export type PaperSource = { file: File } | { text: string };

/** What a record is made from: the file's upload id once the word count kept it (sent once), else the source. */
export type SentSource = PaperSource | { uploadId: string };

type Fields = Record<string, string | boolean>;

/** The body of a word count: multipart for a file, JSON `{ text }` for pasted text. */
export function countBody(source: PaperSource): FormData | { text: string } {
  return 'text' in source ? { text: source.text } : fileForm(source.file);
}

/**
 * The body of an `*_init` call: multipart for a file (fields as strings), JSON otherwise (`{ …fields, text }` or
 * `{ …fields, uploadId }`).
 */
export function sourceBody<F extends Fields>(
  source: SentSource,
  fields: F,
): FormData | (F & { text: string }) | (F & { uploadId: string }) {
  if ('text' in source) return { ...fields, text: source.text };
  if ('uploadId' in source) return { ...fields, uploadId: source.uploadId };
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, String(v));
  data.append('file', source.file, source.file.name);
  return data;
}

/** The source to make the record from: a file counted by the server is named by its upload id, not re-sent. */
export function sentSource(source: PaperSource, uploadId: string | null | undefined): SentSource {
  return 'file' in source && uploadId ? { uploadId } : source;
}
