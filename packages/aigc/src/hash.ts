import { fmix32 } from '@paperdesk/textkit';

/** 32-bit multiplicative hashing of short code-unit sequences (n-grams), seeded per use. */
export function hashCodes(codes: ArrayLike<number>, start: number, length: number, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = start; i < start + length; i++) {
    h = Math.imul(h ^ codes[i]!, 0x01000193);
  }
  // final avalanche so that the low bits used as bucket indices are well mixed
  return fmix32(h);
}

/** A stable number in [0, 1) for a string id: the basis of the deterministic data splits. */
export function unitHash(id: string): number {
  const codes = new Array<number>(id.length);
  for (let i = 0; i < id.length; i++) codes[i] = id.charCodeAt(i);
  return hashCodes(codes, 0, codes.length, 0x5eed) / 4294967296;
}
