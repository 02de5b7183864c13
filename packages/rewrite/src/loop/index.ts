export { goalOf } from './goal.ts';
export { type GuardOptions, type GuardResult, meaningGuard } from './guard.ts';
export { cleanAnswer, modelStrategies } from './model.ts';
export { offlineStrategies, type StrategyOptions } from './offline.ts';
export { reduceParagraphs } from './reduce.ts';
export type {
  AigcHint,
  Attempt,
  Complete,
  Goal,
  Measure,
  Measurement,
  ParagraphOutcome,
  ReduceOptions,
  RoundLog,
  Scores,
  Strategy,
  Targets,
} from './types.ts';
