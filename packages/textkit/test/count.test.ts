import { describe, expect, it } from 'vitest';
import { billingCharCount, normalizedCharCount } from '../src/index.ts';

describe('character counts', () => {
  it('billing count includes spaces and punctuation but not line breaks', () => {
    expect(billingCharCount('中文 abc，\n第二行\r\n')).toBe(10);
    expect(billingCharCount('')).toBe(0);
  });

  it('counts a supplementary character once', () => {
    expect(billingCharCount('𠀀字')).toBe(2);
    expect(normalizedCharCount('𠀀 字')).toBe(2);
  });

  it('normalised count drops every kind of whitespace', () => {
    expect(normalizedCharCount('中文 abc，\n\t第二行\u3000。')).toBe(10);
    expect(normalizedCharCount('ab cd', 1, 4)).toBe(2);
  });
});
