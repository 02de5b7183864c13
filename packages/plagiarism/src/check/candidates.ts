import { GrowableU32 } from '../library.ts';
import type { CheckContext } from './context.ts';

/** Candidate ranking: a shared k-gram in at most this many documents counts fully (see rarity). */
const RARE_DOCS = 20;

/**
 * Each shared query position scores 1, or RARE_DOCS / df when its k-gram is in df > RARE_DOCS documents: a
 * source shares rare k-grams, while the many documents sharing a large library's common phrases each get a small
 * share of them (ranked by plain counts, those crowded true sources out of the budget as the library grew). Below
 * RARE_DOCS the ranking stays by counts: by 1 / df, documents sharing a coincidental rare 13-character string
 * with an unrelated paper came first and false positives rose.
 */
const rarity = (df: number) => (df <= RARE_DOCS ? 1 : RARE_DOCS / df);

/** Per library document hit: shared query positions and score, in arrays over the ordinals, and which were hit. */
interface DocumentScores {
  sharedCount: Uint32Array;
  score: Float64Array;
  hitDocs: number[];
}

/**
 * Stage 1, candidates: the library documents sharing k-grams with the most query positions (only those the
 * check may use), a pool of the best-scoring ones, then a greedy pick that skips documents whose shared k-grams
 * all lie where better candidates already match (near-duplicates of a source would otherwise crowd out other
 * sources). Adds them to the context with their seeds.
 */
export function chooseCandidates(ctx: CheckContext): void {
  const { opts, q } = ctx;
  const scores = scoreDocuments(ctx);
  const maxCandidates = opts.maxCandidates ?? Math.max(100, Math.ceil(q.codes.length / 150));
  const poolSize = opts.allSources ? maxCandidates : maxCandidates * 4;
  const pool: number[] = [];
  for (const d of scores.hitDocs
    .filter((d) => scores.sharedCount[d]! >= opts.minCandidateSeeds)
    .sort((x, y) => scores.score[y]! - scores.score[x]! || x - y)) {
    if (pool.length >= poolSize) break;
    pool.push(d);
  }
  const { poolQ, poolS } = poolSeeds(ctx, pool, scores);
  // own papers and third-party documents are picked apart: an own paper must not push a third-party source of
  // the same text out (去除本人文献复制比 would then miss it)
  const seenThirdParty = new Uint8Array(q.codes.length);
  const seenOwn = new Uint8Array(q.codes.length);
  for (let r = 0; r < pool.length && ctx.candidates.length < maxCandidates; r++) {
    const qs = poolQ[r]!.view();
    if (!opts.allSources) {
      const seen = ctx.isOwn(pool[r]!) ? seenOwn : seenThirdParty;
      let fresh = 0;
      let last = -1;
      for (const qp of qs) {
        if (qp !== last && seen[qp] === 0) fresh++;
        last = qp;
      }
      if (fresh < opts.minCandidateSeeds) continue;
      // a winnowing window around each shared k-gram counts as taken
      for (const qp of qs) seen.fill(1, qp, Math.min(seen.length, qp + ctx.index.k + ctx.index.w));
    }
    ctx.candidate(pool[r]!, qs, poolS[r]!.view());
  }
}

/**
 * Shared query positions and score per usable document, in arrays over the documents hit (a 1 B library's
 * check meets millions of hits: a Map entry per document and a look-up per hit cost ~0.5 s).
 */
function scoreDocuments(ctx: CheckContext): DocumentScores {
  const hits = ctx.hits;
  let docLimit = 0;
  for (let i = 0; i < hits.count; i++) docLimit = Math.max(docLimit, hits.doc[i]! + 1);
  const sharedCount = new Uint32Array(docLimit);
  const score = new Float64Array(docLimit);
  const lastQ = new Int32Array(docLimit);
  const hitDocs: number[] = [];
  for (let i = 0; i < hits.count; i++) {
    const d = hits.doc[i]!;
    if (!ctx.usable(d)) continue;
    const qp = hits.qpos[i]!;
    if (sharedCount[d] === 0) {
      hitDocs.push(d);
      sharedCount[d] = 1;
      score[d] = rarity(hits.df[qp]!);
      lastQ[d] = qp;
    } else if (lastQ[d] !== qp) {
      sharedCount[d]!++;
      score[d]! += rarity(hits.df[qp]!);
      lastQ[d] = qp;
    }
  }
  return { sharedCount, score, hitDocs };
}

/** The seeds (query and source positions) of each pool document, in pool order. */
function poolSeeds(
  ctx: CheckContext,
  pool: number[],
  scores: DocumentScores,
): { poolQ: GrowableU32[]; poolS: GrowableU32[] } {
  const hits = ctx.hits;
  // pool rank + 1 by document (the shared counts are no longer needed)
  const poolRank = scores.sharedCount;
  for (const d of scores.hitDocs) poolRank[d] = 0;
  pool.forEach((d, i) => {
    poolRank[d] = i + 1;
  });
  const poolQ = pool.map(() => new GrowableU32(64));
  const poolS = pool.map(() => new GrowableU32(64));
  for (let i = 0; i < hits.count; i++) {
    const r = poolRank[hits.doc[i]!]!;
    if (r === 0) continue;
    poolQ[r - 1]!.push(hits.qpos[i]!);
    poolS[r - 1]!.push(hits.spos[i]!);
  }
  return { poolQ, poolS };
}
