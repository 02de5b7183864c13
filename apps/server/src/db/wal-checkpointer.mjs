/**
 * Worker thread of db/wal-checkpoint.ts: copies the SQLite write-ahead log back into the database file on a
 * connection of its own, so that copy and its fsync never run on the API's event loop. PASSIVE: it never waits
 * on, or blocks, the server's writes and reads; what a reader still needs stays in the log for the next round.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, everyMs } = workerData;
// closed before this thread was up (a short-lived test server): opening now would recreate the log files in a
// folder that is being removed
if (parentPort && receiveMessageOnPort(parentPort)?.message === 'stop') process.exit(0);
const db = new SQLite(file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try {
    // exec, not pragma: no result rows to build in this thread (see the stop below)
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  } catch {
    // busy or closing: the next round tries again
  }
}, everyMs);
// The server's connection is closed by now and the process may be exiting: a call into SQLite still running when
// the process stops this thread cannot hand its result or error back, and V8 aborts the whole process. So stop
// makes no checkpoint of its own: closing this last connection folds the log into the file (SQLite does it on the
// close of the last connection), and a process gone first leaves the log for the next start to replay.
parentPort?.on('message', (msg) => {
  if (msg !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
