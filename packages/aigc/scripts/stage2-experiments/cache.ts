/**
 * Second-stage experiments, step 1 (see README, Model selection): trains the first stage exactly as train.ts does
 * and writes, for every calibration / test / OOD text, the inputs a second stage could use — first-stage log-odds,
 * the 22 standardised style features, naive-Bayes polish scores on word unigrams / word bigrams / POS 2-3-grams /
 * character 1-3-grams, two contrastive character-LM log-likelihood ratios, the score of a strongly regularised
 * polished-vs-human-academic logistic regression and that of a first stage on POS n-grams and style only. For the
 * train split the same inputs come out of fold (first stage, polish directions and both regressions fitted without
 * the text's fold), so a second stage can also be fitted on the train split's 164 polished texts instead of the
 * calibration split's 43. About 5 minutes on 2 idle cores.
 *
 *   nice -n 10 npx tsx packages/aigc/scripts/stage2-experiments/cache.ts   # then variants.ts
 */
import fs from 'node:fs';
import { canonicalText } from '../../src/canonical.ts';
import { type CharLm, charLogProbs, trainCharLm } from '../../src/charlm.ts';
import {
  type FeatureConfig,
  FeatureExtractor,
  fitStyleScaling,
  hashedNgrams,
  ngramDimension,
  STYLE_FEATURES,
  type SparseVector,
} from '../../src/features.ts';
import { unitHash } from '../../src/hash.ts';
import { CONNECTIVES } from '../../src/lexicon.ts';
import {
  decisionValue,
  type LogisticModel,
  type TrainingExample,
  trainLogistic,
} from '../../src/logistic.ts';
import { pairLogOdds, polishScore } from '../../src/stage2.ts';
import { loadCorpus, loadIndicatingWords, loadOutOfDistribution, stratumOf } from '../corpus.ts';
import { CACHE_FILE, type CachedInputs, type CachedText, TEMPLATED } from './shared.ts';

const started = Date.now();
const log = (m: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${m}`);
const FOLDS = 5;
/** L2 of the polished-vs-human-academic regression (1e-4 and 1e-2 measured the same within 0.002). */
const POLISH_LR_L2 = 1e-3;
/** L2 of the POS-and-style-only first stage (only this value was measured). */
const SYNTAX_LR_L2 = 1e-4;

const corpus = loadCorpus();
const ood = loadOutOfDistribution(corpus);
const words = loadIndicatingWords();
const featureConfig: FeatureConfig = {
  hashBits: 18,
  ngramOrders: [1, 2, 3],
  wordOrders: [1, 2],
  posOrders: [2, 3],
  posBits: 14,
};
const lexicon = {
  connectives: [...CONNECTIVES],
  aiPhrases: words.aiPhrases,
  humanPhrases: words.humanPhrases,
};
const canonical = corpus.map((t) => canonicalText(t.text));
const lm = trainCharLm(
  canonical.filter((_, i) => corpus[i]!.split === 'lm' && corpus[i]!.label === 0),
  19,
  20,
);
const raw = new FeatureExtractor(featureConfig, lexicon, lm, undefined);
const isTrain = (i: number) =>
  corpus[i]!.split === 'train' || (corpus[i]!.split === 'lm' && corpus[i]!.label === 1);
const trainIdx = corpus.flatMap((_, i) => (isTrain(i) ? [i] : []));
const styleRaw = new Map(trainIdx.map((i) => [i, raw.styleRaw(canonical[i]!)]));
const extractor = new FeatureExtractor(
  featureConfig,
  lexicon,
  lm,
  fitStyleScaling(trainIdx.map((i) => styleRaw.get(i)!)),
);
const cellKey = (i: number) => `${stratumOf(corpus[i]!)}|${corpus[i]!.label}`;
const cells = new Map<string, number>();
for (const i of trainIdx) cells.set(cellKey(i), (cells.get(cellKey(i)) ?? 0) + 1);
const trainVector = new Map(trainIdx.map((i) => [i, extractor.vector(canonical[i]!, styleRaw.get(i))]));
const example = (i: number): TrainingExample => ({
  x: trainVector.get(i)!,
  label: corpus[i]!.label,
  weight: trainIdx.length / (cells.size * cells.get(cellKey(i))!),
});
const foldOf = (i: number) => Math.floor(unitHash(`${corpus[i]!.group}|xfit`) * FOLDS);
const firstStage = (rows: number[]) =>
  trainLogistic(rows.map(example), extractor.dimension, { l2: 3e-6, maxIterations: 300 });

const dimension = ngramDimension(featureConfig);
const polishConfigs: Record<'uni' | 'bi' | 'pos' | 'char', FeatureConfig> = {
  uni: { hashBits: 18, ngramOrders: [], wordOrders: [1] },
  bi: { hashBits: 18, ngramOrders: [], wordOrders: [2] },
  pos: { hashBits: 18, ngramOrders: [], wordOrders: [], posOrders: [2, 3], posBits: 14 },
  char: { hashBits: 18, ngramOrders: [1, 2, 3] },
};
const pairIdx = corpus.flatMap((t, i) =>
  stratumOf(t) === 'polish' && (t.split === 'train' || t.split === 'lm') ? [i] : [],
);
const pairVectors = Object.fromEntries(
  Object.entries(polishConfigs).map(([name, config]) => [
    name,
    new Map(pairIdx.map((i) => [i, hashedNgrams(canonical[i]!, config)])),
  ]),
) as Record<keyof typeof polishConfigs, Map<number, SparseVector>>;
/** The pair log-odds of each polish score, counted on the pairs `use` admits. */
const polishDirections = (use: (i: number) => boolean) =>
  Object.fromEntries(
    (Object.keys(polishConfigs) as Array<keyof typeof polishConfigs>).map((name) => {
      const side = (label: 0 | 1) =>
        pairIdx.filter((i) => corpus[i]!.label === label && use(i)).map((i) => pairVectors[name].get(i)!);
      return [name, pairLogOdds(side(1), side(0), dimension, 3)];
    }),
  ) as Record<keyof typeof polishConfigs, Float32Array>;

// polished (AI) against human academic texts of the training rows, balanced, strongly regularised
const polishLrRows = trainIdx.filter(
  (i) => corpus[i]!.register === 'academic' && (corpus[i]!.source === 'ai-polish' || corpus[i]!.label === 0),
);
const polishLr = (rows: number[]) => {
  const positive = rows.filter((i) => corpus[i]!.source === 'ai-polish').length;
  return trainLogistic(
    rows.map((i) => {
      const isPolished = corpus[i]!.source === 'ai-polish';
      return {
        x: trainVector.get(i)!,
        label: isPolished ? 1 : 0,
        weight: isPolished ? 0.5 / positive : 0.5 / (rows.length - positive),
      };
    }),
    extractor.dimension,
    { l2: POLISH_LR_L2, maxIterations: 300 },
  );
};

// a topic-free first stage: the same training rows and cells on POS n-grams and style features only (the vector
// past the shared character/word buckets), so a polished text's human content cannot vouch for it
const syntaxStart = 1 << featureConfig.hashBits;
const syntaxOnly = (x: SparseVector): SparseVector => {
  let k = 0;
  while (k < x.indices.length && x.indices[k]! < syntaxStart) k++;
  return { indices: x.indices.subarray(k), values: x.values.subarray(k) };
};
const syntaxLr = (rows: number[]) =>
  trainLogistic(
    rows.map((i) => ({ ...example(i), x: syntaxOnly(trainVector.get(i)!) })),
    extractor.dimension,
    { l2: SYNTAX_LR_L2, maxIterations: 300 },
  );

// contrastive character LMs on train + lm texts: AI academic vs human academic, polished vs their originals
const trainLike = (i: number) => corpus[i]!.split === 'train' || corpus[i]!.split === 'lm';
const lmOf = (use: (i: number) => boolean) =>
  trainCharLm(
    canonical.filter((_, i) => use(i)),
    19,
    20,
  );
const lms = {
  ai: lmOf((i) => trainLike(i) && corpus[i]!.label === 1 && corpus[i]!.register === 'academic'),
  human: lmOf(
    (i) => corpus[i]!.split === 'train' && corpus[i]!.label === 0 && corpus[i]!.register === 'academic',
  ),
  polished: lmOf((i) => trainLike(i) && corpus[i]!.source === 'ai-polish'),
  originals: lmOf((i) => trainLike(i) && corpus[i]!.polishedOriginal === true),
};
const meanLogRatio = (a: CharLm, b: CharLm, text: string) => {
  const pa = charLogProbs(a, text);
  const pb = charLogProbs(b, text);
  let s = 0;
  for (let k = 0; k < pa.length; k++) s += pa[k]! - pb[k]!;
  return pa.length > 0 ? s / pa.length : 0;
};

const inputsOf = (
  x: SparseVector,
  first: LogisticModel,
  directions: Record<keyof typeof polishConfigs, Float32Array>,
  lr: LogisticModel,
  syntax: LogisticModel,
  text: string | undefined,
): CachedInputs => ({
  z: decisionValue(first, x),
  style: Array.from(x.values.subarray(x.values.length - STYLE_FEATURES.length)),
  uni: polishScore(directions.uni, x),
  bi: polishScore(directions.bi, x),
  pos: polishScore(directions.pos, x),
  char: polishScore(directions.char, x),
  // the LMs saw every train text: no out-of-fold ratio for those (NaN)
  llrAi: text === undefined ? Number.NaN : meanLogRatio(lms.ai, lms.human, text),
  llrPol: text === undefined ? Number.NaN : meanLogRatio(lms.polished, lms.originals, text),
  polishLr: decisionValue(lr, x),
  syntax: decisionValue(syntax, x),
});

const first = firstStage(trainIdx);
const directions = polishDirections(() => true);
const lr = polishLr(polishLrRows);
const syntax = syntaxLr(trainIdx);
log('first stage, polish directions and the polished-vs-human regression fitted on all training rows');
const describe = (i: number): Omit<CachedText, keyof CachedInputs> => {
  const t = corpus[i]!;
  return {
    id: t.id,
    group: t.group,
    label: t.label,
    split: isTrain(i) ? 'train' : t.split,
    source: t.source,
    register: t.register,
    instruction: t.style,
    stratum: stratumOf(t),
    chars: t.text.length,
  };
};
const texts: CachedText[] = corpus.flatMap((t, i) => {
  if (t.split !== 'calibration' && t.split !== 'test') return [];
  const c = canonical[i]!;
  return [{ ...describe(i), ...inputsOf(extractor.vector(c), first, directions, lr, syntax, c) }];
});
const oodRows = ood.map((set) => ({
  name: set.name,
  items: set.items.map((item) => {
    const c = canonicalText(item.text);
    return { label: item.label, ...inputsOf(extractor.vector(c), first, directions, lr, syntax, c) };
  }),
}));
const templatedCanonical = canonicalText(TEMPLATED);
const templated = inputsOf(
  extractor.vector(templatedCanonical),
  first,
  directions,
  lr,
  syntax,
  templatedCanonical,
);
log('calibration, test and OOD texts');

for (let f = 0; f < FOLDS; f++) {
  const keep = (i: number) => foldOf(i) !== f;
  const foldFirst = firstStage(trainIdx.filter(keep));
  const foldDirections = polishDirections(keep);
  const foldLr = polishLr(polishLrRows.filter(keep));
  const foldSyntax = syntaxLr(trainIdx.filter(keep));
  for (const i of trainIdx)
    if (!keep(i))
      texts.push({
        ...describe(i),
        ...inputsOf(trainVector.get(i)!, foldFirst, foldDirections, foldLr, foldSyntax, undefined),
      });
  log(`train split, fold ${f} scored out of fold`);
}
fs.writeFileSync(CACHE_FILE, JSON.stringify({ texts, ood: oodRows, templated }));
log(`written ${CACHE_FILE}`);
