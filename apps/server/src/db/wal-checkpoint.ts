import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the checkpoint thread folds the log into the database file. */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * SQLite checkpoints on the committing connection by default: the commit that takes the log past 1,000 pages
 * (a multi-MB report does) also copies the whole log into the database file and fsyncs it, synchronously, on the
 * API's event loop. Measured on the shared 2-core machine at a load average of 25 (5 MB inserts, eight in a row):
 * 296–2,873 ms per insert with the automatic checkpoint, 151–699 ms without. Here the API's connection never
 * checkpoints; a worker thread with its own connection does, every second.
 */
export function checkpointInThread(sqlite: SQLite.Database, file: string): void {
  sqlite.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(new URL('./wal-checkpointer.mjs', import.meta.url), {
    workerData: { file, everyMs: CHECKPOINT_EVERY_MS },
    execArgv: [],
  });
  worker.unref();
  // a thread that cannot run (its database already closed, or removed before it opened it) hands the checkpoint
  // back to the connection, if that connection is still open
  worker.on('error', () => {
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
  });
  // closing the database stops the thread (Kysely's destroy() closes the database)
  const close = sqlite.close.bind(sqlite);
  sqlite.close = () => {
    worker.postMessage('stop');
    return close();
  };
}
