import type { AigcDetector } from '@paperdesk/aigc';
import {
  type AigcMetrics,
  type AigcRecord,
  type AigcReport,
  type AigcStatus,
  type AigcWordCountResult,
  type Page,
  type PageQuery,
  QUOTA_UNITS,
} from '@paperdesk/contracts';
import { renderAigcReportPdf } from '@paperdesk/documents';
import type { ParsedDocument } from '@paperdesk/textkit';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { selectPage } from '../../db/paging.ts';
import type { AigcRecordsTable } from '../../db/tables/aigc.ts';
import { conflict, notFound, unprocessable } from '../errors.ts';
import type { JobContext, JobQueue } from '../../jobs/types.ts';
import type { Billing } from '../billing/index.ts';
import { countDocument } from '../checks/records.ts';
import { type DocumentSource, documentLimits, readSource } from '../records/source.ts';
import { ownedRecord, unfinishedRecords } from '../records/table.ts';
import type { createSysConfig } from '../sys-config.ts';
import { detectDocument } from './report.ts';

declare module '../../jobs/types.ts' {
  interface JobPayloads {
    aigc: { recordId: number };
  }
}

/** Admin-tunable limits (sys_config, public under `limit.`). */
export const AIGC_LIMIT_KEYS = {
  maxChars: 'limit.aigc.maxChars',
  minChars: 'limit.aigc.minChars',
  maxUploadMb: 'limit.aigc.maxUploadMb',
} as const;
export const DEFAULT_AIGC_LIMITS = { maxChars: 300_000, minChars: 200 };

export const AIGC_RECORD_TYPE = 'aigc';
const SERVICE = 'aigc_check';
const EDITION = 'standard';

export type AigcSource = DocumentSource;

type Row = Selectable<AigcRecordsTable>;

export interface AigcDeps {
  db: Db;
  sysConfig: ReturnType<typeof createSysConfig>;
  jobs: JobQueue;
  billing: Billing;
  /** Loaded on first use (about 1 s): the API starts without waiting for the model. */
  detector: () => AigcDetector;
  defaultMaxUploadMb: number;
}

function toRecord(r: Row): AigcRecord {
  return {
    id: r.id,
    title: r.title,
    author: r.author,
    status: r.status,
    progress: r.progress,
    characters: Number(r.characters),
    priceFen: Number(r.priceFen),
    paidFen: Number(r.paidFen),
    chargeSource: r.chargeSource,
    fileName: r.fileName,
    message: r.message,
    metrics: r.metrics ? (JSON.parse(r.metrics) as AigcMetrics) : null,
    createdAt: r.createdAt,
    submittedAt: r.submittedAt,
    finishedAt: r.finishedAt,
  };
}

/** A run of the record is one job: the id carries the attempt so a re-run after a failure is a new job. */
export const jobIdOf = (recordId: number, attempt: number) => `aigc-${recordId}-${attempt}`;

export function createAigcRecords(deps: AigcDeps) {
  const { db, sysConfig, billing } = deps;

  const limits = () =>
    documentLimits(sysConfig, AIGC_LIMIT_KEYS, {
      ...DEFAULT_AIGC_LIMITS,
      maxUploadMb: deps.defaultMaxUploadMb,
    });

  /** Reads a file or pasted text through textkit and enforces the limits; nothing is stored. */
  async function read(source: AigcSource) {
    const { doc, format, fileName } = await readSource(source);
    const { characters } = countDocument(doc);
    const lim = await limits();
    const n = (v: number) => v.toLocaleString('en-US');
    if (characters > lim.maxChars)
      throw unprocessable(
        `论文共 ${n(characters)} 字符，超过单篇 ${n(lim.maxChars)} 字符的上限，请拆分后分别检测`,
      );
    if (characters < lim.minChars)
      throw unprocessable(`内容只有 ${characters} 字符，至少需要 ${lim.minChars} 字符才能做 AIGC 检测`);
    return { doc, format, fileName, characters, limits: lim };
  }

  async function quote(characters: number) {
    const q = await billing.quote(SERVICE, EDITION, { characters: Math.max(1, characters) });
    const per = QUOTA_UNITS.aigc_check.charsPerUnit ?? 30_000;
    return {
      unitPriceFen: q.unitFen,
      priceFen: q.fen,
      quotaNeeded: Math.max(1, Math.ceil(characters / per)),
    };
  }

  const own = (userId: number, id: number): Promise<Row> =>
    ownedRecord(db, 'aigcRecords', userId, id, '检测记录不存在');

  async function storedReport(userId: number, id: number): Promise<{ row: Row; report: AigcReport }> {
    const row = await own(userId, id);
    if (row.status !== 'done')
      throw conflict(row.status === 'failed' ? '检测失败，没有报告' : '检测尚未完成，请稍后再试');
    const rep = await db
      .selectFrom('aigcReports')
      .select('report')
      .where('recordId', '=', id)
      .executeTakeFirst();
    if (!rep) throw notFound('报告不存在');
    return { row, report: JSON.parse(rep.report) as AigcReport };
  }

  /**
   * Moves a record from one of `from` to `queued` and charges it, in ONE transaction; then enqueues its job.
   * Returns null (nothing changed) when the record was no longer in `from` — a double click or a race.
   */
  async function chargeAndQueue(
    userId: number,
    row: Row,
    from: AigcStatus,
    orderId?: number,
  ): Promise<boolean> {
    const now = nowIso();
    const attempt = row.attempts + 1;
    const charged = await db.transaction().execute(async (trx) => {
      const upd = await trx
        .updateTable('aigcRecords')
        .set({
          status: 'queued',
          progress: 0,
          attempts: attempt,
          submittedAt: now,
          updatedAt: now,
          finishedAt: null,
          message: '排队中',
        })
        .where('id', '=', row.id)
        .where('userId', '=', userId)
        .where('status', '=', from)
        .where('attempts', '=', row.attempts)
        .executeTakeFirst();
      if (Number(upd.numUpdatedRows) === 0) return false;
      const c = await billing.charge(trx, {
        userId,
        service: SERVICE,
        edition: EDITION,
        characters: Number(row.characters),
        recordType: AIGC_RECORD_TYPE,
        recordId: row.id,
        ...(orderId !== undefined ? { orderId } : {}),
        note: `AIGC检测 #${row.id}`,
      });
      await trx
        .updateTable('aigcRecords')
        .set({ paidFen: c.fen, chargeSource: c.source, refundedAt: null })
        .where('id', '=', row.id)
        .execute();
      return true;
    });
    if (charged) await deps.jobs.enqueue('aigc', { recordId: row.id }, { jobId: jobIdOf(row.id, attempt) });
    return charged;
  }

  // ---- the job -------------------------------------------------------------------------------

  async function runJob(recordId: number, job: JobContext): Promise<void> {
    const token = nowIso();
    const claimed = await db
      .updateTable('aigcRecords')
      .set({ status: 'running', progress: 5, startedAt: token, updatedAt: token, message: '检测中' })
      .where('id', '=', recordId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return; // done, failed, deleted or never paid
    const row = await db
      .selectFrom('aigcRecords')
      .selectAll()
      .where('id', '=', recordId)
      .executeTakeFirstOrThrow();
    const doc = JSON.parse(row.document) as ParsedDocument;

    let lastWrite = 0;
    const progress = (pct: number) => {
      const now = Date.now();
      if (now - lastWrite < 400) return;
      lastWrite = now;
      void db
        .updateTable('aigcRecords')
        .set({ progress: Math.max(5, Math.min(99, Math.round(pct))) })
        .where('id', '=', recordId)
        .where('status', '=', 'running')
        .where('startedAt', '=', token)
        .execute()
        .catch(() => {});
    };
    const started = Date.now();
    const detector = deps.detector();
    progress(10);
    const result = await detectDocument(detector, doc, {
      onProgress: (f) => progress(10 + f * 88),
      signal: job.signal,
    });
    const finishedAt = nowIso();
    const report: AigcReport = {
      recordId,
      title: row.title,
      author: row.author,
      checkedAt: finishedAt,
      ...result,
      elapsedMs: Date.now() - started,
    };
    await db.transaction().execute(async (trx) => {
      const upd = await trx
        .updateTable('aigcRecords')
        .set({
          status: 'done',
          progress: 100,
          metrics: JSON.stringify(report.metrics),
          message: '检测完成',
          finishedAt,
          updatedAt: finishedAt,
        })
        .where('id', '=', recordId)
        .where('status', '=', 'running')
        .where('startedAt', '=', token)
        .executeTakeFirst();
      if (Number(upd.numUpdatedRows) === 0) return;
      await trx.deleteFrom('aigcReports').where('recordId', '=', recordId).execute();
      await trx
        .insertInto('aigcReports')
        .values({ recordId, report: JSON.stringify(report), createdAt: finishedAt })
        .execute();
    });
  }

  /** Every attempt failed: mark the record failed and refund, exactly once. */
  async function failJob(recordId: number, error: Error): Promise<void> {
    const at = nowIso();
    const message = `检测失败，费用已退回：${error.message}`.slice(0, 500);
    await db.transaction().execute(async (trx) => {
      const upd = await trx
        .updateTable('aigcRecords')
        .set({ status: 'failed', message, finishedAt: at, updatedAt: at, refundedAt: at })
        .where('id', '=', recordId)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (Number(upd.numUpdatedRows) === 0) return;
      await billing.refund(trx, { recordType: AIGC_RECORD_TYPE, recordId });
    });
  }

  /**
   * submit_check: created → queued with the charge (package quota, then balance; or the paid order) in one
   * transaction. A second submit changes nothing; a 402 rolls the state change back.
   */
  async function submit(userId: number, id: number, opts: { orderId?: number | undefined } = {}) {
    const row = await own(userId, id);
    if (row.status !== 'created') return { record: toRecord(row), alreadySubmitted: true };
    const charged = await chargeAndQueue(userId, row, 'created', opts.orderId);
    return { record: toRecord(await own(userId, id)), alreadySubmitted: !charged };
  }

  return {
    limits,

    async wordCount(source: AigcSource): Promise<AigcWordCountResult> {
      const r = await read(source);
      return {
        characters: r.characters,
        paragraphs: r.doc.blocks.filter((b) => b.kind === 'paragraph').length,
        title: r.doc.title ?? null,
        minChars: r.limits.minChars,
        maxChars: r.limits.maxChars,
        quote: await quote(r.characters),
      };
    },

    /** machine_init: read and store as `created` with its price; nothing charged. */
    async init(userId: number, input: { title: string; author: string }, source: AigcSource) {
      const r = await read(source);
      const q = await quote(r.characters);
      const now = nowIso();
      const stored: ParsedDocument = {
        ...(r.doc.title !== undefined ? { title: r.doc.title } : {}),
        blocks: r.doc.blocks.map((b) => ({ ...b })),
      };
      const row = await db
        .insertInto('aigcRecords')
        .values({
          userId,
          title: input.title,
          author: input.author,
          characters: r.characters,
          priceFen: q.priceFen,
          fileName: r.fileName,
          format: r.format,
          document: JSON.stringify(stored),
          message: '待支付',
          createdAt: now,
          updatedAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },

    async list(
      userId: number,
      q: PageQuery,
      filter: { status?: AigcStatus | undefined; title?: string | undefined } = {},
    ): Promise<Page<AigcRecord>> {
      let base = db.selectFrom('aigcRecords').where('userId', '=', userId);
      if (filter.status) base = base.where('status', '=', filter.status);
      if (filter.title) base = base.where('title', 'like', `%${filter.title.replace(/[%_\\]/g, '')}%`);
      return selectPage(
        base
          .select([
            'id',
            'userId',
            'title',
            'author',
            'status',
            'progress',
            'characters',
            'priceFen',
            'paidFen',
            'chargeSource',
            'fileName',
            'format',
            'message',
            'metrics',
            'attempts',
            'createdAt',
            'updatedAt',
            'submittedAt',
            'startedAt',
            'finishedAt',
            'refundedAt',
          ])
          .orderBy('id', 'desc'),
        q,
        (r) => toRecord({ ...r, document: '' }),
      );
    },

    async load(userId: number, id: number): Promise<AigcRecord> {
      return toRecord(await own(userId, id));
    },

    async remove(userId: number, id: number): Promise<void> {
      const row = await own(userId, id);
      if (row.status === 'queued' || row.status === 'running') throw conflict('检测进行中，完成后才能删除');
      await db.deleteFrom('aigcRecords').where('id', '=', id).where('userId', '=', userId).execute();
    },

    submit,

    /**
     * reload: a failed record (its charge was refunded) runs again with one new charge; a queued or running
     * one whose job was lost is put back in the queue without charging. Done or unpaid records are refused.
     */
    async reload(userId: number, id: number): Promise<AigcRecord> {
      const row = await own(userId, id);
      if (row.status === 'created') throw conflict('该检测尚未提交，请先确认支付');
      if (row.status === 'done') throw conflict('检测已完成，无需重新检测');
      if (row.status === 'failed') await chargeAndQueue(userId, row, 'failed');
      else await deps.jobs.enqueue('aigc', { recordId: id }, { jobId: jobIdOf(id, row.attempts) });
      return toRecord(await own(userId, id));
    },

    /** check_order_id: the order paid for exactly this record → submit with it (once). */
    async confirmOrder(userId: number, id: number, orderId: number) {
      await own(userId, id);
      const order = await billing.confirmRecordOrder(userId, orderId, AIGC_RECORD_TYPE, id);
      if (order.status !== 'fulfilled') return { paid: false, record: toRecord(await own(userId, id)) };
      const r = await submit(userId, id, { orderId });
      return { paid: true, record: r.record };
    },

    async report(userId: number, id: number): Promise<AigcReport> {
      return (await storedReport(userId, id)).report;
    },

    async download(userId: number, id: number, productName?: string) {
      const { row, report } = await storedReport(userId, id);
      const base = row.title.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 80);
      return {
        body: await renderAigcReportPdf(report, productName ? { productName } : {}),
        contentType: 'application/pdf',
        filename: `${base}-AIGC检测报告.pdf`,
      };
    },

    /** Registers the `aigc` job: run, fail with one refund, and re-queue unfinished records at start. */
    registerJobs(jobs: JobQueue): void {
      jobs.register('aigc', {
        attempts: 2,
        handler: ({ recordId }, job) => runJob(recordId, job),
        onFailed: ({ recordId }, error) => failJob(recordId, error),
        recover: () => unfinishedRecords(db, 'aigcRecords'),
      });
    },

    runJob,
    failJob,
  };
}

export type AigcRecords = ReturnType<typeof createAigcRecords>;
