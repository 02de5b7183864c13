import { type PayWay, reducePathOfEdition } from '@paperdesk/contracts';
import type {
  Page,
  PageQuery,
  ReduceContent,
  ReduceDetail,
  ReduceListFilter,
  ReduceParagraph,
  ReducePath,
  ReduceRecord,
} from '@paperdesk/contracts';
import { nowIso } from '../../db/index.ts';
import { featureOf, paragraphRows, reduceRun } from './run.ts';
import { badRequest, conflict } from '../../errors.ts';
import type { Llm } from '../llm-usage.ts';
import { createPaidRecords, type PaidServiceDeps, recordMessages } from '../records/kernel.ts';
import { chargeByCharacters } from '../records/pricing.ts';
import { ownedRecord } from '../records/table.ts';
import type { ReduceBilling } from './billing-port.ts';
import { REDUCE_RECORD_TYPE } from './billing-port.ts';
import { createParagraphEdits } from './edits.ts';
import { createIntake, targetColumns } from './intake.ts';
import { settleRecord } from './settlement.ts';
import { measuredRates, offlineGoals } from './success-rates.ts';
import type { Measurer } from './measure.ts';
import { finalText, paragraphMeets, type RecordRow, targetsOf, toParagraph, toRecord } from './view.ts';

/** An order priced the record on its path (offline or model): while it stands, the path stays. */
const PATH_FIXED = '该记录已按所选改写方式下单，不能再更换改写方式';
/** A paid order runs the record with the targets it was ordered with: while it stands, they stay. */
const TARGETS_FIXED =
  '该记录已按原来的目标下单，订单有效期内不能再更改目标；请按原目标支付，或等订单过期后再改';

/** Two stored targets (percent, one decimal; a `real` column may come back with float noise) are the same. */
const sameTarget = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.abs(Number(a) - Number(b)) < 0.01;

/** What the confirm page may still change on an unpaid record. */
interface ReduceTerms {
  path?: ReducePath | undefined;
  targetSimilarity?: number | undefined;
  targetAigc?: number | undefined;
}

export interface ReduceDeps extends PaidServiceDeps<ReduceBilling> {
  llm: Llm;
  measurer: (userId: number) => Measurer;
}

export function createReducing(deps: ReduceDeps) {
  const { db, billing, llm } = deps;
  const intake = createIntake(deps);
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

  /**
   * The confirm page's path and targets written on an unpaid record, priced again when the path changes: by the
   * submit, or before a QR order prices the record. Another path is refused (409) once an order stands.
   */
  async function applyTerms(row: RecordRow, terms: ReduceTerms): Promise<RecordRow> {
    const path = terms.path ?? row.path;
    if (path !== row.path) await records.assertTermsOpen(row.id, PATH_FIXED);
    if (path === 'model') await llm.assertAvailable(featureOf(row));
    const given = terms.targetSimilarity !== undefined || terms.targetAigc !== undefined;
    const targets = given ? targetColumns(row.kind, terms) : null;
    const retarget =
      targets !== null &&
      (!sameTarget(targets.targetSimilarity, row.targetSimilarity) ||
        !sameTarget(targets.targetAigc, row.targetAigc));
    if (retarget) await records.assertTermsOpen(row.id, TARGETS_FIXED);
    if (path === row.path && !retarget) return row;
    const q = await billing.quote(row.kind, path, Number(row.characters));
    await db
      .updateTable('reduceRecords')
      .set({
        path,
        priceFen: q.fen,
        ...(retarget ? targets : {}),
        updatedAt: nowIso(),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'created')
      .execute();
    return own(row.userId, row.id);
  }

  async function detail(userId: number, id: number): Promise<ReduceDetail> {
    const row = await own(userId, id);
    return {
      ...toRecord(row),
      quotes: await intake.quotes(row.kind, Number(row.characters)),
      modelAvailable: await llm.available(featureOf(row)),
      successRates: measuredRates(),
      offlineGoals: offlineGoals(),
    };
  }

  return {
    limits: intake.limits,
    records,
    wordCount: intake.wordCount,
    init: intake.init,
    initFromUploadedReport: intake.initFromUploadedReport,
    fromCheck: intake.fromCheck,
    fromAigc: intake.fromAigc,

    /**
     * What the confirm page chose for a QR order: the path (as its edition of the kind's price: offline
     * 'standard', model 'cnki'/'model') and the targets, written on the unpaid record before the order prices it,
     * because the paid order submits the record as it stands. Other terms once an order stands: 409.
     */
    async chooseTerms(
      userId: number,
      id: number,
      terms: {
        edition?: string | undefined;
        targetSimilarity?: number | undefined;
        targetAigc?: number | undefined;
      },
    ): Promise<void> {
      const row = await own(userId, id);
      const path = terms.edition === undefined ? undefined : reducePathOfEdition(row.kind, terms.edition);
      if (terms.edition !== undefined && !path) throw badRequest(`没有这种改写方式：${terms.edition}`);
      if (row.status === 'created')
        await applyTerms(row, {
          path,
          targetSimilarity: terms.targetSimilarity,
          targetAigc: terms.targetAigc,
        });
    },

    /** machine_submit: path and targets may still change while unpaid; then one charge and the job. */
    async submit(
      userId: number,
      id: number,
      opts: {
        orderId?: number | undefined;
        pay?: PayWay | undefined;
        path?: ReducePath | undefined;
        targetSimilarity?: number | undefined;
        targetAigc?: number | undefined;
      } = {},
    ): Promise<{ record: ReduceRecord; alreadySubmitted: boolean }> {
      return records.submit(userId, id, {
        orderId: opts.orderId,
        pay: opts.pay,
        view: toRecord,
        prepare: (row) => applyTerms(row, opts),
      });
    },

    /**
     * reload: a failed record runs again with one new charge, resuming after the paragraphs already stored.
     * `path=model` on a done offline record: a NEW record (待支付, model price) of the paragraphs still over a
     * target, the others carried over as they are (outcome and decision), the same targets, source and .docx.
     */
    async reload(userId: number, id: number, path?: ReducePath): Promise<ReduceRecord> {
      const row = await own(userId, id);
      if (path === 'model' && row.status === 'done' && row.path === 'offline')
        return intake.continueWithModel(row);
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
