import { matchingCodes } from '@paperdesk/textkit';
import { describe, expect, it } from 'vitest';
import { fingerprint, kgramHashes, winnow } from '../src/index.ts';
import { randomText, rng } from './helpers.ts';

const codes = (s: string) => matchingCodes(s, false).codes;

describe('fingerprints', () => {
  it('k-gram hashes depend only on the k characters (rolling = direct)', () => {
    const c = codes('甲乙丙丁戊己庚辛壬癸子丑寅卯');
    const h = kgramHashes(c, 6);
    expect(h.length).toBe(c.length - 5);
    for (let i = 0; i < h.length; i++) expect(h[i]).toBe(kgramHashes(c.subarray(i, i + 6), 6)[0]);
    expect(kgramHashes(codes('甲乙'), 6).length).toBe(0);
  });

  it('winnowing keeps positions, has density near 2/(w+1), and selects the rightmost minimum', () => {
    const c = codes(randomText(rng(7), 20_000));
    const fp = fingerprint(c, { k: 6, w: 8 });
    const hashes = kgramHashes(c, 6);
    for (let i = 0; i < fp.hashes.length; i++) expect(hashes[fp.positions[i]!]).toBe(fp.hashes[i]);
    const density = fp.hashes.length / hashes.length;
    expect(density).toBeGreaterThan(0.18);
    expect(density).toBeLessThan(0.27);
    expect(Array.from(winnow(Uint32Array.of(5, 1, 3, 1, 4), 3).positions)).toEqual([1, 3]);
  });

  it('selects what a window-by-window rightmost-minimum search selects, with many ties', () => {
    const r = rng(3);
    for (const w of [1, 2, 4, 8, 12]) {
      // hashes from a small range, so equal minima are common
      const hashes = Uint32Array.from({ length: 2000 }, () => Math.floor(r() * 16));
      const expected: number[] = [];
      for (let end = w - 1; end < hashes.length; end++) {
        let m = end - w + 1;
        for (let j = m + 1; j <= end; j++) if (hashes[j]! <= hashes[m]!) m = j;
        if (expected[expected.length - 1] !== m) expected.push(m);
      }
      expect(Array.from(winnow(hashes, w).positions)).toEqual(expected);
    }
  });

  it('guarantees a shared fingerprint for every shared run of k + w - 1 = 13 characters', () => {
    const r = rng(99);
    for (let trial = 0; trial < 300; trial++) {
      const shared = randomText(r, 13)
        .replace(/[，。]/g, '')
        .slice(0, 13);
      const a = codes(randomText(r, 30) + shared + randomText(r, 30));
      const b = codes(randomText(r, 50) + shared + randomText(r, 10));
      const fa = new Set(fingerprint(a).hashes);
      const fb = fingerprint(b).hashes;
      expect(fb.some((h) => fa.has(h))).toBe(true);
    }
  });
});
