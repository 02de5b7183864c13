/**
 * bench:aigc — held-out quality, false positives on human academic prose, out-of-distribution AUROC, speed and
 * size of the committed model (packages/aigc/model). Everything is recomputed from the model and the data; the
 * figures stored in the model metadata are not read.
 *
 *   npm run bench:aigc
 *
 * Reads only ../shared/data (or $PAPERDESK_DATA_DIR); prints why and exits 0 when it is absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadDetector } from '../src/detector.ts';
import { DEFAULT_MODEL_DIR } from '../src/model.ts';
import { hasData, loadCorpus, loadOutOfDistribution } from '../scripts/corpus.ts';
import { type BinaryMetrics, evaluateHeldOut } from '../scripts/evaluate.ts';

if (!hasData()) {
  console.warn('bench:aigc: ../shared/data (or $PAPERDESK_DATA_DIR) is missing; skipped.');
  process.exit(0);
}

const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : 'n/a');
const num = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : 'n/a');

function row(name: string, m: BinaryMetrics): string {
  return `| ${name} | ${m.texts} (${m.ai} AI) | ${num(m.auroc)} | ${pct(m.accuracy)} | ${num(m.f1)} | ${pct(m.tpr)} | ${pct(m.fpr)} | ${pct(m.tprAt1Fpr)} | ${pct(m.tprAt5Fpr)} | ${num(m.ece)} | ${num(m.brier)} |`;
}

const loadStart = performance.now();
const detector = loadDetector();
const loadMs = performance.now() - loadStart;
const corpus = loadCorpus();
const report = evaluateHeldOut(detector, corpus, loadOutOfDistribution(corpus));
const meta = detector.model.meta;

console.log(
  `model ${meta.version} (trained ${meta.trainedAt}), flag threshold ${num(report.flagThreshold)}\n`,
);
console.log(
  '| set (held-out test split unless OOD) | texts | AUROC | accuracy | F1 | TPR@flag | FPR@flag | TPR@1%FPR | TPR@5%FPR | ECE | Brier |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
console.log(row('all in-distribution', report.inDistribution));
for (const [register, m] of Object.entries(report.byRegister)) console.log(row(`register: ${register}`, m));
for (const [domain, m] of Object.entries(report.academicByDomain)) console.log(row(`academic: ${domain}`, m));
for (const m of report.outOfDistribution)
  console.log(row(`OOD: ${m.name} (${m.overlapping} dropped as seen)`, m));

const h = report.humanAbstracts;
console.log(
  `\nheld-out human academic abstracts: ${h.texts}, flagged at the default threshold ${pct(h.fpr)}, mean probability ${num(h.meanProbability)}`,
);
for (const [name, d] of [
  ['human', report.humanDocuments],
  ['AI', report.aiDocuments],
] as const) {
  console.log(
    `${name} documents (${d.documents} × ${d.paragraphsPerDocument} held-out abstracts/paragraphs, ~${Math.round(d.meanChars)} chars): mean aiCharRatio ${pct(d.meanAiCharRatio)}, any passage flagged ${pct(d.anyFlagged)}, overall probability >= flag ${pct(d.flaggedOverall)}`,
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
