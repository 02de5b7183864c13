import type { PayWay } from '@paperdesk/contracts';
import type {
  Page,
  PageQuery,
  PptListFilter,
  PptOutline,
  PptOutlineQuota,
  PptRecord,
  PptSaveInput,
  PptSourceText,
  PptTemplate,
} from '@paperdesk/contracts';
import { PptSaveInput as SaveSchema } from '@paperdesk/contracts';
import { type Deck, listDeckTemplates } from '@paperdesk/documents';
import { renderDownload } from '../records/render.ts';
import type { Selectable } from 'kysely';
import { nowIso } from '../../db/index.ts';
import type { PptRecordsTable } from '../../db/tables/slides.ts';
import { badRequest, conflict, notFound, rateLimited, unprocessable } from '../../errors.ts';
import type { Llm } from '../llm-usage.ts';
import { pptRun } from './run.ts';
import type { Billing, Executor } from '../billing/index.ts';
import { shanghaiDay } from '../billing/index.ts';
import { readUploadedFile } from '../records/source.ts';
import { createPaidRecords, type PaidServiceDeps } from '../records/kernel.ts';
import { draftOutline, previewSlides, requestOf } from './generate.ts';

export const PPT_RECORD_TYPE = 'ppt';
export const PPT_EDITION = 'standard';
/** Free outlines per user and Shanghai day (sys_config, public under `limit.`). */
export const OUTLINE_LIMIT_KEY = 'limit.ppt.outlinePerDay';
export const DEFAULT_OUTLINE_LIMIT = 20;
const SOURCE_MAX = 20_000;
const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

export interface SlidesDeps extends PaidServiceDeps<Billing> {
  llm: Llm;
}

type Row = Selectable<PptRecordsTable>;

function toRecord(r: Row, fileSize: number | null): PptRecord {
  return {
    id: r.id,
    topic: r.topic,
    speaker: r.speaker,
    templateId: r.templateId,
    slideCount: r.slideCount,
    scene: r.scene,
    sourceText: r.sourceText,
    outline: r.outline ? (JSON.parse(r.outline) as PptOutline) : null,
    status: r.status,
    progress: r.progress,
    message: r.message,
    priceFen: Number(r.priceFen),
    paidFen: Number(r.paidFen),
    slides: r.deck ? previewSlides(JSON.parse(r.deck) as Deck) : null,
    fileSize,
    createdAt: r.createdAt,
    submittedAt: r.submittedAt,
    finishedAt: r.finishedAt,
  };
}

function assertTemplate(id: string): void {
  if (!listDeckTemplates().some((t) => t.id === id)) throw badRequest('模板不存在，请重新选择');
}

export function createSlides(deps: SlidesDeps) {
  const { db, llm, billing } = deps;

  const own = (userId: number, id: number): Promise<Row> => records.own(userId, id);

  async function fileSize(id: number): Promise<number | null> {
    const f = await db.selectFrom('pptFiles').select('size').where('recordId', '=', id).executeTakeFirst();
    return f ? Number(f.size) : null;
  }

  async function view(row: Row): Promise<PptRecord> {
    return toRecord(row, await fileSize(row.id));
  }

  async function load(userId: number, id: number): Promise<PptRecord> {
    return view(await own(userId, id));
  }

  async function usesOn(executor: Executor, userId: number, day: string): Promise<number> {
    const used = await executor
      .selectFrom('pptOutlineUses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    return Number(used.n);
  }

  async function outlineQuota(userId: number): Promise<PptOutlineQuota> {
    const limit = await deps.sysConfig.get(OUTLINE_LIMIT_KEY, DEFAULT_OUTLINE_LIMIT);
    return { usedToday: await usesOn(db, userId, shanghaiDay()), limit };
  }

  async function storeFile(trx: Executor, recordId: number, templateId: string, data: Buffer) {
    await trx.deleteFrom('pptFiles').where('recordId', '=', recordId).execute();
    await trx
      .insertInto('pptFiles')
      .values({ recordId, templateId, data, size: data.length, createdAt: nowIso() })
      .execute();
  }

  const records = createPaidRecords<Row>(deps, {
    table: 'pptRecords',
    job: 'ppt',
    recordType: PPT_RECORD_TYPE,
    messages: {
      missing: 'PPT 记录不存在',
      busy: 'PPT 正在生成，完成后才能删除',
      running: '正在生成内容',
      failed: '生成失败',
    },
    jobId: (recordId) => `ppt-${recordId}`,
    async charge(trx, row, orderId, pay) {
      const c = await billing.charge(trx, {
        userId: row.userId,
        service: 'ppt',
        edition: PPT_EDITION,
        items: 1,
        recordType: PPT_RECORD_TYPE,
        recordId: row.id,
        ...(orderId !== undefined ? { orderId } : {}),
        ...(pay !== undefined ? { pay } : {}),
        note: `AI生成PPT #${row.id}：${row.topic}`.slice(0, 100),
      });
      return { paidFen: c.fen, chargeSource: c.source };
    },
  });
  const run = pptRun({ records, llm, storeFile });

  return {
    load,
    outlineQuota,

    templates(): PptTemplate[] {
      return listDeckTemplates().map((t) => ({ ...t, colors: { ...t.colors } }));
    },

    /** Text of an uploaded document to base the deck on; nothing is stored. */
    async readSource(file: { filename: string; data: Buffer }): Promise<PptSourceText> {
      const { doc, fileName } = await readUploadedFile(file);
      const text = doc.blocks.map((b) => b.text).join('\n');
      return {
        fileName,
        text: text.slice(0, SOURCE_MAX),
        characters: text.length,
        truncated: text.length > SOURCE_MAX,
      };
    },

    /** save_or_update: a new record (status `created`, nothing charged) or changes to one not yet generated. */
    async save(userId: number, raw: PptSaveInput): Promise<PptRecord> {
      const input = SaveSchema.parse(raw);
      assertTemplate(input.templateId);
      await llm.assertAvailable('ppt');
      const now = nowIso();
      const fields = {
        topic: input.topic,
        speaker: input.speaker,
        templateId: input.templateId,
        slideCount: input.slideCount,
        scene: input.scene,
        sourceText: input.sourceText,
        updatedAt: now,
        ...(input.outline !== undefined
          ? { outline: input.outline ? JSON.stringify(input.outline) : null }
          : {}),
      };
      if (input.id) {
        const row = await own(userId, input.id);
        if (row.status !== 'created') throw conflict('该 PPT 已提交生成，内容不能再修改；可以切换模板');
        await db
          .updateTable('pptRecords')
          .set(fields)
          .where('id', '=', row.id)
          .where('status', '=', 'created')
          .execute();
        return load(userId, row.id);
      }
      const quote = await billing.quote('ppt', PPT_EDITION, { items: 1 });
      const row = await db
        .insertInto('pptRecords')
        .values({
          userId,
          ...fields,
          outline: fields.outline ?? null,
          priceFen: quote.fen,
          message: '待生成',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row, null);
    },

    /** Drafts the outline with the model (free, limited per day); stored on the record for the user to edit. */
    async generateOutline(userId: number, id: number): Promise<PptRecord> {
      const row = await own(userId, id);
      if (row.status !== 'created') throw conflict('该 PPT 已提交生成，大纲不能再修改');
      await llm.assertAvailable('ppt');
      const quota = await outlineQuota(userId);
      if (quota.usedToday >= quota.limit) {
        throw rateLimited(`今日免费生成大纲 ${quota.limit} 次已用完，明天再试，或直接编辑现有大纲`);
      }
      const outline = await draftOutline(llm, requestOf(row));
      const now = nowIso();
      const day = shanghaiDay();
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('pptOutlineUses').values({ userId, day, createdAt: now }).execute();
        // of drafts that ran side by side, the one past the limit is not kept
        if ((await usesOn(trx, userId, day)) > quota.limit) {
          throw rateLimited(`今日免费生成大纲 ${quota.limit} 次已用完，明天再试`);
        }
        await trx
          .updateTable('pptRecords')
          .set({ outline: JSON.stringify(outline), updatedAt: now })
          .where('id', '=', id)
          .where('status', '=', 'created')
          .execute();
      });
      return load(userId, id);
    },

    async list(userId: number, q: PageQuery, filter: PptListFilter = {}): Promise<Page<PptRecord>> {
      const page = await records.list(
        userId,
        q,
        { status: filter?.status, title: filter?.topic },
        { titleColumn: 'topic', select: (base) => base.selectAll(), map: (r) => r },
      );
      const sizes = page.records.length
        ? await db
            .selectFrom('pptFiles')
            .select(['recordId', 'size'])
            .where(
              'recordId',
              'in',
              page.records.map((r) => r.id),
            )
            .execute()
        : [];
      const bySize = new Map(sizes.map((s) => [Number(s.recordId), Number(s.size)]));
      return { ...page, records: page.records.map((r) => toRecord(r, bySize.get(r.id) ?? null)) };
    },

    async remove(userId: number, id: number): Promise<void> {
      await records.remove(userId, id);
    },

    /**
     * submit_by_id: in ONE transaction the record moves created → queued and billing charges it
     * (PPT package 份 first, then the balance; 402 rolls the state change back). Then the job is
     * enqueued with the record's id as job id, so it runs once. A second submit changes nothing.
     */
    async submit(
      userId: number,
      id: number,
      opts: { orderId?: number | undefined; pay?: PayWay | undefined } = {},
    ) {
      return records.submit(userId, id, {
        orderId: opts.orderId,
        pay: opts.pay,
        view,
        async prepare(row) {
          if (!row.outline) throw unprocessable('请先生成或填写大纲');
          await llm.assertAvailable('ppt');
          return row;
        },
      });
    },

    /** Another template: the stored deck is rendered again, no model call and no charge. */
    async changeTemplate(userId: number, id: number, templateId: string): Promise<PptRecord> {
      assertTemplate(templateId);
      const row = await own(userId, id);
      if (row.status === 'queued' || row.status === 'running')
        throw conflict('PPT 正在生成，完成后再切换模板');
      if (row.status === 'failed') throw conflict('生成失败的 PPT 不能切换模板，请重新创建');
      if (row.status === 'done' && row.deck) {
        const file = await renderDownload({ kind: 'deck', deck: JSON.parse(row.deck) as Deck, templateId });
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('pptRecords')
            .set({ templateId, updatedAt: nowIso() })
            .where('id', '=', id)
            .execute();
          await storeFile(trx, id, templateId, file);
        });
      } else {
        await db
          .updateTable('pptRecords')
          .set({ templateId, updatedAt: nowIso() })
          .where('id', '=', id)
          .execute();
      }
      return load(userId, id);
    },

    async download(userId: number, id: number) {
      const row = await own(userId, id);
      if (row.status !== 'done')
        throw conflict(row.status === 'failed' ? '生成失败，没有文件' : 'PPT 尚未生成完成');
      const f = await db.selectFrom('pptFiles').select('data').where('recordId', '=', id).executeTakeFirst();
      if (!f) throw notFound('PPT 文件不存在');
      return {
        body: Buffer.from(f.data),
        contentType: PPTX_TYPE,
        filename: `${row.topic.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 80)}.pptx`,
      };
    },

    // a bad answer is already retried once inside the job; running it again would bill the model twice
    ...records.jobApi({ attempts: 1, run }),
  };
}

export type Slides = ReturnType<typeof createSlides>;
