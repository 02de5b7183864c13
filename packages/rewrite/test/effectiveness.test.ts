import { describe, expect, it } from 'vitest';
import { hasData, loadAbstracts, sampleAbstracts } from '../bench/data.ts';
import { buildLibrary, measureStrength } from '../bench/measure.ts';

const dataPresent = hasData();
if (!dataPresent)
  console.warn('rewrite effectiveness gate skipped: ../shared/data (or PAPERDESK_DATA_DIR) is absent');

/**
 * Copied CSL abstracts (all in the library) rewritten at standard strength. Thresholds sit a little above what
 * `npm run bench:rewrite` measured on this sample, so a regression in the rules or the table fails here.
 */
describe.skipIf(!dataPresent)('effectiveness against the plagiarism engine (real CSL abstracts)', () => {
  it('standard strength lowers the copy ratio and keeps every protected span', () => {
    const abstracts = loadAbstracts();
    const index = buildLibrary(abstracts);
    const r = measureStrength(index, sampleAbstracts(abstracts, 60), 'standard');
    expect(r.ratioBefore).toBeGreaterThan(0.97);
    expect(r.preserved).toBe(1);
    expect(r.strictAfter).toBeLessThan(GATE.strictAfter);
    expect(r.ratioAfter).toBeLessThan(GATE.ratioAfter);
    expect(r.bigramSimilarity).toBeGreaterThan(0.75);
    expect(r.lengthRatio).toBeGreaterThan(0.9);
    expect(r.lengthRatio).toBeLessThan(1.15);
  });
});

/** Measured on this sample (seed 7): strict 0.872, full engine 0.986, bigram Dice 0.896. */
const GATE = { strictAfter: 0.89, ratioAfter: 0.995 };
