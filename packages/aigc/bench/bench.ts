/**
 * bench:aigc — the committed model (packages/aigc/model) on data it was not trained on and whose thresholds were
 * not chosen on: per row n, AUROC, the share of AI texts at 显著 (counted) and at 疑似 (shown) — each text judged
 * by its length class — the same shares of the row's human texts, and ECE; then the false-positive rates on
 * held-out human academic text by length class against the targets; documents, speed and size. With a model
 * that returns token log-probabilities configured (AIGC_LOGPROBS_URL, see bench/zero-shot.ts) the rows are also
 * printed for the zero-shot score and for its combination with the offline model.
 *
 *   npm run bench:aigc
 *   AIGC_BEFORE_MODEL=<dir> npm run bench:aigc   # every figure as before → after, the model in <dir> before
 *
 * AIGC_MODEL_DIR=<dir> benchmarks a model other than the bundled one (a training run's AIGC_MODEL_OUT).
 *
 * Reads only ../shared/data (or $PAPERDESK_DATA_DIR); prints why and exits 0 when it is absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type AigcDetector, loadDetector } from '../src/detector.ts';
import { wilsonInterval } from '../src/metrics.ts';
import { DEFAULT_MODEL_DIR } from '../src/model.ts';
import { combineWithZeroShot } from '../src/zeroshot.ts';
import { hasData, loadCorpus, loadOutOfDistribution } from '../scripts/corpus.ts';
import {
  evaluateHeldOut,
  type HeldOutReport,
  MIN_THESIS_PARAGRAPHS,
  type RowMetrics,
  traceShares,
} from '../scripts/evaluate.ts';
import { heldOutRewrites } from '../scripts/heldout-rewrites.ts';
import { zeroShotFromEnv } from './zero-shot.ts';

if (!hasData()) {
  console.warn('bench:aigc: ../shared/data (or $PAPERDESK_DATA_DIR) is missing; skipped.');
  process.exit(0);
}

const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : 'n/a');
const num = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : 'n/a');

/** `before → after`, or one value where they print the same (no baseline: the value). */
function change<T>(after: T, before: T | undefined, format: (x: T) => string): string {
  const a = format(after);
  if (before === undefined) return a;
  const b = format(before);
  return a === b ? a : `${b} → ${a}`;
}

function printRows(title: string, report: HeldOutReport, before?: HeldOutReport) {
  console.log(`\n${title}\n`);
  console.log('| row | n (AI / human) | AUROC | TPR@显著 | TPR@疑似 | FPR@显著 | FPR@疑似 | ECE |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const m of report.rows)
    console.log(
      row(
        m,
        before?.rows.find((b) => b.name === m.name),
      ),
    );
  const { short, long, longJoined } = report.humanAcademic;
  console.log(
    `\nheld-out human academic text (targets: 显著 <= ${pct(target.significant)}, 疑似 <= ${pct(target.suspect)}; 95% Wilson intervals):`,
  );
  const thesis = report.humanThesis;
  const was = before
    ? [
        before.humanAcademic.short,
        before.humanAcademic.long,
        before.humanAcademic.longJoined,
        before.humanThesis.short,
        before.humanThesis.long,
      ]
    : [];
  for (const [k, [name, c]] of (
    [
      [`short (<= ${maxShort} chars, incl. windows of long texts)`, short],
      ['long', long],
      ['long, two short texts joined', longJoined],
      [`human thesis paragraphs, short (<= ${maxShort} chars, incl. windows of long ones)`, thesis.short],
      ['human thesis paragraphs, long', thesis.long],
    ] as const
  ).entries()) {
    if (c.texts === 0) continue;
    const b = was[k];
    const beforeText =
      b && b.texts > 0 ? `(before: 显著 ${pct(b.fprSignificant)}, 疑似 ${pct(b.fprSuspect)}) ` : '';
    console.log(
      `  ${name} n=${c.texts}: ${beforeText}显著 ${withInterval(c.significant, c.texts)}, 疑似 ${withInterval(c.suspect, c.texts)}`,
    );
  }
}

function withInterval(k: number, n: number): string {
  const { low, high } = wilsonInterval(k, n);
  return `${pct(k / n)} [${pct(low)}, ${pct(high)}]`;
}

function row(m: RowMetrics, b?: RowMetrics): string {
  const name = m.overlapping !== undefined ? `${m.name} (${m.overlapping} dropped as seen)` : m.name;
  const of = (key: 'auroc' | 'ece', f: (x: number) => string) => change(m[key], b?.[key], f);
  const rate = (key: 'tprSignificant' | 'tprSuspect' | 'fprSignificant' | 'fprSuspect') =>
    change(m[key], b?.[key], pct);
  return `| ${name} | ${m.texts} (${m.ai} / ${m.texts - m.ai}) | ${of('auroc', num)} | ${rate('tprSignificant')} | ${rate('tprSuspect')} | ${rate('fprSignificant')} | ${rate('fprSuspect')} | ${of('ece', num)} |`;
}

const MODEL_DIR = process.env.AIGC_MODEL_DIR ?? DEFAULT_MODEL_DIR;
const loadStart = performance.now();
const detector = loadDetector(MODEL_DIR);
const loadMs = performance.now() - loadStart;
const meta = detector.model.meta;
const bands = meta.bands;
const maxShort = bands?.maxShortChars ?? 300;
const target = bands?.targetFpr ?? { significant: Number.NaN, suspect: Number.NaN };
const corpus = loadCorpus();
const ood = loadOutOfDistribution(corpus);

const baseline = process.env.AIGC_BEFORE_MODEL ? loadDetector(process.env.AIGC_BEFORE_MODEL) : undefined;

for (const [role, d] of [
  ...(baseline ? [['before', baseline] as const] : []),
  [baseline ? 'after' : 'model', detector],
] as const) {
  const m = d.model.meta;
  console.log(`${role}: model ${m.version} (trained ${m.trainedAt})`);
  if (!m.bands) continue;
  for (const [name, b] of [
    ['short', m.bands.short],
    ['long', m.bands.long],
  ] as const) {
    console.log(
      `  ${name}: 显著 p >= ${num(b.flag)} (${pct(b.significantFpr)} of ${b.humanTexts} human where chosen), 疑似 p >= ${num(b.light)} (${pct(b.suspectFpr)})`,
    );
  }
  console.log(`  chosen on: ${m.bands.chosenOn}`);
}
const humanTest = corpus
  .filter(
    (t) => t.split === 'test' && t.label === 0 && (t.register === 'academic' || t.register === 'thesis'),
  )
  .map((t) => ({ text: t.text, label: 0 as const }));
const asAi = (texts: readonly string[]) => texts.map((text) => ({ text, label: 1 as const }));

/** The held-out report of one model; our 降AIGC row runs the loop against that model. */
async function heldOutReport(of: AigcDetector) {
  const rewrites = await heldOutRewrites(of, corpus);
  const report = evaluateHeldOut(of, corpus, ood, undefined, {
    extraRows: [
      {
        name: 'our 降AIGC (loop against this model) of held-out AI text vs human abstracts + thesis paragraphs',
        items: [...asAi(rewrites.aigc), ...humanTest],
      },
      {
        name: 'our 降重 (offline plans in full) of held-out AI text vs human abstracts + thesis paragraphs',
        items: [...asAi(rewrites.similarity), ...humanTest],
      },
    ],
    rewritten: rewrites.aigc,
  });
  return { rewrites, report };
}

const before = baseline ? await heldOutReport(baseline) : undefined;
const { rewrites, report } = await heldOutReport(detector);
console.log(
  `降AIGC loop: ${change(rewrites.aigcUnderTarget, before?.rewrites.aigcUnderTarget, String)} of ${rewrites.aigc.length} held-out AI texts brought under the model's 疑似 threshold`,
);
printRows(
  `offline model (each text scored whole, judged by its length class)${before ? ', before → after' : ''}`,
  report,
  before?.report,
);

for (const [name, d, b] of [
  ['human', report.humanDocuments, before?.report.humanDocuments],
  ['AI', report.aiDocuments, before?.report.aiDocuments],
] as const) {
  console.log(
    `${name} documents (${d.documents} × ${d.paragraphsPerDocument} held-out abstracts/paragraphs, ~${Math.round(d.meanChars)} chars): mean 总体疑似度 (显著 only) ${change(d.meanAiCharRatio, b?.meanAiCharRatio, pct)}, any 显著 passage ${change(d.anyFlagged, b?.anyFlagged, pct)}`,
  );
}

console.log(
  `\nby text kind (what the report publishes; human: wrongly at 显著 / 疑似+, AI: caught): ${report.measured
    .map((m) => {
      const b = before?.report.measured.find((x) => x.kind === m.kind);
      return `${m.kind} n=${m.texts} ${change(m.significant, b?.significant, pct)} / ${change(m.suspect, b?.suspect, pct)}`;
    })
    .join('; ')}`,
);
console.log('\nwhat the report calls a held-out paragraph (aiTrace, each paragraph alone through detect):');
const tracesBefore = before && baseline ? traceShares(baseline, corpus, before.rewrites.aigc) : [];
for (const t of traceShares(detector, corpus, rewrites.aigc)) {
  const b = tracesBefore.find((x) => x.kind === t.kind);
  console.log(
    `  ${t.kind} (${t.paragraphs}): AI 生成特征显著 ${change(t.generated, b?.generated, pct)}, AI 润色痕迹 ${change(t.touched, b?.touched, pct)}, neither ${change(1 - t.generated - t.touched, b ? 1 - b.generated - b.touched : undefined, pct)}`,
  );
}

/** The whole held-out human theses: 总体疑似度 distribution and paragraphs at 疑似+ per thesis. */
function printTheses(label: string, theses: HeldOutReport['theses']) {
  if (theses.length === 0) return;
  const ratios = theses.map((t) => t.aiCharRatio).sort((a, b) => a - b);
  const at = (q: number) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))]!;
  console.log(
    `\n${label}whole human theses (${theses.length} held-out theses of ${MIN_THESIS_PARAGRAPHS}+ paragraphs, ${Math.min(...theses.map((t) => t.paragraphs))}-${Math.max(...theses.map((t) => t.paragraphs))} paragraphs): 总体疑似度 median ${pct(at(0.5))}, 90th percentile ${pct(at(0.9))}, max ${pct(ratios.at(-1)!)}; >= 20%: ${ratios.filter((r) => r >= 0.2).length}; > 0: ${ratios.filter((r) => r > 0).length}; document band 疑似 or stronger: ${theses.filter((t) => t.band !== 'none').length}`,
  );
  console.log(
    `  总体疑似度 per thesis: ${ratios.map((r) => (100 * r).toFixed(1)).join(' ')}; paragraphs at 疑似+ per thesis: ${theses
      .map((t) => `${t.suspectParagraphs}/${t.paragraphs}`)
      .join(' ')}`,
  );
}
if (before) printTheses('before: ', before.report.theses);
printTheses(before ? 'after: ' : '', report.theses);

const zeroShot = zeroShotFromEnv();
if (!zeroShot) {
  console.log(
    '\nzero-shot score: no model configured (set AIGC_LOGPROBS_URL to an OpenAI-compatible completions endpoint with echo + logprobs); rows skipped.',
  );
} else {
  console.log(`\nzero-shot score from ${zeroShot.describe}: scoring up to ${zeroShot.limit} texts per row …`);
  const criteria = await zeroShot.criteria(corpus, ood);
  const zsOnly = (t: string) =>
    combineWithZeroShot(0.5, criteria.get(t) ?? null, { ...zeroShot.mapping, weight: 1 });
  const combined = (t: string) =>
    combineWithZeroShot(detector.scoreText(t), criteria.get(t) ?? null, zeroShot.mapping);
  const subset = (c: typeof corpus) => c.filter((t) => criteria.has(t.text));
  const oodSubset = ood.map((s) => ({ ...s, items: s.items.filter((i) => criteria.has(i.text)) }));
  printRows(
    'zero-shot criterion alone (texts with a criterion)',
    evaluateHeldOut(detector, subset(corpus), oodSubset, zsOnly, { documents: false }),
  );
  printRows(
    'combination (offline + zero-shot, src/zeroshot.ts)',
    evaluateHeldOut(detector, subset(corpus), oodSubset, combined, { documents: false }),
  );
}

// speed: a 30,000-character thesis of held-out paragraphs (human and AI interleaved)
const pool = corpus.filter((t) => t.split === 'test' && t.register === 'academic').map((t) => t.text);
const thesis: string[] = [];
let chars = 0;
for (let i = 0; chars < 30_000; i++) {
  const p = pool[i % pool.length]!;
  thesis.push(p);
  chars += p.length;
}
detector.detect(thesis.slice(0, 5)); // warm-up
const runs = 3;
const t0 = performance.now();
for (let i = 0; i < runs; i++) detector.detect(thesis);
const ms = (performance.now() - t0) / runs;
const sizes = fs.readdirSync(MODEL_DIR).map((f) => ({ f, bytes: fs.statSync(path.join(MODEL_DIR, f)).size }));
console.log(
  `\nspeed: ${chars} characters in ${ms.toFixed(0)} ms = ${Math.round((chars / ms) * 1000).toLocaleString('en')} chars/s (model load ${loadMs.toFixed(0)} ms)`,
);
console.log(`model size: ${sizes.map((s) => `${s.f} ${(s.bytes / 1024).toFixed(0)} KiB`).join(', ')}`);
