import { describe, expect, it } from 'vitest';
import type { SparseVector } from '../src/features.ts';
import { seededRandom } from '@paperdesk/textkit';
import { decisionValue, type LogisticModel } from '../src/logistic.ts';
import { fitSecondStage, foldSecondStage, pairLogOdds, polishScore, type StageInput } from '../src/stage2.ts';

const vector = (entries: Array<[number, number]>): SparseVector => ({
  indices: Uint32Array.from(entries.map(([j]) => j)),
  values: Float32Array.from(entries.map(([, v]) => v)),
});

describe('pairLogOdds', () => {
  it('is positive for buckets of the positive side, negative for the other, 0 where neither has the bucket', () => {
    const positive = [
      vector([
        [0, 1],
        [1, 0.5],
      ]),
      vector([
        [0, 0.7],
        [1, 0.2],
      ]),
    ];
    const negative = [
      vector([
        [1, 0.4],
        [2, 0.9],
      ]),
      vector([
        [1, 0.1],
        [2, 0.3],
      ]),
    ];
    const r = pairLogOdds(positive, negative, 4, 1);
    expect(r[0]!).toBeGreaterThan(0);
    expect(r[2]!).toBeLessThan(0);
    expect(r[1]!).toBeCloseTo(0, 5);
    expect(r[3]).toBe(0);
  });

  it('ignores entries beyond its dimension (the style features)', () => {
    const r = Float32Array.from([1, -1]);
    expect(
      polishScore(
        r,
        vector([
          [0, 2],
          [1, 1],
          [5, 100],
        ]),
      ),
    ).toBe(1);
  });
});

describe('second stage', () => {
  // two n-gram buckets (0: what the first stage sees, 1: the polish marker it misses)
  const first: LogisticModel = { weights: Float32Array.from([2, 0]), bias: -1 };
  const direction = Float32Array.from([0, 1]);
  const random = seededRandom(7);
  const inputs: StageInput[] = Array.from({ length: 400 }, () => {
    const label: 0 | 1 = random() < 0.5 ? 1 : 0;
    const x = vector([
      [0, random()],
      [1, label ? 0.5 + random() : random()],
    ]);
    return { x, z: decisionValue(first, x), label, weight: 1 };
  });

  it('learns weight on the polish score when it separates what the first stage does not', () => {
    const stage = fitSecondStage(inputs, direction, 1e-3);
    expect(stage.polish).toBeGreaterThan(1);
  });

  it('folds into one linear model that scores exactly as the two stages do', () => {
    const stage = fitSecondStage(inputs, direction, 1e-3);
    const folded = foldSecondStage(first, stage, direction);
    for (const { x, z } of inputs.slice(0, 20)) {
      const twoStages =
        stage.firstStage * z + (stage.polish * polishScore(direction, x)) / stage.polishScale + stage.bias;
      expect(decisionValue(folded, x)).toBeCloseTo(twoStages, 4);
    }
  });

  it('takes further naive-Bayes directions as inputs and still folds into one linear model', () => {
    // three buckets: 0 the first stage, 1 the polish marker, 2 what only the extra direction reads
    const random3 = seededRandom(11);
    const first3: LogisticModel = { weights: Float32Array.from([2, 0, 0]), bias: -1 };
    const polish3 = Float32Array.from([0, 1, 0]);
    const extra = [{ name: 'aiVsHuman', direction: Float32Array.from([0, 0, 1]) }];
    const inputs3: StageInput[] = Array.from({ length: 400 }, () => {
      const label: 0 | 1 = random3() < 0.5 ? 1 : 0;
      const x = vector([
        [0, random3()],
        [1, random3()],
        [2, label ? 0.5 + random3() : random3()],
      ]);
      return { x, z: decisionValue(first3, x), label, weight: 1 };
    });
    const stage = fitSecondStage(inputs3, polish3, 1e-3, extra);
    expect(stage.extra?.[0]?.name).toBe('aiVsHuman');
    expect(stage.extra![0]!.coefficient).toBeGreaterThan(1);
    const folded = foldSecondStage(first3, stage, polish3, extra);
    for (const { x, z } of inputs3.slice(0, 20)) {
      const stages =
        stage.firstStage * z +
        (stage.polish * polishScore(polish3, x)) / stage.polishScale +
        (stage.extra![0]!.coefficient * polishScore(extra[0]!.direction, x)) / stage.extra![0]!.scale +
        stage.bias;
      expect(decisionValue(folded, x)).toBeCloseTo(stages, 4);
    }
  });
});
