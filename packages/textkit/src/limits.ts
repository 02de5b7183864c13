import { TextkitError } from './errors.ts';

const MiB = 1024 * 1024;

/**
 * Caps that keep reading a hostile upload bounded in memory and time. Every cap is checked before the expensive
 * step it protects (inflating, XML parsing, the PDF page walk), so a refused file costs little.
 */
export interface ReadLimits {
  /** Sum of bytes inflated from a .docx's XML parts, or from a PDF's non-image Flate streams. */
  maxInflatedBytes: number;
  /** Bytes one zip entry or one PDF stream may inflate to. */
  maxEntryBytes: number;
  /** Largest inflated:compressed ratio allowed for an entry or stream that inflates past `ratioFloorBytes`. */
  maxCompressionRatio: number;
  /** Entries smaller than this are never refused for their ratio (tiny XML parts compress extremely well). */
  ratioFloorBytes: number;
  /** Entries a .docx may list in its zip directory. */
  maxZipEntries: number;
  /** Paragraphs (docx `<w:p>`, txt lines, PDF blocks). */
  maxBlocks: number;
  /** XML elements in the parts of a .docx that mammoth parses (its memory and time grow with this). */
  maxXmlElements: number;
  /** Characters of text in the result. */
  maxChars: number;
  maxPdfPages: number;
  /** Aborting it stops reading promptly with PARSE_TIMEOUT (pass AbortSignal.timeout(ms) for a deadline). */
  signal?: AbortSignal;
}

export const DEFAULT_READ_LIMITS: Readonly<ReadLimits> = Object.freeze({
  maxInflatedBytes: 50 * MiB,
  maxEntryBytes: 40 * MiB,
  maxCompressionRatio: 100,
  ratioFloorBytes: 1 * MiB,
  maxZipEntries: 5000,
  // mammoth holds ~1 KB per XML element while it converts (measured: 99k short paragraphs ~0.9 GB RSS, 600k
  // elements ~1 GB): these two caps are what bound a .docx that passed the inflation caps
  maxBlocks: 50_000,
  maxXmlElements: 1_000_000,
  maxChars: 2_000_000,
  maxPdfPages: 2000,
});

export function resolveLimits(limits: Partial<ReadLimits> | undefined): ReadLimits {
  return { ...DEFAULT_READ_LIMITS, ...limits };
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new TextkitError('PARSE_TIMEOUT', { cause: signal.reason });
}

/** Settle with `work`, or reject with PARSE_TIMEOUT as soon as `signal` aborts (the work itself is abandoned). */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    // the abandoned work must not end as an unhandled rejection (fatal in a worker thread)
    work.catch(() => {});
    throwIfAborted(signal);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new TextkitError('PARSE_TIMEOUT', { cause: signal.reason }));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Largest size an entry of `compressedBytes` may inflate to under the entry cap and the ratio cap. */
export function inflateBound(compressedBytes: number, limits: ReadLimits): number {
  const byRatio = Math.max(limits.ratioFloorBytes, compressedBytes * limits.maxCompressionRatio);
  return Math.min(limits.maxEntryBytes, byRatio);
}
