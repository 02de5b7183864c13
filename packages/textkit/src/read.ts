import { decodeText } from './decode.ts';
import { type ParsedDocument, textToDocument } from './document.ts';
import { TextkitError } from './errors.ts';
import { type ReadLimits, resolveLimits, throwIfAborted } from './limits.ts';
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

/** The caps on the result, whatever the format: the last line of defence after the format's own early checks. */
function withinLimits(doc: ParsedDocument, limits: ReadLimits): ParsedDocument {
  let chars = 0;
  for (const b of doc.blocks) chars += b.text.length;
  if (chars > limits.maxChars) throw new TextkitError('TOO_LONG');
  if (doc.blocks.length > limits.maxBlocks) throw new TextkitError('TOO_MANY_BLOCKS');
  return doc;
}

/** Up to 4 bytes per character (UTF-8 or UTF-16 surrogate pairs): a longer file cannot be within maxChars. */
const MAX_BYTES_PER_CHAR = 4;

/**
 * Read an uploaded file into title + blocks (headings and paragraphs). The reader is chosen by the extension.
 * Throws TextkitError with a Chinese message, a `code` and a `kind` on unsupported, unreadable, image-only,
 * empty or over-limit files (see ReadLimits; unset limits take DEFAULT_READ_LIMITS).
 */
export async function readDocument(
  buffer: Uint8Array,
  filename: string,
  limits?: Partial<ReadLimits>,
): Promise<ParsedDocument> {
  const format = documentFormat(filename);
  if (!format) throw new TextkitError('UNSUPPORTED_TYPE');
  if (buffer.length === 0) throw new TextkitError('EMPTY_TEXT');
  const caps = resolveLimits(limits);
  throwIfAborted(caps.signal);
  switch (format) {
    case 'docx': {
      const buf = Buffer.isBuffer(buffer)
        ? buffer
        : Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      return ensureText(withinLimits(await readDocx(buf, caps), caps));
    }
    case 'pdf':
      return ensureText(withinLimits(await readPdf(buffer, caps), caps));
    case 'txt': {
      if (buffer.length > caps.maxChars * MAX_BYTES_PER_CHAR) throw new TextkitError('TOO_LONG');
      const { text } = decodeText(buffer);
      let nonSpace = 0;
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x20) nonSpace++;
      // a cheap count before the text is split into blocks
      if (nonSpace > caps.maxChars) throw new TextkitError('TOO_LONG');
      return ensureText(withinLimits(textToDocument(text), caps));
    }
  }
}

/** Text pasted into the page: same paragraph and heading rules as a .txt file. */
export function readPastedText(text: string): ParsedDocument {
  return ensureText(textToDocument(text));
}
