import { describe, expect, it } from 'vitest';
import { type PlagdetCase, plagdet } from '../src/index.ts';

const c = (
  suspStart: number,
  suspEnd: number,
  srcStart: number,
  srcEnd: number,
  srcId = 's',
): PlagdetCase => ({
  suspId: 'q',
  suspStart,
  suspEnd,
  srcId,
  srcStart,
  srcEnd,
});

describe('plagdet', () => {
  it('is 1 for a perfect detection', () => {
    expect(plagdet([c(0, 100, 50, 150)], [c(0, 100, 50, 150)])).toMatchObject({
      precision: 1,
      recall: 1,
      granularity: 1,
      plagdet: 1,
    });
  });

  it('penalises split detections through granularity', () => {
    const s = plagdet([c(0, 100, 0, 100)], [c(0, 50, 0, 50), c(50, 100, 50, 100)]);
    expect(s.recall).toBe(1);
    expect(s.precision).toBe(1);
    expect(s.granularity).toBe(2);
    expect(s.plagdet).toBeCloseTo(1 / Math.log2(3), 6);
  });

  it('counts characters on both sides and ignores detections of the wrong source', () => {
    const s = plagdet([c(0, 100, 0, 100)], [c(0, 50, 0, 100), c(0, 100, 0, 100, 'other')]);
    expect(s.recall).toBeCloseTo(150 / 200, 6);
    expect(s.precision).toBeCloseTo(0.5, 6); // (1 + 0) / 2
    expect(s.detectedCases).toBe(1);
  });
});
