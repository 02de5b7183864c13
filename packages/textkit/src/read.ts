import { decodeText } from './decode.ts';
import { type ParsedDocument, textToDocument } from './document.ts';
import { TextkitError } from './errors.ts';
import { readDocx } from './read-docx.ts';
import { readPdf } from './read-pdf.ts';

export type DocumentFormat = 'docx' | 'pdf' | 'txt';

export function documentFormat(filename: string): DocumentFormat | undefined {
  const ext = /\.([^.\\/]+)$/.exec(filename.trim().toLowerCase())?.[1];
  return ext === 'docx' || ext === 'pdf' || ext === 'txt' ? ext : undefined;
}

function ensureText(doc: ParsedDocument): ParsedDocument {
  if (!doc.blocks.some((b) => /[\p{L}\p{N}]/u.test(b.text))) throw new TextkitError('EMPTY_TEXT');
  return doc;
}

/**
 * Read an uploaded file into title + blocks (headings and paragraphs). Throws TextkitError with a Chinese
 * message and a `code` on unsupported, unreadable, image-only or empty files.
 */
export async function readDocument(buffer: Uint8Array, filename: string): Promise<ParsedDocument> {
  const format = documentFormat(filename);
  if (!format) throw new TextkitError('UNSUPPORTED_TYPE');
  if (buffer.length === 0) throw new TextkitError('EMPTY_TEXT');
  switch (format) {
    case 'docx': {
      const buf = Buffer.isBuffer(buffer)
        ? buffer
        : Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      return ensureText(await readDocx(buf));
    }
    case 'pdf':
      return ensureText(await readPdf(buffer));
    case 'txt':
      return ensureText(textToDocument(decodeText(buffer).text));
  }
}

/** Text pasted into the page: same paragraph and heading rules as a .txt file. */
export function readPastedText(text: string): ParsedDocument {
  return ensureText(textToDocument(text));
}
