export {
  AIGC_RULES,
  type DeAigcOptions,
  type DeAigcResult,
  deAigc,
  type ParagraphRule,
} from './aigc-rules.ts';
export { type Hunk, diffHunks } from './diff.ts';
export { CONTINUOUS_RUN, continuousShare, copiedShare, type RunShares, runShares } from './overlap.ts';
export {
  documentTerms,
  findProtectedSpans,
  type ProtectedKind,
  type ProtectedSpan,
  type ProtectOptions,
} from './protect.ts';
export {
  applyChanges,
  type Change,
  type ParagraphRewrite,
  type RewriteOptions,
  type RewriteResult,
  type RewriteStats,
  rewrite,
  rewriteParagraphs,
  type Strength,
  swapWords,
} from './rewrite.ts';
export { RULES, type RuleContext, type SentenceRule, splitLongRule } from './rules.ts';
export { synonymGroupCount, synonymsOf } from './synonyms.ts';
export {
  buildBothMessages,
  buildDeAigcMessages,
  buildRewriteMessages,
  type ChatMessage,
  checkRewriteOutput,
  type OutputCheck,
  type OutputCheckOptions,
  type PromptOptions,
} from './prompts.ts';
export {
  type AigcHint,
  type Attempt,
  type Complete,
  cleanAnswer,
  type Goal,
  type GuardOptions,
  type GuardResult,
  goalOf,
  type Measure,
  type Measurement,
  meaningGuard,
  modelStrategies,
  offlineStrategies,
  type ParagraphOutcome,
  type ReduceOptions,
  type RoundLog,
  reduceParagraphs,
  type Scores,
  type Strategy,
  type StrategyOptions,
  type Targets,
} from './loop/index.ts';
export {
  type MeasuredRate,
  OFFLINE_OFFER_MIN_RATE,
  offlineOffered,
  type RewritePath,
  SUCCESS_RATES_FILE,
  type SuccessRateFile,
  successRateOf,
  successRates,
} from './success-rates.ts';
