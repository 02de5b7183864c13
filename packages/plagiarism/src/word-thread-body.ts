import { parentPort, workerData } from 'node:worker_threads';
import { segmentDocuments } from './words.ts';
import type { WordThreadReply, WordThreadRequest } from './word-threads.ts';

/** A word thread: segments each batch of library texts it is sent, in order, and counts the batches done. */

if (!parentPort) throw new Error('word-thread-body runs inside a worker thread');
const port = parentPort;
const done = new Int32Array(workerData as SharedArrayBuffer);

port.on('message', (req: WordThreadRequest) => {
  const s = segmentDocuments(req.texts);
  const reply: WordThreadReply = s;
  port.postMessage(reply, [s.docSentences.buffer, s.sentenceWords.buffer, s.words.buffer] as ArrayBuffer[]);
  Atomics.add(done, 0, 1);
});
