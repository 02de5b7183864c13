import type { PayWay } from '@paperdesk/contracts';
import {
  type OutlineNode,
  type Page,
  type PageQuery,
  type PaperContent,
  type PaperContentNode,
  type PaperType,
  REFERENCES_NOTICE,
  type ThesisCover,
  type WritingOtherInfo,
  type WritingRecord,
  type WritingSection,
  type WritingStatus,
} from '@paperdesk/contracts';
import { nowIso } from '../../db/index.ts';
import { DomainError, conflict, notFound, rateLimited, unavailable } from '../../errors.ts';
import type { Llm } from '../llm-usage.ts';
import { writingRun } from './run.ts';
import type { Billing, Executor } from '../billing/index.ts';
import { shanghaiDay } from '../billing/index.ts';
import { createPaidRecords, type PaidServiceDeps } from '../records/kernel.ts';
import { briefOf, type RecordRow, type SectionRow, toFlat } from './rows.ts';
import { createWritingModel, type PaperBrief } from './model-calls.ts';
import { flattenOutline, PAPER_TYPE_NAMES } from './outline.ts';
import { paperFile } from './paper-file.ts';
import { citableIndex, preferring } from './citing.ts';
import { createWritingSources, paperIndex } from './sources.ts';

export const WRITING_RECORD_TYPE = 'writing';
export const OUTLINE_LIMIT_KEY = 'limit.writing.outlinesPerDay';
export const DEFAULT_OUTLINES_PER_DAY = 10;

export const editionOf = (t: PaperType) => (t === 'thesis' ? 'thesis' : 'standard');
const jobIdOf = (recordId: number) => `writing-${recordId}`;
const parseList = (json: string | null): string[] => (json ? (JSON.parse(json) as string[]) : []);

export interface WritingDeps extends PaidServiceDeps<Billing> {
  llm: Llm;
}

interface Progress {
  sectionsTotal: number;
  sectionsDone: number;
  writtenChars: number;
}

function toRecord(r: RecordRow, p: Progress): WritingRecord {
  return {
    id: r.id,
    title: r.title,
    paperType: r.paperType,
    kind: r.paperType === 'thesis' ? 'thesis' : 'paper',
    discipline: r.discipline,
    language: r.language,
    targetWords: r.targetWords,
    status: r.status,
    progress: r.progress,
    ...p,
    priceFen: Number(r.priceFen),
    paidFen: Number(r.paidFen),
    message: r.message,
    outline: JSON.parse(r.outline) as OutlineNode[],
    createdAt: r.createdAt,
    submittedAt: r.submittedAt,
    finishedAt: r.finishedAt,
  };
}

const toSection = (s: SectionRow): WritingSection => ({
  id: s.id,
  recordId: s.recordId,
  ...toFlat(s),
  content: s.content,
  chars: s.chars,
});

/** Rows in writing order back into the chapter tree. */
function sectionTree<T>(rows: SectionRow[], make: (s: SectionRow, children: T[]) => T): T[] {
  let i = 0;
  const walk = (level: number): T[] => {
    const out: T[] = [];
    while (i < rows.length && rows[i]!.level === level) {
      const row = rows[i++]!;
      out.push(make(row, walk(level + 1)));
    }
    return out;
  };
  return walk(1);
}

export function createWriting(deps: WritingDeps) {
  const { db, sysConfig, billing, llm } = deps;
  const model = createWritingModel(llm);
  const records = createPaidRecords<RecordRow>(deps, {
    table: 'writingRecords',
    job: 'writing',
    recordType: WRITING_RECORD_TYPE,
    messages: {
      missing: '写作记录不存在',
      busy: '论文正在写作，完成后才能删除',
      running: '写作中',
      failed: '写作失败',
    },
    // progress counts written parts, so a resumed run keeps it
    claimSet: {},
    // a queue may keep a failed job under its id (BullMQ does), so a re-run of a failed record gets its own
    jobId: (recordId, _attempt, reason) =>
      reason === 'reload' ? `${jobIdOf(recordId)}-reload-${Date.now()}` : jobIdOf(recordId),
    async charge(trx, row, orderId, pay) {
      const c = await charge(trx, row, orderId, pay);
      return { paidFen: c.fen };
    },
  });
  const own = records.own;
  const run = writingRun({
    db,
    records,
    model,
    citable: async (userId, recordId) =>
      preferring(await paperIndex(db, userId, recordId), await citableIndex(db, userId)),
  });
  const sources = createWritingSources({ db, own });

  async function progressOf(ids: number[]): Promise<Map<number, Progress>> {
    const out = new Map<number, Progress>();
    if (!ids.length) return out;
    const rows = await db
      .selectFrom('writingSections')
      .select((eb) => [
        'recordId',
        eb.fn.sum<number>('leaf').as('total'),
        eb.fn.count<number>('content').as('done'),
        eb.fn.sum<number>('chars').as('chars'),
      ])
      .where('recordId', 'in', ids)
      .groupBy('recordId')
      .execute();
    for (const r of rows) {
      out.set(Number(r.recordId), {
        sectionsTotal: Number(r.total ?? 0),
        sectionsDone: Number(r.done ?? 0),
        writtenChars: Number(r.chars ?? 0),
      });
    }
    return out;
  }

  async function view(row: RecordRow): Promise<WritingRecord> {
    const p = (await progressOf([row.id])).get(row.id) ?? {
      sectionsTotal: 0,
      sectionsDone: 0,
      writtenChars: 0,
    };
    return toRecord(row, p);
  }

  async function sectionsOf(recordId: number): Promise<SectionRow[]> {
    return db
      .selectFrom('writingSections')
      .selectAll()
      .where('recordId', '=', recordId)
      .orderBy('ord')
      .execute();
  }

  async function outlineAllowance(userId: number) {
    const perDay = await sysConfig.get(OUTLINE_LIMIT_KEY, DEFAULT_OUTLINES_PER_DAY);
    const since = new Date(`${shanghaiDay()}T00:00:00+08:00`).toISOString();
    const used = await db
      .selectFrom('writingOutlineDrafts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .where('createdAt', '>=', since)
      .executeTakeFirstOrThrow();
    return { perDay, used: Number(used.n) };
  }

  /** The model's outline for `brief`, after the availability and daily-allowance checks; nothing stored. */
  async function draftOutline(userId: number, brief: PaperBrief): Promise<OutlineNode[]> {
    await llm.assertAvailable('writing');
    const a = await outlineAllowance(userId);
    if (a.used >= a.perDay)
      throw rateLimited(`今天的免费大纲生成次数（${a.perDay} 次）已用完，请明天再试或直接编辑已有大纲`);
    try {
      return await model.twice('大纲生成失败', undefined, () => model.outline(brief, { userId }));
    } catch (err) {
      if (err instanceof DomainError) throw err;
      throw unavailable('AI 未能生成有效的大纲（已自动重试一次），请稍后重试');
    }
  }

  async function charge(trx: Executor, row: RecordRow, orderId: number | undefined, pay?: PayWay) {
    const edition = editionOf(row.paperType);
    return billing.charge(trx, {
      userId: row.userId,
      service: 'writing',
      edition,
      items: 1,
      recordType: WRITING_RECORD_TYPE,
      recordId: row.id,
      ...(orderId !== undefined ? { orderId } : {}),
      ...(pay !== undefined ? { pay } : {}),
      note: `AI写作（${PAPER_TYPE_NAMES[row.paperType]}）#${row.id}`,
    });
  }

  async function content(userId: number, id: number): Promise<PaperContent> {
    const row = await own(userId, id);
    const rows = await sectionsOf(id);
    const sections = sectionTree<PaperContentNode>(rows, (s, children) => ({
      sectionId: s.id,
      path: s.path,
      heading: s.heading,
      content: s.content,
      children,
    }));
    return {
      recordId: row.id,
      title: row.title,
      kind: row.paperType === 'thesis' ? 'thesis' : 'paper',
      status: row.status,
      abstract: row.abstract,
      keywords: parseList(row.keywordsOut),
      abstractEn: row.abstractEn,
      keywordsEn: parseList(row.keywordsEn),
      sections,
      references: parseList(row.referencesList),
      referencesNotice: REFERENCES_NOTICE,
    };
  }

  return {
    outlineAllowance,
    // each part already gets a second try inside the job; a job-level retry would try it twice more.
    // A failure refunds once; the written sections stay for a reload.
    ...records.jobApi({ attempts: 1, run }),
    content,
    /** writing_source_api: the paper's own sources, added before it is written. */
    sources,

    /** query_paper_content `outline` with a draft: the model drafts an outline; a `created` record holds it. */
    async create(userId: number, brief: PaperBrief): Promise<WritingRecord> {
      const outline = await draftOutline(userId, brief);
      const quote = await billing.quote('writing', editionOf(brief.paperType), { items: 1 });
      const now = nowIso();
      const row = await db.transaction().execute(async (trx) => {
        const r = await trx
          .insertInto('writingRecords')
          .values({
            userId,
            ...brief,
            cover: null,
            outline: JSON.stringify(outline),
            priceFen: quote.fen,
            message: '大纲已生成，请确认后提交',
            abstract: null,
            keywordsOut: null,
            abstractEn: null,
            keywordsEn: null,
            referencesList: null,
            updatedAt: now,
            submittedAt: null,
            startedAt: null,
            finishedAt: null,
            refundedAt: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx.insertInto('writingOutlineDrafts').values({ userId, recordId: r.id }).execute();
        return r;
      });
      return view(row);
    },

    /** query_paper_content `outline` with an id: a fresh outline for a record not yet submitted. */
    async redraft(userId: number, id: number): Promise<WritingRecord> {
      const row = await own(userId, id);
      if (row.status !== 'created') throw conflict('论文已提交写作，不能再重新生成大纲');
      const outline = await draftOutline(userId, briefOf(row));
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('writingRecords')
          .set({ outline: JSON.stringify(outline), updatedAt: nowIso() })
          .where('id', '=', id)
          .execute();
        await trx.insertInto('writingOutlineDrafts').values({ userId, recordId: id }).execute();
      });
      return view(await own(userId, id));
    },

    async section(userId: number, id: number, sectionId: number): Promise<WritingSection> {
      await own(userId, id);
      const s = await db
        .selectFrom('writingSections')
        .selectAll()
        .where('id', '=', sectionId)
        .where('recordId', '=', id)
        .executeTakeFirst();
      if (!s) throw notFound('章节不存在');
      return toSection(s);
    },

    async sections(userId: number, id: number): Promise<WritingSection[]> {
      await own(userId, id);
      return (await sectionsOf(id)).map(toSection);
    },

    async list(
      userId: number,
      q: PageQuery,
      filter: { status?: WritingStatus | undefined; title?: string | undefined } = {},
    ): Promise<Page<WritingRecord>> {
      const pageRows = await records.list(userId, q, filter, {
        select: (base) => base.selectAll(),
        map: (r) => r,
      });
      const progress = await progressOf(pageRows.records.map((r) => r.id));
      const none = { sectionsTotal: 0, sectionsDone: 0, writtenChars: 0 };
      return { ...pageRows, records: pageRows.records.map((r) => toRecord(r, progress.get(r.id) ?? none)) };
    },

    async load(userId: number, id: number): Promise<WritingRecord> {
      return view(await own(userId, id));
    },

    async other(userId: number, id: number): Promise<WritingOtherInfo> {
      const row = await own(userId, id);
      const a = await outlineAllowance(userId);
      return {
        recordId: row.id,
        paperType: row.paperType,
        discipline: row.discipline,
        language: row.language,
        targetWords: row.targetWords,
        keywords: row.keywords,
        requirements: row.requirements,
        cover: row.cover ? (JSON.parse(row.cover) as ThesisCover) : null,
        outlineDraftsToday: a.used,
        outlineDraftsPerDay: a.perDay,
      };
    },

    async remove(userId: number, id: number): Promise<void> {
      await records.remove(userId, id);
    },

    /**
     * paper_xueshu_submit / paper_submit: in ONE transaction the edited outline becomes the section
     * rows, the record moves created → queued and billing charges it; then the job is enqueued. A second
     * submit finds the record no longer `created` and changes nothing; a 402 rolls everything back.
     */
    async submit(
      userId: number,
      id: number,
      input: {
        thesis: boolean;
        outline: OutlineNode[];
        title?: string | undefined;
        targetWords?: number | undefined;
        requirements?: string | undefined;
        cover?: ThesisCover | undefined;
        orderId?: number | undefined;
        pay?: PayWay | undefined;
      },
    ): Promise<{ record: WritingRecord; alreadySubmitted: boolean }> {
      const row = await own(userId, id);
      if ((row.paperType === 'thesis') !== input.thesis) {
        throw conflict(
          input.thesis
            ? '该记录是课程/期刊论文，请在论文确认页提交'
            : '该记录是毕业论文，请在毕业论文确认页提交',
        );
      }
      if (row.status !== 'created') return { record: await view(row), alreadySubmitted: true };
      await llm.assertAvailable('writing');
      const flat = flattenOutline(input.outline);
      const submitted = await records.queue(userId, row, {
        from: 'created',
        orderId: input.orderId,
        pay: input.pay,
        set: {
          outline: JSON.stringify(input.outline),
          ...(input.title ? { title: input.title } : {}),
          ...(input.targetWords ? { targetWords: input.targetWords } : {}),
          ...(input.requirements !== undefined ? { requirements: input.requirements } : {}),
          ...(input.cover ? { cover: JSON.stringify(input.cover) } : {}),
        },
        inTrx: async (trx) => {
          const t = trx as unknown as Executor;
          await t.deleteFrom('writingSections').where('recordId', '=', id).execute();
          await t
            .insertInto('writingSections')
            .values(
              flat.map((s) => ({ recordId: id, ...s, leaf: s.leaf ? 1 : 0, content: null, writtenAt: null })),
            )
            .execute();
        },
      });
      return { record: await view(await own(userId, id)), alreadySubmitted: !submitted };
    },

    /**
     * reload: a failed (refunded) record is charged again and re-queued, keeping the sections already
     * written; a queued or running one is only re-queued (no charge). Either way one standing charge.
     */
    async reload(userId: number, id: number): Promise<WritingRecord> {
      const row = await records.reload(userId, id, {
        notSubmitted: '论文尚未提交，请先确认大纲并提交',
        done: '论文已写完，可直接下载',
        before: () => llm.assertAvailable('writing'),
        // the sections already written are kept: the re-run resumes where it stopped
        set: (failed) => ({
          message: '排队中（继续写作）',
          progress: failed.progress,
          submittedAt: failed.submittedAt,
        }),
        raced: '记录状态已变化，请刷新后重试',
      });
      return view(row);
    },

    async download(userId: number, id: number) {
      const row = await own(userId, id);
      if (row.status !== 'done')
        throw conflict(row.status === 'failed' ? '写作失败，没有可下载的论文' : '论文尚未写完，请稍后再试');
      const cover = row.cover ? (JSON.parse(row.cover) as ThesisCover) : null;
      return paperFile(await content(userId, id), cover);
    },
  };
}

export type Writing = ReturnType<typeof createWriting>;
