/** 32-bit multiplicative hashing of short code-unit sequences (n-grams), seeded per use. */
export function hashCodes(codes: ArrayLike<number>, start: number, length: number, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = start; i < start + length; i++) {
    h = Math.imul(h ^ codes[i]!, 0x01000193);
  }
  // final avalanche so that the low bits used as bucket indices are well mixed
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable number in [0, 1) for a string id: the basis of the deterministic data splits. */
export function unitHash(id: string): number {
  const codes = new Array<number>(id.length);
  for (let i = 0; i < id.length; i++) codes[i] = id.charCodeAt(i);
  return hashCodes(codes, 0, codes.length, 0x5eed) / 4294967296;
}
