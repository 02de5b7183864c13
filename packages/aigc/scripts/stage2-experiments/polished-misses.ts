/**
 * Are the held-out AI-polished texts the committed model misses the light rewrites? Prints each test polished text's
 * character-bigram Jaccard similarity to its own original, its length ratio and where its probability ranks among
 * the held-out human abstracts, then the AUROC of the less and the more similar half.
 *
 *   nice -n 10 npx tsx packages/aigc/scripts/stage2-experiments/polished-misses.ts
 */
import { loadDetector } from '../../src/detector.ts';
import { auroc } from '../../src/metrics.ts';
import { loadCorpus } from '../corpus.ts';

const detector = loadDetector();
const test = loadCorpus().filter((t) => t.split === 'test');
const human = test.filter((t) => t.label === 0 && t.register === 'academic');
const humanScores = human.map((t) => detector.scoreText(t.text));
const bigrams = (s: string) =>
  new Set(Array.from({ length: Math.max(0, s.length - 1) }, (_, i) => s.slice(i, i + 2)));
const rows = test
  .filter((t) => t.source === 'ai-polish')
  .map((t) => {
    const original = human.find((h) => h.group === t.group)?.text ?? '';
    const a = bigrams(t.text);
    const b = bigrams(original);
    const shared = [...a].filter((x) => b.has(x)).length;
    const p = detector.scoreText(t.text);
    return {
      instruction: t.style ?? '',
      similarity: shared / Math.max(1, a.size + b.size - shared),
      lengthRatio: t.text.length / Math.max(1, original.length),
      p,
      humanRank: humanScores.filter((h) => h < p).length / humanScores.length,
    };
  })
  .sort((x, y) => x.similarity - y.similarity);
for (const r of rows)
  console.log(
    `${r.instruction.padEnd(10)} similarity ${r.similarity.toFixed(2)} length ×${r.lengthRatio.toFixed(2)} p ${r.p.toFixed(3)} above ${(100 * r.humanRank).toFixed(1)}% of human`,
  );
const half = Math.floor(rows.length / 2);
for (const [name, part] of [
  ['less similar half', rows.slice(0, half)],
  ['more similar half', rows.slice(half)],
] as const)
  console.log(
    `${name}: AUROC ${auroc([...part.map((r) => ({ score: r.p, label: 1 as const })), ...humanScores.map((s) => ({ score: s, label: 0 as const }))]).toFixed(3)}`,
  );
