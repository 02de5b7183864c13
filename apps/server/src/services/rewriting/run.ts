import type { MachineStats } from '@paperdesk/contracts';
import type { Selectable } from 'kysely';
import { nowIso } from '../../db/index.ts';
import type { RewriteRecordsTable } from '../../db/tables/rewriting.ts';
import type { Llm } from '../llm-usage.ts';
import type { PaidRecords, RunHandle } from '../records/kernel.ts';
import { rewriteDocument, type StoredBlock } from './engine.ts';

type Row = Selectable<RewriteRecordsTable>;

/**
 * The `rewrite` job's run: rewrite the marked paragraphs (offline rules, or the model for 知网专版),
 * counting paragraphs as they finish, then store the result with `done`.
 */
export function rewriteRun(deps: { records: PaidRecords<Row>; llm: Llm }) {
  const { llm } = deps;
  return async (run: RunHandle<Row>): Promise<void> => {
    const { row, job } = run;
    const recordId = row.id;
    const { blocks } = JSON.parse(row.document) as { blocks: StoredBlock[] };
    const progress = deps.records.progress(run, { everyMs: 300, floor: 2 });
    const onParagraph = (done: number, total: number) =>
      progress(2 + (97 * done) / Math.max(1, total), { doneParagraphs: done }, done >= total);

    const started = Date.now();
    const result = await rewriteDocument({
      blocks,
      edition: row.edition,
      seed: recordId,
      onParagraph,
      signal: job.signal,
      ...(row.edition === 'cnki'
        ? {
            complete: async (messages, maxTokens) =>
              (
                await llm.complete({
                  feature: 'rewrite',
                  messages,
                  maxTokens,
                  userId: row.userId,
                  signal: job.signal,
                })
              ).text,
          }
        : {}),
    });
    const stats: MachineStats = {
      changedChars: result.changedChars,
      changeRatio: result.targetChars > 0 ? Math.min(1, result.changedChars / result.targetChars) : 0,
      rewrittenParagraphs: result.paragraphs.filter((p) => p.method !== 'kept').length,
      modelParagraphs: result.modelParagraphs,
      fallbackParagraphs: result.fallbackParagraphs,
      elapsedMs: Date.now() - started,
    };
    const finishedAt = nowIso();
    await deps.records.finish(
      run,
      { doneParagraphs: row.targetParagraphs, stats: JSON.stringify(stats), message: '降重完成' },
      async (trx) => {
        await trx.deleteFrom('rewriteResults').where('recordId', '=', recordId).execute();
        await trx
          .insertInto('rewriteResults')
          .values({ recordId, paragraphs: JSON.stringify(result.paragraphs), createdAt: finishedAt })
          .execute();
      },
    );
  };
}
