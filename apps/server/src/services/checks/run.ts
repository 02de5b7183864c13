import type { LibrarySize } from '@paperdesk/contracts';
import type { ParsedDocument } from '@paperdesk/textkit';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { CheckRecordsTable } from '../../db/tables/checks.ts';
import { runCheck } from '../../compute/check-engine.ts';
import { type Library, ownerKeyOf } from './library.ts';
import type { PaidRecords, RunHandle } from '../records/kernel.ts';
import type { ReferenceService } from '../references/index.ts';
import { buildCheckReport } from './report.ts';

type Row = Selectable<CheckRecordsTable>;

/** How often a running check looks whether its record was cancelled. */
const CANCEL_POLL_MS = 1000;

interface StoredDocument {
  title?: string | undefined;
  blocks: ParsedDocument['blocks'];
  hidden?: ParsedDocument['hidden'];
}

/**
 * The `check` job's run: match the stored paper against the library, store the report with `done`, then
 * (when the user opted in) add the paper to the library as their own document.
 */
export function checkRun(deps: {
  db: Db;
  records: PaidRecords<Row>;
  library: Library;
  log: (msg: string) => void;
  /** Name and size of the library (counted the way the check page counts it). */
  librarySize: () => Promise<LibrarySize>;
  /** 参考文献核查 of the same paper: the report's chapter (never fails the check). */
  references?: ReferenceService | undefined;
}) {
  const { db, library, log } = deps;
  return async (run: RunHandle<Row>): Promise<void> => {
    const { row, job } = run;
    const recordId = row.id;
    const stored = await db
      .selectFrom('checkDocuments')
      .select('document')
      .where('recordId', '=', recordId)
      .executeTakeFirstOrThrow();
    const doc = JSON.parse(stored.document) as StoredDocument;
    const progress = deps.records.progress(run, { everyMs: 400, floor: 5 });

    const index = await library.runner();
    await library.sync();
    // the library this check runs against, as it is now that the index caught up: kept with the report
    const librarySize = await deps.librarySize();
    const personal = await library.stats(row.userId);
    if (job.signal.aborted) throw new Error('服务正在关闭');
    progress(10);
    const started = Date.now();
    // the owner may cancel meanwhile (check_cancel): the record leaves `running`, and the check stops
    const stop = new AbortController();
    const onShutdown = () => stop.abort(job.signal.reason);
    job.signal.addEventListener('abort', onShutdown, { once: true });
    const watch = setInterval(() => {
      void db
        .selectFrom('checkRecords')
        .select('status')
        .where('id', '=', recordId)
        .executeTakeFirst()
        .then((r) => {
          if (r?.status !== 'running') stop.abort(new Error('已取消检测'));
        })
        .catch(() => {});
    }, CANCEL_POLL_MS);
    const result = await runCheck({
      index,
      document: {
        ...(doc.title !== undefined ? { title: doc.title } : {}),
        blocks: doc.blocks,
        ...(doc.hidden ? { hidden: doc.hidden } : {}),
      },
      edition: row.edition,
      ownerKey: ownerKeyOf(row.userId),
      ownAuthors: row.author ? [row.author] : [],
      onProgress: (f) => progress(10 + f * 85),
      signal: stop.signal,
    }).finally(() => {
      clearInterval(watch);
      job.signal.removeEventListener('abort', onShutdown);
    });
    const elapsedMs = Date.now() - started;
    // 参考文献核查 of the same paper: parsed in the compute pool, never a reason for the check to fail
    const references = await deps.references?.checkPaper(
      row.userId,
      doc.blocks.map((b) => b.text),
    );
    const sourceIds = result.sources.map((s) => s.documentId);
    if (result.metrics.maxSingleSourceId !== null) sourceIds.push(result.metrics.maxSingleSourceId);
    const json = buildCheckReport(result, {
      record: { recordId, title: row.title, author: row.author, edition: row.edition },
      library: {
        ...librarySize,
        ...(personal.documents > 0
          ? { personal: { documents: personal.documents, characters: personal.characters } }
          : {}),
      },
      // named as the library holds them now (an admin may have corrected a title since indexing), and only as far
      // as this user may see: another user's submitted paper stays anonymous
      documents: await library.documents([...new Set(sourceIds)]),
      viewerId: row.userId,
      checkedAt: nowIso(),
      elapsedMs,
      ...(references ? { references } : {}),
    });
    const finishedAt = nowIso();
    const done = await deps.records.finish(
      run,
      { metrics: json.metrics, message: '检测完成' },
      async (trx) => {
        await trx.deleteFrom('checkReports').where('recordId', '=', recordId).execute();
        await trx
          .insertInto('checkReports')
          .values({ recordId, report: json.report, createdAt: finishedAt })
          .execute();
      },
    );
    if (done && row.addToLibrary === 1) {
      // The user opted in: their paper joins the library as their own document (去除本人文献 then excludes it).
      try {
        const added = await library.add(
          [
            {
              title: row.title,
              author: row.author,
              source: '用户提交',
              year: new Date().getUTCFullYear(),
              text: doc.blocks.map((b) => b.text).join('\n'),
            },
          ],
          { origin: 'user', ownerUserId: row.userId, checkRecordId: recordId },
        );
        if (added.ids[0]) {
          await db
            .updateTable('checkRecords')
            .set({ libraryDocumentId: added.ids[0] })
            .where('id', '=', recordId)
            .execute();
        }
      } catch (err) {
        log(`检测记录 ${recordId} 加入比对库失败：${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };
}
