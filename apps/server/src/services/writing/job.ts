import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { WritingRecordsTable, WritingSectionsTable } from '../../db/tables/writing.ts';
import type { JobContext } from '../../jobs/types.ts';
import type { PaperBrief, WritingModel } from './model-calls.ts';
import type { FlatSection } from './outline.ts';

/**
 * The `writing` job: abstract and keywords, then every leaf section in order, then the reference list.
 * Each part is stored as soon as it is written, so a restarted job resumes at the first missing part.
 * A part that fails twice fails the job; the service then marks the record failed and refunds once.
 */

export type RecordRow = Selectable<WritingRecordsTable>;
export type SectionRow = Selectable<WritingSectionsTable>;

/** Another run took the record over (a re-queue after restart) or it left `running`: stop quietly. */
class Superseded extends Error {}

export const briefOf = (r: RecordRow): PaperBrief => ({
  title: r.title,
  paperType: r.paperType,
  discipline: r.discipline,
  language: r.language,
  targetWords: r.targetWords,
  keywords: r.keywords,
  requirements: r.requirements,
});

export const toFlat = (s: SectionRow): FlatSection => ({
  ord: s.ord,
  path: s.path,
  level: s.level,
  heading: s.heading,
  brief: s.brief,
  leaf: s.leaf === 1,
});

/** What the section at `index` follows: the plan of what came before and how the last section ended. */
function previousSummary(sections: SectionRow[], index: number, abstract: string | null): string {
  const before = sections.slice(0, index).filter((s) => s.leaf === 1 && s.content);
  const lines: string[] = [];
  if (abstract) lines.push(`摘要：${abstract.slice(0, 300)}`);
  if (before.length) {
    lines.push(
      `已写小节：${before.map((s) => `${s.path} ${s.heading}（${s.brief || '已完成'}）`).join('；')}`,
    );
    const last = before.at(-1)!;
    lines.push(`上一节（${last.path} ${last.heading}）结尾：……${(last.content ?? '').slice(-300)}`);
  }
  return lines.join('\n');
}

export function createWritingJob(deps: { db: Db; model: WritingModel; referenceCount: number }) {
  const { db, model } = deps;

  async function runJob(recordId: number, job: JobContext): Promise<void> {
    const token = nowIso();
    const claimed = await db
      .updateTable('writingRecords')
      .set({ status: 'running', startedAt: token, updatedAt: token, message: '写作中' })
      .where('id', '=', recordId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return; // done, failed, deleted or never paid
    const record = await db
      .selectFrom('writingRecords')
      .selectAll()
      .where('id', '=', recordId)
      .executeTakeFirstOrThrow();
    const sections = await db
      .selectFrom('writingSections')
      .selectAll()
      .where('recordId', '=', recordId)
      .orderBy('ord')
      .execute();
    const brief = briefOf(record);
    const flat = sections.map(toFlat);
    const leaves = sections.filter((s) => s.leaf === 1);
    const steps = leaves.length + 2;
    const wordsPerLeaf = Math.max(200, Math.round((record.targetWords * 0.9) / Math.max(1, leaves.length)));
    const opts = { userId: record.userId, signal: job.signal };

    /** Stores one finished part with the progress, only while this run still owns the record. */
    const commit = async (
      doneSteps: number,
      message: string,
      set: Partial<
        Pick<RecordRow, 'abstract' | 'keywordsOut' | 'abstractEn' | 'keywordsEn' | 'referencesList'>
      >,
      section?: { id: number; content: string },
    ) => {
      await db.transaction().execute(async (trx) => {
        const upd = await trx
          .updateTable('writingRecords')
          .set({
            ...set,
            progress: Math.min(99, Math.round((doneSteps / steps) * 100)),
            message,
            updatedAt: nowIso(),
          })
          .where('id', '=', recordId)
          .where('status', '=', 'running')
          .where('startedAt', '=', token)
          .executeTakeFirst();
        if (Number(upd.numUpdatedRows) === 0) throw new Superseded();
        if (section) {
          await trx
            .updateTable('writingSections')
            .set({
              content: section.content,
              chars: section.content.replace(/\s/g, '').length,
              writtenAt: nowIso(),
            })
            .where('id', '=', section.id)
            .execute();
        }
      });
    };

    try {
      let done = 0;
      let abstract = record.abstract;
      if (abstract === null) {
        const a = await model.twice('摘要生成失败', job.signal, () => model.abstract(brief, flat, opts));
        abstract = a.abstract;
        await commit(1, '摘要已完成，正在撰写正文', {
          abstract: a.abstract,
          keywordsOut: JSON.stringify(a.keywords),
          abstractEn: a.abstractEn ?? null,
          keywordsEn: a.keywordsEn ? JSON.stringify(a.keywordsEn) : null,
        });
      }
      done = 1 + leaves.filter((s) => s.content !== null).length;
      for (const [index, s] of sections.entries()) {
        if (s.leaf !== 1 || s.content !== null) continue;
        if (job.signal.aborted) return;
        const paragraphs = await model.twice(`第 ${s.path} 节「${s.heading}」生成失败`, job.signal, () =>
          model.section(
            brief,
            flat,
            toFlat(s),
            previousSummary(sections, index, abstract),
            wordsPerLeaf,
            opts,
          ),
        );
        s.content = paragraphs.join('\n');
        done += 1;
        await commit(done, `已完成 ${done - 1}/${leaves.length} 节`, {}, { id: s.id, content: s.content });
      }
      if (record.referencesList === null) {
        const refs = await model.twice('参考文献生成失败', job.signal, () =>
          model.references(brief, deps.referenceCount, opts),
        );
        await commit(steps, '参考文献已生成，正在完成', { referencesList: JSON.stringify(refs) });
      }
      const at = nowIso();
      await db
        .updateTable('writingRecords')
        .set({ status: 'done', progress: 100, message: '写作完成', finishedAt: at, updatedAt: at })
        .where('id', '=', recordId)
        .where('status', '=', 'running')
        .where('startedAt', '=', token)
        .execute();
    } catch (err) {
      if (err instanceof Superseded || job.signal.aborted) return;
      throw err;
    }
  }

  return { runJob };
}
