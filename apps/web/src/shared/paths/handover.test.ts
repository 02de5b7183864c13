import { describe, expect, it } from 'vitest';
import { readTextHandover } from './handover.ts';

describe('readTextHandover (去查重验证 carries the rewritten text)', () => {
  it('reads the text and title a page handed over', () => {
    expect(readTextHandover({ text: '改写后的正文', title: '论文' })).toEqual({
      text: '改写后的正文',
      title: '论文',
    });
  });
  it('ignores empty, foreign or missing state', () => {
    expect(readTextHandover(null)).toBeNull();
    expect(readTextHandover({ text: '  ' })).toBeNull();
    expect(readTextHandover({ text: 3 })).toBeNull();
    expect(readTextHandover({ text: '正文', title: 5 })).toEqual({ text: '正文', title: '' });
  });
});
