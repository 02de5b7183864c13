import type {
  CheckReport,
  MachineDetail,
  MachineEdition,
  MachineOrderStatus,
  MachineOrigin,
  MachineParagraph,
  MachineQuote,
  MachineRecord,
  MachineStats,
  MachineStatus,
  MachineWordCount,
  Page,
  PageQuery,
} from '@paperdesk/contracts';
import { renderRewriteDocx } from '@paperdesk/documents';
import { billingCharCount, type ParsedDocument } from '@paperdesk/textkit';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { selectPage } from '../../db/paging.ts';
import type { RewriteRecordsTable } from '../../db/tables/rewriting.ts';
import { badRequest, conflict, notFound, unprocessable } from '../errors.ts';
import type { Llm } from '../../integrations/llm/index.ts';
import type { JobContext, JobQueue } from '../../jobs/types.ts';
import { type DocumentSource, readSource } from '../records/source.ts';
import { ownedRecord, unfinishedRecords } from '../records/table.ts';
import type { createSysConfig } from '../sys-config.ts';
import { EDITION_NAMES, type RewriteBilling } from './billing-port.ts';
import { rewriteDocument, type StoredBlock } from './engine.ts';

declare module '../../jobs/types.ts' {
  interface JobPayloads {
    rewrite: { recordId: number };
  }
}

/** Admin-tunable limits (sys_config, public under `limit.`). */
export const REWRITE_LIMIT_KEYS = {
  maxChars: 'limit.rewrite.maxChars',
  minChars: 'limit.rewrite.minChars',
} as const;
export const DEFAULT_REWRITE_LIMITS = { maxChars: 100_000, minChars: 50 };

const EDITIONS: MachineEdition[] = ['standard', 'cnki'];
export const rewriteJobId = (recordId: number) => `rewrite-${recordId}`;

export type RewriteSource = DocumentSource;

type Row = Selectable<RewriteRecordsTable>;

export interface RewriteDeps {
  db: Db;
  sysConfig: ReturnType<typeof createSysConfig>;
  jobs: JobQueue;
  billing: RewriteBilling;
  llm: Llm;
}

function toRecord(r: Row): MachineRecord {
  return {
    id: Number(r.id),
    title: r.title,
    edition: r.edition,
    status: r.status,
    progress: r.progress,
    origin: r.origin,
    checkRecordId: r.checkRecordId === null ? null : Number(r.checkRecordId),
    characters: Number(r.characters),
    priceFen: Number(r.priceFen),
    paidFen: Number(r.paidFen),
    fileName: r.fileName,
    paragraphs: r.paragraphs,
    targetParagraphs: r.targetParagraphs,
    doneParagraphs: r.doneParagraphs,
    message: r.message,
    stats: r.stats ? (JSON.parse(r.stats) as MachineStats) : null,
    createdAt: r.createdAt,
    submittedAt: r.submittedAt,
    finishedAt: r.finishedAt,
  };
}

const billedChars = (blocks: readonly StoredBlock[]) =>
  blocks.reduce((n, b) => n + (b.rewrite ? billingCharCount(b.text) : 0), 0);

/** A title from the text when the user gave none: the document's own, else the first words. */
function titleFrom(given: string, doc: ParsedDocument): string {
  if (given.trim()) return given.trim().slice(0, 200);
  if (doc.title?.trim()) return doc.title.trim().slice(0, 200);
  const first = doc.blocks.find((b) => b.text.trim())?.text.trim() ?? '';
  return first.length > 20 ? `${first.slice(0, 20)}…` : first || '未命名文本';
}

/**
 * A checked paper as rewrite blocks: paragraphs the report flagged (red copy or yellow quote spans) are
 * rewritten; headings and clean paragraphs are kept as they are.
 */
export function blocksFromReport(report: CheckReport): StoredBlock[] {
  return report.paragraphs.map((p) => ({
    kind: p.kind,
    text: p.text,
    rewrite: p.kind === 'paragraph' && p.spans.length > 0,
  }));
}

export function createRewriting(deps: RewriteDeps) {
  const { db, sysConfig, billing, llm } = deps;

  async function limits() {
    const [maxChars, minChars] = await Promise.all([
      sysConfig.get(REWRITE_LIMIT_KEYS.maxChars, DEFAULT_REWRITE_LIMITS.maxChars),
      sysConfig.get(REWRITE_LIMIT_KEYS.minChars, DEFAULT_REWRITE_LIMITS.minChars),
    ]);
    return { maxChars, minChars };
  }

  function checkLength(characters: number, lim: { maxChars: number; minChars: number }) {
    if (characters > lim.maxChars) {
      throw unprocessable(
        `需要降重的内容共 ${characters.toLocaleString('en-US')} 字符，超过单次 ${lim.maxChars.toLocaleString('en-US')} 字符的上限，请分段提交`,
      );
    }
    if (characters < lim.minChars) {
      throw unprocessable(`内容只有 ${characters} 字符，至少需要 ${lim.minChars} 字符才能降重`);
    }
  }

  /** Read a file or pasted text through textkit; every paragraph (not headings) is to be rewritten. */
  async function read(source: RewriteSource) {
    const { doc, fileName } = await readSource(source);
    const blocks: StoredBlock[] = doc.blocks.map((b) => ({
      kind: b.kind,
      text: b.text,
      rewrite: b.kind === 'paragraph',
    }));
    const characters = billedChars(blocks);
    const lim = await limits();
    checkLength(characters, lim);
    return { doc, blocks, fileName, characters, limits: lim };
  }

  async function quotes(characters: number): Promise<MachineQuote[]> {
    const out: MachineQuote[] = [];
    for (const edition of EDITIONS) {
      const q = await billing.quote(edition, characters);
      out.push({ edition, unitPriceFen: q.unitFen, priceFen: q.fen });
    }
    return out;
  }

  const own = (userId: number, id: number): Promise<Row> =>
    ownedRecord(db, 'rewriteRecords', userId, id, '降重记录不存在');

  async function insert(
    userId: number,
    input: {
      title: string;
      edition: MachineEdition;
      origin: MachineOrigin;
      checkRecordId?: number;
      fileName: string | null;
      blocks: StoredBlock[];
      characters: number;
    },
  ): Promise<MachineRecord> {
    // 知网专版 is the model's work: without a model nothing is stored (503).
    if (input.edition === 'cnki') await llm.assertAvailable('rewrite');
    const q = await billing.quote(input.edition, input.characters);
    const now = nowIso();
    const row = await db
      .insertInto('rewriteRecords')
      .values({
        userId,
        title: input.title,
        edition: input.edition,
        origin: input.origin,
        checkRecordId: input.checkRecordId ?? null,
        characters: input.characters,
        priceFen: q.fen,
        fileName: input.fileName,
        paragraphs: input.blocks.length,
        targetParagraphs: input.blocks.filter((b) => b.rewrite).length,
        document: JSON.stringify({ blocks: input.blocks }),
        message: '待支付',
        createdAt: now,
        updatedAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async function storedResult(
    userId: number,
    id: number,
  ): Promise<{ row: Row; paragraphs: MachineParagraph[] }> {
    const row = await own(userId, id);
    if (row.status !== 'done')
      throw conflict(row.status === 'failed' ? '降重失败，没有结果' : '降重尚未完成，请稍后再试');
    const res = await db
      .selectFrom('rewriteResults')
      .select('paragraphs')
      .where('recordId', '=', id)
      .executeTakeFirst();
    if (!res) throw notFound('降重结果不存在');
    return { row, paragraphs: JSON.parse(res.paragraphs) as MachineParagraph[] };
  }

  // ---- the job -------------------------------------------------------------------------------

  async function runJob(recordId: number, job: JobContext): Promise<void> {
    const token = nowIso();
    const claimed = await db
      .updateTable('rewriteRecords')
      .set({
        status: 'running',
        progress: 2,
        doneParagraphs: 0,
        startedAt: token,
        updatedAt: token,
        message: '降重中',
      })
      .where('id', '=', recordId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return; // done, failed, deleted or never paid
    const row = await db
      .selectFrom('rewriteRecords')
      .selectAll()
      .where('id', '=', recordId)
      .executeTakeFirstOrThrow();
    const { blocks } = JSON.parse(row.document) as { blocks: StoredBlock[] };

    let lastWrite = 0;
    const onParagraph = (done: number, total: number) => {
      const now = Date.now();
      if (now - lastWrite < 300 && done < total) return;
      lastWrite = now;
      void db
        .updateTable('rewriteRecords')
        .set({
          progress: Math.max(2, Math.min(99, Math.round(2 + (97 * done) / Math.max(1, total)))),
          doneParagraphs: done,
        })
        .where('id', '=', recordId)
        .where('status', '=', 'running')
        .where('startedAt', '=', token)
        .execute()
        .catch(() => {});
    };

    const started = Date.now();
    const result = await rewriteDocument({
      blocks,
      edition: row.edition,
      seed: recordId,
      onParagraph,
      signal: job.signal,
      ...(row.edition === 'cnki'
        ? {
            complete: async (messages, maxTokens) =>
              (
                await llm.complete({
                  feature: 'rewrite',
                  messages,
                  maxTokens,
                  userId: row.userId,
                  signal: job.signal,
                })
              ).text,
          }
        : {}),
    });
    const stats: MachineStats = {
      changedChars: result.changedChars,
      changeRatio: result.targetChars > 0 ? Math.min(1, result.changedChars / result.targetChars) : 0,
      rewrittenParagraphs: result.paragraphs.filter((p) => p.method !== 'kept').length,
      modelParagraphs: result.modelParagraphs,
      fallbackParagraphs: result.fallbackParagraphs,
      elapsedMs: Date.now() - started,
    };
    const finishedAt = nowIso();
    await db.transaction().execute(async (trx) => {
      const upd = await trx
        .updateTable('rewriteRecords')
        .set({
          status: 'done',
          progress: 100,
          doneParagraphs: row.targetParagraphs,
          stats: JSON.stringify(stats),
          message: '降重完成',
          finishedAt,
          updatedAt: finishedAt,
        })
        .where('id', '=', recordId)
        .where('status', '=', 'running')
        .where('startedAt', '=', token)
        .executeTakeFirst();
      if (Number(upd.numUpdatedRows) === 0) return;
      await trx.deleteFrom('rewriteResults').where('recordId', '=', recordId).execute();
      await trx
        .insertInto('rewriteResults')
        .values({ recordId, paragraphs: JSON.stringify(result.paragraphs), createdAt: finishedAt })
        .execute();
    });
  }

  /** Every attempt failed: mark the record failed and refund, exactly once. */
  async function failJob(recordId: number, error: Error): Promise<void> {
    const at = nowIso();
    const message = `降重失败，费用已退回：${error.message}`.slice(0, 500);
    await db.transaction().execute(async (trx) => {
      const upd = await trx
        .updateTable('rewriteRecords')
        .set({ status: 'failed', message, finishedAt: at, updatedAt: at, refundedAt: at })
        .where('id', '=', recordId)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (Number(upd.numUpdatedRows) === 0) return;
      await billing.refund(trx, recordId);
    });
  }

  async function submit(
    userId: number,
    id: number,
    edition: MachineEdition,
    opts: { orderId?: number | undefined } = {},
  ): Promise<{ record: MachineRecord; alreadySubmitted: boolean }> {
    const row = await own(userId, id);
    if (row.status !== 'created') return { record: toRecord(row), alreadySubmitted: true };
    if (row.edition !== edition) {
      throw badRequest(
        `该记录是${EDITION_NAMES[row.edition]}，请用${row.edition === 'cnki' ? ' machine_cnki_submit' : ' machine_submit'} 提交`,
      );
    }
    if (edition === 'cnki') await llm.assertAvailable('rewrite');
    const now = nowIso();
    const charged = await db.transaction().execute(async (trx) => {
      const upd = await trx
        .updateTable('rewriteRecords')
        .set({ status: 'queued', progress: 0, submittedAt: now, updatedAt: now, message: '排队中' })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .where('status', '=', 'created')
        .executeTakeFirst();
      if (Number(upd.numUpdatedRows) === 0) return null;
      const c = await billing.charge(trx, {
        userId,
        edition,
        characters: Number(row.characters),
        recordId: id,
        orderId: opts.orderId,
      });
      await trx
        .updateTable('rewriteRecords')
        .set({ paidFen: c.fen, chargeSource: c.source })
        .where('id', '=', id)
        .execute();
      return c;
    });
    if (charged) await deps.jobs.enqueue('rewrite', { recordId: id }, { jobId: rewriteJobId(id) });
    return { record: toRecord(await own(userId, id)), alreadySubmitted: charged === null };
  }

  return {
    limits,

    async wordCount(source: RewriteSource): Promise<MachineWordCount> {
      const r = await read(source);
      return {
        characters: r.characters,
        paragraphs: r.blocks.filter((b) => b.rewrite).length,
        title: r.doc.title ?? null,
        minChars: r.limits.minChars,
        maxChars: r.limits.maxChars,
        quotes: await quotes(r.characters),
        modelAvailable: await llm.available('rewrite'),
      };
    },

    /** machine_init / machine_cnki_init: read and store as `created`; nothing is charged. */
    async init(userId: number, edition: MachineEdition, title: string, source: RewriteSource) {
      const r = await read(source);
      return insert(userId, {
        title: titleFrom(title, r.doc),
        edition,
        origin: 'file' in source ? 'upload' : 'paste',
        fileName: r.fileName,
        blocks: r.blocks,
        characters: r.characters,
      });
    },

    /** check_machine_submit: the checked paper, rewriting only what the report flagged. */
    async fromCheck(userId: number, checkRecordId: number, report: CheckReport): Promise<MachineRecord> {
      const blocks = blocksFromReport(report);
      const characters = billedChars(blocks);
      if (characters === 0) throw conflict('检测报告中没有标红或标黄的段落，无需降重');
      checkLength(characters, { ...(await limits()), minChars: 1 });
      return insert(userId, {
        title: report.title,
        edition: 'standard',
        origin: 'check',
        checkRecordId,
        fileName: null,
        blocks,
        characters,
      });
    },

    async list(
      userId: number,
      q: PageQuery,
      filter: {
        status?: MachineStatus | undefined;
        edition?: MachineEdition | undefined;
        title?: string | undefined;
      } = {},
    ): Promise<Page<MachineRecord>> {
      let base = db.selectFrom('rewriteRecords').where('userId', '=', userId);
      if (filter.status) base = base.where('status', '=', filter.status);
      if (filter.edition) base = base.where('edition', '=', filter.edition);
      if (filter.title) base = base.where('title', 'like', `%${filter.title.replace(/[%_\\]/g, '')}%`);
      return selectPage(
        base
          .select([
            'id',
            'userId',
            'title',
            'edition',
            'status',
            'progress',
            'origin',
            'checkRecordId',
            'characters',
            'priceFen',
            'paidFen',
            'chargeSource',
            'fileName',
            'paragraphs',
            'targetParagraphs',
            'doneParagraphs',
            'message',
            'stats',
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

    async load(userId: number, id: number): Promise<MachineRecord> {
      return toRecord(await own(userId, id));
    },

    /** load_by_id: the record, both prices, whether the model is there, and the result once done. */
    async detail(userId: number, id: number): Promise<MachineDetail> {
      const row = await own(userId, id);
      const result = row.status === 'done' ? (await storedResult(userId, id)).paragraphs : null;
      return {
        ...toRecord(row),
        quotes: await quotes(Number(row.characters)),
        modelAvailable: await llm.available('rewrite'),
        result,
      };
    },

    async remove(userId: number, id: number): Promise<void> {
      const row = await own(userId, id);
      if (row.status === 'queued' || row.status === 'running') throw conflict('降重进行中，完成后才能删除');
      await db.deleteFrom('rewriteRecords').where('id', '=', id).where('userId', '=', userId).execute();
    },

    submit,

    /** check_order_id: the QR order for this record, refreshed from the provider (paid → the record is submitted). */
    async orderStatus(userId: number, id: number, orderId: number): Promise<MachineOrderStatus> {
      await own(userId, id);
      const order = await billing.confirmOrder(userId, orderId, id);
      return { orderId: order.id, orderStatus: order.status, record: toRecord(await own(userId, id)) };
    },

    /** The result as .docx: the clean rewritten text, then the 原文 | 改写后 table. */
    async download(userId: number, id: number) {
      const { row, paragraphs } = await storedResult(userId, id);
      const body = await renderRewriteDocx({
        title: row.title,
        mode: 'dedup',
        paragraphs: paragraphs.map((p) => ({ original: p.original, rewritten: p.text })),
        createdAt: row.finishedAt ?? row.createdAt,
      });
      const base = row.title.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 80);
      return { body, filename: `${base}-降重结果.docx` };
    },

    /** Registers the `rewrite` job: run, fail with one refund, recover unfinished records at start. */
    registerJobs(jobs: JobQueue): void {
      jobs.register('rewrite', {
        attempts: 2,
        handler: ({ recordId }, job) => runJob(recordId, job),
        onFailed: ({ recordId }, error) => failJob(recordId, error),
        recover: () => unfinishedRecords(db, 'rewriteRecords'),
      });
    },

    runJob,
    failJob,
  };
}

export type Rewriting = ReturnType<typeof createRewriting>;
