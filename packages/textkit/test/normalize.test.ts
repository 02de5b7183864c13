import { describe, expect, it } from 'vitest';
import {
  matchingCodes,
  normalize,
  normalizeForMatching,
  normalizeText,
  toOriginalRange,
} from '../src/index.ts';

describe('normalize', () => {
  it('turns full-width ASCII and the ideographic space into half-width', () => {
    expect(normalize('ＡＢＣ１２３，ｘ', { whitespace: 'keep' }).text).toBe('ABC123,x');
    expect(normalize('甲\u3000乙').text).toBe('甲 乙');
  });

  it('converts traditional (incl. Taiwan variants) to simplified, character by character', () => {
    expect(normalize('資訊與電腦軟體開發，著作權').text).toBe('资讯与电脑软体开发,著作权');
    expect(normalize('學術論文查重', { t2s: false }).text).toBe('學術論文查重');
    // standard simplified characters are never rewritten without phrase context
    expect(normalize('著作权 乾坤 余下').text).toBe('著作权 乾坤 余下');
  });

  it('collapses and trims whitespace, or removes it', () => {
    expect(normalize('  你好 \t\n 世界  ').text).toBe('你好 世界');
    expect(normalize('  你好 \t\n 世界  ', { whitespace: 'remove' }).text).toBe('你好世界');
  });

  it('unifies punctuation variants', () => {
    expect(normalize('“引文”「引文」——‘a’【1】').text).toBe('"引文""引文"--\'a\'[1]');
  });

  it('keeps an exact offset map back to the original', () => {
    const original = '　　第一章　緒論：ＡＩ 與「論文」查重。\n\n  Second LINE, here.';
    const n = normalize(original);
    expect(n.offsets.length).toBe(n.text.length + 1);
    expect(n.offsets[n.text.length]).toBe(original.length);
    const idx = n.text.indexOf('论文');
    const range = toOriginalRange(n, idx, idx + 2);
    expect(original.slice(range.start, range.end)).toBe('論文');
    for (let i = 1; i < n.text.length; i++) expect(n.offsets[i]!).toBeGreaterThan(n.offsets[i - 1]!);
  });

  it('matching form keeps letters and digits only, lower-cased, and maps ranges back', () => {
    const original = '深度學習（Deep Learning）模型，在２０２０年取得了突破！';
    const m = normalizeForMatching(original);
    expect(m.text).toBe('深度学习deeplearning模型在2020年取得了突破');
    const at = m.text.indexOf('模型在2020');
    const r = toOriginalRange(m, at, at + '模型在2020'.length);
    expect(original.slice(r.start, r.end)).toBe('模型，在２０２０');
  });

  it('matchingCodes is the same as normalizeForMatching, as code units', () => {
    const original = '　第一章 緒論：ＡＩ與「論文」查重, Deep Learning 2020。';
    const m = normalizeForMatching(original);
    const c = matchingCodes(original);
    expect(String.fromCharCode(...c.codes)).toBe(m.text);
    expect(Array.from(c.offsets)).toEqual(Array.from(m.offsets));
    expect(matchingCodes(original, false).codes).toEqual(c.codes);
  });

  it('normalizeText is normalize().text without the offsets', () => {
    const original = '　第一章 緒論：ＡＩ與「論文」查重,\u200b Deep Learning ⽹络 2020。\n';
    for (const options of [
      { fold: true, lowercase: true, whitespace: 'keep', punctuation: 'keep' },
      { whitespace: 'remove', punctuation: 'remove' },
      { whitespace: 'keep' },
    ] as const)
      expect(normalizeText(original, options)).toBe(normalize(original, options).text);
  });
});
