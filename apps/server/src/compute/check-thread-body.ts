import { parentPort } from 'node:worker_threads';
import {
  answerSeeds,
  answerSentences,
  checkStages,
  loadIndex,
  PlagiarismIndex,
  type SeedsRequest,
  type SentencesRequest,
  saveIndex,
  warmWordIndex,
} from '@paperdesk/plagiarism';
import { checkOptionsFor, toEngineResult } from './check-engine.ts';
import type { ShardCall, ThreadReply, ThreadRequest } from './check-thread.ts';
import { runBelowApiThread } from './thread-priority.ts';

/**
 * The check thread: owns the reference library's fingerprint index (the only copy in the process) and runs
 * every operation on it in arrival order, so a check never sees the index change under it. A check is driven
 * stage by stage: between steps it looks at the abort flag the job shares with it and posts its progress.
 */

const PROGRESS_EVERY_MS = 100;

if (!parentPort) throw new Error('check-thread-body runs inside a worker thread');
const port = parentPort;
// a check keeps a core busy for seconds: the API thread comes first when both want it
runBelowApiThread();
// merges run after a save (between checks, on this thread), not inside whichever check seals a segment
const OPTIONS = { autoMerge: false };
let index = new PlagiarismIndex(OPTIONS);

class Aborted extends Error {}

function handle(req: ThreadRequest): { result: unknown; transfer?: ArrayBuffer[] } {
  switch (req.op) {
    case 'load': {
      index.close();
      index = loadIndex(req.folder, OPTIONS);
      // the 专业版 reworded stage's word index (the whole library) is read back from the index folder's saved word
      // blocks here, so no check pays for it; only documents no block covers are segmented
      warmWordIndex(index);
      const ids = Float64Array.from(index.ids(), Number);
      return { result: ids, transfer: [ids.buffer] };
    }
    case 'reset':
      index.close();
      index = new PlagiarismIndex(OPTIONS);
      return { result: null };
    case 'add':
      for (const d of req.docs) index.add(d);
      return { result: null };
    case 'remove':
      for (const id of req.ids) index.remove(id);
      return { result: null };
    case 'save':
      // appends: only segments sealed since the last save are written, then the manifest is swapped
      saveIndex(index, req.folder);
      index.merge();
      return { result: null };
    case 'stats':
      return { result: { documents: index.size, characters: index.characterCount } };
    case 'shard':
      return { result: answerShard(req.call, req.request) };
    case 'check': {
      const aborted = new Int32Array(req.abort);
      const steps = checkStages(
        req.document,
        index,
        checkOptionsFor(req.edition, req.ownerKey, req.ownAuthors),
      );
      let last = Number.NEGATIVE_INFINITY;
      for (;;) {
        if (Atomics.load(aborted, 0) !== 0) throw new Aborted();
        const step = steps.next();
        // the paragraphs cross as one JSON string (one copy, never parsed by the API thread); the rest (figures,
        // chapters, sources) is small enough to clone
        if (step.done) return { result: toEngineResult(step.value) };
        const now = performance.now();
        if (now - last >= PROGRESS_EVERY_MS) {
          last = now;
          port.postMessage({ id: req.id, progress: step.value.fraction } satisfies ThreadReply);
        }
      }
    }
  }
}

/** In a deployment a document's library number is its SQL id: the order rows were added to the library. */
const libraryNumber = (id: string) => Number(id);

function answerShard(call: ShardCall, request: unknown): unknown {
  switch (call) {
    case 'seeds':
      return answerSeeds(index, request as SeedsRequest, libraryNumber);
    case 'sentences':
      return answerSentences(index, request as SentencesRequest, libraryNumber);
    case 'wordStats':
      return warmWordIndex(index).stats();
  }
}

port.on('message', (req: ThreadRequest) => {
  let reply: ThreadReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const done = handle(req);
    reply = { id: req.id, ok: true, result: done.result };
    transfer = done.transfer ?? [];
  } catch (err) {
    reply =
      err instanceof Aborted
        ? { id: req.id, ok: false, aborted: true, message: 'aborted' }
        : {
            id: req.id,
            ok: false,
            aborted: false,
            message: err instanceof Error ? err.message : String(err),
          };
  }
  port.postMessage(reply, transfer);
});
