import { describe, expect, it } from 'vitest';
import { citedNumbers } from './cited.ts';

describe('citedNumbers', () => {
  it('reads single, grouped and ranged citations once each, in first-cited order, within the list', () => {
    expect(citedNumbers('已有研究[3]。另见[1,2]，以及[2-4]和[9]。', 4)).toEqual([3, 1, 2, 4]);
    expect(citedNumbers('没有引用。', 4)).toEqual([]);
    expect(citedNumbers('[1998-2003] 年间', 3)).toEqual([]);
  });
});
