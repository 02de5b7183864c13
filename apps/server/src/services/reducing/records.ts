import type { PayWay } from '@paperdesk/contracts';
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
import { PRICE_OF, REDUCE_RECORD_TYPE } from './billing-port.ts';
import { createParagraphEdits } from './edits.ts';
import { createIntake, targetColumns } from './intake.ts';
import { settleRecord } from './settlement.ts';
import { measuredRates, offlineGoals } from './success-rates.ts';
import type { Measurer } from './measure.ts';
import { finalText, paragraphMeets, type RecordRow, targetsOf, toParagraph, toRecord } from './view.ts';

/** An order priced the record on its path (offline or model): while it stands, the path stays. */
const PATH_FIXED = '该记录已按所选改写方式下单，不能再更换改写方式';

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
    const retarget = terms.targetSimilarity !== undefined || terms.targetAigc !== undefined;
    if (path === row.path && !retarget) return row;
    const q = await billing.quote(row.kind, path, Number(row.characters));
    await db
      .updateTable('reduceRecords')
      .set({
        path,
        priceFen: q.fen,
        ...(retarget ? targetColumns(row.kind, terms) : {}),
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
     * A QR order's edition of the kind's price (offline 'standard', model 'cnki'/'model'), chosen on the confirm
     * page: its path is written on the unpaid record before the order prices it.
     */
    async chooseEdition(userId: number, id: number, edition: string): Promise<void> {
      const row = await own(userId, id);
      const editions = PRICE_OF[row.kind].edition;
      const path = (Object.keys(editions) as ReducePath[]).find((p) => editions[p] === edition);
      if (!path) throw badRequest(`没有这种改写方式：${edition}`);
      if (row.status === 'created') await applyTerms(row, { path });
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
