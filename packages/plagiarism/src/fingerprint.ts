/**
 * Character k-gram hashing and winnowing (Schleimer, Wilkerson & Aiken 2003).
 *
 * Hashes are 32-bit: a polynomial rolling hash over UTF-16 code units (mod 2^32), passed through the murmur3
 * finaliser so that the winnowing minimum is spread evenly. Winnowing keeps, in every window of w consecutive
 * k-gram hashes, the rightmost minimum; any run of at least k + w - 1 characters shared by two texts therefore
 * shares at least one selected fingerprint.
 */
import { fmix32 } from '@paperdesk/textkit';

export interface FingerprintParams {
  /** k-gram length in matching characters. */
  k: number;
  /** Winnowing window in k-grams. */
  w: number;
}

export const DEFAULT_PARAMS: FingerprintParams = { k: 6, w: 8 };

const BASE = 0x01000193;

// reworded.ts hashes its word ids with the same finaliser
export { fmix32 };

/**
 * The finaliser bound once: tsx (how the server and the bench run) compiles the package's re-export into a
 * getter, and reading it per k-gram was ~15 % of a 300 M-character build's CPU.
 */
const mix = fmix32;

/** The hash of every k-gram: out[i] covers codes[i .. i+k). Length max(0, n - k + 1). */
export function kgramHashes(codes: Uint16Array, k: number, out?: Uint32Array): Uint32Array {
  const n = codes.length - k + 1;
  if (n <= 0) return new Uint32Array(0);
  const hashes = out && out.length >= n ? out.subarray(0, n) : new Uint32Array(n);
  let pow = 1; // BASE^(k-1)
  for (let i = 1; i < k; i++) pow = Math.imul(pow, BASE);
  let h = 0;
  for (let i = 0; i < k; i++) h = (Math.imul(h, BASE) + codes[i]!) | 0;
  hashes[0] = mix(h);
  for (let i = 1; i < n; i++) {
    h = (Math.imul(h - Math.imul(codes[i - 1]!, pow), BASE) + codes[i + k - 1]!) | 0;
    hashes[i] = mix(h);
  }
  return hashes;
}

export interface Fingerprints {
  hashes: Uint32Array;
  /** Start of each selected k-gram in the matching text. */
  positions: Uint32Array;
}

/**
 * Winnow the first n k-gram hashes into outH/outP (each at least n long) and return how many were selected.
 * The window's minimum is kept and only searched again when it leaves the window (about every (w + 1) / 2
 * steps for random hashes): half the time of a monotone deque, which pays its bookkeeping on every k-gram.
 * A text shorter than one window keeps its single minimum.
 */
export function winnowInto(
  hashes: Uint32Array,
  n: number,
  w: number,
  outH: Uint32Array,
  outP: Uint32Array,
): number {
  if (n === 0) return 0;
  if (n < w) {
    let best = 0;
    for (let i = 1; i < n; i++) if (hashes[i]! <= hashes[best]!) best = i;
    outH[0] = hashes[best]!;
    outP[0] = best;
    return 1;
  }
  let count = 0;
  // the rightmost minimum of the current window and its hash
  let m = -1;
  let mh = 0;
  for (let end = w - 1; end < n; end++) {
    const start = end - w + 1;
    if (m < start) {
      m = start;
      mh = hashes[start]!;
      for (let j = start + 1; j <= end; j++) {
        const h = hashes[j]!;
        if (h <= mh) {
          m = j;
          mh = h;
        }
      }
      outH[count] = mh;
      outP[count++] = m;
    } else {
      const h = hashes[end]!;
      if (h <= mh) {
        m = end;
        mh = h;
        outH[count] = mh;
        outP[count++] = m;
      }
    }
  }
  return count;
}

/** Winnow k-gram hashes (expected density 2 / (w + 1)). */
export function winnow(hashes: Uint32Array, w: number): Fingerprints {
  const n = hashes.length;
  const outH = new Uint32Array(n);
  const outP = new Uint32Array(n);
  const count = winnowInto(hashes, n, w, outH, outP);
  return { hashes: outH.slice(0, count), positions: outP.slice(0, count) };
}

export function fingerprint(codes: Uint16Array, params: FingerprintParams = DEFAULT_PARAMS): Fingerprints {
  return winnow(kgramHashes(codes, params.k), params.w);
}
