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
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or closing: the next round tries again
  }
}, everyMs);
parentPort?.on('message', (msg) => {
  if (msg !== 'stop') return;
  clearInterval(timer);
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } finally {
    db.close();
    parentPort?.close();
  }
});
