/** Held-out evaluation of a detector on the corpus splits and the out-of-distribution sets. */
import type { AigcDetector } from '../src/detector.ts';
import {
  auroc,
  brierScore,
  expectedCalibrationError,
  type Scored,
  statsAtThreshold,
  tprAtFpr,
} from '../src/metrics.ts';
import type { CorpusText, EvaluationSet } from './corpus.ts';

export interface BinaryMetrics {
  texts: number;
  ai: number;
  auroc: number;
  accuracy: number;
  f1: number;
  /** False-positive rate at the flag threshold. */
  fpr: number;
  /** True-positive rate at the flag threshold. */
  tpr: number;
  tprAt1Fpr: number;
  tprAt5Fpr: number;
  ece: number;
  brier: number;
}

export function binaryMetrics(items: readonly Scored[], flag: number): BinaryMetrics {
  const stats = statsAtThreshold(items, flag);
  return {
    texts: items.length,
    ai: items.filter((x) => x.label === 1).length,
    auroc: auroc(items),
    accuracy: stats.accuracy,
    f1: stats.f1,
    fpr: stats.fpr,
    tpr: stats.recall,
    tprAt1Fpr: tprAtFpr(items, 0.01).tpr,
    tprAt5Fpr: tprAtFpr(items, 0.05).tpr,
    ece: expectedCalibrationError(items),
    brier: brierScore(items),
  };
}

export interface DocumentMetrics {
  documents: number;
  paragraphsPerDocument: number;
  meanChars: number;
  meanAiCharRatio: number;
  /** Documents with any flagged passage (aiCharRatio > 0). */
  anyFlagged: number;
  /** Documents whose overall probability reaches the flag threshold. */
  flaggedOverall: number;
}

export interface HeldOutReport {
  flagThreshold: number;
  inDistribution: BinaryMetrics;
  byRegister: Record<string, BinaryMetrics>;
  academicByDomain: Record<string, BinaryMetrics>;
  /** Held-out human CSL abstracts: share flagged at the default threshold. */
  humanAbstracts: { texts: number; fpr: number; meanProbability: number };
  humanDocuments: DocumentMetrics;
  aiDocuments: DocumentMetrics;
  outOfDistribution: Array<{ name: string; overlapping: number } & BinaryMetrics>;
}

const PARAGRAPHS_PER_DOCUMENT = 8;

function documentMetrics(detector: AigcDetector, texts: readonly string[]): DocumentMetrics {
  const docs: string[][] = [];
  for (let i = 0; i + PARAGRAPHS_PER_DOCUMENT <= texts.length; i += PARAGRAPHS_PER_DOCUMENT) {
    docs.push(texts.slice(i, i + PARAGRAPHS_PER_DOCUMENT) as string[]);
  }
  let ratio = 0;
  let chars = 0;
  let anyFlagged = 0;
  let flaggedOverall = 0;
  for (const doc of docs) {
    const r = detector.detect(doc);
    ratio += r.aiCharRatio;
    chars += r.totalChars;
    if (r.aiCharRatio > 0) anyFlagged++;
    if (r.probability >= r.model.flagThreshold) flaggedOverall++;
  }
  const n = Math.max(1, docs.length);
  return {
    documents: docs.length,
    paragraphsPerDocument: PARAGRAPHS_PER_DOCUMENT,
    meanChars: chars / n,
    meanAiCharRatio: ratio / n,
    anyFlagged: anyFlagged / n,
    flaggedOverall: flaggedOverall / n,
  };
}

/** Scores every test-split text as a whole, then the concatenated documents and the OOD sets. */
export function evaluateHeldOut(
  detector: AigcDetector,
  corpus: readonly CorpusText[],
  outOfDistribution: readonly EvaluationSet[],
): HeldOutReport {
  const flag = detector.model.meta.thresholds.flag;
  const test = corpus.filter((t) => t.split === 'test');
  const scored = test.map((t) => ({ t, score: detector.scoreText(t.text), label: t.label }));
  const byRegister: Record<string, BinaryMetrics> = {};
  for (const register of ['academic', 'qa']) {
    byRegister[register] = binaryMetrics(
      scored.filter((s) => s.t.register === register),
      flag,
    );
  }
  const academicByDomain: Record<string, BinaryMetrics> = {};
  const domains = [
    ...new Set(test.flatMap((t) => (t.source === 'ai-abstract' && t.domain ? [t.domain] : []))),
  ];
  for (const domain of domains.sort()) {
    academicByDomain[domain] = binaryMetrics(
      scored.filter(
        (s) => s.t.domain === domain && (s.t.source === 'csl-human' || s.t.source === 'ai-abstract'),
      ),
      flag,
    );
  }
  const human = scored.filter((s) => s.t.label === 0 && s.t.register === 'academic');
  const humanAbstracts = {
    texts: human.length,
    fpr: human.filter((s) => s.score >= flag).length / Math.max(1, human.length),
    meanProbability: human.reduce((a, s) => a + s.score, 0) / Math.max(1, human.length),
  };
  const testAcademic = (label: 0 | 1) =>
    test.filter((t) => t.register === 'academic' && t.label === label).map((t) => t.text);
  return {
    flagThreshold: flag,
    inDistribution: binaryMetrics(scored, flag),
    byRegister,
    academicByDomain,
    humanAbstracts,
    humanDocuments: documentMetrics(detector, testAcademic(0)),
    aiDocuments: documentMetrics(detector, testAcademic(1)),
    outOfDistribution: outOfDistribution.map((set) => ({
      name: set.name,
      overlapping: set.overlapping,
      ...binaryMetrics(
        set.items.map((i) => ({ score: detector.scoreText(i.text), label: i.label })),
        flag,
      ),
    })),
  };
}
