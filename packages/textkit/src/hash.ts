/** Small integer mixing shared by the engines: hashes of k-grams and n-grams, and replayable random draws. */

/** The murmur3 32-bit finaliser: spreads every input bit over the whole word (low bits serve as bucket indices). */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Deterministic pseudo-random numbers in [0, 1). */
export type Random = () => number;

/** mulberry32: the same seed gives the same sequence (a rewrite, a data split or a failing fuzz case replays). */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
