/**
 * `npm run bench:rewrite [-- --n 200 --samples 10]`: copy real CSL abstracts that are in the plagiarism library,
 * rewrite them at each strength and check them again. Reads ../shared/data only; exits 0 when it is absent.
 */
import { synonymGroupCount } from '../src/index.ts';
import { hasData, loadAbstracts, sampleAbstracts } from './data.ts';
import { buildLibrary, measureStrength } from './measure.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isFinite(v) ? v : fallback;
}

if (!hasData()) {
  console.warn('bench:rewrite skipped: ../shared/data (or PAPERDESK_DATA_DIR) is absent');
  process.exit(0);
}

const n = arg('n', 200);
const samples = arg('samples', 10);
const t0 = performance.now();
const abstracts = loadAbstracts();
const index = buildLibrary(abstracts);
const sample = sampleAbstracts(abstracts, n);
console.log(
  `library: ${abstracts.length} CSL abstracts (${(performance.now() - t0).toFixed(0)} ms); rewritten: ${sample.length} of them; synonym groups: ${synonymGroupCount()}`,
);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(
  '\n| strength | 总文字复制比 before → after | under 30% | 13-char runs only: before → after | under 30% | protected spans kept | bigram Dice to original | length ratio | change ratio | chars/s |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
const results = (['light', 'standard', 'strong'] as const).map((s) => measureStrength(index, sample, s));
for (const r of results)
  console.log(
    `| ${r.strength} | ${pct(r.ratioBefore)} → ${pct(r.ratioAfter)} | ${pct(r.under30)} | ${pct(r.strictBefore)} → ${pct(r.strictAfter)} | ${pct(r.strictUnder30)} | ${pct(r.preserved)} | ${r.bigramSimilarity.toFixed(3)} | ${r.lengthRatio.toFixed(3)} | ${pct(r.changeRatio)} | ${Math.round(r.charsPerSecond).toLocaleString('en-US')} |`,
  );
const standard = results.find((r) => r.strength === 'standard');
if (standard && samples > 0) {
  console.log(`\nstandard-strength samples (every ${Math.max(1, Math.floor(sample.length / samples))}th):`);
  const step = Math.max(1, Math.floor(standard.pairs.length / samples));
  for (let i = 0; i < standard.pairs.length && i / step < samples; i += step) {
    const p = standard.pairs[i];
    if (!p) continue;
    console.log(`\n${i / step + 1}. (after: ${pct(p.ratioAfter)})\n原文：${p.before}\n改写：${p.after}`);
  }
}
