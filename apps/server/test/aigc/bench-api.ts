/**
 * Times AIGC检测 of a ~30,000-character paper through the API (in-process app, SQLite, local queue): reading and
 * storing it (machine_init), then submit_check until load_by_id says done, and the longest event-loop stall
 * meanwhile (the detector runs in batches so the API keeps answering), after a warm-up job has loaded the model.
 * Needs ../shared/data.
 *   npx tsx apps/server/test/aigc/bench-api.ts [characters]
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AigcRecord, AigcReport } from '@paperdesk/contracts';
import { benchApp } from '../support/bench-app.ts';
import { DATA_DIR, hasData } from './data.ts';

if (!hasData) {
  console.warn(`跳过：找不到 ${DATA_DIR}`);
  process.exit(0);
}
const target = Number(process.argv[2] ?? 30_000);
const bench = await benchApp('aigc-bench');

// alternate human journal abstracts and AI-written thesis paragraphs until the paper is long enough
const csl = JSON.parse(
  fs.readFileSync(path.join(DATA_DIR, 'csl_human_abstracts_zh/csl_1500_2000_4domain.json'), 'utf8'),
) as Record<string, { abstract: string }[]>;
const human = Object.values(csl)
  .flat()
  .map((a) => a.abstract.trim());
const ai = fs
  .readFileSync(path.join(DATA_DIR, 'ai_academic_zh/polish-and-body.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => String((JSON.parse(l) as { text: string }).text).trim());
const paras: string[] = [];
for (let i = 0, n = 0; n < target; i++) {
  const p = (i % 2 ? ai[i % ai.length] : human[i]) ?? '';
  paras.push(p);
  n += p.length;
}

const api = await bench.user('/api/base/paper_aigc_api', 'aigc_check', 10);

async function waitDone(id: number) {
  let r = await api<AigcRecord>(`load_by_id?id=${id}`);
  while (r.status !== 'done' && r.status !== 'failed') {
    await new Promise((res) => setTimeout(res, 20));
    r = await api<AigcRecord>(`load_by_id?id=${id}`);
  }
  return r;
}
// a short paper first: the process loads the model (about 1 s, once) on its first job
const warm = await api<AigcRecord>('machine_init', { title: '预热', text: paras.slice(0, 4).join('\n') });
await api(`submit_check?id=${warm.id}`);
await waitDone(warm.id);

const t0 = performance.now();
const rec = await api<AigcRecord>('machine_init', { title: '计时', text: paras.join('\n') });
const t1 = performance.now();
let stall = 0;
let last = performance.now();
const timer = setInterval(() => {
  const now = performance.now();
  stall = Math.max(stall, now - last - 10);
  last = now;
}, 10);
await api(`submit_check?id=${rec.id}`);
const r = await waitDone(rec.id);
const t2 = performance.now();
clearInterval(timer);
const report = await api<AigcReport>(`load_content_by_id?id=${rec.id}`);
console.log(
  JSON.stringify({
    characters: rec.characters,
    paragraphs: paras.length,
    initMs: Math.round(t1 - t0),
    submitToDoneMs: Math.round(t2 - t1),
    jobElapsedMs: report.elapsedMs,
    longestEventLoopStallMs: Math.round(stall),
    aiCharRatio: Number(r.metrics?.aiCharRatio.toFixed(3)),
    band: r.metrics?.band,
  }),
);
await bench.close();
