/**
 * 全文降重 / 降AIGC through the API (in-process app, SQLite, local queue, offline path): held-out CSL abstracts copied
 * into a paper whose sources are in a small library (降重, and the dual-target mode), and held-out AI-written
 * abstracts (降AIGC). Prints the whole text's 专业版 复制比 and AIGC 疑似度 before → after, paragraphs meeting the
 * targets, rounds, time, two before/after samples of each and the notes. Needs ../shared/data.
 *   npx tsx apps/server/test/reducing/bench-api.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ReduceContent, ReduceDetail, ReduceRecord } from '@paperdesk/contracts';
import { benchApp } from '../support/bench-app.ts';
import { DATA_DIR, hasData, heldOutPairs } from '../aigc/data.ts';

if (!hasData) {
  console.warn(`跳过：找不到 ${DATA_DIR}`);
  process.exit(0);
}
const bench = await benchApp('reduce-bench');
const { ctx } = bench;

// indices 450–454 of each discipline: none of them is used by the AIGC detector's training or tests
const csl = JSON.parse(
  fs.readFileSync(path.join(DATA_DIR, 'csl_human_abstracts_zh/csl_1000_1500_4domain.json'), 'utf8'),
) as Record<string, { title: string; abstract: string }[]>;
const library = Object.values(csl).flatMap((list) => list.slice(450, 455));
await ctx.checks.library.add(
  library.map((d) => ({ title: d.title, author: '', source: 'CSL', year: 2020, text: d.abstract })),
  { origin: 'import' },
);
const copied = Object.values(csl).map((list) => list[450]!.abstract);

const api = await bench.user('/api/base/paper_machine_api', 'balance', 1_000_000);

async function run(label: string, body: Record<string, unknown>) {
  const started = Date.now();
  const rec = await api<ReduceRecord>('machine_init', body);
  await api(`machine_submit?id=${rec.id}`);
  let d = await api<ReduceDetail>(`load_by_id?id=${rec.id}`);
  while (d.status !== 'done' && d.status !== 'failed') {
    await new Promise((r) => setTimeout(r, 100));
    d = await api<ReduceDetail>(`load_by_id?id=${rec.id}`);
  }
  const c = await api<ReduceContent>(`load_content_by_id?id=${rec.id}`);
  const rounds = c.paragraphs.reduce((n, p) => n + p.rounds.length, 0);
  console.log(
    `${label}: ${d.status} · 复制比 ${d.before?.similarity}% → ${d.after?.similarity}% · AIGC ${d.before?.aigc}% → ${d.after?.aigc}% · met ${d.metParagraphs}/${d.targetParagraphs} · rounds ${rounds} · ${Date.now() - started} ms`,
  );
  for (const p of c.paragraphs.slice(0, 2))
    console.log(
      `  原文 ${JSON.stringify(p.before)}: ${p.original.slice(0, 100)}\n  改写 ${JSON.stringify(p.after)}: ${p.text.slice(0, 100)}`,
    );
  for (const n of d.notes) console.log(`  说明：${n.message}`);
}

await run('降重 offline, 复制比 ≤ 15 %', { text: copied.join('\n'), targetSimilarity: 15 });
await run('降AIGC offline, AIGC ≤ 20 %', {
  text: heldOutPairs(4)
    .map((p) => p.ai)
    .join('\n'),
  kind: 'aigc',
});
await run('双目标 offline, 复制比 ≤ 30 % 且 AIGC ≤ 20 %', {
  text: copied.join('\n'),
  targetSimilarity: 30,
  targetAigc: 20,
});
await bench.close();
