/**
 * Files for upload tests, made at test time. The PDF/.docx/GBK writers live in the textkit test fixtures (one copy
 * for the reader's tests and the server's upload tests); here they are only wrapped to hand back Node Buffers.
 */
import * as textkit from '../../../../packages/textkit/test/fixtures.ts';

export const buildDocx = textkit.buildDocx;

/** A scanned-looking PDF: one grey image per page and no text layer. */
export function imageOnlyPdf(pages = 1): Buffer {
  return Buffer.from(textkit.buildPdf(Array.from({ length: pages }, () => ({ image: true }))));
}

export function encodeGbk(text: string): Buffer {
  return Buffer.from(textkit.encodeGbk(text));
}
