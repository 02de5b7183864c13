import {
  type AigcReport,
  type CheckReport,
  type Page,
  type PageQuery,
  REDUCE_DEFAULT_TARGETS,
  type ReduceContent,
  type ReduceDetail,
  type ReduceKind,
  type ReduceListFilter,
  type ReduceOrigin,
  type ReduceParagraph,
  type ReducePath,
  type ReduceQuote,
  type ReduceRecord,
  type ReduceReportInfo,
  type ReduceWordCount,
} from '@paperdesk/contracts';
import { nowIso } from '../../db/index.ts';
import { featureOf, knownSources, paragraphRows, reduceRun } from '../../jobs/handlers/reduce.ts';
import { badRequest, conflict, unprocessable } from '../errors.ts';
import type { Llm } from '../llm-usage.ts';
import { createPaidRecords, type PaidServiceDeps, recordMessages } from '../records/kernel.ts';
import { chargeByCharacters } from '../records/pricing.ts';
import { insertUnpaid, ownedRecord } from '../records/table.ts';
import {
  type Counted,
  type DocumentSource,
  readSource,
  sizeLimits,
  type UploadedFile,
} from '../records/source.ts';
import type { ReduceBilling } from './billing-port.ts';
import { REDUCE_RECORD_TYPE } from './billing-port.ts';
import { createParagraphEdits } from './edits.ts';
import { settleRecord } from './settlement.ts';
import { measuredRates, offlineGoals } from './success-rates.ts';
import type { Measurer } from './measure.ts';
import { matchUploadedReport } from './report.ts';
import { billedChars, type PlannedParagraph, planAigcReport, planCheckReport, planDocument } from './plan.ts';
import {
  askedOf,
  finalText,
  paragraphMeets,
  type ParagraphRow,
  type RecordRow,
  targetsOf,
  toParagraph,
  toRecord,
} from './view.ts';

export const REDUCE_LIMITS = sizeLimits('reduce', {
  product: '全文降重/降AIGC ',
  per: '单次',
  maxChars: 150_000,
  minChars: 50,
});

const PATHS: ReducePath[] = ['offline', 'model'];

/** Targets as given (percent; undefined = not given) → the record's columns, the kind's default when none. */
export function targetColumns(
  kind: ReduceKind,
  given: { targetSimilarity?: number | undefined; targetAigc?: number | undefined },
): { targetSimilarity: number | null; targetAigc: number | null } {
  if (given.targetSimilarity === undefined && given.targetAigc === undefined) {
    const d = REDUCE_DEFAULT_TARGETS[kind];
    return { targetSimilarity: d.similarity, targetAigc: d.aigc };
  }
  return { targetSimilarity: given.targetSimilarity ?? null, targetAigc: given.targetAigc ?? null };
}

export interface ReduceDeps extends PaidServiceDeps<ReduceBilling> {
  llm: Llm;
  measurer: (userId: number) => Measurer;
}

/** What a continuation takes over from the record it continues: a paragraph's outcome and the user's decision. */
type Carried = Pick<ParagraphRow, 'outcome' | 'decision' | 'editedText' | 'editedScores'>;

export interface NewRecord {
  title: string;
  kind: ReduceKind;
  path: ReducePath;
  targetSimilarity?: number | undefined;
  targetAigc?: number | undefined;
}

/** A document's title when the user gave none: its own, else the first words. */
function titleFrom(given: string, doc: { title?: string | undefined; blocks: { text: string }[] }): string {
  if (given.trim()) return given.trim().slice(0, 200);
  if (doc.title?.trim()) return doc.title.trim().slice(0, 200);
  const first = doc.blocks.find((b) => b.text.trim())?.text.trim() ?? '';
  return first.length > 20 ? `${first.slice(0, 20)}…` : first || '未命名论文';
}

/** A paper as read, with the bytes of a .docx (a download writes the result back into the user's own file). */
async function readPaper(source: DocumentSource) {
  const { doc, fileName, format, file } = await readSource(source);
  return { doc, fileName, format, ...(format === 'docx' && file ? { docx: file.data } : {}) };
}

export function createReducing(deps: ReduceDeps) {
  const { db, sysConfig, billing, llm } = deps;

  const limits = () => REDUCE_LIMITS.chars(sysConfig);

  /** Empty and oversized papers are refused before anything is stored. */
  async function checkLength(characters: number, opts: { fromReport?: boolean } = {}) {
    const lim = await limits();
    if (characters === 0) {
      throw unprocessable(
        opts.fromReport ? '报告中没有需要改写的段落，无需降重' : '没有找到需要改写的正文段落，请检查论文内容',
      );
    }
    if (characters > lim.maxChars) {
      throw unprocessable(
        `需要改写的内容共 ${characters.toLocaleString('en-US')} 字符，超过单次 ${lim.maxChars.toLocaleString('en-US')} 字符的上限，请分章节提交`,
      );
    }
    if (!opts.fromReport && characters < lim.minChars) {
      throw unprocessable(`内容只有 ${characters} 字符，至少需要 ${lim.minChars} 字符`);
    }
    return lim;
  }

  async function quotes(kind: ReduceKind, characters: number): Promise<ReduceQuote[]> {
    const out: ReduceQuote[] = [];
    for (const path of PATHS) {
      const q = await billing.quote(kind, path, characters);
      out.push({ path, unitPriceFen: q.unitFen, priceFen: q.fen });
    }
    return out;
  }

  const records = createPaidRecords<RecordRow>(deps, {
    table: 'reduceRecords',
    job: 'reduce',
    recordType: REDUCE_RECORD_TYPE,
    messages: recordMessages('改写', '降重'),
    claimSet: { progress: 5 },
    countsAttempts: true,
    jobId: (recordId, attempt) => `reduce-${recordId}-${attempt}`,
    charge: chargeByCharacters(billing, (row: RecordRow) => ({ kind: row.kind, path: row.path })),
  });
  const own = records.own;
  const edits = createParagraphEdits({ db, llm, measurer: deps.measurer, own });

  async function insert(
    userId: number,
    input: NewRecord & {
      origin: ReduceOrigin;
      sourceRecordId?: number;
      fileName: string | null;
      paragraphs: Array<PlannedParagraph & { carried?: Carried }>;
      report?: { info?: ReduceReportInfo | undefined };
      docx?: Buffer;
      /** A continuation: only part of a paper, no minimum length. */
      partial?: boolean;
    },
  ): Promise<ReduceRecord> {
    const characters = billedChars(input.paragraphs);
    await checkLength(characters, {
      fromReport: input.partial === true || (input.origin !== 'paste' && input.origin !== 'upload'),
    });
    // the model path is the model's work: without a model nothing is stored (503)
    if (input.path === 'model') await llm.assertAvailable(featureOf(input));
    const q = await billing.quote(input.kind, input.path, characters);
    const known: Record<number, string[]> = {};
    input.paragraphs.forEach((p, i) => {
      if (p.included && p.known?.length) known[i] = p.known;
    });
    const report = input.report || Object.keys(known).length > 0 ? { ...input.report, known } : null;
    return db.transaction().execute(async (trx) => {
      const row = await insertUnpaid(trx, 'reduceRecords', {
        userId,
        title: input.title,
        kind: input.kind,
        path: input.path,
        ...targetColumns(input.kind, input),
        origin: input.origin,
        sourceRecordId: input.sourceRecordId ?? null,
        report: report ? JSON.stringify(report) : null,
        fileName: input.fileName,
        characters,
        priceFen: q.fen,
        paragraphs: input.paragraphs.length,
        targetParagraphs: input.paragraphs.filter((p) => p.included).length,
        currentParagraph: null,
        beforeScores: null,
        afterScores: null,
        checkRecordId: null,
      });
      const id = Number(row.id);
      for (let i = 0; i < input.paragraphs.length; i += 200) {
        await trx
          .insertInto('reduceParagraphs')
          .values(
            input.paragraphs.slice(i, i + 200).map((p, k) => ({
              recordId: id,
              idx: i + k,
              kind: p.kind,
              included: p.included ? 1 : 0,
              original: p.text,
              outcome: p.carried?.outcome ?? null,
              decision: p.carried?.decision ?? 'pending',
              editedText: p.carried?.editedText ?? null,
              editedScores: p.carried?.editedScores ?? null,
            })),
          )
          .execute();
      }
      if (input.docx)
        await trx
          .insertInto('reduceFiles')
          .values({ recordId: id, data: input.docx, size: input.docx.length })
          .execute();
      return toRecord(row);
    });
  }

  async function detail(userId: number, id: number): Promise<ReduceDetail> {
    const row = await own(userId, id);
    return {
      ...toRecord(row),
      quotes: await quotes(row.kind, Number(row.characters)),
      modelAvailable: await llm.available(featureOf(row)),
      successRates: measuredRates(),
      offlineGoals: offlineGoals(),
    };
  }

  async function continueWithModel(row: RecordRow): Promise<ReduceRecord> {
    await llm.assertAvailable(featureOf(row));
    const rows = await paragraphRows(db, row.id);
    const targets = targetsOf(row);
    const unmet = (p: ParagraphRow) =>
      p.included === 1 && p.decision !== 'edited' && !paragraphMeets(p, targets);
    if (!rows.some(unmet)) throw conflict('所有段落都已达标，无需继续');
    const known = knownSources(row);
    const report = row.report ? (JSON.parse(row.report) as { info?: ReduceReportInfo }) : undefined;
    const docx = await db
      .selectFrom('reduceFiles')
      .select('data')
      .where('recordId', '=', row.id)
      .executeTakeFirst();
    return insert(row.userId, {
      title: `${row.title}（AI 模型继续）`.slice(0, 200),
      kind: row.kind,
      path: 'model',
      ...(row.targetSimilarity !== null ? { targetSimilarity: row.targetSimilarity } : {}),
      ...(row.targetAigc !== null ? { targetAigc: row.targetAigc } : {}),
      origin: row.origin,
      ...(row.sourceRecordId !== null ? { sourceRecordId: Number(row.sourceRecordId) } : {}),
      fileName: row.fileName,
      partial: true,
      ...(report ? { report } : {}),
      ...(docx ? { docx: Buffer.from(docx.data) } : {}),
      paragraphs: rows.map((p) =>
        unmet(p)
          ? {
              kind: p.kind,
              text: p.original,
              included: true,
              ...(known[p.idx] ? { known: known[p.idx] } : {}),
            }
          : {
              kind: p.kind,
              text: p.original,
              included: false,
              carried: {
                outcome: p.outcome,
                decision: p.decision,
                editedText: p.editedText,
                editedScores: p.editedScores,
              },
            },
      ),
    });
  }

  return {
    limits,
    records,

    async wordCount(source: DocumentSource, kind: ReduceKind): Promise<Counted<ReduceWordCount>> {
      const { doc } = await readSource(source);
      const planned = planDocument(doc);
      const characters = billedChars(planned);
      const lim = await limits();
      return {
        characters,
        paragraphs: planned.filter((p) => p.included).length,
        title: doc.title ?? null,
        minChars: lim.minChars,
        maxChars: lim.maxChars,
        quotes: await quotes(kind, characters),
        modelAvailable: await llm.available(featureOf({ kind })),
      };
    },

    /** machine_init from a paper (upload, kept upload or paste); a .docx keeps its bytes for the download. */
    async init(userId: number, input: NewRecord, source: DocumentSource): Promise<ReduceRecord> {
      const paper = await readPaper(source);
      return insert(userId, {
        ...input,
        title: titleFrom(input.title, paper.doc),
        origin: paper.format === 'paste' ? 'paste' : 'upload',
        fileName: paper.fileName,
        paragraphs: planDocument(paper.doc),
        ...(paper.docx ? { docx: paper.docx } : {}),
      });
    },

    /**
     * machine_init with a third-party report (/papermachine/cnki): only the paragraphs it flagged, each measured
     * against the passages the report marked in it as well as against the library.
     */
    async initFromUploadedReport(
      userId: number,
      input: NewRecord,
      source: DocumentSource,
      reportFile: UploadedFile,
    ): Promise<ReduceRecord> {
      const paper = await readPaper(source);
      const flagged = await matchUploadedReport(reportFile, paper.doc);
      const asked = askedOf(targetsOf(targetColumns(input.kind, input)));
      const planned = planDocument(paper.doc).map((p, i) => {
        const known = flagged.paragraphs.get(i);
        const included = p.included && (known !== undefined || asked.aigc);
        return { ...p, included, ...(known?.length ? { known } : {}) };
      });
      return insert(userId, {
        ...input,
        title: titleFrom(input.title, paper.doc),
        origin: 'report',
        fileName: paper.fileName,
        paragraphs: planned,
        report: { info: flagged.info },
        ...(paper.docx ? { docx: paper.docx } : {}),
      });
    },

    /** check_machine_submit: a finished 查重 record; only paragraphs with copied text (unless an AIGC target). */
    async fromCheck(
      userId: number,
      checkId: number,
      report: CheckReport,
      input: Omit<NewRecord, 'title' | 'kind'>,
    ) {
      const kind: ReduceKind = 'similarity';
      const asked = askedOf(targetsOf(targetColumns(kind, input)));
      return insert(userId, {
        ...input,
        kind,
        title: report.title,
        origin: 'check',
        sourceRecordId: checkId,
        fileName: null,
        paragraphs: planCheckReport(report, asked),
      });
    },

    /** check_aigc_machine_submit / aigc_machine_submit: a finished AIGC检测 record; only flagged paragraphs. */
    async fromAigc(
      userId: number,
      aigcId: number,
      report: AigcReport,
      input: Omit<NewRecord, 'title' | 'kind'>,
    ) {
      const kind: ReduceKind = 'aigc';
      const asked = askedOf(targetsOf(targetColumns(kind, input)));
      return insert(userId, {
        ...input,
        kind,
        title: report.title,
        origin: 'aigc',
        sourceRecordId: aigcId,
        fileName: null,
        paragraphs: planAigcReport(report, asked),
      });
    },

    /** machine_submit: path and targets may still change while unpaid; then one charge and the job. */
    async submit(
      userId: number,
      id: number,
      opts: {
        orderId?: number | undefined;
        path?: ReducePath | undefined;
        targetSimilarity?: number | undefined;
        targetAigc?: number | undefined;
      } = {},
    ): Promise<{ record: ReduceRecord; alreadySubmitted: boolean }> {
      return records.submit(userId, id, {
        orderId: opts.orderId,
        view: toRecord,
        async prepare(row) {
          const path = opts.path ?? row.path;
          if (path === 'model') await llm.assertAvailable(featureOf(row));
          const retarget = opts.targetSimilarity !== undefined || opts.targetAigc !== undefined;
          if (path === row.path && !retarget) return row;
          const q = await billing.quote(row.kind, path, Number(row.characters));
          await db
            .updateTable('reduceRecords')
            .set({
              path,
              priceFen: q.fen,
              ...(retarget ? targetColumns(row.kind, opts) : {}),
              updatedAt: nowIso(),
            })
            .where('id', '=', id)
            .where('status', '=', 'created')
            .execute();
          return own(userId, id);
        },
      });
    },

    /**
     * reload: a failed record runs again with one new charge, resuming after the paragraphs already stored.
     * `path=model` on a done offline record: a NEW record (待支付, model price) of the paragraphs still over a
     * target, the others carried over as they are (outcome and decision), the same targets, source and .docx.
     */
    async reload(userId: number, id: number, path?: ReducePath): Promise<ReduceRecord> {
      const row = await own(userId, id);
      if (path === 'model' && row.status === 'done' && row.path === 'offline') return continueWithModel(row);
      if (path !== undefined && path !== row.path)
        throw conflict('改写方式在提交前选择；已完成的离线记录可用 path=model 继续未达标段落');
      return toRecord(
        await records.reload(userId, id, {
          notSubmitted: '该记录尚未提交，请先支付提交',
          done: '该记录已完成；可在对照页逐段重做或编辑',
          raced: '该记录状态已变化，请刷新后重试',
          before: async (r) => {
            if (r.path === 'model') await llm.assertAvailable(featureOf(r));
          },
        }),
      );
    },

    async list(
      userId: number,
      q: PageQuery,
      filter: NonNullable<ReduceListFilter> = {},
    ): Promise<Page<ReduceRecord>> {
      if (filter.sourceRecordId !== undefined) {
        // the records made from one of the user's own 查重 / AIGC检测 records: someone else's is as absent as none
        if (filter.origin !== 'check' && filter.origin !== 'aigc')
          throw badRequest('按来源记录筛选时请同时给出 origin（check 或 aigc）');
        const table = filter.origin === 'check' ? 'checkRecords' : 'aigcRecords';
        await ownedRecord(db, table, userId, filter.sourceRecordId, '来源记录不存在');
      }
      return records.list(userId, q, filter, {
        select: (base) => {
          let b = base;
          if (filter.kind) b = b.where('kind', '=', filter.kind);
          if (filter.origin) b = b.where('origin', '=', filter.origin);
          if (filter.sourceRecordId !== undefined) b = b.where('sourceRecordId', '=', filter.sourceRecordId);
          return b.selectAll();
        },
        map: toRecord,
      });
    },

    async load(userId: number, id: number): Promise<ReduceDetail> {
      return detail(userId, id);
    },

    async remove(userId: number, id: number): Promise<void> {
      await records.remove(userId, id);
    },

    async content(userId: number, id: number): Promise<ReduceContent> {
      const row = await own(userId, id);
      const targets = targetsOf(row);
      return {
        record: toRecord(row),
        paragraphs: (await paragraphRows(db, row.id)).map((p) => toParagraph(p, targets)),
      };
    },

    /** query_content_list: one page of paragraphs, optionally only the rewritten, unmet or changed ones. */
    async contentPage(
      userId: number,
      id: number,
      q: PageQuery,
      only: 'all' | 'targeted' | 'unmet' | 'changed',
    ): Promise<Page<ReduceParagraph>> {
      const row = await own(userId, id);
      const targets = targetsOf(row);
      // filtered on the stored rows; only the page's paragraphs are diffed for their changes
      const keep = (await paragraphRows(db, row.id)).filter((p) =>
        only === 'targeted'
          ? p.included === 1 || p.outcome !== null
          : only === 'unmet'
            ? p.outcome !== null && !paragraphMeets(p, targets)
            : only === 'changed'
              ? finalText(p) !== p.original
              : true,
      );
      const start = (q.pageNo - 1) * q.pageSize;
      return {
        records: keep.slice(start, start + q.pageSize).map((p) => toParagraph(p, targets)),
        total: keep.length,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },

    decide: edits.decide,
    redo: edits.redo,

    /** The final text by the user's decisions, per paragraph (download, submit_check). */
    async finalParagraphs(userId: number, id: number) {
      const { row, paragraphs } = await edits.doneRecord(userId, id);
      return {
        row,
        record: toRecord(row),
        paragraphs: paragraphs.map((p) => ({ kind: p.kind, original: p.original, text: finalText(p) })),
      };
    },

    /** The user's own .docx, when the record came from one. */
    async originalDocx(recordId: number): Promise<Buffer | null> {
      const f = await db
        .selectFrom('reduceFiles')
        .select('data')
        .where('recordId', '=', recordId)
        .executeTakeFirst();
      return f ? Buffer.from(f.data) : null;
    },

    async linkCheck(userId: number, id: number, checkRecordId: number) {
      await db
        .updateTable('reduceRecords')
        .set({ checkRecordId, updatedAt: nowIso() })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .execute();
    },

    ...records.jobApi({
      attempts: 2,
      run: reduceRun({
        db,
        records,
        llm,
        measurer: deps.measurer,
        async settle(trx, row, paragraphs) {
          const s = await settleRecord(trx, billing, row, paragraphs, targetsOf(row));
          // the record shows what was kept: the balance part of the charge after the settlement refund
          await trx
            .updateTable('reduceRecords')
            .set({ paidFen: s.chargedFen })
            .where('id', '=', row.id)
            .execute();
          return JSON.stringify(s);
        },
      }),
    }),
  };
}

export type Reducing = ReturnType<typeof createReducing>;
