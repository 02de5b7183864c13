/**
 * Does fcitx5's large-corpus word trigram model (libime, bench/lm/) add information to the committed detector?
 *
 *   npx tsx packages/aigc/bench/lm-surprisal.ts
 *
 * Per row of the benchmark (held-out split of src/split.ts, rows of scripts/evaluate.ts, evaluation-only sets left
 * out): the AUROC of each LM feature alone — its direction (is a higher value AI?) fixed on the training split —
 * then the committed detector's AUROC against a small logistic regression on [logit(detector score), LM features]
 * fitted on the training split only (and, for comparison, on the calibration split, where the detector's first
 * stage did not train). Nothing is tuned on the held-out texts. Also the model's load time and memory and the cost
 * per 1,000 characters. Exits 0 with a printed reason when the data or the package is absent.
 */
import { loadDetector } from '../src/detector.ts';
import type { SparseVector } from '../src/features.ts';
import { LM_FEATURES, type LmFeatures, loadLibimeLm, lmFeatureVector } from './lm/features.ts';
import { sigmoid, trainLogistic } from '../src/logistic.ts';
import { auroc } from '../src/metrics.ts';
import type { Split } from '../src/split.ts';
import { type CorpusText, hasData, loadCorpus } from '../scripts/corpus.ts';
import { evaluationRows } from '../scripts/evaluate.ts';

if (!hasData()) {
  console.warn('lm-surprisal: ../shared/data (or $PAPERDESK_DATA_DIR) is missing; skipped.');
  process.exit(0);
}
// wall and CPU time: on a shared machine the CPU time is the figure that carries over
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const rssBefore = process.memoryUsage().rss;
const loadStart = performance.now();
const loadCpu = cpuMs();
const lm = loadLibimeLm();
const loadMs = performance.now() - loadStart;
const loadCpuMs = cpuMs() - loadCpu;
if (!lm) {
  console.warn(
    'lm-surprisal: libime zh_CN.lm not installed (apt-get install libime-data-language-model); skipped.',
  );
  process.exit(0);
}
const rssLoaded = process.memoryUsage().rss;
const rankStart = performance.now();
const rankCpu = cpuMs();
lm.rankOf(-1, 1); // builds the successor index ranking needs
const rankMs = performance.now() - rankStart;
const rankCpuMs = cpuMs() - rankCpu;
const rssRanked = process.memoryUsage().rss;
const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
console.log(
  `libime model ${lm.file}: read in ${loadMs.toFixed(0)} ms wall / ${loadCpuMs.toFixed(0)} ms CPU (+${mb(rssLoaded - rssBefore)} RSS); successor index for ranks ${rankMs.toFixed(0)} ms wall / ${rankCpuMs.toFixed(0)} ms CPU (+${mb(rssRanked - rssLoaded)} RSS)`,
);

const detector = loadDetector();
const corpus = loadCorpus().filter((t) => t.register !== 'qa');
const splits: readonly Split[] = ['train', 'calibration', 'test'];
const used = corpus.filter((t) => splits.includes(t.split));

// features and detector scores of every text used, timed
const features = new Map<string, LmFeatures | null>();
const detectorScore = new Map<string, number>();
let lmMs = 0;
let lmCpuMs = 0;
let lmChars = 0;
for (const t of used) {
  if (features.has(t.text)) continue;
  const t0 = performance.now();
  const c0 = cpuMs();
  features.set(t.text, lm.features(t.text));
  lmMs += performance.now() - t0;
  lmCpuMs += cpuMs() - c0;
  lmChars += t.text.length;
  detectorScore.set(t.text, detector.scoreText(t.text));
}
console.log(
  `${features.size} texts (${lmChars.toLocaleString('en')} chars): ${((lmMs / lmChars) * 1000).toFixed(1)} ms wall / ${((lmCpuMs / lmChars) * 1000).toFixed(1)} ms CPU per 1,000 characters for the LM features`,
);

const logit = (p: number) => Math.log(Math.max(1e-6, p) / Math.max(1e-6, 1 - p));
/** Texts with no Han word get the training split's median of each feature. */
const trainTexts = used.filter((t) => t.split === 'train');
const medians = LM_FEATURES.map((_, k) => {
  const xs = trainTexts
    .map((t) => features.get(t.text))
    .filter((f): f is LmFeatures => f != null)
    .map((f) => lmFeatureVector(f)[k]!)
    .sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)] ?? 0;
});
const rawVector = (text: string) => {
  const f = features.get(text);
  return f ? lmFeatureVector(f) : medians;
};

// standardise on the training split; direction of each feature alone (is higher AI?) = its training-split AUROC side
const mean = LM_FEATURES.map((_, k) => avg(trainTexts.map((t) => rawVector(t.text)[k]!)));
const sd = LM_FEATURES.map(
  (_, k) => Math.sqrt(avg(trainTexts.map((t) => (rawVector(t.text)[k]! - mean[k]!) ** 2))) || 1,
);
const direction = LM_FEATURES.map((_, k) =>
  auroc(trainTexts.map((t) => ({ score: rawVector(t.text)[k]!, label: t.label }))) >= 0.5 ? 1 : -1,
);

function avg(xs: readonly number[]): number {
  return xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN;
}

const dimension = LM_FEATURES.length + 1;
const indices = Uint32Array.from({ length: dimension }, (_, i) => i);
function vector(text: string, withLm: boolean): SparseVector {
  const x = new Float32Array(dimension);
  x[0] = logit(detectorScore.get(text)!);
  if (withLm) {
    const raw = rawVector(text);
    for (let k = 0; k < LM_FEATURES.length; k++) x[k + 1] = (raw[k]! - mean[k]!) / sd[k]!;
  }
  return { indices, values: x };
}

/** Logistic regression on one split; every (register, label) cell weighs the same in the loss. */
function fit(split: Split, withLm: boolean): { score: (text: string) => number; weights: number[] } {
  const texts = used.filter((t) => t.split === split);
  const cell = (t: CorpusText) => `${t.register}:${t.label}`;
  const sizes = new Map<string, number>();
  for (const t of texts) sizes.set(cell(t), (sizes.get(cell(t)) ?? 0) + 1);
  const model = trainLogistic(
    texts.map((t) => ({ x: vector(t.text, withLm), label: t.label, weight: 1 / sizes.get(cell(t))! })),
    dimension,
    { l2: 1e-3, maxIterations: 300 },
  );
  const score = (text: string) => {
    const x = vector(text, withLm);
    let z = model.bias;
    for (let k = 0; k < dimension; k++) z += model.weights[k]! * x.values[k]!;
    return sigmoid(z);
  };
  return { score, weights: [...model.weights] };
}

/** 95% paired bootstrap interval of AUROC(b) − AUROC(a) over a row's texts (fixed seed: reproducible). */
function deltaInterval(
  items: readonly { text: string; label: 0 | 1 }[],
  a: (t: string) => number,
  b: (t: string) => number,
) {
  const sa = items.map((i) => a(i.text));
  const sb = items.map((i) => b(i.text));
  let seed = 12345;
  const rand = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const deltas: number[] = [];
  for (let r = 0; r < 400; r++) {
    const pick = items.map(() => Math.floor(rand() * items.length));
    const A = pick.map((j) => ({ score: sa[j]!, label: items[j]!.label }));
    const B = pick.map((j) => ({ score: sb[j]!, label: items[j]!.label }));
    const d = auroc(B) - auroc(A);
    if (Number.isFinite(d)) deltas.push(d);
  }
  deltas.sort((x, y) => x - y);
  return [deltas[Math.floor(0.025 * deltas.length)]!, deltas[Math.floor(0.975 * deltas.length)]!] as const;
}

const combined = { train: fit('train', true), calibration: fit('calibration', true) };
// the detector refitted alone the same way: any gain of the combination is then the LM's, not the refit's
const refit = { train: fit('train', false), calibration: fit('calibration', false) };

const num = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : 'n/a');
const short = ['mlp', 'var', 'ppl', 'spc', 'top10', 'top1', 'burst'];
for (const split of ['train', 'calibration'] as const)
  console.log(
    `combination fitted on ${split}: weight of logit(detector) ${num(combined[split].weights[0]!)} (alone ${num(refit[split].weights[0]!)}), LM (standardised) ${short.map((n, k) => `${n} ${num(combined[split].weights[k + 1]!)}`).join(', ')}`,
  );
console.log(
  `\nfeatures: ${LM_FEATURES.map((f, k) => `${short[k]} = ${f} (${direction[k]! > 0 ? 'higher' : 'lower'} = AI on the training split)`).join('; ')}`,
);
console.log(
  '\n| row (held out) | n (AI / human) | detector | + LM (fit on train) | + LM (fit on calibration) | Δ calib [95% paired bootstrap] | ' +
    short.join(' | ') +
    ' |',
);
console.log(`|---|---|---|---|---|---|${short.map(() => '---|').join('')}`);
for (const row of evaluationRows(corpus, [])) {
  const items = row.items.filter((i) => features.has(i.text));
  if (items.length === 0) continue;
  const ai = items.filter((i) => i.label === 1).length;
  const a = (score: (text: string) => number) =>
    auroc(items.map((i) => ({ score: score(i.text), label: i.label })));
  const alone = LM_FEATURES.map((_, k) => a((text) => direction[k]! * rawVector(text)[k]!));
  const base = (t: string) => detectorScore.get(t)!;
  // a monotone refit of the detector alone has its AUROC: checked, so any gain below is the LM's
  if (
    Math.abs(a(refit.train.score) - a(base)) > 1e-3 ||
    Math.abs(a(refit.calibration.score) - a(base)) > 1e-3
  )
    throw new Error('refit of the detector alone changed its ranking');
  const [lo, hi] = deltaInterval(items, base, combined.calibration.score);
  console.log(
    `| ${row.name} | ${items.length} (${ai} / ${items.length - ai}) | ${num(a(base))} | ${num(a(combined.train.score))} | ${num(a(combined.calibration.score))} | ${num(a(combined.calibration.score) - a(base))} [${num(lo)}, ${num(hi)}] | ${alone.map(num).join(' | ')} |`,
  );
}

// mean of each feature per text kind, held out: what the model sees
const kinds: Array<[string, (t: CorpusText) => boolean]> = [
  ['human abstracts', (t) => t.label === 0 && t.register === 'academic'],
  ['human thesis paragraphs', (t) => t.label === 0 && t.register === 'thesis'],
  ['AI abstracts', (t) => t.source === 'ai-abstract'],
  ['AI thesis paragraphs', (t) => t.source === 'ai-thesis'],
  ['AI thesis, asked humanlike', (t) => t.source === 'ai-thesis' && t.style === 'humanlike'],
  ['AI-polished thesis (polish3)', (t) => t.source === 'ai-thesis-polish'],
];
console.log(`\nheld-out means | n | ${short.join(' | ')} |`);
for (const [name, keep] of kinds) {
  const texts = used.filter((t) => t.split === 'test' && keep(t));
  const means = LM_FEATURES.map((_, k) => avg(texts.map((t) => rawVector(t.text)[k]!)));
  console.log(`${name} | ${texts.length} | ${means.map(num).join(' | ')} |`);
}
