import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import type { ParsedDocument } from '@paperdesk/textkit';
import { type Abstract, loadAbstracts } from './corpus.ts';

/** What the plagiarism benches share: their arguments, the data folder, figures and tables. */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// PAPERDESK_DATA_DIR, else ../shared/data next to the checkout (a worktree under wt/ looks one level further up)
export const dataDir =
  process.env.PAPERDESK_DATA_DIR ??
  ['../shared/data', '../../shared/data'].map((d) => path.resolve(root, d)).find((d) => fs.existsSync(d)) ??
  path.resolve(root, '../shared/data');

/**
 * The CSL abstracts the benches build on, or undefined (said on the console) where the data folder is absent:
 * outside this machine, where a bench exits 0.
 */
export function benchAbstracts(bench: string): Abstract[] | undefined {
  if (
    !fs.existsSync(path.join(dataDir, 'csl-benchmark-sample')) ||
    !fs.existsSync(path.join(dataDir, 'csl_human_abstracts_zh'))
  ) {
    console.log(`${bench} skipped: data folder not found at ${dataDir} (it lives outside the repository).`);
    return undefined;
  }
  return loadAbstracts(dataDir);
}

/** The machine's load averages (1, 5, 15 min): how much the wall times shared the cores. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}

export const args = process.argv.slice(2);
export const flag = (name: string): boolean => args.includes(`--${name}`);
export const num = (name: string, dflt: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : dflt;
};

/** Numeric options `--name value`, each defaulting to its value in `defaults`. */
export function options<T extends Record<string, number>>(defaults: T): T {
  return Object.fromEntries(Object.entries(defaults).map(([name, dflt]) => [name, num(name, dflt)])) as T;
}

/** The p-quantile of a sample (nearest rank). */
export function quantile(a: number[], p: number): number {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? 0;
}

/** CPU time of this process in ms (user + system): unaffected by other processes competing for the cores. */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export function fmt(n: number, digits = 3): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '-';
}

export function median(a: number[]): number {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)] ?? 0;
}

export function mb(bytes: number): string {
  return `${Math.round(bytes / 1048576)}`;
}

export function table(title: string, header: string[], rows: Array<Array<string | number>>): void {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const width = (s: string) => [...s].reduce((a, ch) => a + (/[\u1100-\uffff]/.test(ch) ? 2 : 1), 0);
  const widths = header.map((_, c) => Math.max(...cells.map((r) => width(r[c] ?? ''))));
  const line = (r: string[]) => `| ${r.map((v, c) => v + ' '.repeat(widths[c]! - width(v))).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of cells.slice(1)) console.log(line(r));
}

export function asDoc(paragraphs: string[]): ParsedDocument {
  return { blocks: paragraphs.map((text) => ({ kind: 'paragraph' as const, text })) };
}

/** A full garbage collection (the flag is switched on at run time, so `npm run bench:check` needs no option). */
export function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** Index folders of the speed rows (large at 1 B): PAPERDESK_BENCH_TMP or the system temporary folder. */
export function benchTmp(): string {
  return process.env.PAPERDESK_BENCH_TMP ?? os.tmpdir();
}
