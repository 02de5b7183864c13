import { applyPlatt, fitPlatt } from './calibration.ts';
import { canonicalText } from './canonical.ts';
import { trainCharLm } from './charlm.ts';
import {
  type FeatureConfig,
  FeatureExtractor,
  fitStyleScaling,
  type Lexicon,
  STYLE_FEATURES,
} from './features.ts';
import { decisionValue, type TrainingExample, trainLogistic } from './logistic.ts';
import type { AigcModel, BandThresholds, ModelMeta } from './model.ts';
import type { Split } from './split.ts';

export interface TrainingText {
  text: string;
  label: 0 | 1;
  split: Split;
  /** Balancing cell: each (stratum, label) pair gets the same total loss weight, e.g. 'academic' / 'qa'. */
  stratum: string;
}

export interface TrainerOptions {
  featureConfig: FeatureConfig;
  lexicon: Lexicon & { attribution: string };
  l2: number;
  maxIterations: number;
  lmBigramBits: number;
  lmTrigramBits: number;
  /** Share of calibration-split human texts of `fprStratum` allowed above the flag threshold. */
  flagFpr: number;
  fprStratum: string;
  minReliableChars: number;
  version: string;
  log?: (message: string) => void;
}

/** 0.5 is the floor of the flag threshold: below it a text is more likely human than AI. */
const MIN_FLAG = 0.5;

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * Trains the whole detector from labelled, split texts: surprisal LM on the human texts of the 'lm' split,
 * style scaling and logistic regression on 'train' (plus the AI texts of 'lm'), Platt scaling and the flag
 * threshold on 'calibration'. The 'test' split is not touched.
 */
export function trainModel(texts: readonly TrainingText[], options: TrainerOptions): AigcModel {
  const log = options.log ?? (() => {});
  const canonical = texts.map((t) => canonicalText(t.text));
  const lmTexts = canonical.filter((_, i) => texts[i]!.split === 'lm' && texts[i]!.label === 0);
  const lm = trainCharLm(lmTexts, options.lmBigramBits, options.lmTrigramBits);
  log(`language model: ${lmTexts.length} human texts, ${lm.totalChars} characters`);

  const raw = new FeatureExtractor(options.featureConfig, options.lexicon, lm, undefined);
  const isTrain = (t: TrainingText) => t.split === 'train' || (t.split === 'lm' && t.label === 1);
  const trainIdx = texts.flatMap((t, i) => (isTrain(t) ? [i] : []));
  const calibrationIdx = texts.flatMap((t, i) => (t.split === 'calibration' ? [i] : []));
  const styleRaw = new Map<number, Float64Array>();
  for (const i of [...trainIdx, ...calibrationIdx]) styleRaw.set(i, raw.styleRaw(canonical[i]!));
  const styleScaling = fitStyleScaling(trainIdx.map((i) => styleRaw.get(i)!));
  const extractor = new FeatureExtractor(options.featureConfig, options.lexicon, lm, styleScaling);

  const cells = new Map<string, number>();
  for (const i of trainIdx) {
    const key = `${texts[i]!.stratum}|${texts[i]!.label}`;
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  const examples: TrainingExample[] = trainIdx.map((i) => {
    const t = texts[i]!;
    return {
      x: extractor.vector(canonical[i]!, styleRaw.get(i)),
      label: t.label,
      weight: trainIdx.length / (cells.size * cells.get(`${t.stratum}|${t.label}`)!),
    };
  });
  log(`classifier: ${examples.length} training texts in ${cells.size} balanced cells`);
  const classifier = trainLogistic(examples, extractor.dimension, {
    l2: options.l2,
    maxIterations: options.maxIterations,
  });

  const calibrationScores = calibrationIdx.map((i) =>
    decisionValue(classifier, extractor.vector(canonical[i]!, styleRaw.get(i))),
  );
  const calibration = fitPlatt(
    calibrationScores,
    calibrationIdx.map((i) => texts[i]!.label),
  );
  const humanProbabilities = calibrationIdx
    .map((i, k) => ({ t: texts[i]!, p: applyPlatt(calibration, calibrationScores[k]!) }))
    .filter(({ t }) => t.label === 0 && t.stratum === options.fprStratum)
    .map(({ p }) => p)
    .sort((a, b) => a - b);
  // strictly above the allowed quantile of human scores
  const flag = Math.max(MIN_FLAG, quantile(humanProbabilities, 1 - options.flagFpr) + 1e-6);
  const thresholds: BandThresholds = { flag, high: Math.max(0.9, flag), light: flag / 2 };
  log(
    `calibration: a=${calibration.a.toFixed(3)} b=${calibration.b.toFixed(3)}, flag threshold ${flag.toFixed(3)}`,
  );

  const meta: ModelMeta = {
    format: 'paperdesk-aigc/1',
    version: options.version,
    trainedAt: new Date().toISOString(),
    featureConfig: options.featureConfig,
    styleFeatures: [...STYLE_FEATURES],
    styleScaling,
    lexicon: options.lexicon,
    languageModel: {
      bigramBits: lm.bigramBits,
      trigramBits: lm.trigramBits,
      totalChars: lm.totalChars,
      vocabulary: lm.vocabulary,
    },
    bias: classifier.bias,
    calibration,
    thresholds,
    minReliableChars: options.minReliableChars,
    training: { texts: examples.length, calibrationTexts: calibrationIdx.length, lmTexts: lmTexts.length },
    metrics: {},
    binary: { file: '', sha256: '', bytes: 0 },
  };
  return { meta, classifier, lm, extractor };
}
