/**
 * `npm run refs:check -- FILE [--records CATALOGUE.jsonl] [--standard 2015|2025]`: the report's engine on a
 * reference list (one entry per line, numbered or not), one JSON line per entry on stdout, a summary on stderr.
 * --records: an OpenAlex-works JSON-lines catalogue to verify against; without it entries stay 未能核实.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  checkPastedList,
  decodeText,
  MemorySource,
  type RecordSource,
  readCatalogue,
  type Standard,
} from '../src/index.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { records: { type: 'string' }, standard: { type: 'string', default: '2015' } },
});
const file = positionals[0];
if (!file || (values.standard !== '2015' && values.standard !== '2025')) {
  console.error('用法: npm run refs:check -- FILE [--records CATALOGUE.jsonl] [--standard 2015|2025]');
  process.exit(2);
}
const sources: RecordSource[] = [];
if (values.records) {
  const { records, skipped } = readCatalogue(decodeText(readFileSync(values.records)), values.records);
  console.error(
    `目录 ${values.records}: ${records.length} 条记录${skipped ? `，${skipped} 行无法读取已跳过` : ''}`,
  );
  sources.push(new MemorySource(`目录 ${values.records}`, records));
}
const result = await checkPastedList(decodeText(readFileSync(file)), {
  standard: values.standard as Standard,
  sources,
});
if (!result.found) console.error(result.message);
for (const entry of result.entries) console.log(JSON.stringify(entry));
const s = result.summary;
console.error(
  `${s.total} 条：已核实 ${s.verified}，信息不符 ${s.mismatch}，未能核实 ${s.unverified}；格式问题 ${s.withProblems} 条（GB/T 7714-${result.standard}）。检索范围：${result.searched.join('、') || '无'}${result.unavailable.length ? `；不可用：${result.unavailable.join('、')}` : ''}`,
);
