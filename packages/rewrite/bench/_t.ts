import { rewrite } from '../src/index.ts';
import { loadAbstracts, sampleAbstracts } from './data.ts';
const sample = sampleAbstracts(loadAbstracts(), 200);
for (let i = 5; i < 200; i += 20) {
  const a = sample[i]!;
  const r = rewrite(a.text, { strength: 'strong', seed: 7 });
  console.log(`\n原文：${a.text.slice(0, 400)}\n改写：${r.text.slice(0, 420)}`);
}
