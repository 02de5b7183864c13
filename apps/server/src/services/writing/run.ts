import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { PaidRecords, RunHandle } from '../records/kernel.ts';
import { type Citable, citeSection, finishCitations, sectionSources } from './citing.ts';
import type { WritingModel } from './model-calls.ts';
import { briefOf, type RecordRow, type SectionRow, toFlat } from './rows.ts';

/**
 * The `writing` job's run: abstract and keywords, then every leaf section in order (each citing only the
 * records retrieved for it), then the citations numbered and the reference list written from the records.
 * Each part is stored as soon as it is written, so a restarted job resumes at the first missing part.
 * A part that fails twice fails the job; the service then marks the record failed and refunds once.
 */

/** Another run took the record over (a re-queue after restart) or it left `running`: stop quietly. */
class Superseded extends Error {}

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

export function writingRun(deps: {
  db: Db;
  records: PaidRecords<RecordRow>;
  model: WritingModel;
  /** The records a paper may cite (its own sources first, then 比对库 + the user's 自建库), searched per section. */
  citable: (userId: number, recordId: number) => Promise<Citable>;
}) {
  const { db, model, records } = deps;

  return async (run: RunHandle<RecordRow>): Promise<void> => {
    const { row: record, job } = run;
    const recordId = record.id;
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
      written: { id: number; content: string }[] = [],
    ) => {
      await db.transaction().execute(async (trx) => {
        const owned = await records.update(
          run,
          {
            ...set,
            progress: Math.min(99, Math.round((doneSteps / steps) * 100)),
            message,
            updatedAt: nowIso(),
          },
          trx,
        );
        if (!owned) throw new Superseded();
        for (const section of written) {
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
      const citable = await deps.citable(record.userId, recordId);
      let repairs = 0;
      for (const [index, s] of sections.entries()) {
        if (s.leaf !== 1 || s.content !== null) continue;
        if (job.signal.aborted) return;
        const sources = sectionSources(citable, `${brief.title} ${s.heading} ${s.brief ?? ''}`);
        const paragraphs = await model.twice(`第 ${s.path} 节「${s.heading}」生成失败`, job.signal, () =>
          model.section(
            brief,
            flat,
            toFlat(s),
            previousSummary(sections, index, abstract),
            wordsPerLeaf,
            opts,
            sources.prompt,
          ),
        );
        const cited = citeSection(paragraphs, sources);
        repairs += cited.repairs;
        s.content = cited.paragraphs.join('\n');
        done += 1;
        await commit(done, `已完成 ${done - 1}/${leaves.length} 节`, {}, [{ id: s.id, content: s.content }]);
      }
      if (record.referencesList === null) {
        const written = leaves.map((s) => s.content ?? '');
        const final = finishCitations(written, (id) => citable.get(id), '2015');
        // The numbered sections and the list go in one transaction: a crash leaves the markers for the next run.
        const renumbered = leaves
          .map((s, i) => ({ id: s.id, content: final.sections[i] ?? '' }))
          .filter((s, i) => s.content !== leaves[i]?.content);
        await commit(
          steps,
          '参考文献已按引用顺序编号',
          { referencesList: JSON.stringify(final.references) },
          renumbered,
        );
      }
      await records.finish(run, {
        message: repairs > 0 ? `写作完成（已移除 ${repairs} 处不在文献记录中的引用）` : '写作完成',
      });
    } catch (err) {
      if (err instanceof Superseded || job.signal.aborted) return;
      throw err;
    }
  };
}
