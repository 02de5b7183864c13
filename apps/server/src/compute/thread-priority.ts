import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** How much nicer than the process a computing thread runs (Linux nice steps; 10 weighs about a tenth). */
const BACKGROUND_NICE = 10;
const LOWEST = 19;

/**
 * Lowers the calling worker thread's scheduling priority below the API thread's. On Linux every thread has its
 * own nice value (setpriority on the thread's id), so when the API thread and a busy check or pool thread want
 * the same core, the API thread runs first and a request no longer waits out the worker's time slices; with
 * the cores to spare, nothing changes. Elsewhere (no /proc/thread-self), or where it is refused, the thread keeps
 * the process's priority.
 */
export function runBelowApiThread(): void {
  try {
    const tid = Number(path.basename(fs.readlinkSync('/proc/thread-self')));
    if (!Number.isInteger(tid) || tid <= 0) return;
    os.setPriority(tid, Math.min(LOWEST, os.getPriority(tid) + BACKGROUND_NICE));
  } catch {
    // not Linux, or not allowed: the thread runs at the process's priority
  }
}
