import { describe, expect, it } from 'vitest';
import { firstWords } from './title.ts';

describe('firstWords (the default title of a paste without one)', () => {
  it('takes the first non-empty line', () => {
    expect(firstWords('\n  数字经济与区域协调发展研究 \n正文……')).toBe('数字经济与区域协调发展研究');
  });
  it('cuts a long first line and marks the cut', () => {
    const line = '一'.repeat(40);
    expect(firstWords(line)).toBe(`${'一'.repeat(30)}…`);
  });
  it('gives nothing for an empty paste, so the page asks for a title', () => {
    expect(firstWords(' \n \n')).toBe('');
  });
});
