import type { ParsedDocument } from '@paperdesk/textkit';
import { finishCheck } from './check.ts';
import { chooseCandidates } from './check/candidates.ts';
import { type CheckLibrary, CheckContext, checkQuery, type DocumentRules } from './check/context.ts';
import { exactStage } from './check/exact.ts';
import { type CheckOptions, type CheckSettings, settingsOf } from './check/options.ts';
import { paraphraseStage } from './check/paraphrase.ts';
import { type RewordedAsk, rewordedAsk, rewordedFound } from './check/reworded-stage.ts';
import { kgramHashes } from './fingerprint.ts';
import type { DocumentMeta, SeedHits } from './library.ts';
import { isOwnDocument } from './provenance.ts';
import type { Report } from './report.ts';
import type { SentencePair } from './reworded.ts';
import { OWN, type ShardAnswer, type ShardRequest, type ShardStatus, USABLE } from './shard-serve.ts';
import { mergeShardSeeds } from './shard-seeds.ts';
import { mergeSentences, type ShardSentences, type WordStats, WordStatsSum } from './shard-words.ts';
import { visibleTo } from './visibility.ts';

/**
 * A check against shards in other processes (issue 28): the coordinator's side of shard-serve.ts. The check is
 * the one pipeline of check.ts; where one index is read synchronously, the coordinator asks the shards in
 * rounds, one request per shard (a BullMQ child job each), and goes on when every answer is in:
 *
 *   status     (first check only)  the shards' parameters (k, w, …)
 *   seeds      the k-gram look-up of the checked text, with the check's rules as data: each shard answers its
 *              postings (library numbers) and, per document in them, usable / 本人文献 flags; merged as shards.ts
 *              merges them, the boilerplate cut at the whole library's size (the statuses summed)
 *   documents  texts and metadata of the candidates, from the shards holding them
 *   wordStats  only from shards whose word statistics' version the coordinator does not hold (they change when a
 *              shard segments or removes documents, and at each start of a shard)
 *   sentences  the reworded look-up, naming the versions the merged statistics were made of; the merged
 *              statistics themselves go only to a shard not known to hold them (a shard that does not answers
 *              resend: 'library'; one whose statistics moved answers resend: 'stale' and its are taken again)
 *   documents  those the reworded look-up found
 *
 * then builds the report synchronously, identical to one index's over the same documents in library-number order
 * (test/shards.test.ts, through structuredClone). A coordinator keeps the shards' statistics and the merged
 * statistics between checks, so they cross the wire once per version; checks may run on one coordinator at the
 * same time (a shard left holding another check's merged statistics answers resend: 'library'). A shard that
 * fails a request fails the check (the caller retries it or refunds); a document removed between two rounds
 * does too (its shard no longer names it).
 *
 *   const coordinator = new ShardCoordinator(K);
 *   const report = await coordinator.check(doc, (shard, request) => askShard(shard, request), options);
 * or drive the rounds yourself: `coordinator.rounds(doc, options)` yields each round and takes its answers.
 */

/** One round: a request per shard (undefined: nothing to ask that shard). Answers come back in the same places. */
export type ShardRound = Array<ShardRequest | undefined>;
export type ShardAnswers = Array<ShardAnswer | undefined>;

/** Rounds of resending the reworded look-up before the check gives up (each shard's statistics moved meanwhile). */
const SENTENCE_ATTEMPTS = 4;

export class ShardCoordinator {
  private statuses: ShardStatus[] | undefined;
  /** The version of each shard's word statistics held, and the library's sum of them. */
  private readonly shardVersions: Array<string | undefined>;
  private readonly wordSum: WordStatsSum;
  private merged: { key: string; stats: WordStats } | undefined;
  /** Shards known to hold the merged statistics. */
  private sentTo = new Set<number>();

  constructor(readonly shards: number) {
    if (!(shards >= 1)) throw new Error('a coordinator needs a shard');
    this.shardVersions = Array.from({ length: shards }, () => undefined);
    this.wordSum = new WordStatsSum(shards);
  }

  /** Run a check, `ask` sending one request to one shard and resolving with its answer. */
  async check(
    doc: ParsedDocument,
    ask: (shard: number, request: ShardRequest) => Promise<ShardAnswer>,
    options: CheckOptions = {},
  ): Promise<Report> {
    const steps = this.rounds(doc, options);
    let step = steps.next();
    while (!step.done) {
      const round = step.value;
      const answers = await Promise.all(round.map((r, shard) => (r ? ask(shard, r) : undefined)));
      step = steps.next(answers);
    }
    return step.value;
  }

  /** The check as rounds of requests: yields each round, resumed with its answers; returns the report. */
  *rounds(doc: ParsedDocument, options: CheckOptions = {}): Generator<ShardRound, Report, ShardAnswers> {
    const started = performance.now();
    if (!this.statuses)
      this.statuses = (yield this.toAll({ kind: 'status' })).map((a) => expectKind(a, 'status').status);
    const first = this.statuses[0]!;
    // settings that do not depend on the library's size (stockPhraseDocs does, known once the shards answer)
    const early = settingsOf(0, options);
    const query = checkQuery(doc, early.excludeReferences);
    const hashes = kgramHashes(query.q.codes, first.k);
    const maxPostings = early.maxPostings ?? first.maxDocFrequency;
    const scope = {
      ownerKey: early.ownerKey,
      ownAuthors: early.ownAuthors,
      excludeDocIds: early.excludeDocIds,
    };
    const seeds = (yield this.toAll({
      kind: 'seeds',
      hashes,
      maxPostings,
      scope,
      words: early.paraphrase && early.reworded,
    })).map((a) => expectKind(a, 'seeds'));
    this.statuses = seeds.map((a) => a.status);
    this.checkStatuses();
    const library = new RemoteLibrary(this.statuses);
    seeds.forEach((a, shard) => {
      library.holdsAll(shard, a.docs);
      for (const [i, n] of a.docs.entries()) library.flags.set(n, a.flags[i]!);
    });
    const limit = Math.max(maxPostings, Math.ceil(first.boilerplateShare * library.size));
    const hits: SeedHits = mergeShardSeeds(
      seeds.map((a) => a.seeds),
      hashes.length,
      maxPostings,
      limit,
    );
    const ctx = new CheckContext(doc, library, options, started, { query, hits });
    chooseCandidates(ctx);
    yield* this.fetch(
      library,
      ctx.candidates.map((c) => c.ordinal),
    );
    drain(exactStage(ctx));
    drain(paraphraseStage(ctx));
    const ask = rewordedAsk(ctx);
    if (ask) {
      const { pairs, coverage } = yield* this.sentences(library, ask);
      yield* this.fetch(
        library,
        pairs.map((p) => p.doc),
      );
      rewordedFound(ctx, ask, pairs, coverage);
    }
    return drain(finishCheck(ctx));
  }

  private toAll(request: ShardRequest): ShardRound {
    return Array.from({ length: this.shards }, () => request);
  }

  private checkStatuses(): void {
    const s = this.statuses!;
    s.forEach((x, i) => {
      if (x.shard !== i || x.shards !== this.shards)
        throw new Error(`shard ${i} answered as ${x.shard} of ${x.shards}`);
      const f = s[0]!;
      if (
        x.k !== f.k ||
        x.w !== f.w ||
        x.maxDocFrequency !== f.maxDocFrequency ||
        x.boilerplateShare !== f.boilerplateShare
      )
        throw new Error(`shard ${i} was built with other parameters than shard 0`);
    });
  }

  /** Texts and metadata of the documents not fetched yet, from the shards holding them. */
  private *fetch(library: RemoteLibrary, numbers: number[]): Generator<ShardRound, void, ShardAnswers> {
    const wanted: number[][] = Array.from({ length: this.shards }, () => []);
    for (const n of new Set(numbers)) if (!library.texts.has(n)) wanted[library.holder(n)]!.push(n);
    if (wanted.every((w) => w.length === 0)) return;
    const answers = yield wanted.map((w) =>
      w.length > 0 ? { kind: 'documents', numbers: Uint32Array.from(w) } : undefined,
    );
    wanted.forEach((w, shard) => {
      if (w.length === 0) return;
      const { documents } = expectKind(answers[shard], 'documents');
      w.forEach((n, i) => {
        const { text, ...meta } = documents[i]!;
        library.texts.set(n, text);
        library.metas.set(n, meta);
      });
    });
  }

  /** The reworded look-up over the shards, with the word statistics sent once per version. */
  private *sentences(
    library: RemoteLibrary,
    ask: RewordedAsk,
  ): Generator<ShardRound, { pairs: SentencePair[]; coverage: number }, ShardAnswers> {
    const versions = library.statuses.map((s) => s.words);
    const answers: Array<ShardSentences | undefined> = versions.map(() => undefined);
    // this check's merged statistics (another check under way may merge newer ones meanwhile)
    let merged: WordStats | undefined;
    for (let attempt = 0; answers.some((a) => !a); attempt++) {
      if (attempt === SENTENCE_ATTEMPTS) throw new Error('the shards’ word statistics kept changing');
      // statistics of the shards whose version this coordinator does not hold
      const stale = versions.map((v, i) => (this.shardVersions[i] === v ? undefined : i));
      if (stale.some((i) => i !== undefined)) {
        const got = yield stale.map((i) => (i === undefined ? undefined : { kind: 'wordStats' }));
        got.forEach((a, i) => {
          if (!a) return;
          const { version, stats } = expectKind(a, 'wordStats');
          this.shardVersions[i] = version;
          this.wordSum.set(i, stats);
          versions[i] = version;
        });
      }
      const key = versions.join(',');
      if (this.merged?.key !== key) {
        this.merged = { key, stats: this.wordSum.get() };
        this.sentTo = new Set();
      }
      merged = this.merged.stats;
      const round = yield answers.map((a, i) =>
        a
          ? undefined
          : {
              kind: 'sentences',
              sentences: ask.sentences,
              options: ask.options,
              scope: ask.scope,
              versions,
              library: this.sentTo.has(i) ? undefined : merged,
            },
      );
      round.forEach((a, i) => {
        if (!a) return;
        const got = expectKind(a, 'sentences');
        if (got.resend === 'library') this.sentTo.delete(i);
        else if (got.resend === 'stale') versions[i] = '';
        else {
          this.sentTo.add(i);
          answers[i] = got.sentences;
        }
      });
      // a shard whose statistics moved: every shard weighs by the same merged statistics, so all ask again
      if (versions.includes('')) answers.fill(undefined);
    }
    const found = answers as ShardSentences[];
    found.forEach((a, shard) => {
      a.similarity.forEach((s, i) => {
        if (s >= 0) library.holds(shard, a.doc[i]!);
      });
    });
    const characters = library.characterCount;
    return {
      pairs: mergeSentences(ask.sentences, found, ask.options),
      coverage: characters === 0 ? 1 : Math.min(1, merged!.liveChars / characters),
    };
  }
}

/** Run a generator that yields nothing the caller needs (progress) to its result. */
function drain<T>(steps: Generator<unknown, T, undefined>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

function expectKind<K extends ShardAnswer['kind']>(
  answer: ShardAnswer | undefined,
  kind: K,
): Extract<ShardAnswer, { kind: K }> {
  if (answer?.kind !== kind)
    throw new Error(`a shard answered ${answer?.kind ?? 'nothing'} to a ${kind} request`);
  return answer as Extract<ShardAnswer, { kind: K }>;
}

/**
 * The library as one check reads it over remote shards: sizes from the shards' statuses, documents by library
 * number as fetched, the check's rules as the shards applied them (or, for documents only the reworded look-up
 * found, applied here to their metadata).
 */
class RemoteLibrary implements CheckLibrary {
  readonly metas = new Map<number, DocumentMeta>();
  readonly texts = new Map<number, string>();
  /** Flags (USABLE, OWN) of the documents in the shards' seeds answers. */
  readonly flags = new Map<number, number>();
  private readonly holders = new Map<number, number>();
  readonly k: number;
  readonly w: number;
  readonly maxDocFrequency: number;
  readonly size: number;
  readonly characterCount: number;

  constructor(readonly statuses: ShardStatus[]) {
    const first = statuses[0]!;
    this.k = first.k;
    this.w = first.w;
    this.maxDocFrequency = first.maxDocFrequency;
    this.size = statuses.reduce((n, s) => n + s.documents, 0);
    this.characterCount = statuses.reduce((n, s) => n + s.characters, 0);
  }

  /** As one index's (PlagiarismIndex.stockPhraseDocs). */
  get stockPhraseDocs(): number {
    return Math.max(3, Math.ceil(this.size * 1e-4));
  }

  holds(shard: number, n: number): void {
    this.holders.set(n, shard);
  }

  holdsAll(shard: number, numbers: Uint32Array): void {
    for (const n of numbers) this.holders.set(n, shard);
  }

  holder(n: number): number {
    const shard = this.holders.get(n);
    if (shard === undefined) throw new Error(`no shard named document ${n}`);
    return shard;
  }

  ordinalText(n: number): string {
    const t = this.texts.get(n);
    if (t === undefined) throw new Error(`document ${n} was not fetched`);
    return t;
  }

  ordinalMeta(n: number): DocumentMeta {
    const m = this.metas.get(n);
    if (!m) throw new Error(`document ${n} was not fetched`);
    return m;
  }

  ordinalOf(): number | undefined {
    throw new Error('a library over remote shards names documents by library number only');
  }

  seeds(): SeedHits {
    throw new Error('a library over remote shards is looked up in rounds (ShardCoordinator)');
  }

  documentRules(opts: CheckSettings): DocumentRules {
    const excluded = new Set(opts.excludeDocIds ?? []);
    const own = isOwnDocument({ ownerKey: opts.ownerKey, ownAuthors: opts.ownAuthors });
    const flag = (n: number, bit: number, rule: (meta: DocumentMeta) => boolean) => {
      const f = this.flags.get(n);
      return f === undefined ? rule(this.ordinalMeta(n)) : (f & bit) !== 0;
    };
    return {
      usable: (n) => flag(n, USABLE, (m) => !excluded.has(m.id) && visibleTo(m, opts.ownerKey)),
      own: (n) => flag(n, OWN, own),
    };
  }
}
