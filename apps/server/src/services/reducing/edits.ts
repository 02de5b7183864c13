import type {
  ReduceParagraphDecisionInput,
  ReduceParagraphResult,
  ReducePath,
  ReduceRecord,
} from '@paperdesk/contracts';
import { reduceParagraphs, type Scores } from '@paperdesk/rewrite';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { featureOf, knownSources, paragraphRows, strategiesFor, termsOf } from './run.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Llm } from '../llm-usage.ts';
import type { Measurer } from './measure.ts';
import {
  askedOf,
  finalText,
  MAX_REDOS,
  paragraphMeets,
  type ParagraphRow,
  type RecordRow,
  targetsOf,
  toParagraph,
  toRecord,
} from './view.ts';

/**
 * What the user does on the comparison page of a done record, one paragraph at a time: accept, reject or edit it
 * (update_paragraph) and redo it (redo_paragraph). Each answers the paragraph and the record with the whole text
 * measured again, both figures, in the check thread and the compute pool.
 */
export function createParagraphEdits(deps: {
  db: Db;
  llm: Llm;
  measurer: (userId: number) => Measurer;
  own: (userId: number, id: number) => Promise<RecordRow>;
}) {
  const { db, llm, own } = deps;

  /** A done record and its paragraphs (decisions, redo and download need the run to be over). */
  async function doneRecord(userId: number, id: number) {
    const row = await own(userId, id);
    if (row.status !== 'done')
      throw conflict(row.status === 'failed' ? '改写失败，没有结果' : '改写尚未完成，请稍后再试');
    return { row, paragraphs: await paragraphRows(db, row.id) };
  }

  function paragraphOf(rows: ParagraphRow[], index: number): ParagraphRow {
    const p = rows.find((r) => r.idx === index);
    if (!p) throw notFound('段落不存在');
    if (p.kind !== 'paragraph') throw badRequest('标题与参考文献不改写');
    return p;
  }

  /** After a change: the whole text measured again (both figures), and the met count. */
  async function remeasure(row: RecordRow): Promise<ReduceRecord> {
    const rows = await paragraphRows(db, row.id);
    const after = await deps
      .measurer(row.userId)
      .document(
        rows.map((p) => ({ kind: p.kind === 'heading' ? 'heading' : 'paragraph', text: finalText(p) })),
      );
    const targets = targetsOf(row);
    await db
      .updateTable('reduceRecords')
      .set({
        afterScores: JSON.stringify(after),
        metParagraphs: rows.filter((p) => p.included && paragraphMeets(p, targets)).length,
        updatedAt: nowIso(),
      })
      .where('id', '=', row.id)
      .execute();
    return toRecord(await own(row.userId, row.id));
  }

  async function answer(row: RecordRow, index: number): Promise<ReduceParagraphResult> {
    const record = await remeasure(row);
    const updated = paragraphOf(await paragraphRows(db, row.id), index);
    return { paragraph: toParagraph(updated, targetsOf(row)), record };
  }

  return {
    doneRecord,

    /** update_paragraph: accept, reject (back to the original) or edit (the edited text measured again). */
    async decide(
      userId: number,
      id: number,
      input: ReduceParagraphDecisionInput,
    ): Promise<ReduceParagraphResult> {
      const { row, paragraphs } = await doneRecord(userId, id);
      const p = paragraphOf(paragraphs, input.index);
      let editedScores: Scores | null = null;
      const editedText = input.decision === 'edited' ? (input.text ?? '').trim() : null;
      if (editedText !== null) {
        const known = knownSources(row)[p.idx] ?? [];
        const { similarity, aigc } = await deps
          .measurer(userId)
          .paragraph(editedText, askedOf(targetsOf(row)), known);
        editedScores = { similarity, aigc };
      }
      await db
        .updateTable('reduceParagraphs')
        .set({
          decision: input.decision,
          editedText,
          editedScores: editedScores ? JSON.stringify(editedScores) : null,
        })
        .where('recordId', '=', row.id)
        .where('idx', '=', p.idx)
        .execute();
      return answer(row, p.idx);
    },

    /** redo_paragraph: the loop again on one paragraph with a new seed; free up to MAX_REDOS times. */
    async redo(
      userId: number,
      id: number,
      input: { index: number; path?: ReducePath | undefined },
    ): Promise<ReduceParagraphResult> {
      const { row, paragraphs } = await doneRecord(userId, id);
      const p = paragraphOf(paragraphs, input.index);
      if (p.redos >= MAX_REDOS) throw conflict(`每段最多免费重做 ${MAX_REDOS} 次`);
      const path = input.path ?? row.path;
      if (path === 'model' && row.path !== 'model')
        throw conflict('本记录按离线改写计费，请用 reload?path=model 新建 AI 模型记录继续');
      if (path === 'model') await llm.assertAvailable(featureOf(row));
      const targets = targetsOf(row);
      const asked = askedOf(targets);
      const known = knownSources(row)[p.idx] ?? [];
      const measurer = deps.measurer(userId);
      const keepTerms = termsOf(paragraphs);
      const redos = (from: number, to: number) =>
        db
          .updateTable('reduceParagraphs')
          .set({ redos: to })
          .where('recordId', '=', row.id)
          .where('idx', '=', p.idx)
          .where('redos', '=', from)
          .executeTakeFirst();
      // claim the redo first, so two clicks cannot both run free
      if (Number((await redos(p.redos, p.redos + 1)).numUpdatedRows) === 0)
        throw conflict('该段正在重做，请稍后');
      let outcome: Awaited<ReturnType<typeof reduceParagraphs>>[number] | undefined;
      try {
        [outcome] = await reduceParagraphs([p.original], {
          targets,
          measure: (text) => measurer.paragraph(text, asked, known),
          strategies: strategiesFor(deps, { ...row, path }, targets, keepTerms),
          seed: Number(row.id) * 97 + 1000 * (p.redos + 1) + p.idx,
          keepTerms,
          include: () => true,
          // an answer within the page's 15 s: fewer rounds when each is a model call
          maxRounds: path === 'model' ? 2 : 4,
        });
      } catch (err) {
        // a redo that produced nothing (a model error) is not counted
        await redos(p.redos + 1, p.redos);
        throw err;
      }
      if (!outcome) throw new Error('重做没有结果');
      await db
        .updateTable('reduceParagraphs')
        .set({
          outcome: JSON.stringify({ ...outcome, index: p.idx }),
          decision: 'pending',
          editedText: null,
          editedScores: null,
        })
        .where('recordId', '=', row.id)
        .where('idx', '=', p.idx)
        .execute();
      return answer(row, p.idx);
    },
  };
}
