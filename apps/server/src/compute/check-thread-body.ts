import { parentPort, workerData } from 'node:worker_threads';
import {
  checkStages,
  LibraryShard,
  loadIndex,
  PlagiarismIndex,
  ShardCoordinator,
  type ShardAnswers,
  saveIndex,
  warmWordIndex,
} from '@paperdesk/plagiarism';
import { checkOptionsFor, toEngineResult } from './check-engine.ts';
import type { AskAnswer, CheckThreadRole, ThreadReply, ThreadRequest } from './check-thread.ts';
import { runBelowApiThread } from './thread-priority.ts';

/**
 * The check thread: owns the reference library's fingerprint index (the only copy in the process) and runs
 * every operation on it in arrival order, so a check never sees the index change under it. A check is driven
 * stage by stage: between steps it looks at the abort flag the job shares with it and posts its progress.
 *
 * Its role (workerData, LIBRARY_SHARDS > 1): a shard worker's thread keeps its index as the engine's
 * LibraryShard (documents under their library numbers, the SQL ids) and answers the shard requests of checks;
 * a coordinating thread holds no index and runs each check as the engine's rounds of shard requests, which it
 * hands to the process (asks) to send to every shard.
 */

const PROGRESS_EVERY_MS = 100;

if (!parentPort) throw new Error('check-thread-body runs inside a worker thread');
const port = parentPort;
const role = (workerData ?? { kind: 'whole' }) as CheckThreadRole;
// a check keeps a core busy for seconds: the API thread comes first when both want it
runBelowApiThread();
// merges run after a save (between checks, on this thread), not inside whichever check seals a segment
const OPTIONS = { autoMerge: false };
let index = new PlagiarismIndex(OPTIONS);
/** A shard worker's part of the library: the index above with its documents' library numbers. */
let shard = role.kind === 'shard' ? new LibraryShard(index, role.shard, role.shards) : undefined;
/** A coordinating thread's: the shards' statuses and word statistics, kept between checks. */
const coordinator = role.kind === 'coordinator' ? new ShardCoordinator(role.shards) : undefined;

/** In a deployment a document's library number is its SQL id: the order rows were added to the library. */
const libraryNumber = (id: string) => Number(id);

class Aborted extends Error {}

function load(folder: string): PlagiarismIndex {
  if (role.kind !== 'shard') return loadIndex(folder, OPTIONS);
  const loaded = LibraryShard.load(folder, OPTIONS);
  // a folder saved under another LIBRARY_SHARDS holds another part: the library rebuilds it from the database
  if (loaded.shard !== role.shard || loaded.shards !== role.shards)
    throw new Error(`索引文件是第 ${loaded.shard}/${loaded.shards} 片，不是 ${role.shard}/${role.shards}`);
  shard = loaded;
  return loaded.index;
}

function handle(req: Exclude<ThreadRequest, { op: 'shardedCheck' }>): {
  result: unknown;
  transfer?: ArrayBuffer[];
} {
  switch (req.op) {
    case 'load': {
      index.close();
      index = load(req.folder);
      // the 专业版 reworded stage's word index (the whole library) is read back from the index folder's saved word
      // blocks here, so no check pays for it; only documents no block covers are segmented
      warmWordIndex(index);
      const ids = Float64Array.from(index.ids(), Number);
      return { result: ids, transfer: [ids.buffer] };
    }
    case 'reset':
      index.close();
      index = new PlagiarismIndex(OPTIONS);
      if (role.kind === 'shard') shard = new LibraryShard(index, role.shard, role.shards);
      return { result: null };
    case 'add':
      if (!shard) {
        for (const d of req.docs) index.add(d);
        return { result: null };
      }
      // once it has a folder, a commit (a look-up commits) swaps the index's manifest there: LibraryShard writes
      // its numbers file before each swap, so the folder loads after a kill
      for (const d of req.docs) shard.add(d, libraryNumber(d.id));
      return { result: null };
    case 'remove':
      for (const id of req.ids) shard ? shard.remove(id) : index.remove(id);
      return { result: null };
    case 'save':
      // appends: only segments sealed since the last save are written, then the manifest is swapped (a shard
      // writes its documents' library numbers first)
      if (shard) shard.save(req.folder);
      else saveIndex(index, req.folder);
      index.merge();
      return { result: null };
    case 'stats':
      return { result: { documents: index.size, characters: index.characterCount } };
    case 'shard':
      if (!shard) throw new Error('本线程不是比对库分片');
      return { result: shard.answer(req.request) };
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

/** The process's answers to this thread's asks, by ask number. */
const asked = new Map<number, { resolve: (answers: ShardAnswers) => void; reject: (err: Error) => void }>();
let nextAsk = 1;

/**
 * A check over the shards: each of the engine's rounds (one request per shard) goes to the process, which sends
 * them to the shards and answers with theirs; the report is built here, once. Progress is a share of the rounds
 * (status, seeds, documents, word statistics, sentences, documents: six at most).
 */
async function runShardedCheck(req: Extract<ThreadRequest, { op: 'shardedCheck' }>): Promise<unknown> {
  if (!coordinator) throw new Error('本线程不协调分片检测');
  const aborted = new Int32Array(req.abort);
  const rounds = coordinator.rounds(req.document, checkOptionsFor(req.edition, req.ownerKey, req.ownAuthors));
  let step = rounds.next();
  for (let n = 1; !step.done; n++) {
    const round = step.value;
    const answers = await new Promise<ShardAnswers>((resolve, reject) => {
      const ask = nextAsk++;
      asked.set(ask, { resolve, reject });
      port.postMessage({ id: req.id, ask, round } satisfies ThreadReply);
    });
    if (Atomics.load(aborted, 0) !== 0) throw new Aborted();
    port.postMessage({ id: req.id, progress: Math.min(0.9, n / 6) } satisfies ThreadReply);
    step = rounds.next(answers);
  }
  return toEngineResult(step.value);
}

const failure = (id: number, err: unknown): ThreadReply =>
  err instanceof Aborted
    ? { id, ok: false, aborted: true, message: 'aborted' }
    : { id, ok: false, aborted: false, message: err instanceof Error ? err.message : String(err) };

port.on('message', (req: ThreadRequest | AskAnswer) => {
  if ('answer' in req) {
    const waiting = asked.get(req.answer);
    asked.delete(req.answer);
    if (req.ok) waiting?.resolve(req.result as ShardAnswers);
    else waiting?.reject(new Error(req.message));
    return;
  }
  if (req.op === 'shardedCheck') {
    // awaits the shards' answers: messages (the answers) keep arriving meanwhile
    void runShardedCheck(req).then(
      (result) => port.postMessage({ id: req.id, ok: true, result } satisfies ThreadReply),
      (err: unknown) => port.postMessage(failure(req.id, err)),
    );
    return;
  }
  let reply: ThreadReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const done = handle(req);
    reply = { id: req.id, ok: true, result: done.result };
    transfer = done.transfer ?? [];
  } catch (err) {
    reply = failure(req.id, err);
  }
  port.postMessage(reply, transfer);
});
