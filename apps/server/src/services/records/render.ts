import { computePool, isComputeError } from '../../compute/pool.ts';
import type { ReportFile } from '../../compute/tasks.ts';
import { unavailable } from '../../errors.ts';

/**
 * A file users download (report PDF/HTML, result .docx, written paper .docx, PPT) drawn in the compute pool, off
 * the API's thread: pdfkit on a 300,000-character report's full PDF takes seconds, a deck or a thesis tens to
 * hundreds of milliseconds. A pool that gave up on it (time, memory, closing) answers 503
 * (try again), not a 500.
 */
export async function renderDownload(file: ReportFile): Promise<Buffer> {
  return computePool()
    .renderFile(file)
    .catch((err: unknown) => {
      throw isComputeError(err) ? unavailable(err.message) : err;
    });
}
