export { applyPlatt, fitPlatt, type PlattMap } from './calibration.ts';
export { canonicalText, visibleLength } from './canonical.ts';
export { type CharLm, charLogProbs, trainCharLm } from './charlm.ts';
export {
  AigcDetector,
  BAND_LABELS,
  type Band,
  type DetectionResult,
  type DetectOptions,
  loadDetector,
  type ParagraphScore,
  type SentenceScore,
  type WindowScore,
} from './detector.ts';
export { type AiTrace, aiTraceOf, countsInAiShare, isMixedAuthorship } from './document.ts';
export {
  EXPLANATION_KINDS,
  type ExplanationKind,
  explainSegment,
  type SegmentReason,
} from './explain.ts';
export {
  type FeatureConfig,
  FeatureExtractor,
  hashedNgrams,
  ngramDimension,
  type Lexicon,
  movingTypeTokenRatio,
  STYLE_FEATURES,
  type SparseVector,
  styleFeatures,
} from './features.ts';
export { CONNECTIVES } from './lexicon.ts';
export {
  decisionValue,
  type LogisticModel,
  sigmoid,
  type TrainingExample,
  trainLogistic,
} from './logistic.ts';
export {
  auroc,
  brierScore,
  expectedCalibrationError,
  type Scored,
  statsAtThreshold,
  type ThresholdStats,
  tprAtFpr,
} from './metrics.ts';
export {
  type AigcModel,
  type BandCalibration,
  type BandThresholds,
  type LengthClassBands,
  type MeasuredRate,
  loadModel,
  type ModelMeta,
  saveModel,
} from './model.ts';
export {
  paragraphSentences,
  type SentenceWindow,
  type Span,
  sentenceWindows,
  splitParagraphs,
} from './segment.ts';
export { type Split, splitOf } from './split.ts';
export { type TrainerOptions, type TrainingText, trainModel } from './trainer.ts';
export {
  combineWithZeroShot,
  DEFAULT_ZERO_SHOT_MAPPING,
  fastDetectCriterion,
  MIN_ZERO_SHOT_TOKENS,
  type TokenLogprob,
  type ZeroShotMapping,
  type ZeroShotScore,
} from './zeroshot.ts';
