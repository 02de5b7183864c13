/**
 * Held-out judges for the benches: a character n-gram AI-text judge and a 知网-style 13-character continuous-match
 * 复制比. No product code may import this package (test/isolation.test.ts), and nothing in the product is fitted
 * against it: it only scores what the rewrite loop produced.
 */
export { ContinuousMatchIndex, RUN as CONTINUOUS_RUN } from './copy13.ts';
export { judgeUnit } from './hash.ts';
export {
  calibrateAtFpr,
  flaggedByJudge,
  judgeScore,
  type LabelledText,
  type NgramJudge,
  trainNgramJudge,
} from './ngram-judge.ts';
