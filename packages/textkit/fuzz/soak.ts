/**
 * `npm run fuzz -- --files 20000 [--seed 123] [--no-bombs]`: a longer run of the fuzz corpus through the real
 * readDocument. Prints outcomes overall and per format, anything that escaped as a non-TextkitError, unhandled
 * rejections, peak RSS and the slowest files. Exits 1 if anything escaped.
 */
import { parseArgs } from 'node:util';
import { allBombs } from './bombs.ts';
import { buildSeeds, type FuzzCase, fuzzCases, outcomeName, runCase } from './corpus.ts';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '5000' },
    seed: { type: 'string' },
    'no-bombs': { type: 'boolean', default: false },
  },
});
const files = Number(values.files);
const seed = values.seed ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);

let current = '';
const unhandled: string[] = [];
process.on('unhandledRejection', (reason) => unhandled.push(`${current}: ${String(reason)}`));

console.log(`textkit fuzz soak: seed ${seed}, ${files} mutated files${values['no-bombs'] ? '' : ' + bombs'}`);
const seeds = await buildSeeds();
const bombs: FuzzCase[] = values['no-bombs']
  ? []
  : (await allBombs()).map((b) => ({
      label: b.label,
      format: b.format,
      filename: b.filename,
      bytes: b.bytes,
    }));

const overall = new Map<string, number>();
const byFormat = new Map<string, Map<string, number>>();
const escaped: string[] = [];
const slowest: Array<{ label: string; ms: number; outcome: string; bytes: number }> = [];
const baseline = process.memoryUsage().rss;
let peak = baseline;
const started = performance.now();
let done = 0;

for (const c of [...bombs, ...fuzzCases(seeds, seed, files)]) {
  current = c.label;
  const t = performance.now();
  const outcome = await runCase(c);
  const ms = performance.now() - t;
  peak = Math.max(peak, process.memoryUsage().rss);
  const name = outcomeName(outcome);
  overall.set(name, (overall.get(name) ?? 0) + 1);
  const perFormat = byFormat.get(c.format) ?? new Map<string, number>();
  perFormat.set(name, (perFormat.get(name) ?? 0) + 1);
  byFormat.set(c.format, perFormat);
  if (outcome.kind === 'other') escaped.push(`${c.label}: ${String(outcome.error)}`);
  slowest.push({ label: c.label, ms, outcome: name, bytes: c.bytes.length });
  slowest.sort((a, b) => b.ms - a.ms);
  slowest.length = Math.min(slowest.length, 10);
  if (++done % 1000 === 0)
    console.log(`  ${done} files, ${Math.round((performance.now() - started) / 1000)} s`);
}
await new Promise((resolve) => setTimeout(resolve, 100));

const table = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
console.log(`\nfiles tried: ${done} in ${Math.round((performance.now() - started) / 1000)} s`);
console.log(`outcomes: ${table(overall)}`);
for (const [format, m] of byFormat) console.log(`  ${format}: ${table(m)}`);
console.log(
  `peak RSS growth: ${Math.round((peak - baseline) / 1048576)} MiB (baseline ${Math.round(baseline / 1048576)} MiB)`,
);
console.log('slowest:');
for (const s of slowest)
  console.log(`  ${Math.round(s.ms)} ms  ${s.outcome.padEnd(18)} ${s.bytes} B  ${s.label}`);
console.log(`escaped (not a TextkitError): ${escaped.length}`);
for (const e of escaped.slice(0, 20)) console.log(`  ${e}`);
console.log(`unhandled rejections: ${unhandled.length}`);
for (const u of unhandled.slice(0, 20)) console.log(`  ${u}`);
process.exitCode = escaped.length + unhandled.length > 0 ? 1 : 0;
