/**
 * train:aigc — rebuilds packages/aigc/model/aigc-zh.{json,bin.gz} from the training-licensed sets in
 * ../shared/data, evaluates it on the held-out test split and the evaluation-only sets, and stores those figures in
 * the model metadata. Deterministic: the same data gives the same weights. A few minutes on 2 cores.
 *
 *   npm run train:aigc
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { AigcDetector } from '../src/detector.ts';
import { CONNECTIVES } from '../src/lexicon.ts';
import { DEFAULT_MODEL_DIR, MODEL_NAME, saveModel } from '../src/model.ts';
import { trainModel } from '../src/trainer.ts';
import { hasData, loadCorpus, loadIndicatingWords, loadOutOfDistribution, stratumOf } from './corpus.ts';
import { evaluateHeldOut } from './evaluate.ts';
import { heldOutRewrites } from './heldout-rewrites.ts';
import { ourRewrites } from './rewritten.ts';

const VERSION = '1.7.0';
/** Where the model is written: the bundled model unless AIGC_MODEL_OUT names a folder (for experiments). */
const OUT_DIR = process.env.AIGC_MODEL_OUT ?? DEFAULT_MODEL_DIR;
type Directions = NonNullable<NonNullable<Parameters<typeof trainModel>[1]['secondStage']>['directions']>;
/**
 * Model 1.7.0's third second-stage input (README, "Model 1.7.0"): the AI-vs-human naive-Bayes log-odds of the academic,
 * polish and thesis strata (character 1-3-grams and word 1-2-grams, add-3). Chosen on the calibration split: 146 of its
 * 205 AI texts caught at 疑似 against 137 without it.
 */
const NB_AI_VS_HUMAN: Directions = [
  {
    name: 'aiVsHuman',
    strata: ['academic', 'polish', 'thesis'],
    ngramOrders: [1, 2, 3],
    wordOrders: [1, 2],
    smoothing: 3,
  },
];
/** Experiments (with AIGC_MODEL_OUT): AIGC_STAGE2_DIRECTIONS replaces the inputs above (JSON; `[]` for none, as 1.6.1). */
const DIRECTIONS: Directions = process.env.AIGC_STAGE2_DIRECTIONS
  ? (JSON.parse(process.env.AIGC_STAGE2_DIRECTIONS) as Directions)
  : NB_AI_VS_HUMAN;

if (!hasData()) {
  console.warn('train:aigc: ../shared/data (or $PAPERDESK_DATA_DIR) is missing; nothing to train on.');
  process.exit(0);
}

const started = Date.now();
const loaded = loadCorpus();
// our own 降AIGC / 降重 outputs of the training splits' AI texts are AI text too
const corpus = [...loaded, ...(await ourRewrites(loaded))];
console.log(
  `[${((Date.now() - started) / 1000).toFixed(1)} s] corpus: ${corpus.length} texts, ${corpus.length - loaded.length} of them our own rewrites`,
);
const words = loadIndicatingWords();
const model = trainModel(
  corpus.map((t) => ({
    text: t.text,
    label: t.label,
    split: t.split,
    stratum: stratumOf(t),
    group: t.group,
  })),
  {
    featureConfig: {
      hashBits: 18,
      ngramOrders: [1, 2, 3],
      wordOrders: [1, 2],
      posOrders: [2, 3],
      posBits: 14,
    },
    lexicon: {
      connectives: [...CONNECTIVES],
      aiPhrases: words.aiPhrases,
      humanPhrases: words.humanPhrases,
      attribution:
        'aiPhrases/humanPhrases: HC3 indicating words, Hello-SimpleAI/chatgpt-comparison-detection (CC-BY-SA 4.0)',
    },
    l2: 3e-6,
    maxIterations: 300,
    lmBigramBits: 19,
    lmTrigramBits: 20,
    bandFpr: { significant: 0.01, suspect: 0.05 },
    // each threshold must hold on new human text (80% one-sided), not just where chosen: the 疑似 rate set at the
    // plain quantile landed above 5% on the test split
    bandConfidenceZ: { significant: 0.84, suspect: 0.84 },
    joinShortForLong: true,
    // human thesis paragraphs too: what students submit (human abstracts alone left 7% of them at 疑似)
    bandStrata: ['academic', 'polish', 'thesis'],
    strataFpr: { thesis: { significant: 0.01, suspect: 0.03 } },
    secondStage: {
      pairStratum: 'polish',
      pairWordOrders: [1],
      smoothing: 3,
      l2: 0.002,
      folds: 5,
      ...(DIRECTIONS.length ? { directions: DIRECTIONS } : {}),
    },
    maxShortChars: 300,
    windowChars: 220,
    minReliableChars: 50,
    version: VERSION,
    ...(process.env.AIGC_FIRST_STAGE_CACHE ? { firstStageCache: process.env.AIGC_FIRST_STAGE_CACHE } : {}),
    log: (m) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${m}`),
  },
);
if (process.env.AIGC_CALIBRATION_ONLY) {
  // experiments: the calibration figures above are what a variant is chosen by; no held-out evaluation, no model
  console.log('AIGC_CALIBRATION_ONLY: stopped before the held-out evaluation; nothing written');
  process.exit(0);
}
const trained = new AigcDetector(model);
const rewrites = await heldOutRewrites(trained, loaded);
const report = evaluateHeldOut(trained, loaded, loadOutOfDistribution(loaded), undefined, {
  rewritten: rewrites.aigc,
});
const counts: Record<string, number> = {};
// texts per source / label / split, for the record
for (const t of corpus)
  counts[`${t.source}/${t.label}/${t.split}`] = (counts[`${t.source}/${t.label}/${t.split}`] ?? 0) + 1;
const { format: _format, binary: _binary, ...meta } = model.meta;
const saved = saveModel(
  {
    ...meta,
    ...(meta.bands ? { bands: { ...meta.bands, measured: report.measured } } : {}),
    training: {
      ...meta.training,
      sets: 'hc3_chinese_subset_cudrt, m4_qazh_chatgpt_glimpse, ai_academic_zh (with thesis-body2, polish3-thesis), csl_human_abstracts_zh, csl-benchmark-sample, human_thesis_zh; our own 降AIGC / 降重 outputs of the train and lm splits AI academic texts',
      split:
        'unitHash(group id; a human thesis is one group, polish3 texts in their original thesis group): test < 0.2 <= calibration < 0.35 <= lm < 0.5 <= train (src/split.ts)',
      counts,
      seconds: Math.round((Date.now() - started) / 1000),
    },
    // the theses only as a distribution: human_thesis_zh's repository names stay out of the repository
    metrics: {
      ...report,
      theses: {
        count: report.theses.length,
        aiCharRatioSorted: report.theses.map((t) => t.aiCharRatio).sort((a, b) => a - b),
        atLeast20pct: report.theses.filter((t) => t.aiCharRatio >= 0.2).length,
      },
    } as unknown as Record<string, unknown>,
  },
  model.classifier,
  model.lm,
  OUT_DIR,
);
// keep the committed JSON in the repository's formatting
spawnSync(path.resolve(import.meta.dirname, '../../../node_modules/.bin/biome'), [
  'format',
  '--write',
  path.join(OUT_DIR, `${MODEL_NAME}.json`),
]);
console.log(JSON.stringify(report, null, 2));
console.log(`model ${saved.version}: ${saved.binary.bytes} bytes binary, ${(Date.now() - started) / 1000} s`);
