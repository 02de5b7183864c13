import type { AigcReport } from '@paperdesk/contracts';
import type { ParsedDocument } from '@paperdesk/textkit';
import type { Selectable } from 'kysely';
import { nowIso } from '../../db/index.ts';
import type { AigcRecordsTable } from '../../db/tables/aigc.ts';
import { type DocumentScorer, detectDocument, type ZeroShotSource } from './report.ts';
import type { PaidRecords, RunHandle } from '../records/kernel.ts';

type Row = Selectable<AigcRecordsTable>;

/** The `aigc` job's run: score the stored document with the detector, then store the report with `done`. */
export function aigcRun(deps: {
  records: PaidRecords<Row>;
  /** The record's stored paper (JSON), kept apart from its row. */
  paper: (recordId: number) => Promise<string>;
  detector: () => Promise<DocumentScorer>;
  zeroShot?: () => Promise<ZeroShotSource | undefined>;
}) {
  return async (run: RunHandle<Row>): Promise<void> => {
    const { row, job } = run;
    const doc = JSON.parse(await deps.paper(row.id)) as ParsedDocument;
    const progress = deps.records.progress(run, { everyMs: 400, floor: 5 });
    const started = Date.now();
    const detector = await deps.detector();
    const zeroShot = await deps.zeroShot?.();
    progress(10);
    const result = await detectDocument(detector, doc, {
      onProgress: (f) => progress(10 + f * 88),
      signal: job.signal,
      ...(zeroShot ? { zeroShot } : {}),
    });
    const finishedAt = nowIso();
    const report: AigcReport = {
      recordId: row.id,
      title: row.title,
      author: row.author,
      checkedAt: finishedAt,
      ...result,
      elapsedMs: Date.now() - started,
    };
    await deps.records.finish(
      run,
      { metrics: JSON.stringify(report.metrics), message: '检测完成' },
      async (trx) => {
        await trx.deleteFrom('aigcReports').where('recordId', '=', row.id).execute();
        await trx
          .insertInto('aigcReports')
          .values({ recordId: row.id, report: JSON.stringify(report), createdAt: finishedAt })
          .execute();
      },
    );
  };
}
