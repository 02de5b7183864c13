import {
  documentText,
  findCharacterTricks,
  findQuotedCitations,
  findReferences,
  isInvisibleCode,
  isSpaceCode,
  matchingCodes,
  type ParsedDocument,
  type ReferenceEntry,
  textToDocument,
} from '@paperdesk/textkit';
import { exactPassages, matchWeights, mergePassages, type Passage } from './align.ts';
import { kgramHashes } from './fingerprint.ts';
import { GrowableU32, type PlagiarismIndex } from './library.ts';
import { lowerBound, matchingSentences, paraphrasePassages } from './paraphrase.ts';
import { citedSources, isOwnDocument } from './provenance.ts';
import { usableDocuments } from './visibility.ts';
import {
  REWORDED_DEFAULTS,
  type RewordedOptions,
  rewordedPairs,
  rewordedPassages,
  wordIndexOf,
} from './reworded.ts';
import type {
  FlaggedSpan,
  Match,
  ParagraphMetric,
  ParagraphSpan,
  PartMetric,
  Report,
  SimilarDocument,
  SourceRef,
  SpanKind,
} from './report.ts';

export interface CheckOptions {
  /** The author's key: library documents with the same ownerKey are 本人文献 (去除本人文献复制比). */
  ownerKey?: string;
  /**
   * Author names the user declared at submit: library documents one of whose authors has one of these names are
   * 本人文献 too (as 知网 matches by author name).
   */
  ownAuthors?: string[];
  /** Library documents to ignore entirely (e.g. an earlier upload of this very paper). */
  excludeDocIds?: string[];
  /** Leave the recognised reference list out of the check. Default true. */
  excludeReferences?: boolean;
  /**
   * Candidates aligned, best first by shared k-grams, those in more than 20 documents weighing less (near-duplicates skipped). Default: one per 150
   * matching characters of the query, at least 100.
   */
  maxCandidates?: number;
  /** A candidate needs at least this many query positions with a shared k-gram. Default 2. */
  minCandidateSeeds?: number;
  /** Run the paraphrase-tolerant sentence stage. Default true. */
  paraphrase?: boolean;
  /**
   * With the paraphrase stage: also look for reworded copying that shares no 6-gram with its source, sentence
   * by sentence over content words (jieba's dictionary; reworded.ts). Default true.
   */
  reworded?: boolean;
  /** Thresholds of the reworded stage (defaults REWORDED_DEFAULTS, chosen with `npm run bench:check -- --fool`). */
  rewordedOptions?: Partial<RewordedOptions>;
  /** ... on this many of the best candidates. Default: all of them. */
  paraphraseCandidates?: number;
  /** Exact stage: a passage needs this many exactly matching characters. Default 13. */
  minMatchedChars?: number;
  /** Exact stage: largest gap bridged between exact matches (matching characters). Default 12. */
  maxGap?: number;
  /** Exact stage: minimal share of exactly matching characters in a passage. Default 0.5. */
  minDensity?: number;
  /** Sentence stage: minimal Dice similarity of character bigrams. Default 0.5. */
  minSentenceSimilarity?: number;
  /** Sentence stage: shortest sentence compared (matching characters). Default 10. */
  minSentenceChars?: number;
  /** A hash with more postings than this is skipped as boilerplate. Default: the index's maxDocFrequency. */
  maxPostings?: number;
  /**
   * Report every source of a passage. Default false: passages are taken best first (most matching characters)
   * and one is kept only if it covers at least minMatchedChars characters that no better passage covers, so a
   * stretch of text is attributed to its best source rather than to every document sharing a stock phrase.
   */
  allSources?: boolean;
  /**
   * Stock phrases: a passage shorter than `commonPhraseMaxChars` whose indexed k-grams mostly occur in at least
   * `commonPhraseDocs` library documents is not reported (e.g. 差异有统计学意义（P<0.05）). Set commonPhraseDocs
   * to 0 to report every match of minMatchedChars. Defaults 3 and 40, chosen with `npm run bench:check -- --tune`:
   * against 3/25 they lift verbatim plagdet 0.945 → 0.960 and light edits 0.931 → 0.942 at the same recall.
   */
  commonPhraseDocs?: number;
  commonPhraseMaxChars?: number;
}

const DEFAULTS = {
  excludeReferences: true,
  minCandidateSeeds: 2,
  paraphrase: true,
  reworded: true,
  paraphraseCandidates: Number.POSITIVE_INFINITY,
  minMatchedChars: 13,
  maxGap: 12,
  minDensity: 0.5,
  minSentenceSimilarity: 0.5,
  minSentenceChars: 10,
  allSources: false,
  commonPhraseDocs: 3,
  commonPhraseMaxChars: 40,
};

/** The sentence stage looks this many sentences around a sentence with a shared k-gram. */
const SENTENCE_REACH = 2;
/** Merge passages of one source closer than this in the query (matching characters)... */
const MERGE_QUERY_GAP = 20;
/** ... whose source ranges are at most this far apart. */
const MERGE_SOURCE_GAP = 100;

interface Interval {
  start: number;
  end: number;
}

/** Union of intervals, sorted and merged. */
function union(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ start: i.start, end: i.end });
  }
  return out;
}

/** [start, end) minus the sorted disjoint `holes`: the pieces outside and the pieces inside. */
function splitBy(start: number, end: number, holes: Interval[]): { outside: Interval[]; inside: Interval[] } {
  const outside: Interval[] = [];
  const inside: Interval[] = [];
  let at = start;
  for (const h of holes) {
    if (h.end <= at) continue;
    if (h.start >= end) break;
    if (h.start > at) outside.push({ start: at, end: h.start });
    const s = Math.max(at, h.start);
    const e = Math.min(end, h.end);
    if (e > s) inside.push({ start: s, end: e });
    at = e;
  }
  if (at < end) outside.push({ start: at, end });
  return { outside, inside };
}

/** Prefix counts of non-whitespace characters (surrogate pairs count once). */
function charPrefix(text: string): Uint32Array {
  const p = new Uint32Array(text.length + 1);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const low =
      c >= 0xdc00 &&
      c <= 0xdfff &&
      i > 0 &&
      text.charCodeAt(i - 1) >= 0xd800 &&
      text.charCodeAt(i - 1) <= 0xdbff;
    // invisible characters count nothing: padding a paper with them must not lower its 复制比
    p[i + 1] = p[i]! + (isSpaceCode(c) || low || isInvisibleCode(c) ? 0 : 1);
  }
  return p;
}

/** The stages of a check, in the order they run. */
/** Candidate ranking: a shared k-gram in at most this many documents counts fully (see checkStages). */
const RARE_DOCS = 20;

export type CheckStage = 'candidates' | 'exact' | 'paraphrase' | 'reworded' | 'attribution' | 'metrics';

export interface CheckProgress {
  stage: CheckStage;
  /** Share of the whole check done, 0..1, never decreasing. */
  fraction: number;
}

export interface CheckControl {
  /** Called when a stage starts and after every candidate of the alignment stages. */
  onProgress?: (progress: CheckProgress) => void;
  /** Looked at between steps: once aborted, the check stops with the signal's reason. */
  signal?: AbortSignal;
}

/** Where each stage starts on the progress scale: alignment (exact, then paraphrase) takes most of the time. */
const STAGE_AT = {
  candidates: 0,
  exact: 0.05,
  paraphrase: 0.3,
  reworded: 0.8,
  attribution: 0.9,
  metrics: 0.95,
} as const;

/**
 * Check a document against the library: candidates by shared fingerprints, exact alignment, a paraphrase stage on
 * the best candidates, attribution of each stretch of text to its best source, then 知网-style figures. Pure and
 * synchronous; see checkStages for a check that can be driven step by step (progress, cancellation, threads).
 */
export function checkDocument(
  doc: ParsedDocument,
  index: PlagiarismIndex,
  options: CheckOptions & CheckControl = {},
): Report {
  const { onProgress, signal, ...checkOptions } = options;
  const steps = checkStages(doc, index, checkOptions);
  for (;;) {
    signal?.throwIfAborted();
    const step = steps.next();
    if (step.done) return step.value;
    onProgress?.(step.value);
  }
}

/**
 * The check as a generator: it yields its progress between steps (each a few milliseconds at most on a large
 * library) and returns the Report. The caller decides what happens in between: report progress, stop early
 * (`return()`), or look at a cancellation flag shared with another thread.
 */
export function* checkStages(
  doc: ParsedDocument,
  index: PlagiarismIndex,
  options: CheckOptions = {},
): Generator<CheckProgress, Report, undefined> {
  const t0 = performance.now();
  // the stock-phrase cut grows with the library (see PlagiarismIndex.stockPhraseDocs)
  const opts = { ...DEFAULTS, commonPhraseDocs: index.stockPhraseDocs, ...options };
  const dt = documentText(doc);
  const text = dt.text;
  yield { stage: 'candidates', fraction: STAGE_AT.candidates };

  // 1. what is checked: everything but the reference list (blanked with spaces so offsets stay the same)
  let checked = text;
  let refRange: Interval | undefined;
  let references: Report['references'];
  let referenceEntries: ReferenceEntry[] = [];
  if (opts.excludeReferences) {
    const refs = findReferences(text);
    if (refs && refs.entries.length > 0) {
      referenceEntries = refs.entries;
      refRange = { start: refs.headingStart ?? refs.start, end: refs.end };
      checked =
        text.slice(0, refRange.start) + ' '.repeat(refRange.end - refRange.start) + text.slice(refRange.end);
      references = { start: refRange.start, end: refRange.end, entries: refs.entries.length };
    }
  }
  const q = matchingCodes(checked);
  const hashes = kgramHashes(q.codes, index.k);
  const weights = matchWeights(q.codes);
  const weigh = (from: number, to: number) => {
    let w = 0;
    for (let i = from; i < to; i++) w += weights[i]!;
    return w;
  };

  // 2. candidates: library documents sharing k-grams with the most query positions
  const hits = index.seeds(hashes, opts.maxPostings ?? index.maxDocFrequency);
  const ownOf = isOwnDocument({ ownerKey: opts.ownerKey, ownAuthors: opts.ownAuthors });
  const ownOrdinals = new Map<number, boolean>();
  const isOwn = (ordinal: number) => {
    let own = ownOrdinals.get(ordinal);
    if (own === undefined) {
      own = ownOf(index.ordinalMeta(ordinal));
      ownOrdinals.set(ordinal, own);
    }
    return own;
  };
  // the one rule every stage takes its documents through: private (自建库) documents only for their owner
  const usable = usableDocuments(index, opts);
  // each shared query position scores 1, or RARE_DOCS / df when its k-gram is in df > RARE_DOCS documents: a
  // source shares rare k-grams, while the many documents sharing a large library's common phrases each get a
  // small share of them (ranked by plain counts, those crowded true sources out of the budget as the library
  // grew). Below RARE_DOCS the ranking stays by counts: by 1 / df, documents sharing a coincidental rare
  // 13-character string with an unrelated paper came first and false positives rose.
  const rarity = (df: number) => (df <= RARE_DOCS ? 1 : RARE_DOCS / df);
  // per document: shared query positions, score and the last position counted, in arrays over the documents hit
  // (a 1 B library's check meets millions of hits: a Map entry per document and a look-up per hit cost ~0.5 s)
  let docLimit = 0;
  for (let i = 0; i < hits.count; i++) docLimit = Math.max(docLimit, hits.doc[i]! + 1);
  const sharedCount = new Uint32Array(docLimit);
  const score = new Float64Array(docLimit);
  const lastQ = new Int32Array(docLimit);
  const hitDocs: number[] = [];
  for (let i = 0; i < hits.count; i++) {
    const d = hits.doc[i]!;
    if (!usable(d)) continue;
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
  const maxCandidates = opts.maxCandidates ?? Math.max(100, Math.ceil(q.codes.length / 150));
  // a pool of the best-scoring documents, then a greedy pick that skips documents whose shared k-grams all lie
  // where better candidates already match (near-duplicates of a source would otherwise crowd out other sources)
  const poolSize = opts.allSources ? maxCandidates : maxCandidates * 4;
  const pool: number[] = [];
  for (const d of hitDocs
    .filter((d) => sharedCount[d]! >= opts.minCandidateSeeds)
    .sort((x, y) => score[y]! - score[x]! || x - y)) {
    if (pool.length >= poolSize) break;
    pool.push(d);
  }
  // pool rank + 1 by document (the shared counts are no longer needed)
  const poolRank = sharedCount;
  for (const d of hitDocs) poolRank[d] = 0;
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
  const candidates: number[] = [];
  const seedQ: GrowableU32[] = [];
  const seedS: GrowableU32[] = [];
  // own papers and third-party documents are picked apart: an own paper must not push a third-party source of
  // the same text out (去除本人文献复制比 would then miss it)
  const seenThirdParty = new Uint8Array(q.codes.length);
  const seenOwn = new Uint8Array(q.codes.length);
  for (let r = 0; r < pool.length && candidates.length < maxCandidates; r++) {
    const qs = poolQ[r]!.view();
    if (!opts.allSources) {
      const seen = isOwn(pool[r]!) ? seenOwn : seenThirdParty;
      let fresh = 0;
      let last = -1;
      for (const qp of qs) {
        if (qp !== last && seen[qp] === 0) fresh++;
        last = qp;
      }
      if (fresh < opts.minCandidateSeeds) continue;
      // a winnowing window around each shared k-gram counts as taken
      for (const qp of qs) seen.fill(1, qp, Math.min(seen.length, qp + index.k + index.w));
    }
    candidates.push(pool[r]!);
    seedQ.push(poolQ[r]!);
    seedS.push(poolS[r]!);
  }

  /**
   * A short passage whose indexed k-grams mostly (at least half; winnowing picks different k-grams at the edges
   * in different documents) occur in commonPhraseDocs or more library documents.
   */
  const stock = (p: Passage): boolean => {
    if (opts.commonPhraseDocs <= 0 || weigh(p.qs, p.qe) >= opts.commonPhraseMaxChars) return false;
    let indexed = 0;
    let common = 0;
    for (let i = p.qs; i + index.k <= p.qe; i++) {
      const df = hits.df[i]!;
      if (df === 0) continue;
      indexed++;
      if (df >= opts.commonPhraseDocs) common++;
    }
    return indexed > 0 && common * 2 >= indexed;
  };

  // 3. exact alignment per candidate (the source's matching codes are kept only where something matched)
  type Codes = ReturnType<typeof matchingCodes>;
  const aligned: Array<{ exact: Passage[]; passages: Passage[]; s: Codes | undefined }> = [];
  const exactEnd = opts.paraphrase ? STAGE_AT.paraphrase : STAGE_AT.attribution;
  for (let r = 0; r < candidates.length; r++) {
    yield { stage: 'exact', fraction: lerp(STAGE_AT.exact, exactEnd, r / candidates.length) };
    const s = matchingCodes(index.ordinalText(candidates[r]!));
    const exact = exactPassages(q.codes, s.codes, seedQ[r]!.view(), seedS[r]!.view(), {
      k: index.k,
      maxGap: opts.maxGap,
      minMatched: opts.minMatchedChars,
      minDensity: opts.minDensity,
      weights,
    });
    aligned.push({ exact, passages: exact, s: exact.length > 0 ? s : undefined });
  }

  // 3a. paraphrase stage: similar sentences near each candidate's shared k-grams (PAN-style seeding)
  const paraphrased = opts.paraphrase ? Math.min(candidates.length, opts.paraphraseCandidates) : 0;
  if (paraphrased > 0) {
    const querySentences = matchingSentences(checked, q.codes, q.offsets);
    const sentenceOf = new Int32Array(q.codes.length).fill(-1);
    querySentences.forEach((x, i) => {
      sentenceOf.fill(i, x.start, x.end);
    });
    for (let r = 0; r < paraphrased; r++) {
      yield {
        stage: 'paraphrase',
        fraction: lerp(STAGE_AT.paraphrase, STAGE_AT.reworded, r / paraphrased),
      };
      const near = new Uint8Array(querySentences.length);
      for (const qp of seedQ[r]!.view()) {
        const si = sentenceOf[qp]!;
        if (si < 0) continue;
        for (
          let d = Math.max(0, si - SENTENCE_REACH);
          d <= Math.min(near.length - 1, si + SENTENCE_REACH);
          d++
        )
          near[d] = 1;
      }
      const a = aligned[r]!;
      const sourceText = index.ordinalText(candidates[r]!);
      const s = a.s ?? matchingCodes(sourceText);
      const sourceSentences = matchingSentences(sourceText, s.codes, s.offsets);
      const para = paraphrasePassages(q.codes, querySentences, s.codes, sourceSentences, {
        minSimilarity: opts.minSentenceSimilarity,
        minSentenceChars: opts.minSentenceChars,
        maxSentenceGap: 3,
        minSharedBigrams: 8,
        only: near,
      });
      const added = para.filter((p) => !covered(p, a.exact) && weigh(p.qs, p.qe) >= opts.minMatchedChars);
      if (added.length > 0) {
        a.passages = [...a.exact, ...added];
        a.s = s;
      }
    }
  }

  // 3c. reworded copying: sentences no passage explains yet meet library sentences sharing their content words
  // (no shared 6-gram needed), see reworded.ts
  let rewordedCoverage: number | undefined;
  if (opts.paraphrase && opts.reworded) {
    yield { stage: 'reworded', fraction: STAGE_AT.reworded };
    const explained = new Uint8Array(q.codes.length + 1);
    for (const a of aligned) for (const p of a.passages) explained.fill(1, p.qs, p.qe);
    const body = q.offsets.subarray(0, q.codes.length);
    const toMatching = (start: number, end: number): [number, number] => [
      lowerBound(body, start),
      lowerBound(body, end),
    ];
    const skip = (start: number, end: number) => {
      const [a, b] = toMatching(start, end);
      let n = 0;
      for (let i = a; i < b; i++) n += explained[i]!;
      return n * 2 >= b - a;
    };
    const sourceCodes = new Map<number, Codes>();
    const codesOf = (ordinal: number) => {
      let c = sourceCodes.get(ordinal);
      if (!c) {
        c = matchingCodes(index.ordinalText(ordinal));
        sourceCodes.set(ordinal, c);
      }
      return c;
    };
    const rewordedOptions = { ...REWORDED_DEFAULTS, ...opts.rewordedOptions };
    rewordedCoverage = wordIndexOf(index).coverage;
    const pairs = rewordedPairs(checked, index, skip, usable, rewordedOptions);
    const found = rewordedPassages(
      pairs,
      index,
      toMatching,
      (ordinal, start, end) => {
        const o = codesOf(ordinal).offsets;
        const b = o.subarray(0, o.length - 1);
        return [lowerBound(b, start), lowerBound(b, end)];
      },
      rewordedOptions,
    );
    for (const [ordinal, passages] of found) {
      let r = candidates.indexOf(ordinal);
      if (r < 0) {
        r = candidates.length;
        candidates.push(ordinal);
        aligned.push({ exact: [], passages: [], s: undefined });
      }
      const a = aligned[r]!;
      const added = passages.filter(
        (p) => !covered(p, a.passages) && weigh(p.qs, p.qe) >= opts.minMatchedChars,
      );
      if (added.length > 0) {
        a.passages = [...a.passages, ...added];
        a.s ??= codesOf(ordinal);
      }
    }
  }

  yield { stage: 'attribution', fraction: STAGE_AT.attribution };
  const passagesBySource: Array<{ ordinal: number; passages: Passage[]; s: Codes }> = [];
  aligned.forEach((a, r) => {
    const passages = mergePassages(a.passages, MERGE_QUERY_GAP, MERGE_SOURCE_GAP).filter((p) => !stock(p));
    if (passages.length > 0 && a.s) passagesBySource.push({ ordinal: candidates[r]!, passages, s: a.s });
  });

  // 3b. source selection: best passages first; a passage stays only if it covers enough text no better one does
  // (own papers and third-party documents separately, so both figures see their best source)
  if (!opts.allSources) {
    const keep = new Set<Passage>();
    for (const own of [false, true]) {
      const all = passagesBySource
        .filter((e) => isOwn(e.ordinal) === own)
        .flatMap((e) => e.passages.map((p) => ({ p, e })));
      all.sort(
        (a, b) =>
          b.p.matched - a.p.matched || b.p.qe - b.p.qs - (a.p.qe - a.p.qs) || a.e.ordinal - b.e.ordinal,
      );
      const coveredBy = new Uint8Array(q.codes.length);
      for (const { p } of all) {
        let fresh = 0;
        for (let i = p.qs; i < p.qe; i++) if (coveredBy[i] === 0) fresh += weights[i]!;
        if (fresh < opts.minMatchedChars) continue;
        keep.add(p);
        coveredBy.fill(1, p.qs, p.qe);
      }
    }
    for (const e of passagesBySource) e.passages = e.passages.filter((p) => keep.has(p));
  }

  // 4. matches in original coordinates, split at quoted-and-cited spans; a source the reference list names is cited
  // as a whole (知网's 引用: its matches count as quoted)
  const matches: Match[] = [];
  const isCited = citedSources(referenceEntries);
  const quotes = union(findQuotedCitations(text).map((c) => ({ start: c.start, end: c.end })));
  const prefix = charPrefix(text);
  const chars = (i: Interval) => prefix[i.end]! - prefix[i.start]!;
  for (const { ordinal, passages, s } of passagesBySource) {
    const meta = index.ordinalMeta(ordinal);
    const sourceText = index.ordinalText(ordinal);
    const ref: SourceRef = { docId: meta.id, title: meta.title, own: isOwn(ordinal) };
    const cited = isCited(meta);
    if (cited) ref.cited = true;
    if (meta.author !== undefined) ref.author = meta.author;
    if (meta.source !== undefined) ref.source = meta.source;
    if (meta.year !== undefined) ref.year = meta.year;
    for (const p of passages) {
      const start = q.offsets[p.qs]!;
      let end = q.offsets[p.qe - 1]! + 1;
      const sourceStart = s.offsets[p.ss]!;
      let sourceEnd = s.offsets[p.se - 1]! + 1;
      // take the closing punctuation along when both sides have it (…方法。 / …方法.)
      while (
        end < q.offsets[p.qe]! &&
        sourceEnd < s.offsets[p.se]! &&
        samePunctuation(checked.charCodeAt(end), sourceText.charCodeAt(sourceEnd))
      ) {
        end++;
        sourceEnd++;
      }
      const parts = cited ? { outside: [], inside: [{ start, end }] } : splitBy(start, end, quotes);
      const pieces: Array<[SpanKind, Interval]> = [
        ...parts.outside.map((i): [SpanKind, Interval] => ['copy', i]),
        ...parts.inside.map((i): [SpanKind, Interval] => ['quoted', i]),
      ];
      for (const [kind, piece] of pieces) {
        const n = chars(piece);
        if (n === 0) continue;
        matches.push({
          ...ref,
          id: matches.length,
          kind,
          start: piece.start,
          end: piece.end,
          text: text.slice(piece.start, piece.end),
          chars: n,
          sourceStart,
          sourceEnd,
          sourceText: sourceText.slice(sourceStart, sourceEnd),
          method: p.method,
          similarity: Math.round(p.similarity * 1000) / 1000,
        });
      }
    }
  }
  matches.sort((a, b) => a.start - b.start || a.end - b.end);
  matches.forEach((m, i) => {
    m.id = i;
  });

  // 5. figures
  yield { stage: 'metrics', fraction: STAGE_AT.metrics };
  const total = refRange
    ? prefix[text.length]! - (prefix[refRange.end]! - prefix[refRange.start]!)
    : prefix[text.length]!;
  const sumChars = (list: Interval[]) => union(list).reduce((a, i) => a + chars(i), 0);
  const ratio = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 10000) / 10000 : 0);
  const copyUnion = union(matches.filter((m) => m.kind === 'copy'));
  // text that is both copied (from one source) and cited (from another) counts as copied
  const quotedUnion = union(matches.filter((m) => m.kind === 'quoted')).flatMap(
    (i) => splitBy(i.start, i.end, copyUnion).outside,
  );
  const allUnion = union(matches);
  const overlapChars = sumChars(allUnion);
  const quotedChars = sumChars(quotedUnion);

  const bySource = new Map<string, Match[]>();
  for (const m of matches) {
    const list = bySource.get(m.docId);
    if (list) list.push(m);
    else bySource.set(m.docId, [m]);
  }
  const similarDocuments: SimilarDocument[] = [...bySource.values()]
    .map((list) => {
      const m = list[0]!;
      const n = sumChars(list);
      const d: SimilarDocument = {
        docId: m.docId,
        title: m.title,
        own: m.own,
        chars: n,
        ratio: ratio(n, total),
        matches: list.length,
      };
      if (m.author !== undefined) d.author = m.author;
      if (m.source !== undefined) d.source = m.source;
      if (m.year !== undefined) d.year = m.year;
      if (m.cited) d.cited = true;
      return d;
    })
    .sort((a, b) => b.chars - a.chars || a.docId.localeCompare(b.docId));
  const sourceIndex = new Map(similarDocuments.map((d, i) => [d.docId, i]));

  const spans: FlaggedSpan[] = [];
  for (const [kind, list] of [
    ['copy', copyUnion],
    ['quoted', quotedUnion],
  ] as Array<[SpanKind, Interval[]]>) {
    for (const i of list) {
      spans.push({
        kind,
        start: i.start,
        end: i.end,
        text: text.slice(i.start, i.end),
        chars: chars(i),
        matchIds: matches
          .filter((m) => m.kind === kind && m.start < i.end && m.end > i.start)
          .map((m) => m.id),
      });
    }
  }
  spans.sort((a, b) => a.start - b.start);

  const part = (title: string, start: number, end: number): PartMetric => {
    let totalChars = chars({ start, end });
    if (refRange) {
      const s = Math.max(start, refRange.start);
      const e = Math.min(end, refRange.end);
      if (e > s) totalChars -= chars({ start: s, end: e });
    }
    const clip = (list: Interval[]) =>
      list
        .map((i) => ({ start: Math.max(i.start, start), end: Math.min(i.end, end) }))
        .filter((i) => i.end > i.start);
    const overlap = sumChars(clip(allUnion));
    const copy = sumChars(clip(copyUnion));
    return {
      title,
      start,
      end,
      totalChars,
      overlapChars: overlap,
      quotedChars: sumChars(clip(quotedUnion)),
      ratio: ratio(overlap, totalChars),
      ratioExcludingQuotes: ratio(copy, totalChars),
    };
  };

  // sections: split at the top heading level in use (level >= 1); text before the first one is its own part
  const levels = dt.blocks
    .filter((b) => b.kind === 'heading' && (b.level ?? 1) >= 1)
    .map((b) => b.level ?? 1);
  const top = levels.length > 0 ? Math.min(...levels) : undefined;
  const sections: PartMetric[] = [];
  let secStart = 0;
  let secTitle = doc.title ?? '正文';
  for (const b of dt.blocks) {
    if (top !== undefined && b.kind === 'heading' && (b.level ?? 1) === top) {
      if (b.start > secStart) sections.push(part(secTitle, secStart, Math.max(secStart, b.start - 1)));
      secStart = b.start;
      secTitle = b.text;
    }
  }
  if (text.length > secStart || sections.length === 0) sections.push(part(secTitle, secStart, text.length));

  // every block with its figures and its flagged pieces (offsets inside the block), named by the match that
  // covers most of each piece
  const matchById = new Map(matches.map((m) => [m.id, m]));
  let section = 0;
  let firstSpan = 0;
  const paragraphs: ParagraphMetric[] = dt.blocks.map((b) => {
    while (section + 1 < sections.length && sections[section + 1]!.start <= b.start) section++;
    while (firstSpan < spans.length && spans[firstSpan]!.end <= b.start) firstSpan++;
    const pieces: ParagraphSpan[] = [];
    for (let i = firstSpan; i < spans.length && spans[i]!.start < b.end; i++) {
      const sp = spans[i]!;
      const start = Math.max(sp.start, b.start);
      const end = Math.min(sp.end, b.end);
      if (end <= start || chars({ start, end }) === 0) continue;
      let best: Match | undefined;
      let bestCover = 0;
      for (const id of sp.matchIds) {
        const m = matchById.get(id)!;
        const cover = Math.min(end, m.end) - Math.max(start, m.start);
        // a third-party source names the piece rather than an own paper covering as much of it
        if (cover > bestCover || (cover === bestCover && best?.own === true && !m.own)) {
          best = m;
          bestCover = cover;
        }
      }
      pieces.push({
        start: start - b.start,
        end: end - b.start,
        kind: sp.kind,
        source: best ? sourceIndex.get(best.docId)! : null,
        sourceStart: best ? best.sourceStart : null,
        sourceEnd: best ? best.sourceEnd : null,
        sourceText: best ? best.sourceText : '',
        similarity: best ? Math.max(0, Math.min(1, best.similarity)) : 1,
      });
    }
    return {
      ...part(b.text.slice(0, 20), b.start, b.end),
      blockIndex: b.index,
      kind: b.kind,
      level: b.kind === 'heading' ? (b.level ?? 1) : null,
      section,
      text: b.text,
      spans: pieces,
    };
  });

  const maxSingleSource = similarDocuments.reduce<SimilarDocument | undefined>(
    (best, d) => (!best || d.chars > best.chars ? d : best),
    undefined,
  );
  const report: Report = {
    text,
    totalChars: total,
    overlapChars,
    quotedChars,
    ratios: {
      total: ratio(overlapChars, total),
      excludingQuotes: ratio(sumChars(copyUnion), total),
      excludingOwn: ratio(sumChars(matches.filter((m) => !m.own)), total),
      maxSingle: maxSingleSource ? maxSingleSource.ratio : 0,
    },
    sections,
    paragraphs,
    similarDocuments,
    matches,
    spans,
    integrity: {},
    engine: {
      k: index.k,
      w: index.w,
      libraryDocuments: index.size,
      libraryCharacters: index.characterCount,
      candidates: candidates.length,
      seeds: hits.count,
      elapsedMs: Math.round(performance.now() - t0),
      ...(rewordedCoverage === undefined ? {} : { rewordedCoverage }),
    },
  };
  if (doc.title !== undefined) report.title = doc.title;
  if (maxSingleSource) report.maxSingleSource = maxSingleSource;
  if (references) report.references = references;
  const tricks = findCharacterTricks(text);
  if (tricks.spans.length > 0) report.integrity.characters = tricks;
  if (doc.hidden) report.integrity.hidden = doc.hidden;
  return report;
}

const lerp = (from: number, to: number, t: number) => from + (to - from) * t;

/** The paraphrase passage adds nothing: exact passages already cover 90% of it. */
function covered(p: Passage, list: Passage[]): boolean {
  let n = 0;
  for (const o of list) n += Math.max(0, Math.min(o.qe, p.qe) - Math.max(o.qs, p.qs));
  return n >= 0.9 * (p.qe - p.qs);
}

const STOP_CLASS = new Map<number, number>([
  [0x3002, 1],
  [0x2e, 1],
  [0xff0e, 1],
  [0xff1b, 2],
  [0x3b, 2],
  [0xff01, 3],
  [0x21, 3],
  [0xff1f, 4],
  [0x3f, 4],
  [0xff0c, 5],
  [0x2c, 5],
  [0x3001, 5],
]);

function samePunctuation(a: number, b: number): boolean {
  if (a === b) return !isSpaceCode(a);
  const ca = STOP_CLASS.get(a);
  return ca !== undefined && ca === STOP_CLASS.get(b);
}

/** Plain text (pasted) convenience: same rules as a .txt upload. */
export function checkText(text: string, index: PlagiarismIndex, options: CheckOptions = {}): Report {
  return checkDocument(textToDocument(text), index, options);
}
