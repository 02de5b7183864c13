import { describe, expect, it } from 'vitest';
import { applyPlatt, fitPlatt } from '../src/calibration.ts';
import { seededRandom } from '@paperdesk/textkit';
import {
  auroc,
  brierScore,
  expectedCalibrationError,
  statsAtThreshold,
  tprAtFpr,
  wilsonInterval,
} from '../src/metrics.ts';

const scored = (pairs: Array<[number, 0 | 1]>) => pairs.map(([score, label]) => ({ score, label }));

describe('auroc', () => {
  it('is 1 for a perfect ranking, 0 for an inverted one and 0.5 for all ties', () => {
    expect(
      auroc(
        scored([
          [0.1, 0],
          [0.2, 0],
          [0.8, 1],
          [0.9, 1],
        ]),
      ),
    ).toBe(1);
    expect(
      auroc(
        scored([
          [0.9, 0],
          [0.8, 0],
          [0.2, 1],
          [0.1, 1],
        ]),
      ),
    ).toBe(0);
    expect(
      auroc(
        scored([
          [0.5, 0],
          [0.5, 1],
          [0.5, 0],
          [0.5, 1],
        ]),
      ),
    ).toBe(0.5);
  });

  it('counts the share of correctly ordered human/AI pairs', () => {
    // pairs (AI, human): (0.4,0.1) ok, (0.4,0.6) wrong, (0.8,0.1) ok, (0.8,0.6) ok -> 3/4
    expect(
      auroc(
        scored([
          [0.1, 0],
          [0.4, 1],
          [0.6, 0],
          [0.8, 1],
        ]),
      ),
    ).toBe(0.75);
  });

  it('is NaN with a single class', () => {
    expect(
      auroc(
        scored([
          [0.1, 0],
          [0.2, 0],
        ]),
      ),
    ).toBeNaN();
  });
});

describe('tprAtFpr and statsAtThreshold', () => {
  const items = scored([
    [0.1, 0],
    [0.2, 0],
    [0.3, 0],
    [0.4, 0],
    [0.95, 0],
    [0.5, 1],
    [0.6, 1],
    [0.99, 1],
  ]);

  it('keeps the false-positive rate at or under the limit', () => {
    // one human in five is 20%: at 0% FPR the threshold must sit at the highest human score
    expect(tprAtFpr(items, 0)).toEqual({ tpr: 1 / 3, threshold: 0.95 });
    expect(tprAtFpr(items, 0.2)).toEqual({ tpr: 1, threshold: 0.4 });
  });

  it('computes the confusion figures at a threshold', () => {
    const s = statsAtThreshold(items, 0.5);
    expect(s.fpr).toBeCloseTo(1 / 5);
    expect(s.recall).toBe(1);
    expect(s.precision).toBeCloseTo(3 / 4);
    expect(s.accuracy).toBeCloseTo(7 / 8);
  });
});

describe('calibration error', () => {
  it('is 0 when each bin matches its frequency and large when over-confident', () => {
    const calibrated = scored([
      [0.75, 1],
      [0.75, 1],
      [0.75, 1],
      [0.75, 0],
      [0.25, 0],
      [0.25, 0],
      [0.25, 0],
      [0.25, 1],
    ]);
    expect(expectedCalibrationError(calibrated)).toBeCloseTo(0, 10);
    const overConfident = scored([
      [0.99, 1],
      [0.99, 0],
    ]);
    expect(expectedCalibrationError(overConfident)).toBeCloseTo(0.49, 10);
    expect(brierScore(overConfident)).toBeCloseTo((0.01 ** 2 + 0.99 ** 2) / 2, 10);
  });
});

describe('Platt scaling', () => {
  it('recovers a known logistic map and is monotonic increasing', () => {
    const random = seededRandom(7);
    const scores: number[] = [];
    const labels: (0 | 1)[] = [];
    for (let i = 0; i < 4000; i++) {
      const z = (random() - 0.5) * 8;
      const p = 1 / (1 + Math.exp(-(0.5 * z - 1)));
      scores.push(z);
      labels.push(random() < p ? 1 : 0);
    }
    const map = fitPlatt(scores, labels);
    expect(map.a).toBeGreaterThan(0.4);
    expect(map.a).toBeLessThan(0.6);
    expect(map.b).toBeGreaterThan(-1.2);
    expect(map.b).toBeLessThan(-0.8);
    let previous = -1;
    for (let z = -10; z <= 10; z += 0.5) {
      const p = applyPlatt(map, z);
      expect(p).toBeGreaterThan(previous);
      previous = p;
    }
  });
});

describe('wilsonInterval', () => {
  it('matches the textbook interval and stays inside [0, 1] at 0 events', () => {
    // 6 of 325: 1.8%, 95% interval about 0.85%–3.97%
    const { low, high } = wilsonInterval(6, 325);
    expect(low).toBeCloseTo(0.0085, 3);
    expect(high).toBeCloseTo(0.0397, 3);
    const none = wilsonInterval(0, 100);
    expect(none.low).toBe(0);
    expect(none.high).toBeGreaterThan(0.03);
    expect(none.high).toBeLessThan(0.04);
  });
});
