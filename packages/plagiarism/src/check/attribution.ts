import { mergePassages, type Passage } from '../align.ts';
import type { CheckContext, Codes } from './context.ts';

/** Merge passages of one source closer than this in the query (matching characters)... */
const MERGE_QUERY_GAP = 20;
/** ... whose source ranges are at most this far apart. */
const MERGE_SOURCE_GAP = 100;

/** A source's passages after attribution, with its matching codes. */
export interface SourcePassages {
  ordinal: number;
  passages: Passage[];
  s: Codes;
}

/**
 * Stage 5, attribution: each candidate's passages merged where close, stock phrases dropped; then, unless every
 * source is wanted, best passages first, a passage staying only if it covers enough text no better one does
 * (own papers and third-party documents separately, so both figures see their best source).
 */
export function attribute(ctx: CheckContext): SourcePassages[] {
  const sources: SourcePassages[] = [];
  for (const c of ctx.candidates) {
    const passages = mergePassages(c.passages, MERGE_QUERY_GAP, MERGE_SOURCE_GAP).filter(
      (p) => !stock(ctx, p),
    );
    if (passages.length > 0 && c.s) sources.push({ ordinal: c.ordinal, passages, s: c.s });
  }
  if (ctx.opts.allSources) return sources;
  const keep = new Set<Passage>();
  for (const own of [false, true]) {
    const all = sources
      .filter((e) => ctx.isOwn(e.ordinal) === own)
      .flatMap((e) => e.passages.map((p) => ({ p, e })));
    all.sort(
      (a, b) => b.p.matched - a.p.matched || b.p.qe - b.p.qs - (a.p.qe - a.p.qs) || a.e.ordinal - b.e.ordinal,
    );
    const coveredBy = new Uint8Array(ctx.q.codes.length);
    for (const { p } of all) {
      let fresh = 0;
      for (let i = p.qs; i < p.qe; i++) if (coveredBy[i] === 0) fresh += ctx.weights[i]!;
      if (fresh < ctx.opts.minMatchedChars) continue;
      keep.add(p);
      coveredBy.fill(1, p.qs, p.qe);
    }
  }
  for (const e of sources) e.passages = e.passages.filter((p) => keep.has(p));
  return sources;
}

/**
 * A short passage whose indexed k-grams mostly (at least half; winnowing picks different k-grams at the edges
 * in different documents) occur in commonPhraseDocs or more library documents.
 */
function stock(ctx: CheckContext, p: Passage): boolean {
  const { opts, hits } = ctx;
  if (opts.commonPhraseDocs <= 0 || ctx.weigh(p.qs, p.qe) >= opts.commonPhraseMaxChars) return false;
  let indexed = 0;
  let common = 0;
  for (let i = p.qs; i + ctx.index.k <= p.qe; i++) {
    const df = hits.df[i]!;
    if (df === 0) continue;
    indexed++;
    if (df >= opts.commonPhraseDocs) common++;
  }
  return indexed > 0 && common * 2 >= indexed;
}
