export { goalOf } from './goal.ts';
export { type GuardOptions, type GuardResult, meaningGuard } from './guard.ts';
export { cleanAnswer, modelStrategies } from './model.ts';
export { offlineStrategies, type StrategyOptions } from './offline.ts';
export { reduceParagraphs } from './reduce.ts';
// every type of the loop's vocabulary, so a new one needs no second list here
export type * from './types.ts';
