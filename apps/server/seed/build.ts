import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { readHumanAbstracts } from '../../../packages/textkit/bench/csl.ts';

/**
 * `npm run library:seed:build [-- <data folder>]`: (re)writes the bundled seed library `csl-library.jsonl.gz` from the
 * Apache-2.0 CSL abstracts in `../shared/data` (csl-benchmark-sample and csl_human_abstracts_zh; see
 * NOTICE). One JSON line per paper: `{ title, author, source, year, text }` (the abstract is the text,
 * the discipline goes into the source). Papers present in both sets are written once. The output is
 * deterministic: the same inputs give the same bytes.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
// the data folder sits beside the repository; another place can be given as the first argument
const data = path.resolve(process.argv[2] ?? path.join(repo, '../shared/data'));
const out = path.join(import.meta.dirname, 'csl-library.jsonl.gz');

interface SeedDoc {
  title: string;
  author: string;
  source: string;
  year: null;
  text: string;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

function tsv(file: string): [string, string][] {
  return fs
    .readFileSync(path.join(data, 'csl-benchmark-sample', file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [, a = '', b = ''] = line.split('\t');
      return [clean(a), clean(b)];
    });
}

function benchmarkPapers(): SeedDoc[] {
  const docs: SeedDoc[] = [];
  for (const split of ['dev', 'test']) {
    const titles = tsv(`ts_${split}.tsv`);
    const disciplines = tsv(`cls_dcp_${split}.tsv`);
    titles.forEach(([abstract, title], i) => {
      // the task files list the same papers in the same order; keep the discipline only when it lines up
      const [dcpAbstract, discipline] = disciplines[i] ?? ['', ''];
      const field = dcpAbstract === abstract && discipline ? ` · ${discipline}` : '';
      docs.push({ title, author: '', source: `CSL 中文科学文献${field}`, year: null, text: abstract });
    });
  }
  return docs;
}

function humanAbstracts(): SeedDoc[] {
  return readHumanAbstracts(data).map((p) => ({
    title: clean(p.title),
    author: '',
    source: `CSL 中文科学文献 · ${p.domain.split('_').at(-1) ?? p.domain}`,
    year: null,
    text: clean(p.abstract),
  }));
}

function main() {
  if (!fs.existsSync(data)) {
    console.error(`找不到 ${data}：种子库需要 ../shared/data 下的 CSL 数据`);
    process.exitCode = 2;
    return;
  }
  const seen = new Set<string>();
  const lines: string[] = [];
  let chars = 0;
  for (const doc of [...benchmarkPapers(), ...humanAbstracts()]) {
    if (doc.text.length < 40 || !doc.title || seen.has(doc.text)) continue;
    seen.add(doc.text);
    chars += doc.text.length;
    lines.push(JSON.stringify({ ...doc, title: doc.title.slice(0, 300) }));
  }
  const gz = zlib.gzipSync(`${lines.join('\n')}\n`, { level: 9 });
  fs.writeFileSync(out, gz);
  console.log(
    `已写入 ${path.relative(repo, out)}：${lines.length} 篇，${chars.toLocaleString('en-US')} 字，${(gz.length / 1024 / 1024).toFixed(2)} MB`,
  );
}

main();
