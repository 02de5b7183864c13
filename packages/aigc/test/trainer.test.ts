import { describe, expect, it } from 'vitest';
import { visibleLength } from '../src/canonical.ts';
import { AigcDetector } from '../src/detector.ts';
import { CONNECTIVES } from '../src/lexicon.ts';
import { auroc } from '../src/metrics.ts';
import { trainModel } from '../src/trainer.ts';
import { DATA_DIR, hasData, loadCorpus } from '../scripts/corpus.ts';

const dataPresent = hasData();
if (!dataPresent) console.warn(`aigc training smoke test skipped: no AIGC data sets under ${DATA_DIR}`);

describe.skipIf(!dataPresent)('trainer smoke test', () => {
  it('learns from a tiny deterministic subset (held-out AUROC well above chance)', () => {
    const corpus = loadCorpus();
    // the first texts of each split and stratum, in file order: deterministic and small
    const take = (split: string, register: string, label: 0 | 1, n: number) =>
      corpus.filter((t) => t.split === split && t.register === register && t.label === label).slice(0, n);
    const subset = (['train', 'lm', 'calibration', 'test'] as const).flatMap((split) => {
      const n = split === 'train' ? 120 : 40;
      return [
        ...take(split, 'qa', 0, n),
        ...take(split, 'qa', 1, n),
        ...take(split, 'academic', 0, n),
        ...take(split, 'academic', 1, n / 2),
      ];
    });
    const model = trainModel(
      subset.map((t) => ({ text: t.text, label: t.label, split: t.split, stratum: t.register })),
      {
        featureConfig: { hashBits: 14, ngramOrders: [1, 2] },
        lexicon: { connectives: [...CONNECTIVES], aiPhrases: [], humanPhrases: [], attribution: 'test' },
        l2: 1e-3,
        maxIterations: 60,
        lmBigramBits: 14,
        lmTrigramBits: 14,
        bandFpr: { significant: 0.01, suspect: 0.05 },
        bandStrata: ['academic'],
        joinShortForLong: true,
        maxShortChars: 300,
        windowChars: 220,
        minReliableChars: 50,
        version: '0.0.0',
      },
    );
    const detector = new AigcDetector(model);
    const test = subset.filter((t) => t.split === 'test');
    const score = auroc(test.map((t) => ({ score: detector.scoreText(t.text), label: t.label })));
    expect(score).toBeGreaterThan(0.8);
    // the long class is chosen on the long human texts of the calibration split and on pairs of short ones joined
    const calibrationHuman = subset.filter(
      (t) => t.split === 'calibration' && t.label === 0 && t.register === 'academic',
    );
    const long = calibrationHuman.filter((t) => visibleLength(t.text) > 300).length;
    expect(model.meta.bands!.long.humanTexts).toBeGreaterThan(long);
    expect(model.meta.bands!.chosenOn).toMatch(/pairs of short texts joined/);
  });
});
