/**
 * bench:aigc — the committed model (packages/aigc/model) on data it was not trained on and whose thresholds were
 * not chosen on: per row n, AUROC, the share of AI texts at 显著 (counted) and at 疑似 (shown) — each text judged
 * by its length class — the same shares of the row's human texts, and ECE; then the false-positive rates on
 * held-out human academic text by length class against the targets; documents, speed and size. With a model
 * that returns token log-probabilities configured (AIGC_LOGPROBS_URL, see bench/zero-shot.ts) the rows are also
 * printed for the zero-shot score and for its combination with the offline model.
 *
 *   npm run bench:aigc
 *
 * Reads only ../shared/data (or $PAPERDESK_DATA_DIR); prints why and exits 0 when it is absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadDetector } from '../src/detector.ts';
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

function printRows(title: string, report: HeldOutReport) {
  console.log(`\n${title}\n`);
  console.log('| row | n (AI / human) | AUROC | TPR@显著 | TPR@疑似 | FPR@显著 | FPR@疑似 | ECE |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const m of report.rows) console.log(row(m));
  const { short, long, longJoined } = report.humanAcademic;
  console.log(
    `\nheld-out human academic text (targets: 显著 <= ${pct(target.significant)}, 疑似 <= ${pct(target.suspect)}; 95% Wilson intervals):`,
  );
  const thesis = report.humanThesis;
  for (const [name, c] of [
    [`short (<= ${maxShort} chars, incl. windows of long texts)`, short],
    ['long', long],
    ['long, two short texts joined', longJoined],
    [`human thesis paragraphs, short (<= ${maxShort} chars, incl. windows of long ones)`, thesis.short],
    ['human thesis paragraphs, long', thesis.long],
  ] as const) {
    if (c.texts === 0) continue;
    console.log(
      `  ${name} n=${c.texts}: 显著 ${withInterval(c.significant, c.texts)}, 疑似 ${withInterval(c.suspect, c.texts)}`,
    );
  }
}

function withInterval(k: number, n: number): string {
  const { low, high } = wilsonInterval(k, n);
  return `${pct(k / n)} [${pct(low)}, ${pct(high)}]`;
}

function row(m: RowMetrics): string {
  const name = m.overlapping !== undefined ? `${m.name} (${m.overlapping} dropped as seen)` : m.name;
  return `| ${name} | ${m.texts} (${m.ai} / ${m.texts - m.ai}) | ${num(m.auroc)} | ${pct(m.tprSignificant)} | ${pct(m.tprSuspect)} | ${pct(m.fprSignificant)} | ${pct(m.fprSuspect)} | ${num(m.ece)} |`;
}

const loadStart = performance.now();
const detector = loadDetector();
const loadMs = performance.now() - loadStart;
const meta = detector.model.meta;
const bands = meta.bands;
const maxShort = bands?.maxShortChars ?? 300;
const target = bands?.targetFpr ?? { significant: Number.NaN, suspect: Number.NaN };
const corpus = loadCorpus();
const ood = loadOutOfDistribution(corpus);

console.log(`model ${meta.version} (trained ${meta.trainedAt})`);
if (bands) {
  for (const [name, b] of [
    ['short', bands.short],
    ['long', bands.long],
  ] as const) {
    console.log(
      `  ${name}: 显著 p >= ${num(b.flag)} (${pct(b.significantFpr)} of ${b.humanTexts} human where chosen), 疑似 p >= ${num(b.light)} (${pct(b.suspectFpr)})`,
    );
  }
  console.log(`  chosen on: ${bands.chosenOn}`);
}
const rewrites = await heldOutRewrites(detector, corpus);
const humanTest = corpus
  .filter(
    (t) => t.split === 'test' && t.label === 0 && (t.register === 'academic' || t.register === 'thesis'),
  )
  .map((t) => ({ text: t.text, label: 0 as const }));
const asAi = (texts: readonly string[]) => texts.map((text) => ({ text, label: 1 as const }));
const report = evaluateHeldOut(detector, corpus, ood, undefined, {
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
console.log(
  `降AIGC loop: ${rewrites.aigcUnderTarget} of ${rewrites.aigc.length} held-out AI texts brought under this model's 疑似 threshold`,
);
printRows('offline model (each text scored whole, judged by its length class)', report);

for (const [name, d] of [
  ['human', report.humanDocuments],
  ['AI', report.aiDocuments],
] as const) {
  console.log(
    `${name} documents (${d.documents} × ${d.paragraphsPerDocument} held-out abstracts/paragraphs, ~${Math.round(d.meanChars)} chars): mean 总体疑似度 (显著 only) ${pct(d.meanAiCharRatio)}, any 显著 passage ${pct(d.anyFlagged)}`,
  );
}

console.log(
  `\nby text kind (what the report publishes; human: wrongly at 显著 / 疑似+, AI: caught): ${report.measured
    .map((m) => `${m.kind} n=${m.texts} ${pct(m.significant)} / ${pct(m.suspect)}`)
    .join('; ')}`,
);
console.log('\nwhat the report calls a held-out paragraph (aiTrace, each paragraph alone through detect):');
for (const t of traceShares(detector, corpus, rewrites.aigc)) {
  console.log(
    `  ${t.kind} (${t.paragraphs}): AI 生成特征显著 ${pct(t.generated)}, AI 润色痕迹 ${pct(t.touched)}, neither ${pct(1 - t.generated - t.touched)}`,
  );
}
const theses = report.theses;
if (theses.length > 0) {
  const ratios = theses.map((t) => t.aiCharRatio).sort((a, b) => a - b);
  const at = (q: number) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))]!;
  console.log(
    `\nwhole human theses (${theses.length} held-out theses of ${MIN_THESIS_PARAGRAPHS}+ paragraphs, ${Math.min(...theses.map((t) => t.paragraphs))}-${Math.max(...theses.map((t) => t.paragraphs))} paragraphs): 总体疑似度 median ${pct(at(0.5))}, 90th percentile ${pct(at(0.9))}, max ${pct(ratios.at(-1)!)}; >= 20%: ${ratios.filter((r) => r >= 0.2).length}; > 0: ${ratios.filter((r) => r > 0).length}; document band 疑似 or stronger: ${theses.filter((t) => t.band !== 'none').length}`,
  );
  console.log(
    `  总体疑似度 per thesis: ${ratios.map((r) => (100 * r).toFixed(1)).join(' ')}; paragraphs at 疑似+ per thesis: ${theses
      .map((t) => `${t.suspectParagraphs}/${t.paragraphs}`)
      .join(' ')}`,
  );
}

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
const sizes = fs
  .readdirSync(DEFAULT_MODEL_DIR)
  .map((f) => ({ f, bytes: fs.statSync(path.join(DEFAULT_MODEL_DIR, f)).size }));
console.log(
  `\nspeed: ${chars} characters in ${ms.toFixed(0)} ms = ${Math.round((chars / ms) * 1000).toLocaleString('en')} chars/s (model load ${loadMs.toFixed(0)} ms)`,
);
console.log(`model size: ${sizes.map((s) => `${s.f} ${(s.bytes / 1024).toFixed(0)} KiB`).join(', ')}`);
