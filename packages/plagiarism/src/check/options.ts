import type { RewordedOptions } from '../reworded.ts';

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

/** The options of one check, defaults filled in (the stock-phrase cut grows with the library). */
export function settingsOf(stockPhraseDocs: number, options: CheckOptions) {
  return { ...DEFAULTS, commonPhraseDocs: stockPhraseDocs, ...options };
}

export type CheckSettings = ReturnType<typeof settingsOf>;

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
export const STAGE_AT = {
  candidates: 0,
  exact: 0.05,
  paraphrase: 0.3,
  reworded: 0.8,
  attribution: 0.9,
  metrics: 0.95,
} as const;

/** The progress `t` (0..1) of the way from one stage's start to the next. */
export const lerp = (from: number, to: number, t: number) => from + (to - from) * t;
