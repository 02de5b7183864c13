import { describe, expect, it } from 'vitest';
import { loadDetector } from '../src/detector.ts';
import { DATA_DIR, hasData, loadCorpus } from '../scripts/corpus.ts';
import { evaluateHeldOut } from '../scripts/evaluate.ts';

const dataPresent = hasData();
if (!dataPresent) console.warn(`aigc quality gate skipped: no AIGC data sets under ${DATA_DIR}`);

/** Recomputed from the committed model on the held-out split (the metadata figures are not read). */
describe.skipIf(!dataPresent)('quality gate on held-out data', () => {
  it('separates AI from human text and keeps the human false-positive rates near the chosen ones', () => {
    const report = evaluateHeldOut(loadDetector(), loadCorpus(), []);
    const row = (prefix: string) => report.rows.find((r) => r.name.startsWith(prefix))!;
    expect(row('HC3').texts).toBeGreaterThan(1000);
    expect(row('HC3').auroc).toBeGreaterThanOrEqual(0.98);
    expect(row('academic abstracts').auroc).toBeGreaterThanOrEqual(0.97);
    // 1.6 raised the thresholds so that human thesis paragraphs stay under 1% / 3% (77.6% → 63.3% here)
    expect(row('academic abstracts').tprSignificant).toBeGreaterThanOrEqual(0.6);
    expect(row('AI-polished abstracts vs human').auroc).toBeGreaterThanOrEqual(0.87);
    // thresholds were set at 1% / 5% on the calibration split; the test split is other texts
    const { short, long, longJoined } = report.humanAcademic;
    expect(short.texts).toBeGreaterThan(1500);
    expect(short.fprSignificant).toBeLessThanOrEqual(0.02);
    expect(short.fprSuspect).toBeLessThanOrEqual(0.07);
    expect(long.fprSignificant).toBeLessThanOrEqual(0.03);
    expect(long.fprSuspect).toBeLessThanOrEqual(0.08);
    // long human text made of plainer passages: held-out short abstracts joined in pairs
    expect(longJoined.texts).toBeGreaterThan(300);
    expect(longJoined.fprSignificant).toBeLessThanOrEqual(0.03);
    expect(longJoined.fprSuspect).toBeLessThanOrEqual(0.1);
    expect(report.aiDocuments.meanAiCharRatio).toBeGreaterThan(0.4);
    expect(report.humanDocuments.meanAiCharRatio).toBeLessThan(0.03);
    // human thesis paragraphs (thresholds also set to 1% / 3% on them) and whole held-out theses
    const thesis = report.humanThesis.short;
    expect(thesis.texts).toBeGreaterThan(500);
    expect(thesis.fprSignificant).toBeLessThanOrEqual(0.02);
    expect(thesis.fprSuspect).toBeLessThanOrEqual(0.05);
    expect(report.theses.length).toBeGreaterThanOrEqual(20);
    expect(report.theses.filter((t) => t.aiCharRatio >= 0.2)).toEqual([]);
    expect(row('AI thesis paragraphs (thesis-body2)').tprSuspect).toBeGreaterThanOrEqual(0.75);
  }, 600_000); // the held-out evaluation now scores ~2,500 thesis texts and 34 whole theses too
});
