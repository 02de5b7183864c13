import { unitHash } from './hash.ts';

/**
 * Deterministic, leakage-free data split from a stable group id (an HC3 question, a paper title, ...): every text
 * of a group lands in the same split, so a title's human and AI abstracts are never on both sides.
 * - test (20%): held out for every reported number;
 * - calibration (15%): the second stage, Platt scaling and the band thresholds (10% until model 1.5: ~900 short and
 *   ~150 long human texts, too few to set a 1% rate that held on new text);
 * - lm (15%): human texts train the surprisal language model only (AI texts of these groups train the classifier);
 * - train (50%).
 */
export type Split = 'train' | 'lm' | 'calibration' | 'test';

export function splitOf(groupId: string): Split {
  const u = unitHash(groupId);
  if (u < 0.2) return 'test';
  if (u < 0.35) return 'calibration';
  if (u < 0.5) return 'lm';
  return 'train';
}
