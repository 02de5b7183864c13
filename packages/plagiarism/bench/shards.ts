/**
 * bench:shards — one library split into K in-process shards (shards.ts) against one index holding it all: are
 * the reports identical (every source, span and ratio) on 30,000-character theses and on documents with planted
 * passages (verbatim, lightly edited, reworded so that only the reworded stage finds them), again after removing
 * 2 % of the documents from both and after compacting both, query median and p99 both ways, and the memory of
 * each shard against the one index.
 *
 *   npm run bench:shards                         # 1e7 characters, 4 shards (about a minute)
 *   npm run bench:shards -- --scale 1e8 --shards 4 --theses 10 --planted 40
 *
 * The shards run in this process, one after another: the "shards in parallel" column takes, per look-up, the
 * slowest shard's answer instead of their sum — what K shard processes would take, messages aside.
 * Reads only ../shared/data (or $PAPERDESK_DATA_DIR) and the bench's corpus cache; exits 0 when the data is absent.
 */
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import type { ParsedDocument } from '@paperdesk/textkit';
import {
  type CheckLibrary,
  checkDocument,
  mergeWordStats,
  PlagiarismIndex,
  type Report,
  ShardedLibrary,
  warmWordIndex,
} from '../src/index.ts';
import * as cli from './cli.ts';
import { thesis } from './corpus.ts';
import { scaledLibrary, split } from './scaled.ts';
import { shardBenchQueries } from './shard-queries.ts';

const {
  scale: SCALE,
  shards: SHARDS,
  theses: THESES,
  planted: PLANTED,
  seed: SEED,
} = cli.options({ scale: 1e7, shards: 4, theses: 5, planted: 20, seed: 42 });
/** Documents removed for the removal rows: one in this many. */
const REMOVE_EVERY = 50;

/**
 * Each shard's time per look-up, taken between the request and the answer passing through the transport (a
 * request of a look-up round is followed by its shard's answer before the next shard's request).
 */
class ShardClock {
  private sent = 0;
  /** Per look-up round, each shard's ms. */
  rounds: number[][] = [];
  private kind = '';

  transport = <T>(message: T): T => {
    const m = message as Record<string, unknown>;
    const now = performance.now();
    if ('hashes' in m && 'maxPostings' in m) this.start('seeds', now);
    else if ('sentences' in m && 'library' in m) this.start('sentences', now);
    else if ('count' in m || 'similarity' in m) this.rounds[this.rounds.length - 1]!.push(now - this.sent);
    return message;
  };

  private start(kind: string, now: number): void {
    const last = this.rounds[this.rounds.length - 1];
    if (!last || kind !== this.kind || last.length === SHARDS) this.rounds.push([]);
    this.kind = kind;
    this.sent = now;
  }

  /** The check's wall time had the shards answered side by side: each round's slowest shard, not their sum. */
  parallel(wallMs: number): number {
    let ms = wallMs;
    for (const r of this.rounds) ms += Math.max(...r) - r.reduce((a, b) => a + b, 0);
    return ms;
  }

  reset(): void {
    this.rounds = [];
    this.kind = '';
  }
}

/** One kind of query: checks, identical reports, sources found, and each check's ms three ways. */
interface Row {
  n: number;
  identical: number;
  sources: number;
  one: number[];
  shards: number[];
  parallel: number[];
  /** CPU ms of each check (the machine is shared: wall times carry the others' load). */
  oneCpu: number[];
  shardsCpu: number[];
}

interface Timed {
  report: Report;
  ms: number;
  cpu: number;
}

function timed(doc: ParsedDocument, library: CheckLibrary): Timed {
  const t0 = performance.now();
  const c0 = cli.cpuMs();
  const report = checkDocument(doc, library);
  return { report, ms: performance.now() - t0, cpu: cli.cpuMs() - c0 };
}

/** Reports equal but for the time they took. */
function same(a: Report, b: Report): boolean {
  return isDeepStrictEqual(
    { ...a, engine: { ...a.engine, elapsedMs: 0 } },
    { ...b, engine: { ...b.engine, elapsedMs: 0 } },
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  const abstracts = cli.benchAbstracts('bench:shards');
  if (!abstracts) return;
  const s = split(abstracts, SEED);
  console.log(
    `bench:shards — node ${process.version}, ${os.cpus().length} cores, ${SCALE / 1e6} M characters, ${SHARDS} shards, seed ${SEED}`,
  );
  const { sources, documents } = scaledLibrary(s, SCALE, SEED, (m) => console.log(m));

  // the same documents into one index and into the shards, each build timed on its own
  const single = new PlagiarismIndex();
  const clock = new ShardClock();
  const sharded = new ShardedLibrary(
    Array.from({ length: SHARDS }, () => new PlagiarismIndex()),
    { transport: clock.transport },
  );
  let singleBuildMs = 0;
  let shardedBuildMs = 0;
  let docs = 0;
  const ids: string[] = [];
  for (const d of documents()) {
    ids.push(d.id);
    const t0 = performance.now();
    single.add(d);
    const t1 = performance.now();
    sharded.add(d);
    singleBuildMs += t1 - t0;
    shardedBuildMs += performance.now() - t1;
    docs++;
  }
  let t0 = performance.now();
  single.commit();
  warmWordIndex(single);
  singleBuildMs += performance.now() - t0;
  t0 = performance.now();
  for (const shard of sharded.shards) {
    shard.commit();
    warmWordIndex(shard);
  }
  shardedBuildMs += performance.now() - t0;
  cli.collectGarbage();
  console.log(`  built: ${docs} documents, ${single.characterCount} matching characters`);

  const queries = shardBenchQueries(sources, s.heldOut, SEED, THESES, PLANTED);
  // warm-up of both (the first check weighs every sentence of the word index)
  const warm = thesis(SEED + 100, sources, s.heldOut).doc;
  timed(warm, single);
  timed(warm, sharded);

  const rows = new Map<string, Row>();
  const cpu0 = cli.cpuMs();
  for (const { kind, doc } of queries) {
    const one = timed(doc, single);
    clock.reset();
    const over = timed(doc, sharded);
    const row = rows.get(kind) ?? {
      n: 0,
      identical: 0,
      one: [],
      shards: [],
      parallel: [],
      oneCpu: [],
      shardsCpu: [],
      sources: 0,
    };
    row.n++;
    if (same(one.report, over.report)) row.identical++;
    row.one.push(one.ms);
    row.shards.push(over.ms);
    row.parallel.push(clock.parallel(over.ms));
    row.oneCpu.push(one.cpu);
    row.shardsCpu.push(over.cpu);
    row.sources += one.report.similarDocuments.length;
    rows.set(kind, row);
  }
  const queryCpuS = (cli.cpuMs() - cpu0) / 1000;
  const all = [...rows.values()];
  const everything: Row = {
    n: all.reduce((a, x) => a + x.n, 0),
    identical: all.reduce((a, x) => a + x.identical, 0),
    one: all.flatMap((x) => x.one),
    shards: all.flatMap((x) => x.shards),
    parallel: all.flatMap((x) => x.parallel),
    oneCpu: all.flatMap((x) => x.oneCpu),
    shardsCpu: all.flatMap((x) => x.shardsCpu),
    sources: all.reduce((a, x) => a + x.sources, 0),
  };
  const ms = (a: number[]) => `${Math.round(cli.median(a))} / ${Math.round(cli.quantile(a, 0.99))}`;
  cli.table(
    `Reports and query time: one index against ${SHARDS} shards in this process (${SCALE / 1e6} M characters, ${docs} documents)`,
    [
      'queries',
      'checks',
      'identical reports',
      'sources (one index)',
      'one index wall ms: median / p99',
      `${SHARDS} shards in turn ms`,
      'shards in parallel ms (est.)',
      'cpu ms median: one index / shards',
    ],
    [...rows.entries(), ['all', everything] as [string, Row]].map(([kind, x]) => [
      kind,
      x.n,
      `${x.identical} / ${x.n}`,
      x.sources,
      ms(x.one),
      ms(x.shards),
      ms(x.parallel),
      `${Math.round(cli.median(x.oneCpu))} / ${Math.round(cli.median(x.shardsCpu))}`,
    ]),
  );

  // removals: every REMOVE_EVERY-th document goes from both, then both compact (the shards each on their own)
  const identical = () =>
    queries.filter(({ doc }) => same(timed(doc, single).report, timed(doc, sharded).report));
  const removed = ids.filter((_, i) => i % REMOVE_EVERY === 0);
  for (const id of removed) {
    single.remove(id);
    sharded.remove(id);
  }
  const afterRemoval = identical().length;
  single.compact();
  sharded.compact();
  const afterCompaction = identical().length;
  cli.table(
    `Removals: ${removed.length} documents (every ${REMOVE_EVERY}th) removed from both, then both compacted`,
    ['state', 'identical reports'],
    [
      ['removed, not compacted', `${afterRemoval} / ${queries.length}`],
      ['compacted', `${afterCompaction} / ${queries.length}`],
    ],
  );

  // the word statistics round: what a coordinator merges again whenever a shard segmented new documents
  const m0 = performance.now();
  const shardStats = sharded.shards.map((shard) => warmWordIndex(shard).stats());
  const merged = mergeWordStats(shardStats);
  const mergeMs = performance.now() - m0;
  console.log(
    `\nword statistics: ${shardStats.map((w) => w.hashes.length).join(' + ')} words in the shards, ${merged.hashes.length} merged (one index: ${warmWordIndex(single).stats().hashes.length}), ${merged.sentences} sentences; taken and merged in ${Math.round(mergeMs)} ms, ${Math.round((merged.hashes.byteLength + merged.df.byteLength) / 1024)} KB to send`,
  );

  const memory = (index: PlagiarismIndex) => {
    const words = warmWordIndex(index).bytes;
    const { bytes, documents: n, characters } = index.stats();
    return { n, characters, postings: bytes, words, total: bytes + words };
  };
  const one = memory(single);
  const parts = sharded.shards.map(memory);
  cli.table(
    'Memory: postings and texts (typed arrays) and the word index, per shard against the one index',
    [
      'index',
      'documents',
      'characters',
      'postings + texts MB',
      'word index MB',
      'total MB',
      'share of one index',
    ],
    [
      [
        'one index',
        one.n,
        one.characters,
        cli.mb(one.postings),
        cli.mb(one.words),
        cli.mb(one.total),
        '100 %',
      ],
      ...parts.map((p, i) => [
        `shard ${i}`,
        p.n,
        p.characters,
        cli.mb(p.postings),
        cli.mb(p.words),
        cli.mb(p.total),
        `${cli.fmt((100 * p.total) / one.total, 1)} %`,
      ]),
    ],
  );
  console.log(
    `\nbuild: one index ${cli.fmt(singleBuildMs / 1000, 1)} s, ${SHARDS} shards ${cli.fmt(shardedBuildMs / 1000, 1)} s; queries ${cli.fmt(queryCpuS, 1)} s cpu; total ${cli.fmt((performance.now() - started) / 1000, 1)} s wall; load: ${cli.loadAverage()}`,
  );
  if (
    everything.identical !== everything.n ||
    afterRemoval !== queries.length ||
    afterCompaction !== queries.length
  )
    process.exitCode = 1;
}

await main();
