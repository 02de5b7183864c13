import { constants, inflateSync } from 'node:zlib';
import { TextkitError } from './errors.ts';
import { inflateBound, type ReadLimits, throwIfAborted } from './limits.ts';

/**
 * A pass over a PDF's raw bytes before pdfjs opens it. pdfjs inflates Flate streams with no bound, so every
 * non-image stream it may decode for text (page contents, forms, fonts, object and xref streams) is inflated here
 * first under the entry, ratio and total caps and thrown away. Image streams are skipped: the text walk never
 * decodes them, and a blank scanned page legitimately inflates a thousandfold.
 */

export interface PdfScan {
  /** An image XObject is declared somewhere (stream dictionaries are never compressed, so this is exact). */
  hasImages: boolean;
}

const LOOKBACK = 4096;

function isTooLarge(e: unknown): boolean {
  return e instanceof RangeError && (e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
}

function firstFilter(dict: string): string | undefined {
  const m = /\/Filter\s*(?:\[\s*)?\/([A-Za-z0-9]+)/.exec(dict);
  return m?.[1];
}

export function scanPdf(buf: Buffer, limits: ReadLimits): PdfScan {
  let hasImages = false;
  let inflated = 0;
  let pos = 0;
  for (let s = buf.indexOf('stream', pos); s >= 0; s = buf.indexOf('stream', pos)) {
    pos = s + 6;
    if (s >= 3 && buf.toString('latin1', s - 3, s) === 'end') continue;
    const dictFrom = Math.max(0, s - LOOKBACK);
    const objAt = buf.lastIndexOf('obj', s);
    const dict = buf.toString('latin1', Math.max(objAt, dictFrom), s);
    let start = s + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    let end = length ? start + Number(length[1]) : -1;
    const marker = end >= start && end <= buf.length ? buf.indexOf('endstream', end) : -1;
    if (marker < 0 || marker - end > 16) {
      end = buf.indexOf('endstream', start);
      if (end < 0) end = buf.length;
    }
    pos = Math.max(pos, end);
    if (/\/Subtype\s*\/Image\b/.test(dict)) {
      hasImages = true;
      continue;
    }
    const filter = firstFilter(dict);
    if (filter !== 'FlateDecode' && filter !== 'Fl') continue;
    throwIfAborted(limits.signal);
    const left = limits.maxInflatedBytes - inflated;
    const bound = Math.min(left, inflateBound(end - start, limits));
    try {
      const out = inflateSync(buf.subarray(start, end), {
        maxOutputLength: Math.max(1, bound),
        finishFlush: constants.Z_SYNC_FLUSH,
      });
      inflated += out.length;
    } catch (cause) {
      if (isTooLarge(cause)) throw new TextkitError('INFLATED_TOO_LARGE', { cause });
      // corrupt data: pdfjs fails on it the same way, within its own reading
    }
  }
  return { hasImages };
}
