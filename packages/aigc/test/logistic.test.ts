import { describe, expect, it } from 'vitest';
import type { SparseVector } from '../src/features.ts';
import { seededRandom } from '@paperdesk/textkit';
import { decisionValue, type TrainingExample, trainLogistic } from '../src/logistic.ts';

function toyExamples(seed: number, count: number): TrainingExample[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const label: 0 | 1 = random() < 0.5 ? 1 : 0;
    // feature 0 carries the label (noisily), features 1-3 are noise
    const x: SparseVector = {
      indices: Uint32Array.from([0, 1, 2, 3]),
      values: Float32Array.from([(label ? 1 : -1) + (random() - 0.5), random(), random(), random()]),
    };
    return { x, label, weight: 1 };
  });
}

describe('trainLogistic', () => {
  it('learns a separating weight and is deterministic', () => {
    const train = toyExamples(1, 400);
    const a = trainLogistic(train, 4, { l2: 1e-3, maxIterations: 100 });
    const b = trainLogistic(train, 4, { l2: 1e-3, maxIterations: 100 });
    expect([...a.weights]).toEqual([...b.weights]);
    expect(a.bias).toBe(b.bias);
    expect(a.weights[0]!).toBeGreaterThan(1);
    const test = toyExamples(2, 200);
    const correct = test.filter((e) => decisionValue(a, e.x) > 0 === (e.label === 1)).length;
    expect(correct / test.length).toBeGreaterThan(0.95);
  });

  it('shrinks weights harder with a larger L2 penalty', () => {
    const train = toyExamples(3, 200);
    const weak = trainLogistic(train, 4, { l2: 1e-4, maxIterations: 100 });
    const strong = trainLogistic(train, 4, { l2: 1, maxIterations: 100 });
    expect(Math.abs(strong.weights[0]!)).toBeLessThan(Math.abs(weak.weights[0]!));
  });
});
