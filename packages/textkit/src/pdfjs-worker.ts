import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * pdfjs 5.4 prefetches the kids of the root /Pages node into a cache and only awaits the one it needs; when a
 * damaged file makes another kid's fetch fail, that promise rejects with no handler, and Node treats an unhandled
 * rejection as a crash. Upstream still has the line, so textkit runs pdfjs's (in-process) worker from a copy with
 * a no-op handler attached to each prefetch. The rejection still reaches whoever awaits that page.
 */
const PREFETCH = 'pageDictCache.put(lastKid, xref.fetchAsync(lastKid));';
const HANDLED_PREFETCH =
  '{ const prefetch = xref.fetchAsync(lastKid); prefetch.catch(() => {}); pageDictCache.put(lastKid, prefetch); }';

/** The patched worker source, or undefined when this pdfjs build no longer has the line (the test says so). */
export function patchPdfWorkerSource(source: string): string | undefined {
  const at = source.indexOf(PREFETCH);
  if (at < 0 || source.indexOf(PREFETCH, at + PREFETCH.length) >= 0) return undefined;
  return source.slice(0, at) + HANDLED_PREFETCH + source.slice(at + PREFETCH.length);
}

export async function readPdfWorkerSource(): Promise<string> {
  const path = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
  return readFile(path, 'utf8');
}

/** A module URL for the patched worker (a data: URL: nothing is written to disk), or undefined if it cannot be patched. */
export async function patchedPdfWorkerUrl(): Promise<string | undefined> {
  const patched = patchPdfWorkerSource(await readPdfWorkerSource());
  return patched && `data:text/javascript;base64,${Buffer.from(patched).toString('base64')}`;
}
