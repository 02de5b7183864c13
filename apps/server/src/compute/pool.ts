import os from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import type { DetectionResult, ZeroShotScore } from '@paperdesk/aigc';
import type { ParagraphEdit } from '@paperdesk/documents';
import type { AnalysedList } from '@paperdesk/references';
import { type ParsedDocument, TextkitError, type TextkitErrorCode } from '@paperdesk/textkit';
import { Piscina } from 'piscina';
import type {
  AigcModelInfo,
  DetectInput,
  ImportInput,
  ImportOutcome,
  MatchReportInput,
  MatchReportOutcome,
  ReadInput,
  ReadOutcome,
  ReferencesInput,
  ReportFile,
  ReportFileInput,
  RewriteDocxInput,
  RewriteDocxOutcome,
  SimilarityInput,
  TaskMessage,
  UnzipInput,
  UnzipOutcome,
  UnzippedEntry,
} from './tasks.ts';

/**
 * CPU-heavy work on untrusted input (reading uploaded documents) and long computations (AIGC detection) run in a
 * pool of worker threads, so the API's event loop keeps answering, and a hostile file can cost at most one
 * worker: its heap is capped, its running time is capped, and a worker past either is ended (the pool starts a
 * fresh one).
 */
export interface ComputeLimits {
  /** Worker threads: one core is left to the API's event loop; at most 4, as each may hold about 1 GB. */
  threads: number;
  /**
   * Old-generation heap of each worker; a worker that runs out is ended and its task refused as too large. A
   * normal paper needs well under 100 MB; the 200 MB-inflating zip bomb of issue 10 runs out in seconds.
   */
  heapMb: number;
  /** Running time of one document read before its worker is ended. */
  readTimeoutMs: number;
  /** Running time of one detector batch (a few thousand characters: normally well under a second). */
  detectTimeoutMs: number;
  /** Document reads waiting or running at once; one more is refused as busy. */
  maxPendingReads: number;
  /** Running time of drawing one download (a 300,000-character paper's full PDF: a few seconds). */
  renderTimeoutMs: number;
}

export function defaultComputeLimits(cores = os.availableParallelism()): ComputeLimits {
  const threads = Math.max(1, Math.min(4, cores - 1));
  return {
    threads,
    heapMb: 256,
    readTimeoutMs: 20_000,
    detectTimeoutMs: 60_000,
    maxPendingReads: Math.max(8, threads * 8),
    renderTimeoutMs: 120_000,
  };
}

export type ComputeFailure = 'timeout' | 'too-large' | 'busy' | 'closed';

/** The pool refused or gave up on a task; `message` is Chinese and may be shown to the user. */
export class ComputeError extends Error {
  constructor(
    readonly kind: ComputeFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ComputeError';
  }
}

export const isComputeError = (e: unknown): e is ComputeError => e instanceof ComputeError;

/**
 * A read's worker ended for its time or heap is answered as textkit answers a read it stopped itself: the caller
 * maps document refusals by TextkitError kind, whichever side of the thread boundary refused.
 */
const readTimedOut = () => new TextkitError('PARSE_TIMEOUT');
const readTooLarge = () => new TextkitError('INFLATED_TOO_LARGE');
const closedError = () => new ComputeError('closed', '服务正在关闭，请稍后再试');

export interface ComputePool {
  readonly limits: ComputeLimits;
  /**
   * An uploaded file through textkit (its default caps); throws TextkitError (unreadable, empty, over a cap, out
   * of time or heap: PARSE_TIMEOUT, INFLATED_TOO_LARGE) or ComputeError (busy, closed).
   */
  readDocument(data: Uint8Array, filename: string): Promise<ParsedDocument>;
  /** The AIGC model's version and bands (the worker loads the model on first use, once per thread). */
  aigcModel(): Promise<AigcModelInfo>;
  /** The AIGC detector over a few lines (one batch of detectDocument), with zero-shot criteria when given. */
  aigcDetect(lines: string[], zeroShot?: (ZeroShotScore | null)[]): Promise<DetectionResult>;
  /** The window texts detect() scores those lines in. */
  aigcWindows(lines: string[]): Promise<string[]>;
  /** 专业版 复制比 (0..1) of one paragraph against a few source texts (see tasks.ts similarityTask). */
  similarity(text: string, sources: string[]): Promise<number>;
  /**
   * The user's own .docx with each edit's paragraph text replaced (`track`: as Word tracked revisions); throws
   * TextkitError when the stored file cannot be read again.
   */
  rewriteDocx(
    data: Uint8Array,
    edits: ParagraphEdit[],
    track: boolean,
  ): Promise<{ bytes: Uint8Array; unmatched: number }>;
  /**
   * A checker's report (PDF/HTML) read and placed in the paper's paragraphs; throws TextkitError (NOT_A_REPORT,
   * REPORT_MISMATCH, unreadable, over a cap, out of time) or ComputeError.
   */
  matchReport(
    data: Uint8Array,
    filename: string,
    paragraphs: string[],
  ): Promise<Extract<MatchReportOutcome, { ok: true }>>;
  /**
   * A .zip of library files (.jsonl/.docx/.pdf/.txt) opened and its .jsonl parsed in a worker: per entry its bytes,
   * lines or the reason it cannot be read; throws TextkitError when the archive itself is unreadable or too large.
   */
  unzipLibrary(data: Uint8Array, opts: { maxFiles: number; maxEntryBytes: number }): Promise<UnzippedEntry[]>;
  /** 参考文献核查's parse, format and citation checks of a paper or a pasted list (verification is the caller's). */
  analyseReferences(input: Omit<ReferencesInput, 'port'>): Promise<AnalysedList>;
  /** A reference-manager export's records (BibTeX, RIS, EndNote XML, NoteExpress, CNKI), or why it is not one. */
  importRecords(data: Uint8Array, origin: string): Promise<ImportOutcome>;
  /**
   * A download drawn from its stored result (report PDF/HTML, result .docx): pdfkit on a big report holds a
   * thread for seconds, which must not be the API's. Throws ComputeError (timeout, too-large, closed).
   */
  renderFile(file: ReportFile): Promise<Buffer>;
  /** Ends the workers; tasks still running are refused as `closed`. */
  close(): Promise<void>;
}

const WORKER_ENTRY = new URL('./worker.mjs', import.meta.url);

export function createComputePool(limits: ComputeLimits = defaultComputeLimits()): ComputePool {
  const pool = new Piscina({
    filename: WORKER_ENTRY.href,
    // All threads stay up once started: piscina replaces an ended worker (timeout, out of memory) only up to
    // minThreads, and queued tasks wait for a worker. Idle workers keep their loaded model and do not keep the
    // process alive.
    minThreads: limits.threads,
    maxThreads: limits.threads,
    // the worker registers tsx itself: inherited loader flags would register it twice
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
  });
  let closed = false;
  let pendingReads = 0;

  /**
   * Runs one task. The time limit starts when the worker picks the task up (it says so on the task's port);
   * past it the pool ends that worker.
   */
  async function run<R>(
    name: string,
    input:
      | Omit<ReadInput, 'port'>
      | Omit<DetectInput, 'port'>
      | Omit<SimilarityInput, 'port'>
      | Omit<RewriteDocxInput, 'port'>
      | Omit<MatchReportInput, 'port'>
      | Omit<UnzipInput, 'port'>
      | Omit<ReferencesInput, 'port'>
      | Omit<ImportInput, 'port'>
      | Omit<ReportFileInput, 'port'>
      | Record<string, never>,
    opts: { timeoutMs: number; timedOut: () => Error; tooLarge: () => Error },
  ): Promise<R> {
    if (closed) throw closedError();
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    port1.on('message', (m: TaskMessage) => {
      if (m.type !== 'started' || timer) return;
      timer = setTimeout(() => {
        timedOut = true;
        abort.abort();
      }, opts.timeoutMs);
    });
    try {
      return (await pool.run(
        { ...input, port: port2 },
        { name, transferList: [port2], signal: abort.signal },
      )) as R;
    } catch (err) {
      if (timedOut) throw opts.timedOut();
      if ((err as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw opts.tooLarge();
      if (closed) throw closedError();
      throw err;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  /** A task that reads a user's file: textkit's refusal comes back as an outcome and is thrown here. */
  async function readTask<O extends { ok: true } | { ok: false; textkitCode: TextkitErrorCode }>(
    name: string,
    input: Parameters<typeof run>[1],
  ): Promise<Extract<O, { ok: true }>> {
    const outcome = await run<O>(name, input, {
      timeoutMs: limits.readTimeoutMs,
      timedOut: readTimedOut,
      tooLarge: readTooLarge,
    });
    if (outcome.ok) return outcome as Extract<O, { ok: true }>;
    throw new TextkitError((outcome as { textkitCode: TextkitErrorCode }).textkitCode);
  }

  /** Uploads waiting to be read are bounded: past `maxPendingReads` the next one is refused at once. */
  async function inReadSlot<T>(read: () => Promise<T>): Promise<T> {
    if (pendingReads >= limits.maxPendingReads) {
      throw new ComputeError('busy', '服务器正忙，同时解析的文件过多，请稍后再试');
    }
    pendingReads++;
    try {
      return await read();
    } finally {
      pendingReads--;
    }
  }

  const detectFailure = {
    timedOut: () => new ComputeError('timeout', 'AIGC 检测超时'),
    tooLarge: () => new ComputeError('too-large', 'AIGC 检测所需内存超出上限'),
  };

  return {
    limits,

    readDocument(data, filename) {
      return inReadSlot(
        async () => (await readTask<ReadOutcome>('readDocumentTask', { data, filename })).doc,
      );
    },

    aigcModel() {
      return run<AigcModelInfo>('aigcModelTask', {}, { timeoutMs: limits.detectTimeoutMs, ...detectFailure });
    },

    aigcDetect(lines, zeroShot) {
      return run<DetectionResult>('aigcDetectTask', zeroShot ? { lines, zeroShot } : { lines }, {
        timeoutMs: limits.detectTimeoutMs,
        ...detectFailure,
      });
    },

    aigcWindows(lines) {
      return run<string[]>(
        'aigcWindowsTask',
        { lines },
        { timeoutMs: limits.detectTimeoutMs, ...detectFailure },
      );
    },

    analyseReferences(input) {
      return run<AnalysedList>('referencesTask', input, {
        timeoutMs: limits.readTimeoutMs,
        timedOut: () => new ComputeError('timeout', '参考文献解析超时'),
        tooLarge: () => new ComputeError('too-large', '参考文献列表过大'),
      });
    },

    importRecords(data, origin) {
      return run<ImportOutcome>(
        'importRecordsTask',
        { data, origin },
        {
          timeoutMs: limits.readTimeoutMs,
          timedOut: () => new ComputeError('timeout', '文献导出文件解析超时'),
          tooLarge: () => new ComputeError('too-large', '文献导出文件过大'),
        },
      );
    },

    similarity(text, sources) {
      return run<number>(
        'similarityTask',
        { text, sources },
        {
          timeoutMs: limits.detectTimeoutMs,
          timedOut: () => new ComputeError('timeout', '复制比测量超时'),
          tooLarge: () => new ComputeError('too-large', '复制比测量所需内存超出上限'),
        },
      );
    },

    rewriteDocx(data, edits, track) {
      return readTask<RewriteDocxOutcome>('rewriteDocxTask', { data, edits, track });
    },

    matchReport(data, filename, paragraphs) {
      return inReadSlot(() =>
        readTask<MatchReportOutcome>('matchReportTask', { data, filename, paragraphs }),
      );
    },

    async unzipLibrary(data, opts) {
      return (await readTask<UnzipOutcome>('unzipLibraryTask', { data, ...opts })).entries;
    },

    async renderFile(file) {
      const bytes = await run<Uint8Array>(
        'reportFileTask',
        { file },
        {
          timeoutMs: limits.renderTimeoutMs,
          timedOut: () => new ComputeError('timeout', '报告生成超时，请稍后重试'),
          tooLarge: () => new ComputeError('too-large', '报告过大，生成所需内存超出上限'),
        },
      );
      // the worker's Buffer arrives as a plain Uint8Array (structured clone): the same bytes, not copied again
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    async close() {
      closed = true;
      await pool.destroy();
    },
  };
}

let shared: ComputePool | null = null;
let holders = 0;

/** The process's pool, started on first use. */
export function computePool(): ComputePool {
  shared ??= createComputePool();
  return shared;
}

/**
 * Keeps the process's pool for an owner (an AppContext); the returned release ends the pool when the last owner
 * lets go, and a later `computePool()` starts a new one.
 */
export function holdComputePool(): () => Promise<void> {
  holders++;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    holders--;
    if (holders > 0 || !shared) return;
    const pool = shared;
    shared = null;
    await pool.close();
  };
}
