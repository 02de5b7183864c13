import { rewrite } from '../src/index.ts';
import { loadAbstracts, sampleAbstracts } from './data.ts';
const strength = (process.argv[2] ?? 'strong') as 'strong';
const sample = sampleAbstracts(loadAbstracts(), 200);
const mode = process.argv[3] ?? 'pairs';
if (mode === 'pairs') {
  for (const a of sample.slice(0, Number(process.argv[4] ?? 200)).filter((_, i) => i % 10 === 3)) {
    const r = rewrite(a.text, { strength, seed: 7 });
    // show only changed hunks with context
    const parts = r.changes.map(
      (c) =>
        `${a.text.slice(Math.max(0, c.start - 6), c.start)}[${a.text.slice(c.start, c.end)}→${c.replacement}]${a.text.slice(c.end, c.end + 4)}`,
    );
    console.log(`--- ${a.id}\n${parts.join(' | ')}`);
  }
} else {
  // words inside unchanged runs of ≥13 chars: what the rewriter left alone
  const { tagWords } = await import('../src/segment.ts');
  const { synonymsOf } = await import('../src/synonyms.ts');
  const count = new Map<string, number>();
  for (const a of sample) {
    const r = rewrite(a.text, { strength, seed: 7 });
    let pos = 0;
    const runs: string[] = [];
    for (const c of [...r.changes, { start: a.text.length, end: a.text.length }]) {
      if (c.start - pos >= 13) runs.push(a.text.slice(pos, c.start));
      pos = c.end;
    }
    for (const run of runs)
      for (const t of tagWords(run)) {
        if (!/^[\u4e00-\u9fff]+$/.test(t.word)) continue;
        const k = `${t.tag}|${t.word}|${synonymsOf(t.word, t.tag).length > 0 ? 'S' : ''}`;
        count.set(k, (count.get(k) ?? 0) + 1);
      }
  }
  console.log(
    [...count]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 400)
      .map(([k, n]) => `${k}:${n}`)
      .join(' '),
  );
}
