import { applyPlatt, fitPlatt } from './calibration.ts';
import { canonicalText, visibleLength } from './canonical.ts';
import { trainCharLm } from './charlm.ts';
import {
  type FeatureConfig,
  FeatureExtractor,
  fitStyleScaling,
  type Lexicon,
  STYLE_FEATURES,
} from './features.ts';
import { decisionValue, type TrainingExample, trainLogistic } from './logistic.ts';
import type { AigcModel, BandCalibration, BandThresholds, LengthClassBands, ModelMeta } from './model.ts';
import { paragraphSentences, sentenceWindows, splitParagraphs } from './segment.ts';
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
  /**
   * Shares of calibration-split human texts of `bandStrata` allowed at or above the 显著 (flag) and 疑似 (light)
   * thresholds, set separately for short texts (up to `maxShortChars` visible characters) and long ones.
   */
  bandFpr: { significant: number; suspect: number };
  bandStrata: readonly string[];
  maxShortChars: number;
  /** The detector's window size: long human texts also yield short-class samples cut the way detect() cuts them. */
  windowChars: number;
  minReliableChars: number;
  /** Multiplies the loss weight of a stratum's cells (both labels), e.g. { polish: 2 }; default 1. */
  stratumWeights?: Readonly<Record<string, number>>;
  version: string;
  log?: (message: string) => void;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** The windows detect() scores a text in, as strings (a text of one short paragraph is one window). */
export function scoringWindows(text: string, windowChars: number): string[] {
  return splitParagraphs(text).flatMap((span) =>
    sentenceWindows(text, paragraphSentences(text, span), windowChars).map((w) => text.slice(w.start, w.end)),
  );
}

/**
 * Band thresholds of one length class from human probabilities: each threshold lies just above the allowed
 * quantile, so at most that share of these texts reaches it. The rates achieved here are stored with them.
 */
export function bandsFromHuman(
  human: readonly number[],
  fpr: { significant: number; suspect: number },
): LengthClassBands {
  const sorted = [...human].sort((a, b) => a - b);
  const flag = quantile(sorted, 1 - fpr.significant) + 1e-6;
  const light = Math.min(flag, quantile(sorted, 1 - fpr.suspect) + 1e-6);
  const rate = (t: number) => sorted.filter((p) => p >= t).length / Math.max(1, sorted.length);
  return {
    flag,
    high: Math.max(0.9, flag),
    light,
    humanTexts: sorted.length,
    significantFpr: rate(flag),
    suspectFpr: rate(light),
  };
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
      weight:
        ((options.stratumWeights?.[t.stratum] ?? 1) * trainIdx.length) /
        (cells.size * cells.get(`${t.stratum}|${t.label}`)!),
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
  // band thresholds: human texts of the calibration split, short ones (and the windows of long ones) apart
  const probabilityOf = (canonical: string) =>
    applyPlatt(calibration, decisionValue(classifier, extractor.vector(canonical)));
  const shortHuman: number[] = [];
  const longHuman: number[] = [];
  calibrationIdx.forEach((i, k) => {
    const t = texts[i]!;
    if (t.label !== 0 || !options.bandStrata.includes(t.stratum)) return;
    const p = applyPlatt(calibration, calibrationScores[k]!);
    if (visibleLength(t.text) <= options.maxShortChars) {
      shortHuman.push(p);
      return;
    }
    longHuman.push(p);
    for (const w of scoringWindows(t.text, options.windowChars)) {
      const target = visibleLength(w) <= options.maxShortChars ? shortHuman : longHuman;
      target.push(probabilityOf(canonicalText(w)));
    }
  });
  const bands: BandCalibration = {
    maxShortChars: options.maxShortChars,
    targetFpr: options.bandFpr,
    short: bandsFromHuman(shortHuman, options.bandFpr),
    long: bandsFromHuman(longHuman, options.bandFpr),
    chosenOn: `calibration split, human texts of ${options.bandStrata.join(' + ')}; long texts also cut into the detector's ${options.windowChars}-character windows`,
  };
  const { flag, high, light } = bands.short;
  // detect() scores windows of about windowChars: the short class is what its sentences are judged by
  const thresholds: BandThresholds = { flag, high, light };
  log(
    `calibration: a=${calibration.a.toFixed(3)} b=${calibration.b.toFixed(3)}; short (${shortHuman.length} human) 显著 ${bands.short.flag.toFixed(3)} 疑似 ${bands.short.light.toFixed(3)}; long (${longHuman.length} human) 显著 ${bands.long.flag.toFixed(3)} 疑似 ${bands.long.light.toFixed(3)}`,
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
    bands,
    minReliableChars: options.minReliableChars,
    training: { texts: examples.length, calibrationTexts: calibrationIdx.length, lmTexts: lmTexts.length },
    metrics: {},
    binary: { file: '', sha256: '', bytes: 0 },
  };
  return { meta, classifier, lm, extractor };
}
