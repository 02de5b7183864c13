import { textToDocument } from '@paperdesk/textkit';
import { describe, expect, it } from 'vitest';
import {
  type CheckOptions,
  checkDocument,
  type LibraryDocument,
  PlagiarismIndex,
  ShardedLibrary,
  shardOf,
} from '../src/index.ts';
import { randomText, rng } from './helpers.ts';

/**
 * A library split into shards reports exactly what one index holding every document reports: the same sources,
 * spans and ratios, for planted passages copied verbatim, edited, shared by many documents (sampled and
 * boilerplate k-grams) and from private documents.
 */
function documents(): { library: LibraryDocument[]; paper: string } {
  const r = rng(28);
  const library: LibraryDocument[] = [];
  const stock = randomText(r, 60); // in many documents: sampled, then boilerplate k-grams
  for (let i = 0; i < 400; i++)
    library.push({
      id: `doc-${i}`,
      title: `文献${i}`,
      author: i % 50 === 0 ? '李四' : '张三',
      year: 2000 + (i % 20),
      ...(i % 37 === 0 ? { private: true, ownerKey: `user:${i % 2}` } : {}),
      text: i % 3 === 0 ? `${randomText(r, 300)}${stock}${randomText(r, 200)}` : randomText(r, 500),
    });
  const planted = [5, 37, 74, 120, 250, 333].map((i) => library[i]!.text.slice(100, 260));
  const edited = (t: string) =>
    Array.from(t)
      .map((c, k) => (k % 11 === 5 ? '的' : c))
      .join('');
  const paper = [
    randomText(r, 400),
    planted[0],
    randomText(r, 300),
    edited(planted[1]!),
    stock,
    planted[2],
    randomText(r, 200),
    edited(planted[3]!),
    planted[4],
    planted[5],
  ].join('\n');
  return { library, paper };
}

describe('ShardedLibrary', () => {
  it('names each document a stable shard, spread over all of them', () => {
    expect(shardOf('doc-1', 4)).toBe(shardOf('doc-1', 4));
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[shardOf(`doc-${i}`, 4)]!++;
    for (const c of counts) expect(c).toBeGreaterThan(800);
  });

  // the second: k-grams in more than maxDocFrequency documents but under the boilerplate cut are sampled
  it.each([{ maxDocFrequency: 20 }, { maxDocFrequency: 20, boilerplateShare: 0.5 }])(
    'reports what one index reports, for every shard count (%o)',
    (indexOptions) => {
      const { library, paper } = documents();
      const single = new PlagiarismIndex(indexOptions);
      for (const d of library) single.add(d);
      const doc = textToDocument(paper);
      const optionsList: CheckOptions[] = [
        { reworded: false, ownerKey: 'user:0' },
        { reworded: false, ownerKey: 'user:1', ownAuthors: ['李四'], allSources: true },
        { reworded: false, paraphrase: false, excludeDocIds: ['doc-5'] },
      ];
      const expected = optionsList.map((o) => checkDocument(doc, single, o));
      expect(expected[0]!.matches.length).toBeGreaterThan(3);
      for (const shards of [1, 2, 3, 5]) {
        const sharded = new ShardedLibrary(
          Array.from({ length: shards }, () => new PlagiarismIndex(indexOptions)),
        );
        for (const d of library) sharded.add(d);
        optionsList.forEach((o, i) => {
          const report = checkDocument(doc, sharded, o);
          const want = expected[i]!;
          report.engine.elapsedMs = want.engine.elapsedMs;
          expect(report, `${shards} shards, options ${i}`).toEqual(want);
        });
      }
    },
  );

  it('refuses the reworded stage, whose word statistics are not merged yet', () => {
    const sharded = new ShardedLibrary([new PlagiarismIndex(), new PlagiarismIndex()]);
    sharded.add({ id: 'a', title: 'a', text: randomText(rng(1), 300) });
    expect(() => checkDocument(textToDocument(randomText(rng(2), 300)), sharded)).toThrow(/reworded/);
  });
});
