import { describe, expect, it } from 'vitest';
import { loadDetector } from '../src/detector.ts';
import { DATA_DIR, hasData, loadCorpus } from '../scripts/corpus.ts';
import { evaluateHeldOut } from '../scripts/evaluate.ts';

const dataPresent = hasData();
if (!dataPresent) console.warn(`aigc quality gate skipped: no AIGC data sets under ${DATA_DIR}`);

/** Recomputed from the committed model on the held-out split (the metadata figures are not read). */
describe.skipIf(!dataPresent)('quality gate on held-out data', () => {
  it('separates AI from human text, rarely flags human abstracts and is calibrated', () => {
    const report = evaluateHeldOut(loadDetector(), loadCorpus(), []);
    expect(report.inDistribution.texts).toBeGreaterThan(2500);
    expect(report.inDistribution.auroc).toBeGreaterThanOrEqual(0.98);
    expect(report.byRegister.academic!.auroc).toBeGreaterThanOrEqual(0.96);
    expect(report.humanAbstracts.texts).toBeGreaterThan(1500);
    expect(report.humanAbstracts.fpr).toBeLessThanOrEqual(0.025);
    expect(report.inDistribution.ece).toBeLessThanOrEqual(0.025);
    expect(report.humanDocuments.flaggedOverall).toBeLessThanOrEqual(0.02);
    expect(report.aiDocuments.meanAiCharRatio).toBeGreaterThan(0.5);
  });
});
