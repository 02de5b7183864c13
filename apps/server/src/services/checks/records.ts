import type { PayWay } from '@paperdesk/contracts';
import type {
  CheckCost,
  CheckEdition,
  CheckMetrics,
  CheckRecord,
  CheckReport,
  LibrarySize,
  ReportType,
  WordCountResult,
} from '@paperdesk/contracts';
import type { ParsedDocument } from '@paperdesk/textkit';
import type { Selectable } from 'kysely';
import { nowIso } from '../../db/index.ts';
import type { CheckRecordsTable } from '../../db/tables/checks.ts';
import { unprocessable } from '../../errors.ts';
import { checkRun } from './run.ts';
import { libraryName } from './seed.ts';
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
import { editionPricing } from '../records/pricing.ts';
import { renderDownload } from '../records/render.ts';
import { type StoredJson, storedJson } from '../records/stored-json.ts';
import { CHECK_RECORD_TYPE, type CheckBilling } from './billing-port.ts';
import type { Library } from './library.ts';
import type { ReferenceService } from '../references/index.ts';

export const CHECK_LIMITS = sizeLimits('check', {
  product: '查重',
  per: '单篇',
  maxChars: 300_000,
  minChars: 200,
});

const EDITIONS: CheckEdition[] = ['standard', 'professional'];
const EDITION_FIXED = '该记录已按所选版本下单，不能再更换版本';
export const jobIdOf = (recordId: number) => `check-${recordId}`;

export interface CheckDeps extends PaidServiceDeps<CheckBilling> {
  library: Library;
  /** 参考文献核查: each report's chapter (absent in tests that do not need it). */
  references?: ReferenceService;
  /** Upper bound for uploads when sys_config has none (config MAX_UPLOAD_MB). */
  defaultMaxUploadMb: number;
  log?: (msg: string) => void;
}

export type CheckSource = DocumentSource;

interface StoredDocument {
  title?: string | undefined;
  blocks: ParsedDocument['blocks'];
  hidden?: ParsedDocument['hidden'];
}

type Row = Selectable<CheckRecordsTable>;

/** Every column but the stored document: what a list shows. */
const LIST_COLUMNS = [
  'id',
  'userId',
  'title',
  'author',
  'edition',
  'status',
  'progress',
  'characters',
  'normalizedChars',
  'priceFen',
  'paidFen',
  'free',
  'chargeSource',
  'fileName',
  'format',
  'addToLibrary',
  'message',
  'metrics',
  'libraryDocumentId',
  ...LIFECYCLE_COLUMNS,
] as const;

/** What a list reads: every column but the stored document; enough for the user's view of a record. */
type ListRow = Pick<Row, (typeof LIST_COLUMNS)[number]>;

function toRecord(r: ListRow): CheckRecord {
  return {
    id: r.id,
    title: r.title,
    author: r.author,
    edition: r.edition,
    status: r.status,
    progress: r.progress,
    characters: Number(r.characters),
    priceFen: Number(r.priceFen),
    paidFen: Number(r.paidFen),
    free: r.free === 1,
    fileName: r.fileName,
    addToLibrary: r.addToLibrary === 1,
    message: r.message,
    metrics: r.metrics ? (JSON.parse(r.metrics) as CheckMetrics) : null,
    createdAt: r.createdAt,
    submittedAt: r.submittedAt,
    finishedAt: r.finishedAt,
  };
}

/** Where a record's stored result is read: the table, its column, and what is said while there is none. */
interface StoredResultFrom {
  table: 'checkReports' | 'aigcReports';
  column: string;
  failed: string;
  pending: string;
  missing: string;
}

/**
 * A detection's stored report (查重 and AIGC检测 alike) as its stored JSON, refused with what is said while there is
 * none. Nothing parses it: the report route sends it as it is, a download parses it in the compute pool.
 */
export async function detectionReportJson<Row, Report>(
  face: {
    storedResult(userId: number, id: number, from: StoredResultFrom): Promise<{ row: Row; stored: string }>;
  },
  table: StoredResultFrom['table'],
  userId: number,
  id: number,
): Promise<{ row: Row; json: StoredJson<Report> }> {
  const { row, stored } = await face.storedResult(userId, id, {
    table,
    column: 'report',
    failed: '检测失败，没有报告',
    pending: '检测尚未完成，请稍后再试',
    missing: '报告不存在',
  });
  return { row, json: storedJson<Report>(stored) };
}

/** A detection's stored report, parsed: for what works on the report itself (降重 of its flagged paragraphs). */
export async function detectionReport<Row, Report>(
  face: Parameters<typeof detectionReportJson<Row, Report>>[0],
  table: StoredResultFrom['table'],
  userId: number,
  id: number,
): Promise<{ row: Row; report: Report }> {
  const { row, json } = await detectionReportJson<Row, Report>(face, table, userId, id);
  return { row, report: JSON.parse(json) as Report };
}

export function createChecks(deps: CheckDeps) {
  const { db, sysConfig, billing, library } = deps;
  const log = deps.log ?? (() => {});

  const limits = () => CHECK_LIMITS.withUpload(sysConfig, deps.defaultMaxUploadMb);

  /** Read a file or pasted text through textkit and enforce the character limits. Nothing is stored. */
  async function read(source: CheckSource) {
    const read = await readSource(source);
    const { doc, format, fileName } = read;
    const { characters, normalized } = countOf(read);
    const lim = await limits();
    if (characters > lim.maxChars) {
      throw unprocessable(
        `论文共 ${characters.toLocaleString('en-US')} 字符，超过单篇 ${lim.maxChars.toLocaleString('en-US')} 字符的上限，请拆分后分别检测`,
      );
    }
    if (characters < lim.minChars) {
      throw unprocessable(`论文只有 ${characters} 字符，至少需要 ${lim.minChars} 字符才能检测`);
    }
    return { doc, format, fileName, characters, normalized, limits: lim };
  }

  const pricing = editionPricing(EDITIONS, billing, (c) => ({ free: c.free ? 1 : 0 }));
  const quotes = pricing.quotes;

  const records = createPaidRecords<Row>(deps, {
    table: 'checkRecords',
    job: 'check',
    recordType: CHECK_RECORD_TYPE,
    messages: recordMessages('检测'),
    jobId: (recordId) => jobIdOf(recordId),
    charge: pricing.charge,
  });
  const face = records.readers({ listColumns: LIST_COLUMNS, toRecord });
  // a record's reads leave its stored paper out: polls and lists have no use for it
  const own = face.own;
  /** The library a check submitted now runs against: name and size (public, for the check page). */
  async function librarySize(): Promise<LibrarySize> {
    const [name, stats] = await Promise.all([libraryName(sysConfig), library.stats()]);
    return { name, documents: stats.documents, characters: stats.characters };
  }
  const run = checkRun({ db, records, library, log, librarySize, references: deps.references });

  async function setEdition<R extends ListRow>(row: R, edition: CheckEdition | undefined): Promise<R> {
    if (!edition || edition === row.edition || row.status !== 'created') return row;
    await records.assertTermsOpen(row.id, EDITION_FIXED);
    const q = await billing.quote(edition, Number(row.characters));
    await db
      .updateTable('checkRecords')
      .set({ edition, priceFen: q.fen, updatedAt: nowIso() })
      .where('id', '=', row.id)
      .where('status', '=', 'created')
      .execute();
    return { ...row, edition, priceFen: q.fen };
  }

  const storedReport = (userId: number, id: number) =>
    detectionReport<ListRow, CheckReport>(face, 'checkReports', userId, id);
  const storedReportJson = (userId: number, id: number) =>
    detectionReportJson<ListRow, CheckReport>(face, 'checkReports', userId, id);

  return {
    limits,
    librarySize,
    read,

    async wordCount(source: CheckSource): Promise<Counted<WordCountResult>> {
      const r = await read(source);
      return {
        ...wordCountOf(r),
        quotes: await quotes(r.characters),
      };
    },

    /** check_init: read and store; status `created`, nothing charged. */
    async init(
      userId: number,
      input: { title: string; author: string; edition: CheckEdition; addToLibrary: boolean },
      source: CheckSource,
    ): Promise<CheckRecord> {
      const r = await read(source);
      const q = await billing.quote(input.edition, r.characters);
      const stored: StoredDocument = { title: r.doc.title, blocks: r.doc.blocks.map((b) => ({ ...b })) };
      // hidden .docx text is not checked, but the report names it (隐藏文字)
      if (r.doc.hidden) stored.hidden = r.doc.hidden;
      const row = await insertUnpaidWithDocument(
        db,
        'checkRecords',
        {
          userId,
          title: input.title,
          author: input.author,
          edition: input.edition,
          characters: r.characters,
          normalizedChars: r.normalized,
          priceFen: q.fen,
          fileName: r.fileName,
          format: r.format,
          addToLibrary: input.addToLibrary ? 1 : 0,
        },
        stored,
      );
      return toRecord(row);
    },

    list: face.list,

    load: face.load,

    async remove(userId: number, id: number): Promise<void> {
      const row = await records.remove(userId, id);
      // a paper the user opted into the library leaves it with its record
      if (row.libraryDocumentId !== null) await library.remove(Number(row.libraryDocumentId)).catch(() => {});
    },

    async updateTitle(userId: number, id: number, title: string): Promise<CheckRecord> {
      return toRecord(await records.rename(userId, id, title));
    },

    /** check_cancel: stop a queued or running check; the charge is refunded. */
    async cancel(userId: number, id: number): Promise<CheckRecord> {
      return toRecord(
        await records.cancel(userId, id, {
          notActive: '只有排队中或检测中的记录可以取消',
          reason: '已取消检测',
        }),
      );
    },

    /**
     * check_cost: what submitting in `edition` (else the record's) would take. A question, so it writes nothing:
     * the edition chosen on the page reaches the record with check_submit. The price is the edition's quote; while
     * an order for the record stands, no other edition is offered (409), as check_submit would refuse it.
     */
    async cost(userId: number, id: number, edition?: CheckEdition): Promise<CheckCost> {
      const row = await own(userId, id);
      const chosen = edition ?? row.edition;
      if (chosen !== row.edition && row.status === 'created')
        await records.assertTermsOpen(row.id, EDITION_FIXED);
      const characters = Number(row.characters);
      const [free, wallet, q] = await Promise.all([
        billing.freeCheck(userId),
        billing.wallet(userId, characters),
        quotes(characters),
      ]);
      const applies = chosen === 'professional' && free.eligible && free.availableToday;
      const priceFen = q.find((e) => e.edition === chosen)?.priceFen ?? Number(row.priceFen);
      const payableFen = applies || wallet.quotaAvailable >= wallet.quotaNeeded ? 0 : priceFen;
      return {
        recordId: row.id,
        edition: chosen,
        characters,
        priceFen,
        freeCheck: { eligible: free.eligible, availableToday: free.availableToday, applies },
        payableFen,
        balanceFen: wallet.balanceFen,
        quotaAvailable: wallet.quotaAvailable,
        quotaNeeded: wallet.quotaNeeded,
        sufficient: payableFen === 0 || wallet.balanceFen >= payableFen,
        quotes: q,
      };
    },

    /** A QR order's edition, chosen on the confirm page: written on the unpaid record (409 once an order stands). */
    async chooseEdition(userId: number, id: number, edition: CheckEdition): Promise<void> {
      await setEdition(await own(userId, id), edition);
    },

    /**
     * check_submit: in ONE transaction the record moves created → queued and billing charges it
     * the way the user chose (free daily 专业版 check, package quota or balance; never quota unless chosen). A second submit finds the record no longer
     * `created` and changes nothing; a 402 rolls the state change back. Then the job is enqueued with
     * the record's id as job id, so it runs once.
     */
    async submit(
      userId: number,
      id: number,
      opts: {
        edition?: CheckEdition | undefined;
        orderId?: number | undefined;
        pay?: PayWay | undefined;
      } = {},
    ) {
      return face.submit(userId, id, {
        orderId: opts.orderId,
        pay: opts.pay,
        prepare: (row) => setEdition(row, opts.edition),
      });
    },

    async report(userId: number, id: number): Promise<CheckReport> {
      return (await storedReport(userId, id)).report;
    },

    /** report_paragraphs: the stored report as it is. */
    async reportJson(userId: number, id: number): Promise<StoredJson<CheckReport>> {
      return (await storedReportJson(userId, id)).json;
    },

    async download(userId: number, id: number, type: ReportType, productName?: string) {
      const { row, json } = await storedReportJson(userId, id);
      const base = `${row.title.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 80)}`;
      const body = await renderDownload({
        kind: 'check',
        report: json,
        type,
        ...(productName ? { productName } : {}),
      });
      if (type === 'html')
        return { body, contentType: 'text/html; charset=utf-8', filename: `${base}-检测报告.html` };
      return {
        body,
        contentType: 'application/pdf',
        filename: `${base}-${type === 'full' ? '全文对照报告' : '简洁报告'}.pdf`,
      };
    },

    ...records.jobApi({
      attempts: 2,
      run,
      // warm the index while the API starts answering
      warmUp: () => void library.runner().catch((err) => log(`比对库索引加载失败：${String(err)}`)),
    }),
  };
}

export type Checks = ReturnType<typeof createChecks>;
