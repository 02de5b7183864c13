import { describe, expect, it } from 'vitest';
import { aiTraceOf, countsInAiShare, isMixedAuthorship } from '../src/document.ts';

describe('document figures', () => {
  it('counts a 显著 sentence only inside a paragraph that reads 疑似 or above', () => {
    expect(countsInAiShare('high', 'medium')).toBe(true);
    expect(countsInAiShare('medium', 'light')).toBe(true);
    // a borderline passage of a paragraph that reads human as a whole
    expect(countsInAiShare('high', 'none')).toBe(false);
    // 疑似 sentences are shown apart, never counted
    expect(countsInAiShare('light', 'high')).toBe(false);
  });

  it('reads a 显著 paragraph as AI-generated and a 疑似-only one as AI-touched', () => {
    expect(aiTraceOf('high')).toBe('generated');
    expect(aiTraceOf('medium')).toBe('generated');
    expect(aiTraceOf('light')).toBe('touched');
    expect(aiTraceOf('none')).toBeNull();
  });

  it('calls a document mixed only when both sides hold a substantial share of the reliable text', () => {
    const p = (chars: number, band: 'high' | 'light' | 'none', reliable = true) => ({
      chars,
      band,
      reliable,
    });
    expect(isMixedAuthorship([p(300, 'high'), p(700, 'none')])).toBe(true);
    expect(isMixedAuthorship([p(100, 'light'), p(900, 'none')])).toBe(false);
    expect(isMixedAuthorship([p(900, 'high'), p(100, 'none')])).toBe(false);
    // unreliable paragraphs do not count on either side
    expect(isMixedAuthorship([p(300, 'high', false), p(700, 'none')])).toBe(false);
    expect(isMixedAuthorship([])).toBe(false);
  });
});
