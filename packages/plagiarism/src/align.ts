/**
 * Alignment of one query against one candidate source, both as matching-code arrays (letters and digits only).
 *
 * Stage 1 (exact): every seed (a shared k-gram) is verified and extended left and right into a maximal exact
 * match; matches are chained into passages across small gaps (edits), keeping passages with enough exactly
 * matching characters.
 */
export interface Passage {
  /** Query range [qs, qe) and source range [ss, se) in matching coordinates. */
  qs: number;
  qe: number;
  ss: number;
  se: number;
  /** Characters inside the passage that match exactly (stage 1) or by sentence similarity (stage 2). */
  matched: number;
  method: 'exact' | 'paraphrase';
  /** 0..1: matched / query length for exact passages, sentence similarity for paraphrase passages. */
  similarity: number;
}

export interface ExactOptions {
  k: number;
  /** Largest gap (in matching characters, query or source side) bridged when chaining exact matches. */
  maxGap: number;
  /** A passage is kept when it has at least this many exactly matching characters (知网's classic 13). */
  minMatched: number;
  /** ... and at least this share of its query length matches exactly. */
  minDensity: number;
  /**
   * Weight of each query position for the minMatched test (default 1 each). The check gives a Chinese character 1
   * and a Latin letter or digit 1/3, so that 13 "characters" of English are about four words, not one.
   */
  weights?: Float32Array;
}

/**
 * The check's weight of each matching code for ExactOptions.weights: a Chinese character weighs 1, a Latin letter
 * or digit 1/3 (13 characters of English are about four words).
 */
export function matchWeights(codes: Uint16Array): Float32Array {
  const weights = new Float32Array(codes.length);
  for (let i = 0; i < weights.length; i++) weights[i] = codes[i]! >= 0x2e80 ? 1 : 1 / 3;
  return weights;
}

interface Mem {
  qs: number;
  qe: number;
  ss: number;
  se: number;
}

/** Extend seeds into maximal exact matches, skipping seeds that an earlier match on the same diagonal covers. */
export function maximalMatches(
  q: Uint16Array,
  s: Uint16Array,
  seedQ: ArrayLike<number>,
  seedS: ArrayLike<number>,
  k: number,
): Mem[] {
  const n = seedQ.length;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  // by diagonal, then query position
  const diag = new Float64Array(n);
  for (let i = 0; i < n; i++) diag[i] = (seedQ[i]! - seedS[i]!) * 4294967296 + seedQ[i]!;
  order.sort((a, b) => diag[a]! - diag[b]!);
  const mems: Mem[] = [];
  let lastDiag = Number.NaN;
  let lastEnd = -1;
  for (let oi = 0; oi < n; oi++) {
    const i = order[oi]!;
    const qp = seedQ[i]!;
    const sp = seedS[i]!;
    const d = qp - sp;
    if (d === lastDiag && qp < lastEnd) continue;
    // verify the k-gram (hash collisions)
    let ok = qp + k <= q.length && sp + k <= s.length;
    for (let t = 0; ok && t < k; t++) if (q[qp + t] !== s[sp + t]) ok = false;
    if (!ok) continue;
    let a = qp;
    let b = sp;
    while (a > 0 && b > 0 && q[a - 1] === s[b - 1]) {
      a--;
      b--;
    }
    let e = qp + k;
    let f = sp + k;
    while (e < q.length && f < s.length && q[e] === s[f]) {
      e++;
      f++;
    }
    mems.push({ qs: a, qe: e, ss: b, se: f });
    lastDiag = d;
    lastEnd = e;
  }
  return mems;
}

/** Chain maximal matches (sorted by query start) into passages across gaps of at most maxGap characters. */
export function chainMatches(mems: Mem[], opts: ExactOptions): Passage[] {
  const sorted = [...mems].sort((a, b) => a.qs - b.qs || b.qe - b.qs - (a.qe - a.qs));
  const weights = opts.weights;
  const weigh = (from: number, to: number) => {
    if (!weights) return to - from;
    let w = 0;
    for (let i = from; i < to; i++) w += weights[i]!;
    return w;
  };
  const open: Array<Passage & { weight: number }> = [];
  const done: Array<Passage & { weight: number }> = [];
  for (const m of sorted) {
    // close passages that can no longer be extended
    for (let i = open.length - 1; i >= 0; i--) {
      if (open[i]!.qe + opts.maxGap < m.qs) done.push(...open.splice(i, 1));
    }
    let best: (Passage & { weight: number }) | undefined;
    let bestCost = Number.POSITIVE_INFINITY;
    for (const p of open) {
      const gq = m.qs - p.qe;
      const gs = m.ss - p.se;
      // both texts must move forward (a repeated phrase in one of them must not stretch the other)
      if (gq > opts.maxGap || gs > opts.maxGap || gq < -3 || gs < -3) continue;
      if (m.qe <= p.qe || m.se <= p.se) continue;
      const cost = Math.abs(gq) + Math.abs(gs) + Math.abs(gq - gs);
      if (cost < bestCost) {
        bestCost = cost;
        best = p;
      }
    }
    if (best) {
      const added = Math.min(m.qe - Math.max(m.qs, best.qe), m.se - Math.max(m.ss, best.se));
      if (added > 0) {
        best.matched += added;
        best.weight += weigh(m.qe - added, m.qe);
      }
      best.qe = m.qe;
      best.se = m.se;
    } else {
      open.push({
        qs: m.qs,
        qe: m.qe,
        ss: m.ss,
        se: m.se,
        matched: m.qe - m.qs,
        weight: weigh(m.qs, m.qe),
        method: 'exact',
        similarity: 1,
      });
    }
  }
  done.push(...open);
  const kept: Passage[] = [];
  for (const { weight, ...p } of done) {
    if (weight >= opts.minMatched && p.matched >= (p.qe - p.qs) * opts.minDensity) {
      p.similarity = Math.min(1, p.matched / Math.max(1, p.qe - p.qs));
      kept.push(p);
    }
  }
  return resolveOverlaps(kept);
}

/** Of passages that overlap in the query by more than half of the shorter one, keep the better one. */
export function resolveOverlaps(passages: Passage[]): Passage[] {
  const byQuality = [...passages].sort((a, b) => b.matched - a.matched || a.qs - b.qs);
  const kept: Passage[] = [];
  for (const p of byQuality) {
    const clash = kept.some((o) => {
      const ov = Math.min(o.qe, p.qe) - Math.max(o.qs, p.qs);
      return ov > 0 && ov > 0.5 * Math.min(o.qe - o.qs, p.qe - p.qs);
    });
    if (!clash) kept.push(p);
  }
  return kept.sort((a, b) => a.qs - b.qs);
}

export function exactPassages(
  q: Uint16Array,
  s: Uint16Array,
  seedQ: ArrayLike<number>,
  seedS: ArrayLike<number>,
  opts: ExactOptions,
): Passage[] {
  return chainMatches(maximalMatches(q, s, seedQ, seedS, opts.k), opts);
}

/**
 * Merge passages of one source that are close in the query (gap <= maxQueryGap) and whose source ranges are
 * near each other (overlapping or within maxSourceGap), in any order: reordered sentences of one copied passage
 * become one detection.
 */
export function mergePassages(passages: Passage[], maxQueryGap: number, maxSourceGap: number): Passage[] {
  const sorted = [...passages].sort((a, b) => a.qs - b.qs);
  const out: Passage[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (last) {
      const gq = p.qs - last.qe;
      const sourceDistance = Math.max(0, Math.max(p.ss, last.ss) - Math.min(p.se, last.se));
      if (gq <= maxQueryGap && sourceDistance <= maxSourceGap) {
        const overlap = Math.max(0, last.qe - p.qs);
        last.matched += Math.max(0, p.matched - overlap);
        last.qe = Math.max(last.qe, p.qe);
        last.ss = Math.min(last.ss, p.ss);
        last.se = Math.max(last.se, p.se);
        if (p.method !== last.method) last.method = 'paraphrase';
        last.similarity = Math.min(1, last.matched / Math.max(1, last.qe - last.qs));
        continue;
      }
    }
    out.push({ ...p });
  }
  return out;
}
