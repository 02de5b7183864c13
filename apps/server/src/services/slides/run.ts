import type { PptOutline } from '@paperdesk/contracts';
import type { Deck } from '@paperdesk/documents';
import { renderDownload } from '../records/render.ts';
import type { Selectable } from 'kysely';
import type { PptRecordsTable } from '../../db/tables/slides.ts';
import type { Llm } from '../llm-usage.ts';
import type { Executor } from '../billing/index.ts';
import type { PaidRecords, RunHandle } from '../records/kernel.ts';
import { PROMPT_TAGS, requestOf, writeDeck } from './generate.ts';

type Row = Selectable<PptRecordsTable>;

/**
 * The `ppt` job's run: the model writes the deck section by section from the stored outline, then the
 * deck is rendered in the record's template and stored with `done`.
 */
export function pptRun(deps: {
  records: PaidRecords<Row>;
  llm: Llm;
  storeFile: (trx: Executor, recordId: number, templateId: string, data: Buffer) => Promise<void>;
}) {
  const { records, llm } = deps;
  return async (run: RunHandle<Row>): Promise<void> => {
    const { row, job } = run;
    const outline = JSON.parse(row.outline ?? '{"sections":[]}') as PptOutline;
    let deck: Deck;
    try {
      deck = await writeDeck(
        llm,
        { ...requestOf(row), outline },
        {
          signal: job.signal,
          onSection: async (done, total) => {
            await records.update(run, {
              progress: 5 + Math.round((85 * done) / total),
              message: `已完成 ${done}/${total} 章`,
            });
          },
        },
      );
    } catch (err) {
      // shutting down: the record stays running and is re-queued at the next start, not failed and refunded
      if (job.signal.aborted) return;
      throw err;
    }
    const file = await renderDownload({ kind: 'deck', deck, templateId: row.templateId });
    await records.finish(
      run,
      { deck: JSON.stringify(deck), prompt: PROMPT_TAGS, message: '生成完成' },
      (trx) => deps.storeFile(trx, row.id, row.templateId, file),
    );
  };
}
