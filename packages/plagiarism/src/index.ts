export {
  chainMatches,
  type ExactOptions,
  matchWeights,
  maximalMatches,
  type Passage,
} from './align.ts';
export {
  type CheckControl,
  type CheckLibrary,
  type CheckOptions,
  type CheckProgress,
  type CheckStage,
  checkDocument,
  checkStages,
  checkText,
} from './check.ts';
export {
  DEFAULT_PARAMS,
  type FingerprintParams,
  type Fingerprints,
  fingerprint,
  kgramHashes,
  winnow,
} from './fingerprint.ts';
export {
  type DocumentMeta,
  type IndexOptions,
  type IndexStats,
  type LibraryDocument,
  PlagiarismIndex,
} from './library.ts';
export { loadIndex, saveIndex } from './persist.ts';
export { ShardedLibrary, shardOf } from './shards.ts';
export { type ShardAnswers, ShardCoordinator, type ShardRound } from './shard-check.ts';
export {
  answerShardRequest,
  LibraryShard,
  type ShardAnswer,
  type ShardRequest,
  type ShardScope,
  type ShardStatus,
} from './shard-serve.ts';
export { answerSeeds, mergeShardSeeds, type SeedsRequest, type ShardSeeds } from './shard-seeds.ts';
export {
  answerSentences,
  mergeSentences,
  mergeWordStats,
  type SentencesRequest,
  type ShardSentences,
  type WordStats,
  WordStatsSum,
} from './shard-words.ts';
export { authorNames, citedSources, isOwnDocument } from './provenance.ts';
export { type CheckScope, usableDocuments, visibleTo } from './visibility.ts';
export {
  REWORDED_DEFAULTS,
  type RewordedOptions,
  segmentWordsInBackground,
  type WordIndex,
  wordIndexOf as warmWordIndex,
} from './reworded.ts';
export { type Detection, type PlagdetCase, type PlagdetScore, plagdet } from './plagdet.ts';
// the report's shape, every type of it
export type * from './report.ts';
