import type { Page, PageQuery, PayWay } from '@paperdesk/contracts';
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { selectPage } from '../../db/paging.ts';
import type { JobContext, JobKind, JobPayloads, JobQueue, JobRegistration } from '../../queue.ts';
import type { Billing, Executor, OrderTerms, RecordPricing } from '../billing/index.ts';
import { conflict, notFound } from '../../errors.ts';
import type { createSysConfig } from '../sys-config.ts';
import { ownedRecord, type RecordTable, unfinishedRecords } from './table.ts';

/**
 * One paid record's lifecycle, shared by every paid service (查重, AIGC检测, 降重, 论文写作, PPT):
 *
 *   created ──submit (charge in the same transaction)──▶ queued ──claim (token)──▶ running
 *   running ──progress…──▶ finish ──▶ done          running/queued ──fail (one refund)──▶ failed
 *   failed ──reload (one new charge)──▶ queued       queued/running at start-up ──recover──▶ re-enqueued
 *
 * A service configures it with its table, job kind, billing record type, messages and hooks (charge, run);
 * what it reads, prices, runs, stores and renders stays in the service. Every state change is one guarded
 * UPDATE (`where status = …`), so double clicks, races between workers and re-runs change nothing twice.
 */

declare module '../../queue.ts' {
  /** The paid services' jobs: each run works on one record. */
  interface JobPayloads {
    check: { recordId: number };
    aigc: { recordId: number };
    rewrite: { recordId: number };
    reduce: { recordId: number };
    writing: { recordId: number };
    ppt: { recordId: number };
  }
}

export type RecordStatus = 'created' | 'queued' | 'running' | 'done' | 'failed';

/** Job kinds whose payload is one record. */
export type RecordJobKind = {
  [K in JobKind]: JobPayloads[K] extends { recordId: number } ? K : never;
}[JobKind];

/** The columns the lifecycle reads and writes; every paid record table has them. */
export interface PaidRecordRow {
  id: number;
  userId: number;
  status: RecordStatus;
  progress: number;
  message: string;
  updatedAt: string;
  submittedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  refundedAt: string | null;
}

/**
 * The lifecycle's messages of a service whose records are named by what it does (`work`, e.g. 检测): 检测记录不存在,
 * 检测进行中，完成后才能删除, 检测中, 检测失败. `record` names the record when it differs (降重记录 of a 改写).
 */
export function recordMessages(work: string, record = work): PaidRecordSpec<PaidRecordRow>['messages'] {
  return {
    missing: `${record}记录不存在`,
    busy: `${work}进行中，完成后才能删除`,
    running: `${work}中`,
    failed: `${work}失败`,
  };
}

/** What every paid service is built from; each adds its engines. `B` is its billing (or its port to it). */
export interface PaidServiceDeps<B = Billing> {
  db: Db;
  sysConfig: ReturnType<typeof createSysConfig>;
  jobs: JobQueue;
  billing: B;
}

/** A step of a list query over any record table (a filter, then the select). */
type ListQuery = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, object>;
type ListNarrowing = (base: ListQuery) => ListQuery;

/** The tables a service keeps a done record's result in, one row per record keyed by `recordId`. */
export type ResultTable = 'checkReports' | 'aigcReports' | 'rewriteResults';

/** Extra columns a service sets with a state change (its own result fields, charge fields …). */
export type RecordFields = Record<string, unknown>;

/** The lifecycle's view of the database: any record table as the shared columns. */
type LifecycleDb = Kysely<{ [T in RecordTable]: PaidRecordRow & { attempts: number; title: string } }>;

export interface PaidRecordSpec<R extends PaidRecordRow> {
  table: RecordTable;
  job: RecordJobKind;
  /** The billing record type (ledger rows, QR orders for one record). */
  recordType: string;
  messages: {
    /** 404 for a record that is not the user's. */
    missing: string;
    /** 409 on delete while the job is queued or running. */
    busy: string;
    /** What a run shows while it works (the claim), e.g. 检测中. */
    running: string;
    /** Start of the failure message, before 「，费用已退回：<reason>」, e.g. 检测失败. */
    failed: string;
  };
  /** Columns set when a run claims the record; `{ progress: 5 }` unless given. */
  claimSet?: RecordFields;
  /**
   * Whether the table counts runs in `attempts`: then every (re)submit bumps it, guards on it, and the
   * job id carries it, so a re-run after a failure is a new job even where the queue keeps failed ids.
   */
  countsAttempts?: boolean;
  /** The job id of a run: `attempt` is the record's run count (countsAttempts) or 0. */
  jobId(recordId: number, attempt: number, reason: 'submit' | 'reload'): string;
  /**
   * The price hook: charges the record inside `trx` (paid by the QR order `orderId`, or the way the user chose,
   * `pay`); answers the columns that record the charge.
   */
  charge(trx: Executor, row: R, orderId: number | undefined, pay?: PayWay): Promise<RecordFields>;
}

/** What the lifecycle asks of billing: the refund of a failed run and, for check_order_id, the QR order. */
export interface RecordBilling {
  refund(trx: Executor, input: { recordType: string; recordId: number }): Promise<unknown>;
  confirmRecordOrder?: Billing['confirmRecordOrder'];
}

export interface RunHandle<R extends PaidRecordRow> {
  row: R;
  /** This run's claim: every later write is guarded by it, so a superseded run writes nothing. */
  token: string;
  job: JobContext;
}

export function createPaidRecords<R extends PaidRecordRow>(
  deps: { db: Db; jobs: JobQueue; billing: RecordBilling },
  spec: PaidRecordSpec<R>,
) {
  const db = deps.db as unknown as LifecycleDb;
  const { table } = spec;
  const attemptsOf = (row: R) => (spec.countsAttempts ? Number((row as { attempts?: number }).attempts) : 0);

  const own = (userId: number, id: number): Promise<R> =>
    ownedRecord(deps.db, table, userId, id, spec.messages.missing) as unknown as Promise<R>;

  /** The guarded move of `row` from `from` to `queued` (a new attempt), with `set` over the defaults. */
  function toQueued(executor: LifecycleDb, row: R, from: RecordStatus, set: RecordFields, userId?: number) {
    const now = nowIso();
    let update = executor
      .updateTable(table)
      .set({
        status: 'queued',
        progress: 0,
        submittedAt: now,
        updatedAt: now,
        finishedAt: null,
        message: '排队中',
        ...(spec.countsAttempts ? { attempts: attemptsOf(row) + 1 } : {}),
        ...set,
      })
      .where('id', '=', row.id)
      .where('status', '=', from);
    if (userId !== undefined) update = update.where('userId', '=', userId);
    if (spec.countsAttempts) update = update.where('attempts', '=', attemptsOf(row));
    return update.executeTakeFirst();
  }

  /**
   * Moves the record from `from` to `queued` and charges it, in ONE transaction (with `inTrx`, the
   * service's own writes of that step); then enqueues its job. False, and nothing changed, when the
   * record was no longer in `from` (a double click or a race); a 402 from the charge rolls it all back.
   */
  async function queue(
    userId: number,
    row: R,
    opts: {
      from: 'created' | 'failed';
      orderId?: number | undefined;
      pay?: PayWay | undefined;
      set?: RecordFields;
      inTrx?: (trx: Transaction<unknown>) => Promise<void>;
    },
  ): Promise<boolean> {
    const attempt = attemptsOf(row) + 1;
    const queued = await db.transaction().execute(async (trx) => {
      const upd = await toQueued(trx, row, opts.from, { refundedAt: null, ...opts.set }, userId);
      if (Number(upd.numUpdatedRows) === 0) return false;
      await opts.inTrx?.(trx as unknown as Transaction<unknown>);
      const paid = await spec.charge(trx as unknown as Executor, row, opts.orderId, opts.pay);
      await trx.updateTable(table).set(paid).where('id', '=', row.id).execute();
      return true;
    });
    if (queued) {
      const jobId = spec.jobId(
        row.id,
        spec.countsAttempts ? attempt : 0,
        opts.from === 'failed' ? 'reload' : 'submit',
      );
      await deps.jobs.enqueue(spec.job, { recordId: row.id }, { jobId });
    }
    return queued;
  }

  /** Takes a queued (or a restarted running) record for this run; null when it is done, failed or gone. */
  async function claim(recordId: number, job: JobContext): Promise<RunHandle<R> | null> {
    const token = nowIso();
    const claimed = await db
      .updateTable(table)
      .set({
        status: 'running',
        ...(spec.claimSet ?? { progress: 5 }),
        startedAt: token,
        updatedAt: token,
        message: spec.messages.running,
      })
      .where('id', '=', recordId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return null; // done, failed, deleted or never paid
    const row = await db.selectFrom(table).selectAll().where('id', '=', recordId).executeTakeFirstOrThrow();
    return { row: row as unknown as R, token, job };
  }

  /** Writes `set` while this run still owns the record; false once another run took it over. */
  async function update(
    run: Pick<RunHandle<R>, 'row' | 'token'>,
    set: RecordFields,
    executor: Executor = deps.db,
  ): Promise<boolean> {
    const upd = await (executor as unknown as LifecycleDb)
      .updateTable(table)
      .set(set)
      .where('id', '=', run.row.id)
      .where('status', '=', 'running')
      .where('startedAt', '=', run.token)
      .executeTakeFirst();
    return Number(upd.numUpdatedRows) > 0;
  }

  /**
   * Progress for a long step, written at most every `everyMs` and never awaited (a lost write only delays
   * the bar): `pct` is kept within [floor, 99]; `force` writes now (the last step).
   */
  function progress(run: RunHandle<R>, opts: { everyMs: number; floor: number }) {
    let lastWrite = 0;
    return (pct: number, extra: RecordFields = {}, force = false) => {
      const now = Date.now();
      if (now - lastWrite < opts.everyMs && !force) return;
      lastWrite = now;
      const value = Math.max(opts.floor, Math.min(99, Math.round(pct)));
      void update(run, { progress: value, ...extra }).catch(() => {});
    };
  }

  /** The store hook's frame: `done` with `set`, and the service's result rows, in one transaction. */
  async function finish(
    run: Pick<RunHandle<R>, 'row' | 'token'>,
    set: RecordFields,
    store?: (trx: Executor) => Promise<void>,
  ): Promise<boolean> {
    const at = nowIso();
    return deps.db.transaction().execute(async (trx) => {
      const done = await update(
        run,
        { status: 'done', progress: 100, finishedAt: at, updatedAt: at, ...set },
        trx,
      );
      if (done) await store?.(trx);
      return done;
    });
  }

  /** Every attempt failed: mark the record failed and refund, exactly once. */
  async function fail(recordId: number, error: Error): Promise<void> {
    const at = nowIso();
    const message = `${spec.messages.failed}，费用已退回：${error.message}`.slice(0, 500);
    await db.transaction().execute(async (trx) => {
      const upd = await trx
        .updateTable(table)
        .set({ status: 'failed', message, finishedAt: at, updatedAt: at, refundedAt: at })
        .where('id', '=', recordId)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (Number(upd.numUpdatedRows) === 0) return;
      await deps.billing.refund(trx as unknown as Executor, { recordType: spec.recordType, recordId });
    });
  }

  /**
   * reload: a failed record (its charge was refunded) runs again with one new charge; a queued or running
   * one whose job was lost is put back in the queue without charging. Created and done ones are refused.
   */
  async function reload(
    userId: number,
    id: number,
    opts: {
      notSubmitted: string;
      done: string;
      /** Checks before anything changes (e.g. the model is configured). */
      before?: (row: R) => Promise<void>;
      /** Columns set with the re-queue of a failed record (instead of the defaults). */
      set?: (failed: R) => RecordFields;
      /** 409 with this message when the failed record changed state meanwhile (else nothing happens). */
      raced?: string;
    },
  ): Promise<R> {
    const row = await own(userId, id);
    if (row.status === 'created') throw conflict(opts.notSubmitted);
    if (row.status === 'done') throw conflict(opts.done);
    await opts.before?.(row);
    if (row.status === 'failed') {
      const queued = await queue(userId, row, {
        from: 'failed',
        ...(opts.set ? { set: opts.set(row) } : {}),
      });
      if (!queued && opts.raced) throw conflict(opts.raced);
    } else {
      await deps.jobs.enqueue(
        spec.job,
        { recordId: id },
        { jobId: spec.jobId(id, attemptsOf(row), 'submit') },
      );
    }
    return own(userId, id);
  }

  /**
   * An operator's retry of a failed record: back to `queued` and its job enqueued, with NO new charge (the
   * failed run was refunded; this run is on the house, so a second failure refunds nothing either). The
   * same guarded path as reload: a second click finds the record no longer failed and changes nothing.
   */
  async function retryFailed(id: number): Promise<{ message: string }> {
    const row = (await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as
      | R
      | undefined;
    if (!row) throw notFound(spec.messages.missing);
    if (row.status !== 'failed') throw conflict('只有失败的记录可以重试');
    const attempt = attemptsOf(row) + 1;
    const upd = await toQueued(db, row, 'failed', { message: '排队中（管理员重试）' });
    if (Number(upd.numUpdatedRows) === 0) throw conflict('该记录刚被重新提交，无需重试');
    await deps.jobs.enqueue(
      spec.job,
      { recordId: id },
      { jobId: spec.jobId(id, spec.countsAttempts ? attempt : 0, 'reload') },
    );
    return { message: row.message };
  }

  /**
   * cancel: the owner stops a queued or running record; it ends failed with one refund (as a failed run does).
   * A running job sees the record leave `running` (its finish is refused by the token guard) and stops.
   */
  async function cancel(userId: number, id: number, opts: { notActive: string; reason: string }): Promise<R> {
    const row = await own(userId, id);
    if (row.status !== 'queued' && row.status !== 'running') throw conflict(opts.notActive);
    await fail(id, new Error(opts.reason));
    return own(userId, id);
  }

  /** delete: not while the job is queued or running; answers the deleted row for the service's clean-up. */
  async function remove(userId: number, id: number): Promise<R> {
    const row = await own(userId, id);
    if (row.status === 'queued' || row.status === 'running') throw conflict(spec.messages.busy);
    await db.deleteFrom(table).where('id', '=', id).where('userId', '=', userId).execute();
    return row;
  }

  async function rename(userId: number, id: number, title: string): Promise<R> {
    await own(userId, id);
    await db.updateTable(table).set({ title, updatedAt: nowIso() }).where('id', '=', id).execute();
    return own(userId, id);
  }

  /**
   * One page of the user's records, newest first, filtered by status and a title keyword (`%`, `_` and
   * `\` in the keyword are taken literally by dropping them).
   */
  async function list<T>(
    userId: number,
    q: PageQuery,
    filter: { status?: RecordStatus | undefined; title?: string | undefined },
    opts: {
      /** The title-like column the keyword searches. */
      titleColumn?: 'title' | 'topic';
      /** Narrows further (e.g. by edition) and selects: the row the mapper gets. */
      select: ListNarrowing;
      map: (row: R) => T;
    },
  ): Promise<Page<T>> {
    const anyDb = deps.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    let base = anyDb.selectFrom(table).where('userId', '=', userId);
    if (filter.status) base = base.where('status', '=', filter.status);
    if (filter.title)
      base = base.where(opts.titleColumn ?? 'title', 'like', `%${filter.title.replace(/[%_\\]/g, '')}%`);
    return selectPage(opts.select(base).orderBy('id', 'desc'), q, (r) => opts.map(r as unknown as R));
  }

  /**
   * submit: a `created` record moves to `queued` with its charge (see `queue`); any other is answered as it is,
   * already submitted. `prepare` checks a created record and makes its last changes before the charge, answering
   * the row to charge; `view` is the service's answer for a row.
   */
  async function submit<V>(
    userId: number,
    id: number,
    opts: {
      orderId?: number | undefined;
      pay?: PayWay | undefined;
      view: (row: R) => V | Promise<V>;
      prepare?: (row: R) => Promise<R>;
    },
  ): Promise<{ record: V; alreadySubmitted: boolean }> {
    const row = await own(userId, id);
    if (row.status !== 'created') return { record: await opts.view(row), alreadySubmitted: true };
    const ready = opts.prepare ? await opts.prepare(row) : row;
    const charged = await queue(userId, ready, { from: 'created', orderId: opts.orderId, pay: opts.pay });
    return { record: await opts.view(await own(userId, id)), alreadySubmitted: !charged };
  }

  /**
   * The record face of a service whose answer for a row is `toRecord` of the columns a list reads
   * (`listColumns`: every column but the stored document): a page of the user's records (`narrow` filters
   * further, e.g. by edition), one record, its stored result, its deletion, and submit. Reads of one record take
   * the list's columns too: a page polls its running record, and the paper (up to 300,000 characters, read
   * synchronously by SQLite on the event loop) is only the run's to read.
   */
  function readers<K extends keyof R & string, V>(view: {
    listColumns: readonly K[];
    toRecord: (row: Pick<R, K>) => V;
  }) {
    const { toRecord, listColumns } = view;
    const anyDb = deps.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const columns = [...new Set<string>([...listColumns, 'status'])];

    /** The user's record as a list reads it (and its status), or 404. */
    async function ownListed(userId: number, id: number): Promise<Pick<R, K | 'status'>> {
      const row = await anyDb
        .selectFrom(table)
        .select(columns)
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
      if (!row) throw notFound(spec.messages.missing);
      return row as unknown as Pick<R, K | 'status'>;
    }

    return {
      own: ownListed,
      list(
        userId: number,
        q: PageQuery,
        filter: { status?: RecordStatus | undefined; title?: string | undefined } = {},
        narrow: ListNarrowing = (base) => base,
      ): Promise<Page<V>> {
        return list(userId, q, filter, {
          select: (base) => narrow(base).select(listColumns),
          map: (row) => toRecord(row),
        });
      },
      async load(userId: number, id: number): Promise<V> {
        return toRecord(await ownListed(userId, id));
      },
      /**
       * The stored result of the user's done record: `column` of its row in `from.table`. 409 with `failed` or
       * `pending` while there is none to have, 404 with `missing` when it was not stored.
       */
      async storedResult(
        userId: number,
        id: number,
        from: { table: ResultTable; column: string; failed: string; pending: string; missing: string },
      ): Promise<{ row: Pick<R, K | 'status'>; stored: string }> {
        const row = await ownListed(userId, id);
        if (row.status !== 'done') throw conflict(row.status === 'failed' ? from.failed : from.pending);
        const found = await (deps.db as unknown as Kysely<Record<ResultTable, Record<string, unknown>>>)
          .selectFrom(from.table)
          .select(from.column)
          .where('recordId', '=', id)
          .executeTakeFirst();
        if (!found) throw notFound(from.missing);
        return { row, stored: String(found[from.column]) };
      },
      async remove(userId: number, id: number): Promise<void> {
        await remove(userId, id);
      },
      submit: (
        userId: number,
        id: number,
        opts: { orderId?: number | undefined; pay?: PayWay | undefined; prepare?: (row: R) => Promise<R> },
      ) => submit(userId, id, { ...opts, view: toRecord }),
    };
  }

  /**
   * An order for this record fixed its price from the record's terms (edition, path): while one stands (open,
   * paid or fulfilled), the terms no longer change, or the order would pay for other work than was priced.
   */
  async function assertTermsOpen(id: number, message: string): Promise<void> {
    const standing = await deps.db
      .selectFrom('orders')
      .select('id')
      .where('kind', '=', 'record')
      .where('recordType', '=', spec.recordType)
      .where('recordId', '=', String(id))
      .where((eb) =>
        eb.or([
          eb('status', 'in', ['paid', 'fulfilled']),
          eb.and([eb('status', '=', 'created'), eb('expiresAt', '>', nowIso())]),
        ]),
      )
      .executeTakeFirst();
    if (standing) throw conflict(message);
  }

  /** check_order_id: the user's QR order for exactly this record, refreshed from the provider. */
  async function confirmOrder(userId: number, id: number, orderId: number) {
    await own(userId, id);
    if (!deps.billing.confirmRecordOrder) throw new Error(`${spec.recordType}: no QR orders configured`);
    return deps.billing.confirmRecordOrder(userId, orderId, spec.recordType, id);
  }

  /**
   * The job of this kind: `run` does the work of one claimed record (the service's run hook, ending in
   * `finish`); failures after the last attempt fail the record with one refund; unfinished records are
   * re-queued at start (`warmUp` runs then, e.g. to load an index while the API starts answering).
   */
  function registration(opts: {
    attempts: number;
    run: (run: RunHandle<R>) => Promise<void>;
    warmUp?: () => void;
  }): JobRegistration<RecordJobKind> {
    return {
      attempts: opts.attempts,
      handler: async ({ recordId }, job) => {
        const run = await claim(recordId, job);
        if (run) await opts.run(run);
      },
      onFailed: ({ recordId }, error) => fail(recordId, error),
      recover: async () => {
        opts.warmUp?.();
        return unfinishedRecords(deps.db, table);
      },
    };
  }

  return {
    own,
    queue,
    claim,
    update,
    progress,
    finish,
    fail,
    cancel,
    reload,
    remove,
    rename,
    list,
    submit,
    readers,
    confirmOrder,
    assertTermsOpen,
    registration,
    /**
     * The service's job face: `registerJobs` puts the job kind on a queue (both `serve` and `worker` do),
     * `runJob` does what a worker does with one record now, `failJob` what the queue does after the last
     * attempt.
     */
    jobApi(opts: Parameters<typeof registration>[0]) {
      return {
        recordType: spec.recordType,
        registerJobs(queueOf: JobQueue): void {
          queueOf.register(spec.job, registration(opts) as JobRegistration<typeof spec.job>);
        },
        async runJob(recordId: number, job: JobContext): Promise<void> {
          const run = await claim(recordId, job);
          if (run) await opts.run(run);
        },
        failJob: fail,
        retryFailed,
      };
    },
  };
}

export type PaidRecords<R extends PaidRecordRow> = ReturnType<typeof createPaidRecords<R>>;

/** What a paid service's start-up asks of it: the job face the kernel gave it, its records and its submit. */
export interface PaidService<V> {
  recordType: string;
  registerJobs(queue: JobQueue): void;
  load(userId: number, id: number): Promise<V>;
  submit(userId: number, id: number, opts: { orderId?: number | undefined }): Promise<unknown>;
}

/**
 * A paid service's start-up, in `serve` and `worker` alike: its job kind on the queue, and paying for one record
 * by QR (create_order with its record type). The order is priced from the user's record while it is `created`
 * (409 `submitted` after), its subject cut to 100 characters; once paid, the record is submitted with the order.
 */
export function openPaidService<V extends { status: string }>(
  deps: { jobs: JobQueue; billing: Pick<Billing, 'registerRecordType'> },
  service: PaidService<V>,
  opts: {
    submitted: string;
    /**
     * Fixes what the confirm page chose (查重's edition; 降重's path and targets) on the record before a QR order
     * prices it, since the paid order submits the record as it stands.
     */
    chooseTerms?(userId: number, id: number, terms: OrderTerms): Promise<void>;
    pricing(record: V): Omit<RecordPricing, 'subject'>;
    subject(record: V): string;
  },
): void {
  service.registerJobs(deps.jobs);
  deps.billing.registerRecordType(service.recordType, {
    async resolve(userId, recordId, terms) {
      if (terms && opts.chooseTerms) await opts.chooseTerms(userId, Number(recordId), terms);
      const record = await service.load(userId, Number(recordId));
      if (record.status !== 'created') throw conflict(opts.submitted);
      return { ...opts.pricing(record), subject: opts.subject(record).slice(0, 100) };
    },
    async onPaid({ userId, recordId, orderId }) {
      await service.submit(userId, Number(recordId), { orderId });
    },
  });
}
