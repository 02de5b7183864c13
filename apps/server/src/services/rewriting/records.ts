import type { PayWay } from '@paperdesk/contracts';
import type {
  CheckReport,
  MachineDetail,
  MachineEdition,
  MachineOrderStatus,
  MachineOrigin,
  MachineParagraph,
  MachineRecord,
  MachineStats,
  MachineStatus,
  MachineWordCount,
  Page,
  PageQuery,
} from '@paperdesk/contracts';
import { billingCharCount, type ParsedDocument } from '@paperdesk/textkit';
import type { Selectable } from 'kysely';
import type { RewriteRecordsTable } from '../../db/tables/rewriting.ts';
import { badRequest, conflict, unprocessable } from '../../errors.ts';
import type { Llm } from '../llm-usage.ts';
import { rewriteRun } from './run.ts';
import { type Counted, type DocumentSource, readSource, sizeLimits, wordCountOf } from '../records/source.ts';
import { LIFECYCLE_COLUMNS, insertUnpaid } from '../records/table.ts';
import { createPaidRecords, type PaidServiceDeps, recordMessages } from '../records/kernel.ts';
import { editionPricing } from '../records/pricing.ts';
import { renderDownload } from '../records/render.ts';
import { EDITION_NAMES, REWRITE_RECORD_TYPE, type RewriteBilling } from './billing-port.ts';
import type { StoredBlock } from './engine.ts';

export const REWRITE_LIMITS = sizeLimits('rewrite', {
  product: '降重',
  per: '单次',
  maxChars: 100_000,
  minChars: 50,
});

const EDITIONS: MachineEdition[] = ['standard', 'cnki'];
export const rewriteJobId = (recordId: number) => `rewrite-${recordId}`;

export type RewriteSource = DocumentSource;

type Row = Selectable<RewriteRecordsTable>;

/** Every column but the stored document: what a list shows. */
const LIST_COLUMNS = [
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
  ...LIFECYCLE_COLUMNS,
] as const;

export interface RewriteDeps extends PaidServiceDeps<RewriteBilling> {
  llm: Llm;
}

/** What a list reads: every column but the stored document; enough for the user's view of a record. */
type ListRow = Pick<Row, (typeof LIST_COLUMNS)[number]>;

function toRecord(r: ListRow): MachineRecord {
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

  const limits = () => REWRITE_LIMITS.chars(sysConfig);

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
    const { doc, fileName, format } = await readSource(source);
    const blocks: StoredBlock[] = doc.blocks.map((b) => ({
      kind: b.kind,
      text: b.text,
      rewrite: b.kind === 'paragraph',
    }));
    const characters = billedChars(blocks);
    const lim = await limits();
    checkLength(characters, lim);
    return { doc, blocks, fileName, format, characters, limits: lim };
  }

  const pricing = editionPricing(EDITIONS, billing);
  const quotes = pricing.quotes;

  const records = createPaidRecords<Row>(deps, {
    table: 'rewriteRecords',
    job: 'rewrite',
    recordType: REWRITE_RECORD_TYPE,
    messages: recordMessages('降重'),
    claimSet: { progress: 2, doneParagraphs: 0 },
    jobId: (recordId) => rewriteJobId(recordId),
    charge: pricing.charge,
  });
  const face = records.readers({ listColumns: LIST_COLUMNS, toRecord });
  // a record's reads leave its stored paper out: polls and lists have no use for it
  const own = face.own;
  const run = rewriteRun({ records, llm });

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
    const row = await insertUnpaid(db, 'rewriteRecords', {
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
    });
    return toRecord(row);
  }

  async function storedResult(
    userId: number,
    id: number,
  ): Promise<{ row: ListRow; paragraphs: MachineParagraph[] }> {
    const { row, stored } = await face.storedResult(userId, id, {
      table: 'rewriteResults',
      column: 'paragraphs',
      failed: '降重失败，没有结果',
      pending: '降重尚未完成，请稍后再试',
      missing: '降重结果不存在',
    });
    return { row, paragraphs: JSON.parse(stored) as MachineParagraph[] };
  }

  /** machine_submit / machine_cnki_submit name the record's `edition` (a paid QR order submits with its own). */
  async function submit(
    userId: number,
    id: number,
    opts: {
      edition?: MachineEdition | undefined;
      orderId?: number | undefined;
      pay?: PayWay | undefined;
    } = {},
  ): Promise<{ record: MachineRecord; alreadySubmitted: boolean }> {
    return face.submit(userId, id, {
      orderId: opts.orderId,
      pay: opts.pay,
      async prepare(row) {
        const edition = opts.edition ?? row.edition;
        if (row.edition !== edition) {
          throw badRequest(
            `该记录是${EDITION_NAMES[row.edition]}，请用${row.edition === 'cnki' ? ' machine_cnki_submit' : ' machine_submit'} 提交`,
          );
        }
        if (edition === 'cnki') await llm.assertAvailable('rewrite');
        return row;
      },
    });
  }

  return {
    limits,

    async wordCount(source: RewriteSource): Promise<Counted<MachineWordCount>> {
      const r = await read(source);
      return {
        ...wordCountOf(r, r.blocks.filter((b) => b.rewrite).length),
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
        origin: r.format === 'paste' ? 'paste' : 'upload',
        fileName: r.fileName,
        blocks: r.blocks,
        characters: r.characters,
      });
    },

    /** check_machine_submit: the checked paper, rewriting only what the report flagged. */
    async fromCheck(userId: number, checkRecordId: number, report: CheckReport): Promise<MachineRecord> {
      // the report's unpaid one, so clicking again (or coming back to the report) opens it instead of adding
      // another 待支付 record (issue 26), as 一键降重 does
      const unpaid = await db
        .selectFrom('rewriteRecords')
        .select(LIST_COLUMNS)
        .where('userId', '=', userId)
        .where('origin', '=', 'check')
        .where('checkRecordId', '=', checkRecordId)
        .where('status', '=', 'created')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (unpaid) return toRecord(unpaid);
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
      const { edition } = filter;
      return face.list(userId, q, filter, (base) => (edition ? base.where('edition', '=', edition) : base));
    },

    load: face.load,

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

    remove: face.remove,

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
      const body = await renderDownload({
        kind: 'rewrite-docx',
        document: {
          title: row.title,
          mode: 'dedup',
          paragraphs: paragraphs.map((p) => ({ original: p.original, rewritten: p.text })),
          createdAt: row.finishedAt ?? row.createdAt,
        },
      });
      const base = row.title.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 80);
      return { body, filename: `${base}-降重结果.docx` };
    },

    ...records.jobApi({ attempts: 2, run }),
  };
}

export type Rewriting = ReturnType<typeof createRewriting>;
