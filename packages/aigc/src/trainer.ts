import fs from 'node:fs';
import { applyPlatt, fitPlatt } from './calibration.ts';
import { canonicalText, visibleLength } from './canonical.ts';
import { trainCharLm } from './charlm.ts';
import {
  type FeatureConfig,
  FeatureExtractor,
  fitStyleScaling,
  hashedNgrams,
  type Lexicon,
  type SparseVector,
  ngramDimension,
  STYLE_FEATURES,
} from './features.ts';
import { unitHash } from './hash.ts';
import { auroc } from './metrics.ts';
import { decisionValue, type LogisticModel, type TrainingExample, trainLogistic } from './logistic.ts';
import type { AigcModel, BandCalibration, BandThresholds, LengthClassBands, ModelMeta } from './model.ts';
import { paragraphSentences, sentenceWindows, splitParagraphs } from './segment.ts';
import type { Split } from './split.ts';
import {
  fitSecondStage,
  foldSecondStage,
  type NamedDirection,
  pairLogOdds,
  type SecondStage,
} from './stage2.ts';

export interface TrainingText {
  text: string;
  label: 0 | 1;
  split: Split;
  /** Balancing cell: each (stratum, label) pair gets the same total loss weight, e.g. 'academic' / 'qa'. */
  stratum: string;
  /** Texts of one group (a paper title: a polished text and its original) share a second-stage fold. */
  group?: string;
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
  /**
   * Long-class thresholds also see pairs of short human texts (of one second-stage fold) joined into one text.
   * Why: a split holds only ~150 long human abstracts, too few to set a 1% threshold with any margin.
   */
  joinShortForLong?: boolean;
  /** Standard errors of margin below `bandFpr` (see bandsFromHuman); default none. */
  bandConfidenceZ?: { significant: number; suspect: number };
  bandStrata: readonly string[];
  /**
   * Stricter targets for one stratum's human texts of `bandStrata`: each length class's thresholds are raised
   * until that stratum alone also meets them (the same confidence margin). Why: thesis paragraphs are what
   * students submit and score higher than abstracts, so the pooled 5% let about 7% of them through.
   */
  strataFpr?: Readonly<Record<string, { significant: number; suspect: number }>>;
  maxShortChars: number;
  /** The detector's window size: long human texts also yield short-class samples cut the way detect() cuts them. */
  windowChars: number;
  minReliableChars: number;
  /** Multiplies the loss weight of a stratum's cells (both labels), e.g. { polish: 2 }; default 1. */
  stratumWeights?: Readonly<Record<string, number>>;
  /**
   * Second stage (src/stage2.ts), fitted on the calibration split with balanced cells: re-weighs the first
   * stage's log-odds against a polish score — the naive-Bayes log-odds of AI-polished texts of
   * `pairStratum` against their human originals, counted on the train and lm splits only. Absent: one stage.
   */
  secondStage?: {
    pairStratum: string;
    /**
     * Counts the pairs on these word n-gram orders only (the buckets the first stage hashes them into) instead of
     * every n-gram: a pair shares its content, and the character n-grams add noise, not wording, to the counts.
     */
    pairWordOrders?: number[];
    smoothing: number;
    l2: number;
    folds: number;
    /**
     * Further inputs beside the polish score: naive-Bayes log-odds (presence counts, additive smoothing) of the AI
     * texts against the human texts of `strata`, on the train and lm splits, over the first stage's character /
     * word buckets (`ngramOrders`, `wordOrders`). Linear in the features like the polish score, so they fold into the
     * one weight vector: no cost at inference. A generative estimate of the whole AI/human contrast that does not
     * memorise its training texts the way the first stage does (NB-SVM's idea, as a second-stage input).
     */
    directions?: Array<{
      name: string;
      strata: readonly string[];
      ngramOrders: number[];
      wordOrders: number[];
      smoothing: number;
    }>;
  };
  version: string;
  log?: (message: string) => void;
  /**
   * Experiments only: a file holding the first stage (weights, then bias; Float32 weights, then a Float64 bias; little-endian). Read when it
   * exists, written after fitting when it does not — the first stage does not depend on the second-stage options,
   * so variants of those can share one fit. The caller must delete it when the data or first-stage options change.
   */
  firstStageCache?: string;
}

function cachedFirstStage(file: string | undefined, fit: () => LogisticModel): LogisticModel {
  if (file && fs.existsSync(file)) {
    const bytes = fs.readFileSync(file);
    const data = new Uint8Array(bytes).buffer;
    const weights = new Float32Array(data, 0, (bytes.length - 8) / 4).slice();
    return { weights, bias: new DataView(data).getFloat64(bytes.length - 8, true) };
  }
  const model = fit();
  if (file) {
    const bias = Buffer.alloc(8);
    bias.writeDoubleLE(model.bias);
    fs.writeFileSync(
      file,
      Buffer.concat([
        Buffer.from(model.weights.buffer, model.weights.byteOffset, model.weights.byteLength),
        bias,
      ]),
    );
  }
  return model;
}

/** The windows detect() scores a text in, as strings (a text of one short paragraph is one window). */
export function scoringWindows(text: string, windowChars: number): string[] {
  return splitParagraphs(text).flatMap((span) =>
    sentenceWindows(text, paragraphSentences(text, span), windowChars).map((w) => text.slice(w.start, w.end)),
  );
}

/**
 * Band thresholds of one length class from human probabilities: each threshold lets through the largest number
 * k of these texts whose share k/n, plus `confidenceZ` standard errors (normal approximation), stays within the
 * allowed rate. With z = 0 that is the plain quantile; with z > 0 the rate on new human texts stays within the
 * target with that one-sided confidence (z = 0.84: 80%) instead of about half the time — where there are enough
 * texts for a margin to admit any (about 150 are too few for 1% at 80%). The rates achieved here are stored.
 */
export function bandsFromHuman(
  human: readonly number[],
  fpr: { significant: number; suspect: number },
  confidenceZ: { significant: number; suspect: number } = { significant: 0, suspect: 0 },
): LengthClassBands {
  const sorted = [...human].sort((a, b) => a - b);
  const n = sorted.length;
  const allowedCount = (target: number, z: number) => {
    let allowed = 0;
    for (let k = 1; k <= n; k++) {
      const r = k / n;
      if (r + z * Math.sqrt((r * (1 - r)) / n) > target + 1e-12) break;
      allowed = k;
    }
    return allowed;
  };
  const thresholdAt = (target: number, z: number) => {
    // a margin that admits no text at all (too few texts for it) would put the threshold above every one of them,
    // where a single outlier sets it: the plain quantile is used instead
    const margined = allowedCount(target, z);
    const allowed = margined > 0 ? margined : allowedCount(target, 0);
    return n === 0 ? Number.NaN : sorted[n - allowed - 1]! + 1e-6;
  };
  const flag = thresholdAt(fpr.significant, confidenceZ.significant);
  const light = Math.min(flag, thresholdAt(fpr.suspect, confidenceZ.suspect));
  const rate = (t: number) => sorted.filter((p) => p >= t).length / Math.max(1, n);
  return {
    flag,
    high: Math.max(0.9, flag),
    light,
    humanTexts: n,
    significantFpr: rate(flag),
    suspectFpr: rate(light),
  };
}

function shareAtLeast(probabilities: readonly number[], threshold: number): string {
  const share = probabilities.filter((p) => p >= threshold).length / Math.max(1, probabilities.length);
  return `${(100 * share).toFixed(1)}%`;
}

/**
 * Trains the whole detector from labelled, split texts: surprisal LM on the human texts of the 'lm' split,
 * style scaling and logistic regression on 'train' (plus the AI texts of 'lm'), the optional second stage, Platt
 * scaling and the band thresholds on 'calibration'. The 'test' split is not touched.
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
  const firstStage = cachedFirstStage(options.firstStageCache, () =>
    trainLogistic(examples, extractor.dimension, {
      l2: options.l2,
      maxIterations: options.maxIterations,
    }),
  );
  const calibrationVectors = calibrationIdx.map((i) => extractor.vector(canonical[i]!, styleRaw.get(i)));
  const second = options.secondStage
    ? trainSecondStage(
        texts,
        canonical,
        calibrationIdx,
        calibrationVectors,
        firstStage,
        options,
        options.secondStage,
      )
    : undefined;
  const classifier = second?.classifier ?? firstStage;
  /**
   * The classifier a calibration text is scored by for Platt scaling and the band thresholds. With a second stage
   * (fitted on this split) it is one fitted without that text's fold, so the thresholds are set on scores of
   * texts the model has not seen, as the test split and users' texts will be.
   */
  const heldOutClassifier: (k: number) => LogisticModel = second?.heldOutClassifier ?? (() => classifier);
  /** The second-stage fold of calibration text k (one fold without a second stage). */
  const heldOutFold: (k: number) => number = second?.heldOutFold ?? (() => 0);
  const secondStage = second?.secondStage;

  const calibrationScores = calibrationVectors.map((x, k) => decisionValue(heldOutClassifier(k), x));
  // what model choices are judged by (the test split is not for choosing): each stratum's AI texts against the
  // human texts the bands are set on
  const bandHuman = calibrationIdx.flatMap((i, k) =>
    texts[i]!.label === 0 && options.bandStrata.includes(texts[i]!.stratum)
      ? [{ score: calibrationScores[k]!, label: 0 as const }]
      : [],
  );
  const strata = [...new Set(calibrationIdx.map((i) => texts[i]!.stratum))];
  log(
    `calibration AUROC (scores of unseen folds), AI of each stratum vs band human: ${strata
      .map((stratum) => {
        const ai = calibrationIdx.flatMap((i, k) =>
          texts[i]!.label === 1 && texts[i]!.stratum === stratum
            ? [{ score: calibrationScores[k]!, label: 1 as const }]
            : [],
        );
        return `${stratum} ${auroc([...ai, ...bandHuman]).toFixed(3)} (${ai.length})`;
      })
      .join(', ')}`,
  );
  const calibration = fitPlatt(
    calibrationScores,
    calibrationIdx.map((i) => texts[i]!.label),
  );
  // band thresholds: human texts of the calibration split, short ones (and the windows of long ones) apart
  const probabilityOf = (canonical: string, k: number) =>
    applyPlatt(calibration, decisionValue(heldOutClassifier(k), extractor.vector(canonical)));
  const shortHuman: number[] = [];
  const longHuman: number[] = [];
  /** The same probabilities per stratum with a stricter target (strataFpr). */
  const strictHuman = new Map<string, { short: number[]; long: number[] }>(
    Object.keys(options.strataFpr ?? {}).map((stratum) => [stratum, { short: [], long: [] }]),
  );
  /** Short human texts waiting for a partner of their fold to be joined with (joinShortForLong). */
  const unpaired = new Map<number, number>();
  const joinedHuman: number[] = [];
  calibrationIdx.forEach((i, k) => {
    const t = texts[i]!;
    if (t.label !== 0 || !options.bandStrata.includes(t.stratum)) return;
    const p = applyPlatt(calibration, calibrationScores[k]!);
    const strict = strictHuman.get(t.stratum);
    if (visibleLength(t.text) <= options.maxShortChars) {
      shortHuman.push(p);
      strict?.short.push(p);
      if (!options.joinShortForLong) return;
      const fold = heldOutFold(k);
      const partner = unpaired.get(fold);
      if (partner === undefined) {
        unpaired.set(fold, i);
        return;
      }
      unpaired.delete(fold);
      const pair = `${texts[partner]!.text}\n${t.text}`;
      if (visibleLength(pair) <= options.maxShortChars) return;
      joinedHuman.push(probabilityOf(canonicalText(pair), k));
      return;
    }
    longHuman.push(p);
    strict?.long.push(p);
    for (const w of scoringWindows(t.text, options.windowChars)) {
      const isShort = visibleLength(w) <= options.maxShortChars;
      const wp = probabilityOf(canonicalText(w), k);
      (isShort ? shortHuman : longHuman).push(wp);
      if (strict) (isShort ? strict.short : strict.long).push(wp);
    }
  });
  const classBands = (pooled: number[], lengthClass: 'short' | 'long') => {
    const bands = bandsFromHuman(pooled, options.bandFpr, options.bandConfidenceZ);
    for (const [stratum, of] of strictHuman) {
      const own = bandsFromHuman(of[lengthClass], options.strataFpr![stratum]!, options.bandConfidenceZ);
      if (of[lengthClass].length === 0) continue;
      bands.flag = Math.max(bands.flag, own.flag);
      bands.light = Math.max(bands.light, own.light);
    }
    bands.light = Math.min(bands.light, bands.flag);
    bands.high = Math.max(0.9, bands.flag);
    bands.significantFpr = pooled.filter((p) => p >= bands.flag).length / Math.max(1, pooled.length);
    bands.suspectFpr = pooled.filter((p) => p >= bands.light).length / Math.max(1, pooled.length);
    return bands;
  };
  const bands: BandCalibration = {
    maxShortChars: options.maxShortChars,
    targetFpr: options.bandFpr,
    ...(options.strataFpr ? { strataFpr: { ...options.strataFpr } } : {}),
    short: classBands(shortHuman, 'short'),
    long: classBands([...longHuman, ...joinedHuman], 'long'),
    chosenOn: `calibration split, human texts of ${options.bandStrata.join(' + ')}; long texts also cut into the detector's ${options.windowChars}-character windows${joinedHuman.length > 0 ? `; long class also ${joinedHuman.length} pairs of short texts joined` : ''}${options.secondStage ? "; scored by second stages fitted without the text's fold" : ''}${
      options.strataFpr
        ? `; raised until ${Object.entries(options.strataFpr)
            .map(([s, f]) => `${s} alone is at most ${100 * f.significant}% 显著 / ${100 * f.suspect}% 疑似`)
            .join(', ')}`
        : ''
    }`,
  };
  log(
    `calibration TPR@疑似 / @显著: ${calibrationRecall(texts, calibrationIdx, calibrationScores, calibration, bands)}`,
  );
  const { flag, high, light } = bands.short;
  // detect() scores windows of about windowChars: the short class is what its sentences are judged by
  const thresholds: BandThresholds = { flag, high, light };
  log(
    `calibration: a=${calibration.a.toFixed(3)} b=${calibration.b.toFixed(3)}; short (${shortHuman.length} human) 显著 ${bands.short.flag.toFixed(3)} 疑似 ${bands.short.light.toFixed(3)}; long (${longHuman.length} human + ${joinedHuman.length} joined) 显著 ${bands.long.flag.toFixed(3)} 疑似 ${bands.long.light.toFixed(3)}, where the real long texts are at ${shareAtLeast(longHuman, bands.long.flag)} / ${shareAtLeast(longHuman, bands.long.light)} and the joined ones at ${shareAtLeast(joinedHuman, bands.long.flag)} / ${shareAtLeast(joinedHuman, bands.long.light)}`,
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
    training: {
      texts: examples.length,
      calibrationTexts: calibrationIdx.length,
      lmTexts: lmTexts.length,
      ...(secondStage ? { secondStage } : {}),
    },
    metrics: {},
    binary: { file: '', sha256: '', bytes: 0 },
  };
  return { meta, classifier, lm, extractor };
}

/**
 * What the thresholds catch of each stratum's AI texts of the calibration split (scores of unseen folds, each text
 * judged by its length class): the recall a model choice is judged by, where the thresholds were set.
 */
function calibrationRecall(
  texts: readonly TrainingText[],
  calibrationIdx: readonly number[],
  scores: readonly number[],
  calibration: ReturnType<typeof fitPlatt>,
  bands: BandCalibration,
): string {
  const strata = [...new Set(calibrationIdx.map((i) => texts[i]!.stratum))];
  return strata
    .map((stratum) => {
      const ai = calibrationIdx.flatMap((i, k) =>
        texts[i]!.label === 1 && texts[i]!.stratum === stratum
          ? [
              {
                p: applyPlatt(calibration, scores[k]!),
                c: visibleLength(texts[i]!.text) <= bands.maxShortChars ? bands.short : bands.long,
              },
            ]
          : [],
      );
      const share = (caught: (x: (typeof ai)[number]) => boolean) =>
        `${((100 * ai.filter(caught).length) / Math.max(1, ai.length)).toFixed(1)}%`;
      return `${stratum} ${share((x) => x.p >= x.c.light)} / ${share((x) => x.p >= x.c.flag)} (${ai.length})`;
    })
    .join(', ');
}

/** The second stage fitted on the calibration split, and the classifiers fitted without each fold. */
interface TrainedSecondStage {
  classifier: LogisticModel;
  heldOutClassifier: (k: number) => LogisticModel;
  heldOutFold: (k: number) => number;
  secondStage: SecondStage & { pairTexts: { polished: number; originals: number } };
}

/**
 * The optional second stage (stage2.ts): the polished-vs-original direction from the pair stratum's texts, fitted
 * on the calibration split over the first stage's decision values and folded into one classifier; per fold, one
 * fitted without it (a polished text and its original share a group, hence a fold).
 */
function trainSecondStage(
  texts: readonly TrainingText[],
  canonical: string[],
  calibrationIdx: number[],
  calibrationVectors: SparseVector[],
  firstStage: LogisticModel,
  options: TrainerOptions,
  stage2: NonNullable<TrainerOptions['secondStage']>,
): TrainedSecondStage {
  const log = options.log ?? (() => {});
  const { pairStratum, pairWordOrders, smoothing, l2, folds } = stage2;
  const pairConfig: FeatureConfig = pairWordOrders
    ? { hashBits: options.featureConfig.hashBits, ngramOrders: [], wordOrders: pairWordOrders }
    : options.featureConfig;
  const pairSide = (label: 0 | 1) =>
    texts.flatMap((t, i) =>
      t.stratum === pairStratum && t.label === label && (t.split === 'train' || t.split === 'lm')
        ? [hashedNgrams(canonical[i]!, pairConfig)]
        : [],
    );
  const polished = pairSide(1);
  const originals = pairSide(0);
  const direction = pairLogOdds(polished, originals, ngramDimension(options.featureConfig), smoothing);
  const extraDirections: NamedDirection[] = (stage2.directions ?? []).map((d) => {
    const config: FeatureConfig = {
      hashBits: options.featureConfig.hashBits,
      ngramOrders: d.ngramOrders,
      wordOrders: d.wordOrders,
    };
    const side = (label: 0 | 1) =>
      texts.flatMap((t, i) =>
        d.strata.includes(t.stratum) && t.label === label && (t.split === 'train' || t.split === 'lm')
          ? [hashedNgrams(canonical[i]!, config)]
          : [],
      );
    const ai = side(1);
    const human = side(0);
    log(
      `second-stage direction ${d.name}: ${ai.length} AI / ${human.length} human texts of ${d.strata.join(' + ')}`,
    );
    return {
      name: d.name,
      direction: pairLogOdds(ai, human, ngramDimension(options.featureConfig), d.smoothing),
    };
  });
  const cells = new Map<string, number>();
  for (const i of calibrationIdx) {
    const key = `${texts[i]!.stratum}|${texts[i]!.label}`;
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  const inputs = calibrationIdx.map((i, k) => ({
    x: calibrationVectors[k]!,
    z: decisionValue(firstStage, calibrationVectors[k]!),
    label: texts[i]!.label,
    weight: 1 / cells.get(`${texts[i]!.stratum}|${texts[i]!.label}`)!,
  }));
  const fit = (of: typeof inputs) => {
    const stage = fitSecondStage(of, direction, l2, extraDirections);
    return { stage, folded: foldSecondStage(firstStage, stage, direction, extraDirections) };
  };
  const all = fit(inputs);
  // a polished text and its original share a group, hence a fold
  const foldOf = calibrationIdx.map((i) => Math.floor(unitHash(`${texts[i]!.group ?? i}|stage2`) * folds));
  const perFold = Array.from(
    { length: folds },
    (_, f) => fit(inputs.filter((_, k) => foldOf[k] !== f)).folded,
  );
  log(
    `second stage on ${calibrationIdx.length} calibration texts (pairs: ${polished.length} polished / ${originals.length} originals): first stage ×${all.stage.firstStage.toFixed(3)}, polish ${all.stage.polish.toFixed(3)} per ${all.stage.polishScale.toFixed(3)}${(all.stage.extra ?? []).map((e) => `, ${e.name} ${e.coefficient.toFixed(3)} per ${e.scale.toFixed(3)}`).join('')}`,
  );
  return {
    classifier: all.folded,
    heldOutClassifier: (k) => perFold[foldOf[k]!]!,
    heldOutFold: (k) => foldOf[k]!,
    secondStage: { ...all.stage, pairTexts: { polished: polished.length, originals: originals.length } },
  };
}
