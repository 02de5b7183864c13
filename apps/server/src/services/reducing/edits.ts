import type { ReduceParagraphDecisionInput, ReduceParagraphResult, ReducePath } from '@paperdesk/contracts';
import { type ParagraphOutcome, reduceParagraphs, type Scores } from '@paperdesk/rewrite';
import { billingCharCount } from '@paperdesk/textkit';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { featureOf, knownSources, paragraphRows, strategiesFor, termsOf } from './run.ts';
import { badRequest, conflict, notFound, tooLarge } from '../../errors.ts';
import type { Llm } from '../llm-usage.ts';
import type { Measurer } from './measure.ts';
import {
  askedOf,
  finalScores,
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
 * (update_paragraph) and redo it (redo_paragraph). Each answers the paragraph and the record's figures recomputed
 * from the stored ones: only the changed paragraph is measured (check thread, compute pool), and an edit only up to
 * the paragraph's paid size, so a paid record is no free scoring service for other text.
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

  /**
   * After one paragraph changed: the record's figures from the stored ones, the paragraph's old part taken out
   * and its new part put in (nothing else is measured again), and the met count.
   */
  async function refigure(row: RecordRow, index: number, was: Part): Promise<ReduceParagraphResult> {
    const rows = await paragraphRows(db, row.id);
    const updated = paragraphOf(rows, index);
    const now = { chars: billingCharCount(finalText(updated)), scores: finalScores(updated) };
    const totalBefore = rows.reduce((n, r) => n + billingCharCount(finalText(r)), 0) - now.chars + was.chars;
    const stored = row.afterScores ? (JSON.parse(row.afterScores) as Scores) : null;
    const targets = targetsOf(row);
    await db
      .updateTable('reduceRecords')
      .set({
        ...(stored ? { afterScores: JSON.stringify(reweighed(stored, totalBefore, was, now)) } : {}),
        metParagraphs: rows.filter((p) => p.included && paragraphMeets(p, targets)).length,
        updatedAt: nowIso(),
      })
      .where('id', '=', row.id)
      .execute();
    return { paragraph: toParagraph(updated, targets), record: toRecord(await own(row.userId, row.id)) };
  }

  /** A paragraph's part of the record as it stands: its characters and its scores (measured when never measured). */
  async function partOf(row: RecordRow, p: ParagraphRow): Promise<Part> {
    const text = finalText(p);
    const scores =
      finalScores(p) ??
      (await deps
        .measurer(row.userId)
        .paragraph(text, askedOf(targetsOf(row)), knownSources(row)[p.idx] ?? []));
    return { chars: billingCharCount(text), scores };
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
      if (editedText !== null) assertWithinPaidSize(p, editedText);
      const was = await partOf(row, p);
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
      return refigure(row, p.idx, was);
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
      const was = await partOf(row, p);
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
      return refigure(row, p.idx, was);
    },
  };
}

/** A paragraph's share of the record: its characters and the scores of its text. */
interface Part {
  chars: number;
  scores: Scores | null;
}

/**
 * The record's figures with one paragraph's part replaced. Both figures are shares of the record's characters
 * (复制比: overlapping characters, AIGC 疑似度: flagged characters), so a paragraph contributes chars × score;
 * a figure either side did not measure stays as it was.
 */
export function reweighed(stored: Scores, totalBefore: number, was: Part, now: Part): Scores {
  const totalNow = totalBefore - was.chars + now.chars;
  const figure = (key: keyof Scores): number | null => {
    const whole = stored[key];
    const from = was.scores?.[key];
    const to = now.scores?.[key];
    if (whole === null || from === null || from === undefined || to === null || to === undefined)
      return whole;
    if (totalNow <= 0) return 0;
    const share = (whole * totalBefore - from * was.chars + to * now.chars) / totalNow;
    return Math.min(1, Math.max(0, share));
  };
  return { similarity: figure('similarity'), aigc: figure('aigc') };
}

/** How much longer than the longer of its original and its rewrite an edited paragraph may be. */
const EDIT_GROWTH = 1.5;

/**
 * An edit is measured as part of the record it was paid for: it may rework the paragraph, not bring other text
 * of any size to be measured (the record's price covered its own characters).
 */
function assertWithinPaidSize(p: ParagraphRow, edited: string): void {
  const rewritten = p.outcome ? (JSON.parse(p.outcome) as ParagraphOutcome).text : p.original;
  const limit = Math.ceil(Math.max(billingCharCount(p.original), billingCharCount(rewritten)) * EDIT_GROWTH);
  const chars = billingCharCount(edited);
  if (chars > limit)
    throw tooLarge(`编辑后的段落有 ${chars} 字，本段最多 ${limit} 字（按本段原文与改写结果计）`);
}
