/** CSL abstracts from ../shared/data (read at run time, never copied into the repo). */
import fs from 'node:fs';
import path from 'node:path';
import { readHumanAbstracts } from '../../textkit/bench/csl.ts';

export const DATA_DIR =
  process.env.PAPERDESK_DATA_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/data');

export function hasData(): boolean {
  return fs.existsSync(path.join(DATA_DIR, 'csl_human_abstracts_zh'));
}

export interface Abstract {
  id: string;
  text: string;
}

/** csl_human_abstracts_zh/*.json and csl-benchmark-sample ts_{dev,test}.tsv, deduplicated, ≥ 40 characters. */
export function loadAbstracts(): Abstract[] {
  const out: Abstract[] = [];
  const seen = new Set<string>();
  const push = (id: string, raw: string) => {
    const text = raw.trim();
    if (text.length < 40 || seen.has(text)) return;
    seen.add(text);
    out.push({ id, text });
  };
  for (const e of readHumanAbstracts(DATA_DIR)) push(`${e.file}-${e.domain}-${e.index}`, e.abstract);
  const cslDir = path.join(DATA_DIR, 'csl-benchmark-sample');
  for (const f of ['ts_dev.tsv', 'ts_test.tsv']) {
    const file = path.join(cslDir, f);
    if (!fs.existsSync(file)) continue;
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        push(`${f}-${i}`, line.split('\t')[1] ?? '');
      });
  }
  return out;
}

/** `count` abstracts of at least `minChars` characters, spread evenly over the list (deterministic). */
export function sampleAbstracts(all: readonly Abstract[], count: number, minChars = 120): Abstract[] {
  const long = all.filter((a) => a.text.length >= minChars);
  const step = Math.max(1, Math.floor(long.length / count));
  const out: Abstract[] = [];
  for (let i = 0; i < long.length && out.length < count; i += step) {
    const a = long[i];
    if (a) out.push(a);
  }
  return out;
}
