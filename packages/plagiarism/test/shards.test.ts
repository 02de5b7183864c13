import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { matchingCodes, textToDocument } from '@paperdesk/textkit';
import { afterAll, describe, expect, it } from 'vitest';
import {
  answerShardRequest,
  type CheckOptions,
  checkDocument,
  kgramHashes,
  LibraryShard,
  type LibraryDocument,
  PlagiarismIndex,
  REWORDED_DEFAULTS,
  type ShardAnswer,
  ShardCoordinator,
  ShardedLibrary,
  type ShardRequest,
  shardOf,
  mergeWordStats,
  WordStatsSum,
  warmWordIndex,
} from '../src/index.ts';
import { REWORDINGS, randomText, rng } from './helpers.ts';

/**
 * A library split into shards reports exactly what one index holding every document reports: the same sources,
 * spans and ratios, for planted passages copied verbatim, edited, shared by many documents (sampled and
 * boilerplate k-grams), from private documents, and reworded (the reworded stage: the library's word statistics
 * merged, a source held twice, a stock sentence whose witnesses live in several shards).
 */

// stock sentences: in three documents, so their rewording in the paper has no source (the shards' witnesses
// are summed); in two, it has
const STOCK =
  '结论：本方法操作简便、检测快速且灵敏度高，适用于临床样品的批量分析。该方法的回收率稳定在百分之九十五以上，重复性良好。';
const STOCK_REWORDED =
  '结论：该方法之操作简单、检测的速度快并且灵敏程度高，适合临床的样品之成批的分析。此方法之回收的比率稳定于百分之九十五以上，重复的性能良好。';

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
  const [first, second, third] = REWORDINGS;
  const around = (text: string) => `${randomText(r, 150)}${text}${randomText(r, 150)}`;
  library.push(
    { id: 'reworded-a', title: '客流预测', text: around(first!.source) },
    { id: 'reworded-a-again', title: '客流预测（转载）', text: around(first!.source) },
    { id: 'reworded-b', title: '土壤重金属', text: around(second!.source) },
    { id: 'reworded-c', title: '图书馆资源', private: true, ownerKey: 'user:0', text: around(third!.source) },
    ...[0, 1, 2].map((i) => ({ id: `stock-${i}`, title: `方法${i}`, text: around(STOCK) })),
  );
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
    first!.reworded,
    planted[5],
    second!.reworded,
    randomText(r, 200),
    third!.reworded,
    STOCK_REWORDED,
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
      const expected = OPTIONS.map((o) => checkDocument(doc, single, o));
      expect(expected[0]!.matches.length).toBeGreaterThan(3);
      // the reworded passages are found only by the reworded stage, the stock sentence not at all
      const rewordedSources = (i: number) =>
        new Set(expected[i]!.matches.filter((m) => m.method === 'paraphrase').map((m) => m.docId));
      for (const id of ['reworded-b', 'reworded-c']) expect(rewordedSources(0)).toContain(id);
      expect([...rewordedSources(0)].some((id) => id.startsWith('reworded-a'))).toBe(true);
      expect([...rewordedSources(0)].some((id) => id.startsWith('stock-'))).toBe(false);
      // the stock documents are not all in one shard for some shard count: the witnesses must be summed
      expect([2, 3, 5].some((n) => new Set([0, 1, 2].map((i) => shardOf(`stock-${i}`, n))).size > 1)).toBe(
        true,
      );
      expect(rewordedSources(3)).not.toContain('reworded-b');
      for (const shards of [1, 2, 3, 5]) {
        const sharded = new ShardedLibrary(
          Array.from({ length: shards }, () => new PlagiarismIndex(indexOptions)),
        );
        for (const d of library) sharded.add(d);
        expectReports(doc, sharded, expected, `${shards} shards`);
      }
    },
  );

  it('reports what one index reports after documents are removed, replaced and compacted away', () => {
    const { library, paper } = documents();
    const doc = textToDocument(paper);
    const single = new PlagiarismIndex({ maxDocFrequency: 20 });
    const shardCounts = [1, 2, 3, 5];
    const sharded = shardCounts.map(
      (n) =>
        new ShardedLibrary(Array.from({ length: n }, () => new PlagiarismIndex({ maxDocFrequency: 20 }))),
    );
    const all = [single, ...sharded];
    for (const d of library) for (const l of all) l.add(d);
    // checked once first: the word indexes and sealed segments exist when the documents go
    for (const l of all) checkDocument(doc, l, {});
    const gone = ['reworded-a', 'reworded-c', 'doc-74', 'doc-250', 'stock-1'];
    const changes = (l: PlagiarismIndex | ShardedLibrary) => {
      for (const id of gone) expect(l.remove(id)).toBe(true);
      expect(l.remove('no-such-document')).toBe(false);
      l.add({ ...library.find((d) => d.id === 'reworded-b')!, text: randomText(rng(7), 600) });
      l.add({ id: 'late', title: '后加入', text: `${REWORDINGS[2]!.source}${randomText(rng(8), 200)}` });
    };
    for (const l of all) changes(l);
    const removed = OPTIONS.map((o) => checkDocument(doc, single, o));
    const ids = new Set(removed.flatMap((r) => r.matches.map((m) => m.docId)));
    for (const id of [...gone, 'reworded-b']) expect(ids.has(id), id).toBe(false);
    // what was held twice or left the stock sentence's witnesses too few is found through what remains
    for (const id of ['reworded-a-again', 'late', 'doc-120']) expect(ids.has(id), id).toBe(true);
    expect(ids.has('stock-0') || ids.has('stock-2')).toBe(true);
    sharded.forEach((l, i) => {
      expectReports(doc, l, removed, `${shardCounts[i]} shards, removed`);
    });
    // compacted: the same here, as no removed document was among the kept postings of a k-gram over the cut
    // (where one index and its shards purge differently, see shards.ts)
    for (const l of all) l.compact();
    const compacted = OPTIONS.map((o) => checkDocument(doc, single, o));
    sharded.forEach((l, i) => {
      expectReports(doc, l, compacted, `${shardCounts[i]} shards, compacted`);
    });
  });

  it('counts a k-gram once per document, however often the document repeats it, so shards add up to one index', () => {
    const r = rng(11);
    const phrase = randomText(r, 40);
    const single = new PlagiarismIndex({ maxDocFrequency: 20 });
    const sharded = new ShardedLibrary(
      Array.from({ length: 5 }, () => new PlagiarismIndex({ maxDocFrequency: 20 })),
    );
    // 30 documents repeat the phrase three times: over the cut in one index, under it in each shard
    for (let i = 0; i < 60; i++) {
      const text = i < 30 ? `${randomText(r, 50)}${phrase}${phrase}${phrase}` : randomText(r, 200);
      single.add({ id: `d${i}`, title: `${i}`, text });
      sharded.add({ id: `d${i}`, title: `${i}`, text });
    }
    const hashes = kgramHashes(matchingCodes(phrase).codes, single.k);
    const one = single.seeds(hashes);
    expect(Math.max(...one.df)).toBe(30);
    expect([...sharded.seeds(hashes).df]).toEqual([...one.df]);
  });

  it('answers in plain numbers and typed arrays (what a shard in another process sends)', () => {
    const { library, paper } = documents();
    const sharded = new ShardedLibrary([new PlagiarismIndex(), new PlagiarismIndex()]);
    for (const d of library) sharded.add(d);
    const report = checkDocument(textToDocument(paper), sharded, {});
    // every request and answer through structuredClone, as a child job's data and return value travel
    const cloned = new ShardedLibrary([new PlagiarismIndex(), new PlagiarismIndex()], {
      transport: (message) => structuredClone(message),
    });
    for (const d of library) cloned.add(d);
    const viaClone = checkDocument(textToDocument(paper), cloned, {});
    viaClone.engine.elapsedMs = report.engine.elapsedMs;
    expect(viaClone).toEqual(report);
  });
});

/** Shards as a deployment runs them: each request and answer cloned on its way, as a child job's data travels. */
class RemoteShards {
  readonly coordinator: ShardCoordinator;
  /** Requests received, by kind ('sentences+library' when the merged statistics came with it). */
  received: string[] = [];
  /** Runs on each request before the shard answers it (a change while a check is under way). */
  before: ((shard: number, request: ShardRequest) => void) | undefined;

  constructor(readonly shards: LibraryShard[]) {
    this.coordinator = new ShardCoordinator(shards.length);
  }

  static empty(n: number, options = { maxDocFrequency: 20 }): RemoteShards {
    return new RemoteShards(
      Array.from({ length: n }, (_, i) => new LibraryShard(new PlagiarismIndex(options), i, n)),
    );
  }

  /** Documents in library order (the library number is the position, as one index numbers them). */
  addAll(library: LibraryDocument[]): void {
    for (const [n, d] of library.entries()) this.add(d, n);
  }

  add(d: LibraryDocument, n: number): void {
    this.shards[shardOf(d.id, this.shards.length)]!.add(d, n);
  }

  remove(id: string): boolean {
    return this.shards[shardOf(id, this.shards.length)]!.remove(id);
  }

  ask = async (shard: number, request: ShardRequest): Promise<ShardAnswer> => {
    this.received.push(request.kind === 'sentences' && request.library ? 'sentences+library' : request.kind);
    this.before?.(shard, request);
    return structuredClone(answerShardRequest(this.shards[shard]!, structuredClone(request)));
  };

  check(doc: ReturnType<typeof textToDocument>, options: CheckOptions) {
    return this.coordinator.check(doc, this.ask, options);
  }

  count(kind: string): number {
    return this.received.filter((k) => k === kind).length;
  }
}

const folders: string[] = [];
afterAll(() => {
  for (const f of folders) fs.rmSync(f, { recursive: true, force: true });
});

/** The remote shards' reports equal one index's, option by option (all but the elapsed time). */
async function expectRemoteReports(
  doc: ReturnType<typeof textToDocument>,
  remote: RemoteShards,
  expected: ReturnType<typeof checkDocument>[],
  label: string,
): Promise<void> {
  for (const [i, o] of OPTIONS.entries()) {
    const report = await remote.check(doc, o);
    const want = expected[i]!;
    report.engine.elapsedMs = want.engine.elapsedMs;
    expect(report, `${label}, options ${i}`).toEqual(want);
  }
}

/** The test library in one index and over `shards` shards in "other processes", and the paper to check. */
function singleAndRemote(shards: number) {
  const { library, paper } = documents();
  const single = new PlagiarismIndex({ maxDocFrequency: 20 });
  for (const d of library) single.add(d);
  const remote = RemoteShards.empty(shards);
  remote.addAll(library);
  return { library, doc: textToDocument(paper), single, remote };
}

describe('ShardCoordinator over shards in other processes', () => {
  it('reports what one index reports, for every shard count, and sends word statistics once per version', async () => {
    const { library, paper } = documents();
    const single = new PlagiarismIndex({ maxDocFrequency: 20 });
    for (const d of library) single.add(d);
    const doc = textToDocument(paper);
    const expected = OPTIONS.map((o) => checkDocument(doc, single, o));
    for (const n of [1, 2, 3, 5]) {
      const remote = RemoteShards.empty(n);
      remote.addAll(library);
      await expectRemoteReports(doc, remote, expected, `${n} remote shards`);
      // each shard's statistics and the merged ones crossed once, in the first check
      expect(remote.count('wordStats')).toBe(n);
      expect(remote.count('sentences+library')).toBe(n);
      expect(remote.count('status')).toBe(n);
    }
  });

  it('follows removals and additions, takes statistics again only from a shard that changed', async () => {
    const { library, doc, single, remote } = singleAndRemote(3);
    // both checked first: the word indexes exist when the documents go (their sentences stay counted)
    checkDocument(doc, single, {});
    await remote.check(doc, {});
    const gone = ['reworded-a', 'reworded-c', 'doc-74', 'stock-1'];
    for (const id of gone) {
      single.remove(id);
      expect(remote.remove(id)).toBe(true);
    }
    const late = { id: 'late', title: '后加入', text: `${REWORDINGS[2]!.source}${randomText(rng(8), 200)}` };
    single.add(late);
    remote.add(late, library.length);
    const changed = new Set([...gone, late.id].map((id) => shardOf(id, 3)));
    remote.received = [];
    await expectRemoteReports(
      doc,
      remote,
      OPTIONS.map((o) => checkDocument(doc, single, o)),
      'changed',
    );
    expect(remote.count('wordStats')).toBe(changed.size);
    expect(remote.count('sentences+library')).toBe(3);
  });

  it('asks again when a shard’s statistics move between the look-ups of one check', async () => {
    const { library, doc, single, remote } = singleAndRemote(2);
    // sharing no k-gram with the paper: only the word statistics see it
    const quiet = { id: 'quiet', title: '无关', text: randomText(rng(99), 400) };
    // the library's size in the report is the one the k-gram look-up saw, before the document came
    const { engine } = checkDocument(doc, single, {});
    single.add(quiet);
    let added = false;
    remote.before = (_, request) => {
      if (request.kind !== 'sentences' || added) return;
      added = true;
      remote.add(quiet, library.length);
    };
    const report = await remote.check(doc, {});
    expect(remote.received).toContain('wordStats');
    expect(remote.count('sentences') + remote.count('sentences+library')).toBeGreaterThan(2);
    const want = checkDocument(doc, single, {});
    want.engine.libraryDocuments = engine.libraryDocuments;
    want.engine.libraryCharacters = engine.libraryCharacters;
    report.engine.elapsedMs = want.engine.elapsedMs;
    expect(report).toEqual(want);
  });

  it('saves and loads each shard’s own folder, and a loaded shard’s statistics are taken anew', async () => {
    const { library, doc, single, remote } = singleAndRemote(3);
    expect(remote.remove('doc-120')).toBe(true);
    single.remove('doc-120');
    const expected = OPTIONS.map((o) => checkDocument(doc, single, o));
    await expectRemoteReports(doc, remote, expected, 'before saving');
    const dirs = remote.shards.map((s) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pdshard-${s.shard}-`));
      folders.push(dir);
      s.save(dir);
      return dir;
    });
    // shard 1 comes back from its folder (as after kill -9); the coordinator is the same
    remote.shards[1]!.index.close();
    remote.shards[1] = LibraryShard.load(dirs[1]!);
    remote.received = [];
    await expectRemoteReports(doc, remote, expected, 'shard 1 loaded');
    expect(remote.count('wordStats')).toBe(1);
    expect(() => remote.shards[1]!.add(library.find((d) => shardOf(d.id, 3) === 0)!, 999)).toThrow(/shard 0/);
  });

  it('loads a shard killed after documents were added and committed, but never saved again', () => {
    const { library } = documents();
    const mine = library.filter((d) => shardOf(d.id, 2) === 0);
    const shard = new LibraryShard(new PlagiarismIndex({ maxDocFrequency: 20 }), 0, 2);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdshard-kill-'));
    folders.push(dir);
    const half = Math.floor(mine.length / 2);
    for (const [i, d] of mine.entries()) if (i < half) shard.add(d, i);
    shard.save(dir);
    // later adds, sealed by a commit (a look-up commits), swap the folder's manifest without a save
    for (const [i, d] of mine.entries()) if (i >= half) shard.add(d, i);
    shard.index.commit();
    shard.index.close();
    const loaded = LibraryShard.load(dir);
    expect(loaded.index.size).toBe(mine.length);
    expect(loaded.idOf(mine.length - 1)).toBe(mine.at(-1)!.id);
    loaded.index.close();
  });

  it('keeps the library’s word statistics shard by shard, as a merge of every shard’s would give', () => {
    const { library } = documents();
    const shards = [0, 1, 2].map(() => new PlagiarismIndex());
    for (const d of library) shards[shardOf(d.id, 3)]!.add(d);
    const sum = new WordStatsSum(3);
    const stats = () => shards.map((s) => warmWordIndex(s).stats());
    for (const [i, st] of stats().entries()) sum.set(i, st);
    // shard 1 changes: a document goes, another comes
    shards[1]!.remove(library.find((d) => shardOf(d.id, 3) === 1)!.id);
    shards[1]!.add({ id: 'new', title: '新', text: REWORDINGS[0]!.source });
    const now = stats();
    sum.set(1, now[1]!);
    const merged = mergeWordStats(now);
    const kept = [...merged.hashes.keys()].filter((i) => merged.df[i]! > 0);
    expect(sum.get()).toEqual({
      sentences: merged.sentences,
      liveChars: merged.liveChars,
      hashes: Uint32Array.from(kept, (i) => merged.hashes[i]!),
      df: Uint32Array.from(kept, (i) => merged.df[i]!),
    });
    expect(sum.get()).toBe(sum.get());
  });

  it('a shard without the merged statistics asks for them', () => {
    const shard = new LibraryShard(new PlagiarismIndex(), 0, 1);
    shard.add({ id: 'a', title: 'a', text: randomText(rng(1), 300) }, 0);
    const versions = [shard.wordsVersion()];
    const answer = answerShardRequest(shard, {
      kind: 'sentences',
      sentences: [],
      options: REWORDED_DEFAULTS,
      scope: {},
      versions,
    });
    expect(answer).toEqual({ kind: 'sentences', resend: 'library' });
    expect(
      answerShardRequest(shard, {
        kind: 'sentences',
        sentences: [],
        options: REWORDED_DEFAULTS,
        scope: {},
        versions: ['old'],
      }),
    ).toEqual({ kind: 'sentences', resend: 'stale' });
  });
});

const OPTIONS: CheckOptions[] = [
  { ownerKey: 'user:0' },
  { ownerKey: 'user:1', ownAuthors: ['李四'], allSources: true },
  { excludeDocIds: ['doc-5', 'reworded-a'] },
  { reworded: false, ownerKey: 'user:0' },
  { paraphrase: false, excludeDocIds: ['doc-5'] },
];

/** The sharded library's reports equal one index's, option by option (all but the elapsed time). */
function expectReports(
  doc: ReturnType<typeof textToDocument>,
  library: ShardedLibrary,
  expected: ReturnType<typeof checkDocument>[],
  label: string,
): void {
  OPTIONS.forEach((o, i) => {
    const report = checkDocument(doc, library, o);
    const want = expected[i]!;
    report.engine.elapsedMs = want.engine.elapsedMs;
    expect(report, `${label}, options ${i}`).toEqual(want);
  });
}
