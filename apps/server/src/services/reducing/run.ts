import {
  type ChatMessage,
  documentTerms,
  goalOf,
  modelStrategies,
  offlineStrategies,
  type ParagraphOutcome,
  reduceParagraphs,
  type Strategy,
  type Targets,
} from '@paperdesk/rewrite';
import type { Db } from '../../db/index.ts';
import type { Executor } from '../billing/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Llm } from '../llm-usage.ts';
import type { PaidRecords, RunHandle } from '../records/kernel.ts';
import type { Measurer } from './measure.ts';
import { notesFor } from './notes.ts';
import {
  askedOf,
  finalScores,
  finalText,
  paragraphMeets,
  type ParagraphRow,
  type RecordRow,
  targetsOf,
} from './view.ts';

export interface ReduceRunDeps {
  db: Db;
  records: PaidRecords<RecordRow>;
  llm: Llm;
  measurer: (userId: number) => Measurer;
  /** Settles the charge per paragraph inside the finish transaction; returns the record's settlement JSON. */
  settle: (trx: Executor, row: RecordRow, paragraphs: readonly ParagraphRow[]) => Promise<string>;
}

/** The model feature a record's calls are accounted under. */
export const featureOf = (row: Pick<RecordRow, 'kind'>) => (row.kind === 'aigc' ? 'aigc' : 'rewrite');

/** Known source texts per paragraph (a report's quoted sources), stored with the record's report. */
export function knownSources(row: Pick<RecordRow, 'report'>): Record<number, string[]> {
  return row.report ? ((JSON.parse(row.report) as { known?: Record<number, string[]> }).known ?? {}) : {};
}

/** Model calls of one run: a run whose every call failed is a provider outage, not a result. */
export interface ModelCalls {
  ok: number;
  failed: number;
  lastError: string;
}

/** The rewrite strategies of a record: offline rules, or the model through the one model layer. */
export function strategiesFor(
  deps: Pick<ReduceRunDeps, 'llm'>,
  row: Pick<RecordRow, 'kind' | 'path' | 'userId'>,
  targets: Targets,
  keepTerms: string[],
  opts: { signal?: AbortSignal; calls?: ModelCalls } = {},
): Strategy[] {
  const goal = goalOf(targets);
  if (row.path === 'offline') return offlineStrategies(goal, { keepTerms });
  const complete = async (messages: ChatMessage[], maxTokens: number) => {
    try {
      const r = await deps.llm.complete({
        feature: featureOf(row),
        messages,
        maxTokens,
        userId: row.userId,
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      if (opts.calls) opts.calls.ok++;
      return r.text;
    } catch (err) {
      if (opts.calls) {
        opts.calls.failed++;
        opts.calls.lastError = err instanceof Error ? err.message : String(err);
      }
      throw err;
    }
  };
  return modelStrategies(goal, complete, { keepTerms });
}

/** Terms repeated across the rewritten paragraphs stay as they are everywhere. */
export const termsOf = (paragraphs: readonly ParagraphRow[]) =>
  documentTerms(
    paragraphs
      .filter((p) => p.included)
      .map((p) => p.original)
      .join('\n'),
    3,
  );

export async function paragraphRows(db: Db, recordId: number): Promise<ParagraphRow[]> {
  return db
    .selectFrom('reduceParagraphs')
    .selectAll()
    .where('recordId', '=', recordId)
    .orderBy('idx')
    .execute();
}

/**
 * The `reduce` job's run: measure the whole text once (before), run the rewrite loop over the paragraphs to
 * rewrite, storing each outcome as it finishes (a restart passes the stored ones back as `done` and resumes at the
 * first unfinished paragraph; nothing is charged again: only submit and reload charge), then measure the final
 * text, write the notes for targets not reached and finish.
 */
export function reduceRun(deps: ReduceRunDeps) {
  const { db, records, llm } = deps;
  return async (run: RunHandle<RecordRow>): Promise<void> => {
    const { row, job } = run;
    const signal = job.signal;
    const targets = targetsOf(row);
    // the AI score is measured in a 降重 too (the detector is cheap beside the check), so the loop's rule that an
    // unasked score may not rise refuses a rewrite that reads as generated (a 降重 once took a paragraph 27.9 → 80 %)
    const asked = { ...askedOf(targets), aigc: true };
    const measurer = deps.measurer(row.userId);
    if (row.path === 'model') await llm.assertAvailable(featureOf(row));

    let rows = await paragraphRows(db, row.id);
    const blocksOf = (texts: (p: ParagraphRow) => string) =>
      rows.map((p) => ({
        kind: p.kind === 'heading' ? ('heading' as const) : ('paragraph' as const),
        text: texts(p),
      }));

    let before = row.beforeScores ? JSON.parse(row.beforeScores) : null;
    if (!before) {
      before = await measurer.document(
        blocksOf((p) => p.original),
        signal,
      );
      await records.update(run, { beforeScores: JSON.stringify(before), progress: 8 });
    }

    const included = new Set(rows.filter((p) => p.included).map((p) => p.idx));
    const done = new Map<number, ParagraphOutcome>();
    for (const p of rows) if (p.outcome) done.set(p.idx, JSON.parse(p.outcome) as ParagraphOutcome);
    const total = included.size;
    let finished = [...done.keys()].filter((i) => included.has(i)).length;
    let met = [...done.values()].filter((o) => included.has(o.index) && o.met).length;
    const known = knownSources(row);
    const keepTerms = termsOf(rows);
    const calls: ModelCalls = { ok: 0, failed: 0, lastError: '' };
    const seen = { ok: 0, failed: 0 };

    await reduceParagraphs(
      rows.map((p) => p.original),
      {
        targets,
        measure: (text, paragraph) => measurer.paragraph(text, asked, known[paragraph.index] ?? [], signal),
        strategies: strategiesFor(deps, row, targets, keepTerms, { signal, calls }),
        seed: Number(row.id) * 97 + Number(row.attempts),
        signal,
        include: (index) => included.has(index),
        keepTerms,
        done,
        onParagraph: async (outcome) => {
          if (!included.has(outcome.index) || done.has(outcome.index)) return;
          // every model call of this paragraph failed: a provider outage, not a result. Nothing is stored, the run
          // fails (one refund) and a reload redoes this paragraph.
          if (calls.failed > seen.failed && calls.ok === seen.ok)
            throw new Error(`AI 模型服务暂时不可用（${calls.lastError.slice(0, 100)}）`);
          seen.ok = calls.ok;
          seen.failed = calls.failed;
          done.set(outcome.index, outcome);
          finished++;
          if (outcome.met) met++;
          const next = rows.find((p) => included.has(p.idx) && !done.has(p.idx))?.idx ?? null;
          // the paragraph and the counters in one transaction, only while this run still owns the record
          const stored = await db.transaction().execute(async (trx) => {
            const mine = await records.update(
              run,
              {
                doneParagraphs: finished,
                metParagraphs: met,
                currentParagraph: next,
                progress: Math.min(95, 10 + Math.round((85 * finished) / Math.max(1, total))),
                updatedAt: nowIso(),
              },
              trx,
            );
            if (mine)
              await trx
                .updateTable('reduceParagraphs')
                .set({ outcome: JSON.stringify(outcome) })
                .where('recordId', '=', row.id)
                .where('idx', '=', outcome.index)
                .execute();
            return mine;
          });
          if (!stored) throw new Error('该记录已被另一次运行接管');
        },
      },
    );

    rows = await paragraphRows(db, row.id);
    const after = await measurer.document(blocksOf(finalText), signal);
    const rewritten = rows.filter((p) => p.included);
    const notes = notesFor({
      targets,
      before,
      after,
      paragraphs: rewritten.map(finalScores),
      path: row.path,
      modelAvailable: await llm.available(featureOf(row)),
    });
    await records.finish(
      run,
      {
        afterScores: JSON.stringify(after),
        notes: JSON.stringify(notes),
        doneParagraphs: rewritten.length,
        metParagraphs: rewritten.filter((p) => paragraphMeets(p, targets)).length,
        currentParagraph: null,
        message: notes.length === 0 ? '已完成，全部目标已达到' : '已完成，部分目标未达到（见说明）',
      },
      // paid for what met the target: settled with the record's finish, once (only the run that owns the record)
      async (trx) => {
        const settlement = await deps.settle(trx, row, rows);
        await trx.updateTable('reduceRecords').set({ settlement }).where('id', '=', row.id).execute();
      },
    );
  };
}
