import type { PayWay } from '@paperdesk/contracts';
import {
  type AigcMetrics,
  type AigcRecord,
  type AigcReport,
  type AigcWordCountResult,
  QUOTA_UNITS,
} from '@paperdesk/contracts';
import type { ParsedDocument } from '@paperdesk/textkit';
import type { Selectable } from 'kysely';
import type { AigcRecordsTable } from '../../db/tables/aigc.ts';
import { unprocessable } from '../../errors.ts';
import { aigcRun } from './run.ts';
import type { Billing } from '../billing/index.ts';
import { detectionReport, detectionReportJson } from '../checks/records.ts';
import {
  type Counted,
  countOf,
  type DocumentSource,
  readSource,
  sizeLimits,
  wordCountOf,
} from '../records/source.ts';
import { insertUnpaidWithDocument, LIFECYCLE_COLUMNS } from '../records/table.ts';
import { createPaidRecords, type PaidServiceDeps, recordMessages } from '../records/kernel.ts';
import { renderDownload } from '../records/render.ts';
import type { StoredJson } from '../records/stored-json.ts';
import type { DocumentScorer, ZeroShotSource } from './report.ts';

export const AIGC_LIMITS = sizeLimits('aigc', {
  product: 'AIGC检测',
  per: '单篇',
  maxChars: 300_000,
  minChars: 200,
});

export const AIGC_RECORD_TYPE = 'aigc';
const SERVICE = 'aigc_check';
const EDITION = 'standard';

export type AigcSource = DocumentSource;

type Row = Selectable<AigcRecordsTable>;

export interface AigcDeps extends PaidServiceDeps<Billing> {
  /** Loaded on first use (about 1 s): the API starts without waiting for the model. */
  detector: () => Promise<DocumentScorer>;
  /** The zero-shot criterion source when one is configured and switched on (see zero-shot.ts). */
  zeroShot?: () => Promise<ZeroShotSource | undefined>;
  defaultMaxUploadMb: number;
}

function toRecord(r: ListRow): AigcRecord {
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

/** Every column but the stored document: what a list shows. */
const LIST_COLUMNS = [
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
  ...LIFECYCLE_COLUMNS,
] as const;

/** What a list reads: every column but the stored document; enough for the user's view of a record. */
type ListRow = Pick<Row, (typeof LIST_COLUMNS)[number]>;

/** A run of the record is one job: the id carries the attempt so a re-run after a failure is a new job. */
export const jobIdOf = (recordId: number, attempt: number) => `aigc-${recordId}-${attempt}`;

export function createAigcRecords(deps: AigcDeps) {
  const { db, sysConfig, billing } = deps;

  const limits = () => AIGC_LIMITS.withUpload(sysConfig, deps.defaultMaxUploadMb);

  /** Reads a file or pasted text through textkit and enforces the limits; nothing is stored. */
  async function read(source: AigcSource) {
    const read = await readSource(source);
    const { doc, format, fileName } = read;
    const { characters } = countOf(read);
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

  const storedReport = (userId: number, id: number) =>
    detectionReport<ListRow, AigcReport>(face, 'aigcReports', userId, id);
  const storedReportJson = (userId: number, id: number) =>
    detectionReportJson<ListRow, AigcReport>(face, 'aigcReports', userId, id);

  const records = createPaidRecords<Row>(deps, {
    table: 'aigcRecords',
    job: 'aigc',
    recordType: AIGC_RECORD_TYPE,
    messages: recordMessages('检测'),
    countsAttempts: true,
    jobId: (recordId, attempt) => jobIdOf(recordId, attempt),
    async charge(trx, row, orderId, pay) {
      const c = await billing.charge(trx, {
        userId: row.userId,
        service: SERVICE,
        edition: EDITION,
        characters: Number(row.characters),
        recordType: AIGC_RECORD_TYPE,
        recordId: row.id,
        ...(orderId !== undefined ? { orderId } : {}),
        ...(pay !== undefined ? { pay } : {}),
        note: `AIGC检测 #${row.id}`,
      });
      return { paidFen: c.fen, chargeSource: c.source };
    },
  });
  const face = records.readers({ listColumns: LIST_COLUMNS, toRecord });
  // a record's reads leave its stored paper out: polls and lists have no use for it
  const own = face.own;
  const run = aigcRun({
    records,
    paper: async (recordId) =>
      (
        await db
          .selectFrom('aigcDocuments')
          .select('document')
          .where('recordId', '=', recordId)
          .executeTakeFirstOrThrow()
      ).document,
    detector: deps.detector,
    ...(deps.zeroShot ? { zeroShot: deps.zeroShot } : {}),
  });

  /**
   * submit_check: created → queued with the charge (package quota, then balance; or the paid order) in one
   * transaction. A second submit changes nothing; a 402 rolls the state change back.
   */
  const submit = (
    userId: number,
    id: number,
    opts: { orderId?: number | undefined; pay?: PayWay | undefined } = {},
  ) => face.submit(userId, id, opts);

  return {
    limits,

    async wordCount(source: AigcSource): Promise<Counted<AigcWordCountResult>> {
      const r = await read(source);
      return {
        ...wordCountOf(r),
        quote: await quote(r.characters),
      };
    },

    /** machine_init: read and store as `created` with its price; nothing charged. */
    async init(userId: number, input: { title: string; author: string }, source: AigcSource) {
      const r = await read(source);
      const q = await quote(r.characters);
      const stored: ParsedDocument = {
        ...(r.doc.title !== undefined ? { title: r.doc.title } : {}),
        blocks: r.doc.blocks.map((b) => ({ ...b })),
      };
      const row = await insertUnpaidWithDocument(
        db,
        'aigcRecords',
        {
          userId,
          title: input.title,
          author: input.author,
          characters: r.characters,
          priceFen: q.priceFen,
          fileName: r.fileName,
          format: r.format,
        },
        stored,
      );
      return toRecord(row);
    },

    list: face.list,

    load: face.load,
    remove: face.remove,

    submit,

    /**
     * reload: a failed record (its charge was refunded) runs again with one new charge; a queued or running
     * one whose job was lost is put back in the queue without charging. Done or unpaid records are refused.
     */
    async reload(userId: number, id: number): Promise<AigcRecord> {
      return toRecord(
        await records.reload(userId, id, {
          notSubmitted: '该检测尚未提交，请先确认支付',
          done: '检测已完成，无需重新检测',
        }),
      );
    },

    /** check_order_id: the order paid for exactly this record → submit with it (once). */
    async confirmOrder(userId: number, id: number, orderId: number) {
      const order = await records.confirmOrder(userId, id, orderId);
      if (order.status !== 'fulfilled') return { paid: false, record: toRecord(await own(userId, id)) };
      const r = await submit(userId, id, { orderId });
      return { paid: true, record: r.record };
    },

    async report(userId: number, id: number): Promise<AigcReport> {
      return (await storedReport(userId, id)).report;
    },

    /** load_content_by_id: the stored report as it is. */
    async reportJson(userId: number, id: number): Promise<StoredJson<AigcReport>> {
      return (await storedReportJson(userId, id)).json;
    },

    async download(userId: number, id: number, productName?: string) {
      const { row, json } = await storedReportJson(userId, id);
      const base = row.title.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 80);
      return {
        body: await renderDownload({ kind: 'aigc', report: json, ...(productName ? { productName } : {}) }),
        contentType: 'application/pdf',
        filename: `${base}-AIGC检测报告.pdf`,
      };
    },

    ...records.jobApi({ attempts: 2, run }),
  };
}

export type AigcRecords = ReturnType<typeof createAigcRecords>;
