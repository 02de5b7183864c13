import type { Band } from '@paperdesk/aigc';
import type { ComputePool } from '../../compute/pool.ts';
import type { DocumentScorer } from './report.ts';

/**
 * The AIGC detector of the compute pool: the model is loaded in each worker thread (once), each batch of
 * detectDocument is one pool task, and only the model's version and band thresholds live in this thread.
 * `pool` is asked on every batch, so a pool restarted after a context closed is picked up.
 */
export async function pooledScorer(pool: () => ComputePool): Promise<DocumentScorer> {
  const info = await pool().aigcModel();
  const t = info.thresholds;
  return {
    version: info.version,
    model: {
      meta: {
        thresholds: t,
        minReliableChars: info.minReliableChars,
        ...(info.bands ? { bands: info.bands } : {}),
      },
    },
    // AigcDetector.bandOf over the same (short-class) thresholds (a test compares the two reports)
    bandOf: (p): Band => (p >= t.high ? 'high' : p >= t.flag ? 'medium' : p >= t.light ? 'light' : 'none'),
    // the pool's task always explains; zero-shot criteria travel with the lines
    detect: (lines, options) =>
      pool().aigcDetect(lines, options?.zeroShot ? [...options.zeroShot] : undefined),
    windowTexts: (lines) => pool().aigcWindows(lines),
  };
}
