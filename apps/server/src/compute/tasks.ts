/**
 * The tasks the compute pool runs in its worker threads (loaded by worker.mjs). Each task first tells the main
 * thread it has started, so the wall-clock limit counts running time, not time spent waiting in the queue.
 * Results and errors cross back by structured clone, so errors travel as plain codes.
 */
import type { MessagePort } from 'node:worker_threads';
import {
  type BandCalibration,
  type BandThresholds,
  type DetectionResult,
  loadDetector,
  type ZeroShotScore,
} from '@paperdesk/aigc';
import type { AigcReport, CheckReport } from '@paperdesk/contracts';
import {
  type Deck,
  type PaperDocument,
  type ParagraphEdit,
  type RewriteDocument,
  renderAigcReportPdf,
  renderCheckReportHtml,
  renderCheckReportPdf,
  renderDeck,
  renderPaperDocx,
  renderRewriteDocx,
  rewriteDocx,
} from '@paperdesk/documents';
import { checkDocument, PlagiarismIndex } from '@paperdesk/plagiarism';
import {
  type AnalysedList,
  analyseDocument,
  analyseList,
  analysePaper,
  decodeText,
  detectFormat,
  type ExportFormat,
  ImportError,
  importRecords,
  type RefRecord,
  type Standard,
} from '@paperdesk/references';
import {
  documentFormat,
  isTextkitError,
  matchReportToPaper,
  inflateEntry,
  type ParsedDocument,
  readCheckerReport,
  readDocument,
  readZipDirectory,
  resolveLimits,
  type TextkitErrorCode,
  textkitMessage,
  type ZipEntry,
} from '@paperdesk/textkit';

/** Worker → main message on a task's port. */
export type TaskMessage = { type: 'started' };

interface TaskInput {
  port: MessagePort;
}

export interface ReadInput extends TaskInput {
  data: Uint8Array;
  filename: string;
}

/**
 * A read document, or a textkit error code (rebuilt as a TextkitError on the main thread). textkit's default caps
 * apply; a parser that ran out of room for a string or array (the file inflates to something huge) is answered
 * INFLATED_TOO_LARGE, any other parser crash UNREADABLE_FILE.
 */
export type ReadOutcome = { ok: true; doc: ParsedDocument } | { ok: false; textkitCode: TextkitErrorCode };

export interface DetectInput extends TaskInput {
  lines: string[];
  /** Zero-shot criteria of the batch's windows, in `aigcWindowsTask` order (none: offline only). */
  zeroShot?: (ZeroShotScore | null)[];
}

export interface SimilarityInput extends TaskInput {
  text: string;
  sources: string[];
}

export interface RewriteDocxInput extends TaskInput {
  data: Uint8Array;
  edits: ParagraphEdit[];
  track: boolean;
}

/** The user's .docx with paragraphs replaced, or a textkit error code (the file could not be read again). */
export type RewriteDocxOutcome =
  | { ok: true; bytes: Uint8Array; unmatched: number }
  | { ok: false; textkitCode: TextkitErrorCode };

export interface MatchReportInput extends TaskInput {
  data: Uint8Array;
  filename: string;
  /** The paper's paragraphs, in order. */
  paragraphs: string[];
}

/** A checker's report placed in the paper: its summary and, per flagged paragraph, the passages flagged in it. */
export type MatchReportOutcome =
  | {
      ok: true;
      vendor: string;
      /** The report's headline ratio, 0..1, when it prints one. */
      overall: number | null;
      spans: number;
      flagged: Array<{ paragraph: number; passages: string[] }>;
    }
  | { ok: false; textkitCode: TextkitErrorCode };

/** What the main thread needs of the AIGC model to shape a report (the model itself stays in the worker). */
export interface AigcModelInfo {
  version: string;
  thresholds: BandThresholds;
  /** Both length classes with the false-positive rates measured when they were set (models from 1.3). */
  bands?: BandCalibration;
  minReliableChars: number;
}

const started = (port: MessagePort) => port.postMessage({ type: 'started' } satisfies TaskMessage);

/** V8's answers when a string or buffer cannot grow any more: the document is too big to read. */
const OUT_OF_ROOM = /Invalid (string|array|typed array) length|Array buffer allocation failed/i;

function outOfRoom(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof RangeError && OUT_OF_ROOM.test(e.message)) return true;
  }
  return false;
}

/** A blank one-page PDF: reading it loads pdf.js (textkit imports it on first use). */
const BLANK_PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
let pdfReady: Promise<unknown> | undefined;

export async function readDocumentTask({ port, data, filename }: ReadInput): Promise<ReadOutcome> {
  // Loading pdf.js takes seconds on a busy machine: a worker's first PDF loads it before its clock starts.
  if (documentFormat(filename) === 'pdf') {
    pdfReady ??= readDocument(BLANK_PDF, 'blank.pdf').catch(() => {});
    await pdfReady;
  }
  started(port);
  // No textkit `signal`: the pool's wall clock is the deadline. A signal cannot stop a read here: pdf.js's
  // in-thread worker answers through microtasks only, so no timer runs during a page walk, and a .docx read would
  // only be abandoned (mammoth runs on in a worker that takes the next upload).
  try {
    return { ok: true, doc: await readDocument(data, filename) };
  } catch (err) {
    if (outOfRoom(err)) return { ok: false, textkitCode: 'INFLATED_TOO_LARGE' };
    if (isTextkitError(err)) return { ok: false, textkitCode: err.code };
    // A parser crash on a hostile file (e.g. a stack overflow on deep nesting): the file cannot be read.
    return { ok: false, textkitCode: 'UNREADABLE_FILE' };
  }
}

export interface UnzipInput extends TaskInput {
  data: Uint8Array;
  /** Entries that are files (folders and hidden files do not count). */
  maxFiles: number;
  /** Bytes one entry may inflate to (a per-file result when over). */
  maxEntryBytes: number;
}

/** One file of an archive: its bytes, its JSON lines (parsed here), or why it cannot be read. */
export type UnzippedEntry =
  | { name: string; kind: 'document'; data: Uint8Array }
  | { name: string; kind: 'jsonl'; lines: unknown[] }
  | { name: string; kind: 'error'; message: string };

export type UnzipOutcome =
  | { ok: true; entries: UnzippedEntry[] }
  | { ok: false; textkitCode: TextkitErrorCode };

/**
 * A .zip of library files opened off the event loop with textkit's defensive reader: the directory first, each
 * entry inflated within its own bound and the archive's total (a zip bomb ends as per-file results or as
 * INFLATED_TOO_LARGE for the whole archive). .jsonl entries are parsed here too; a bad line makes its file
 * unreadable (reported with the line number) so no file is imported in part.
 */
export function unzipLibraryTask({ port, data, maxFiles, maxEntryBytes }: UnzipInput): UnzipOutcome {
  started(port);
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const limits = resolveLimits({});
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(buf, limits.maxZipEntries);
  } catch (err) {
    return { ok: false, textkitCode: isTextkitError(err) ? err.code : 'UNREADABLE_FILE' };
  }
  const files = entries.filter(
    (e) => !e.name.endsWith('/') && !e.name.split('/').some((p) => p.startsWith('.') || p === '__MACOSX'),
  );
  if (files.length > maxFiles) return { ok: false, textkitCode: 'INFLATED_TOO_LARGE' };
  let total = 0;
  const out: UnzippedEntry[] = [];
  for (const e of files) {
    const jsonl = /\.jsonl$/i.test(e.name);
    if (!jsonl && !documentFormat(e.name)) {
      out.push({ name: e.name, kind: 'error', message: '不支持的文件类型（仅 .jsonl、.docx、.pdf、.txt）' });
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = inflateEntry(buf, e, limits, Math.min(maxEntryBytes, limits.maxInflatedBytes - total));
    } catch (err) {
      const code = isTextkitError(err) ? err.code : 'UNREADABLE_FILE';
      out.push({
        name: e.name,
        kind: 'error',
        message: code === 'INFLATED_TOO_LARGE' ? '文件过大（超出单个文件上限）' : textkitMessage(code),
      });
      continue;
    }
    total += bytes.length;
    if (bytes.length === 0) {
      out.push({ name: e.name, kind: 'error', message: '空文件' });
      continue;
    }
    if (!jsonl) {
      out.push({ name: e.name, kind: 'document', data: new Uint8Array(bytes) });
      continue;
    }
    const lines: unknown[] = [];
    let bad: string | null = null;
    const text = bytes.toString('utf8');
    let lineNo = 0;
    for (const line of text.split('\n')) {
      lineNo++;
      if (!line.trim()) continue;
      try {
        lines.push(JSON.parse(line) as unknown);
      } catch {
        bad = `第 ${lineNo} 行不是合法的 JSON`;
        break;
      }
    }
    out.push(bad ? { name: e.name, kind: 'error', message: bad } : { name: e.name, kind: 'jsonl', lines });
  }
  return { ok: true, entries: out };
}

/** The bundled model is loaded once per worker thread (loadDetector caches it). */
export function aigcModelTask({ port }: TaskInput): AigcModelInfo {
  started(port);
  const detector = loadDetector();
  const { thresholds, bands, minReliableChars } = detector.model.meta;
  return { version: detector.version, thresholds, ...(bands ? { bands } : {}), minReliableChars };
}

/** Offline scores with per-paragraph explanations, combined with zero-shot criteria when given. */
export function aigcDetectTask({ port, lines, zeroShot }: DetectInput): DetectionResult {
  started(port);
  return loadDetector().detect(lines, { explain: true, ...(zeroShot ? { zeroShot } : {}) });
}

/** The texts of the windows a batch is scored in: what zero-shot criteria are asked for. */
export function aigcWindowsTask({ port, lines }: DetectInput): string[] {
  started(port);
  return loadDetector().windowTexts(lines);
}

/**
 * 专业版 复制比 (0..1) of one paragraph against a few known source texts outside the library (the snippets a
 * third-party report quoted): a throwaway index of just those texts.
 */
export function similarityTask({ port, text, sources }: SimilarityInput): number {
  started(port);
  const index = new PlagiarismIndex();
  sources.forEach((source, i) => {
    index.add({ id: String(i + 1), title: `source ${i + 1}`, text: source });
  });
  return checkDocument({ blocks: [{ kind: 'paragraph', text }] }, index, { paraphrase: true }).ratios.total;
}

export interface ReferencesInput extends TaskInput {
  /** A paper's paragraphs (its list is found after the 参考文献 heading), or a pasted list / export file. */
  paragraphs?: string[];
  /** A file uploaded on its own: a paper when it has text before its list, else a list. */
  document?: string[];
  text?: string;
  standard: Standard;
}

/** The offline half of 参考文献核查 (parse, GB/T 7714 format, citation consistency) for up to 2,000 entries. */
export function referencesTask({
  port,
  paragraphs,
  document,
  text,
  standard,
}: ReferencesInput): AnalysedList {
  started(port);
  if (paragraphs) return analysePaper(paragraphs, standard);
  return document ? analyseDocument(document, standard) : analyseList(text ?? '', standard);
}

export interface ImportInput extends TaskInput {
  /** An uploaded reference-manager export's bytes (UTF-8, UTF-16 or GB18030). */
  data: Uint8Array;
  /** The records' origin label (and their ids' prefix). */
  origin: string;
}

export type ImportOutcome =
  | { ok: true; format: ExportFormat; records: RefRecord[] }
  | { ok: false; message: string };

/** An export file's records (论文写作's sources): decoding and the BibTeX/XML parsers run on untrusted bytes. */
export function importRecordsTask({ port, data, origin }: ImportInput): ImportOutcome {
  started(port);
  const text = decodeText(data);
  try {
    const records = importRecords(text, origin);
    return { ok: true, format: detectFormat(text.replace(/^\ufeff/, '')) ?? 'bibtex', records };
  } catch (err) {
    if (err instanceof ImportError) return { ok: false, message: err.message };
    return { ok: false, message: '文件无法按文献导出格式读取' };
  }
}

/** rewriteDocx (documents) on the user's own file: it unzips and parses the upload, so it runs here. */
export async function rewriteDocxTask({
  port,
  data,
  edits,
  track,
}: RewriteDocxInput): Promise<RewriteDocxOutcome> {
  started(port);
  try {
    const r = await rewriteDocx(data, edits, { track });
    return { ok: true, bytes: r.bytes, unmatched: r.unmatched.length };
  } catch (err) {
    if (isTextkitError(err)) return { ok: false, textkitCode: err.code };
    if (outOfRoom(err)) return { ok: false, textkitCode: 'INFLATED_TOO_LARGE' };
    return { ok: false, textkitCode: 'UNREADABLE_FILE' };
  }
}

/** An uploaded checker's report read (textkit readCheckerReport: PDF or HTML) and placed in the paper. */
export async function matchReportTask({
  port,
  data,
  filename,
  paragraphs,
}: MatchReportInput): Promise<MatchReportOutcome> {
  if (/\.pdf$/i.test(filename)) {
    pdfReady ??= readDocument(BLANK_PDF, 'blank.pdf').catch(() => {});
    await pdfReady;
  }
  started(port);
  try {
    const report = await readCheckerReport(data, filename);
    const match = matchReportToPaper(report, paragraphs);
    const byParagraph = new Map<number, string[]>();
    for (const r of match.ranges) {
      const list = byParagraph.get(r.paragraph) ?? [];
      list.push(paragraphs[r.paragraph]!.slice(r.start, r.end));
      byParagraph.set(r.paragraph, list);
    }
    return {
      ok: true,
      vendor: report.vendor,
      overall: report.overall ?? null,
      spans: report.spans.length,
      flagged: [...byParagraph].map(([paragraph, passages]) => ({ paragraph, passages })),
    };
  } catch (err) {
    if (isTextkitError(err)) return { ok: false, textkitCode: err.code };
    if (outOfRoom(err)) return { ok: false, textkitCode: 'INFLATED_TOO_LARGE' };
    return { ok: false, textkitCode: 'UNREADABLE_FILE' };
  }
}

/**
 * A file a user downloads, drawn from its stored result: a 查重 report (simple or full PDF, HTML), an AIGC report
 * PDF, or a 降重/降AIGC result .docx. Reports come as their stored JSON, parsed here: a 300,000-character paper's
 * report is about 2 MB, and its full PDF takes pdfkit seconds.
 */
export type ReportFile =
  | { kind: 'check'; report: string; type: 'simple' | 'full' | 'html'; productName?: string }
  | { kind: 'aigc'; report: string; productName?: string }
  | { kind: 'rewrite-docx'; document: RewriteDocument }
  | { kind: 'deck'; deck: Deck; templateId: string }
  | { kind: 'paper-docx'; document: PaperDocument };

export interface ReportFileInput extends TaskInput {
  file: ReportFile;
}

export async function reportFileTask({ port, file }: ReportFileInput): Promise<Uint8Array> {
  started(port);
  const product = (name: string | undefined) => (name ? { productName: name } : {});
  switch (file.kind) {
    case 'check': {
      const report = JSON.parse(file.report) as CheckReport;
      if (file.type === 'html')
        return new TextEncoder().encode(renderCheckReportHtml(report, product(file.productName)));
      return renderCheckReportPdf(report, { variant: file.type, ...product(file.productName) });
    }
    case 'aigc':
      return renderAigcReportPdf(JSON.parse(file.report) as AigcReport, product(file.productName));
    case 'rewrite-docx':
      return renderRewriteDocx(file.document);
    case 'deck':
      return renderDeck(file.deck, file.templateId);
    case 'paper-docx':
      return renderPaperDocx(file.document);
  }
}
