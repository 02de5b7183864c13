import { Worker } from 'node:worker_threads';
import type { SegmentedDocuments } from './words.ts';

/**
 * Worker threads that segment library documents into words (dictwords.ts and the folding around it: the word
 * index's whole build cost but the numbering), so a large library's words are segmented beside the character build and
 * on every core after it. Each thread counts the batches it finished in shared memory: a caller adding documents
 * in a synchronous loop, whose event loop never turns, still sees which thread has room for another batch.
 */

export interface WordThreadRequest {
  texts: string[];
}

export type WordThreadReply = SegmentedDocuments;

/** Batches sent to one thread and not yet finished, at most: enough to keep it busy, little text in its queue. */
const MAX_IN_FLIGHT = 3;

interface Thread {
  worker: Worker;
  done: Int32Array;
  posted: number;
  /** Callbacks of the batches in flight, in the order sent (a thread answers in order). */
  waiting: Array<(reply: WordThreadReply) => void>;
  failed?: Error;
}

export class WordThreads {
  private readonly threads: Thread[];
  private wake: ((err?: Error) => void) | undefined;

  constructor(count: number) {
    this.threads = Array.from({ length: count }, () => {
      const shared = new SharedArrayBuffer(4);
      const worker = new Worker(new URL('./word-thread.mjs', import.meta.url), {
        workerData: shared,
        execArgv: [],
      });
      const thread: Thread = { worker, done: new Int32Array(shared), posted: 0, waiting: [] };
      worker.on('message', (reply: WordThreadReply) => {
        thread.waiting.shift()?.(reply);
        this.wakeUp();
      });
      worker.on('error', (err) => {
        thread.failed = err;
        this.wakeUp(err);
      });
      return thread;
    });
  }

  private wakeUp(err?: Error): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.(err);
  }

  get count(): number {
    return this.threads.length;
  }

  /** The first of threads [0, limit) with room for another batch, or -1. */
  free(limit = this.threads.length): number {
    for (let i = 0; i < Math.min(limit, this.threads.length); i++) {
      const t = this.threads[i]!;
      if (t.failed) throw t.failed;
      if (t.posted - Atomics.load(t.done, 0) < MAX_IN_FLIGHT) return i;
    }
    return -1;
  }

  /** Batches sent and not yet answered (answers are taken when the event loop turns). */
  get pending(): number {
    return this.threads.reduce((n, t) => n + t.waiting.length, 0);
  }

  /** Send a batch to thread `i`; `onReply` gets its words when the event loop takes the answer. */
  post(i: number, texts: string[], onReply: (reply: WordThreadReply) => void): void {
    const t = this.threads[i]!;
    t.posted++;
    t.waiting.push(onReply);
    const req: WordThreadRequest = { texts };
    t.worker.postMessage(req);
  }

  /** Resolves once a thread answers (at once when no batch is in flight); rejects when a thread failed. */
  next(): Promise<void> {
    return new Promise((resolve, reject) => {
      const failed = this.threads.find((t) => t.failed)?.failed;
      if (failed) return reject(failed);
      if (this.pending === 0) return resolve();
      this.wake = (err) => (err ? reject(err) : resolve());
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}
