import type { WordTables } from './word-tables.ts';
import { WordThreads } from './word-threads.ts';
import type { SegmentedDocuments } from './words.ts';

/** Characters of library text sent to a word thread at a time. */
const THREAD_BATCH_CHARS = 1_000_000;

/** Documents taken off the word index's queue to be segmented. */
export interface WordBatch {
  ids: string[];
  lengths: number[];
  texts: string[];
}

/** Where the documents to segment come from: the word index's queue. */
export interface WordQueue {
  /** Documents waiting to be segmented. */
  readonly queued: number;
  /** Up to `chars` characters of queued documents (at least one), taken off the queue. */
  takeBatch(chars: number): WordBatch;
}

/**
 * A parallel build of the word index: queued documents are sent to worker threads in batches, and their answers
 * are numbered into the tables on this thread. While documents are being added (a synchronous loop) only the
 * first `whileAdding` threads take batches, so the character build keeps a core.
 */
export class WordFeeding {
  private readonly threads: WordThreads;
  /** Ids sent to a thread, each with the number of its sending: a removal in flight drops the answer. */
  private readonly inFlight = new Map<string, number>();
  private sendings = 0;
  /** Set once settling closes the threads: documents added meanwhile wait for the next sync. */
  private closing = false;

  constructor(
    threads: number,
    private readonly whileAdding: number,
    private readonly queue: WordQueue,
    private readonly tables: WordTables,
  ) {
    this.threads = new WordThreads(threads);
  }

  /** The document is being segmented on a thread. */
  has(id: string): boolean {
    return this.inFlight.has(id);
  }

  /** The document was removed or replaced: its words, when they come, are dropped. */
  forget(id: string): void {
    this.inFlight.delete(id);
  }

  /** A document was added: the ones queued before it are in the character index, a thread can take them now. */
  added(): void {
    if (!this.closing) this.feed(this.whileAdding);
  }

  /** Send queued documents to the first `limit` threads while they have room. */
  private feed(limit: number): void {
    const threads = this.threads;
    for (let i = threads.free(limit); i >= 0 && this.queue.queued > 0; i = threads.free(limit)) {
      const { ids, lengths, texts } = this.queue.takeBatch(THREAD_BATCH_CHARS);
      if (ids.length === 0) continue;
      const sending = ++this.sendings;
      for (const id of ids) this.inFlight.set(id, sending);
      threads.post(i, texts, (seg) => this.receive(sending, ids, lengths, seg));
    }
  }

  /** A thread's answer: its documents still present as sent (not removed or replaced since) join the index. */
  private receive(sending: number, ids: string[], lengths: number[], seg: SegmentedDocuments): void {
    const keep: boolean[] = ids.map((id) => this.inFlight.get(id) === sending);
    for (const id of ids) if (this.inFlight.get(id) === sending) this.inFlight.delete(id);
    if (keep.every(Boolean)) {
      this.tables.append(ids, lengths, seg);
      return;
    }
    for (let i = 0; i < ids.length; i++) if (!keep[i]) this.tables.coveredChars -= lengths[i]!;
    this.tables.append(
      ids.filter((_, i) => keep[i]),
      lengths.filter((_, i) => keep[i]),
      keptDocuments(seg, keep),
    );
  }

  /**
   * Every queued document goes to the threads (all of them now), their answers join the tables, and the threads
   * stop.
   */
  async settle(): Promise<void> {
    const threads = this.threads;
    try {
      for (;;) {
        this.feed(threads.count);
        if (this.queue.queued === 0 && threads.pending === 0) break;
        await threads.next();
      }
    } finally {
      this.closing = true;
      await threads.close();
    }
  }
}

/** The sentences and words of the documents kept (keep[i]) out of a segmented batch. */
function keptDocuments(seg: SegmentedDocuments, keep: boolean[]): SegmentedDocuments {
  const docSentences: number[] = [];
  const sentenceWords: number[] = [];
  const words: number[] = [];
  let s = 0;
  let at = 0;
  for (let i = 0; i < keep.length; i++) {
    const sentences = seg.docSentences[i]!;
    let n = 0;
    for (let k = 0; k < sentences; k++) n += seg.sentenceWords[s + k]!;
    if (keep[i]) {
      docSentences.push(sentences);
      for (let k = 0; k < sentences; k++) sentenceWords.push(seg.sentenceWords[s + k]!);
      for (let j = 0; j < n; j++) words.push(seg.words[at + j]!);
    }
    s += sentences;
    at += n;
  }
  return {
    docSentences: Uint32Array.from(docSentences),
    sentenceWords: Uint32Array.from(sentenceWords),
    words: Uint32Array.from(words),
  };
}
