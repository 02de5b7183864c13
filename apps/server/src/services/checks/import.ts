import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { LibraryDocumentInput } from '@paperdesk/contracts';
import { documentFormat, matchingCodes } from '@paperdesk/textkit';
import { readUploadedFile } from '../records/source.ts';
import type { Library } from './library.ts';

export interface ImportOptions {
  /** Applied to documents read from files (a .jsonl line carries its own). */
  author?: string | undefined;
  source?: string | undefined;
  year?: number | undefined;
  onProgress?: (done: number) => void;
  /** Items (lines of a .jsonl, files of a folder in walk order) an earlier, cut-off run already stored. */
  resumeAfter?: number;
  /**
   * Called after each commit with how many items are stored or settled so far and the last of them: what a
   * journal needs to resume a cut-off run, or to say exactly how far it got.
   */
  onCommitted?: (progress: ImportProgress) => void;
}

export interface ImportProgress {
  items: number;
  lastItem: string;
  summary: ImportSummary;
}

export interface ImportSummary {
  added: number;
  skipped: number;
  failed: { item: string; message: string }[];
}

const MIN_CHARS = 20;

function* walk(dir: string): Generator<string> {
  for (const entry of fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (documentFormat(entry.name)) yield full;
  }
}

/** A document that can go into the library, or why it cannot (recorded in the summary). */
function accept(doc: unknown, summary: ImportSummary, item: string): LibraryDocumentInput | null {
  const parsed = LibraryDocumentInput.safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    summary.failed.push({
      item,
      message: `${issue?.path.join('.') ?? ''} ${issue?.message ?? '格式错误'}`.trim(),
    });
    return null;
  }
  if (matchingCodes(parsed.data.text, false).codes.length < MIN_CHARS) {
    summary.failed.push({ item, message: '正文过短' });
    return null;
  }
  return parsed.data;
}

async function addAll(library: Library, docs: LibraryDocumentInput[], summary: ImportSummary) {
  if (docs.length === 0) return;
  const r = await library.add(docs, { origin: 'import' });
  summary.added += r.added;
  summary.skipped += r.skipped;
}

/** JSON lines are stored in batches of this many (one transaction and one index update each). */
const LINE_BATCH = 250;

/**
 * `npm run library:import -- <folder | file.jsonl | file.docx|pdf|txt>`: documents into the reference
 * library. A folder is read recursively (.docx/.pdf/.txt through textkit; the title is the document's
 * own or the file name); a .jsonl (or gzipped .jsonl.gz) file has one `{ title, author, source, year, text }`
 * per line.
 * Texts already in the library are skipped; unreadable items are reported and the rest go on.
 */
export async function importLibraryPath(
  library: Library,
  target: string,
  opts: ImportOptions = {},
): Promise<ImportSummary> {
  const summary: ImportSummary = { added: 0, skipped: 0, failed: [] };
  const skip = opts.resumeAfter ?? 0;
  const stat = fs.statSync(target);
  let done = 0;
  const tick = () => {
    done++;
    if (done % 100 === 0) opts.onProgress?.(done);
  };

  if (stat.isFile() && /\.jsonl(\.gz)?$/i.test(target)) {
    const raw = fs.createReadStream(target);
    const lines = readline.createInterface({
      input: (/\.gz$/i.test(target) ? raw.pipe(zlib.createGunzip()) : raw).setEncoding('utf8'),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    let n = 0;
    let batch: LibraryDocumentInput[] = [];
    const commit = async () => {
      await addAll(library, batch, summary);
      batch = [];
      opts.onCommitted?.({ items: n, lastItem: `第 ${n} 行`, summary });
    };
    for await (const line of lines) {
      n++;
      if (n <= skip || !line.trim()) continue;
      let obj: unknown;
      try {
        obj = JSON.parse(line);
      } catch {
        summary.failed.push({ item: `第 ${n} 行`, message: '不是合法的 JSON' });
        continue;
      }
      const doc = accept(obj, summary, `第 ${n} 行`);
      if (doc) batch.push(doc);
      if (batch.length >= LINE_BATCH) await commit();
      tick();
    }
    await commit();
    return summary;
  }

  const files = stat.isDirectory() ? [...walk(target)] : [target];
  for (const [i, file] of files.entries()) {
    if (i < skip) continue;
    const rel = stat.isDirectory() ? path.relative(target, file) : path.basename(file);
    if (!documentFormat(file)) {
      summary.failed.push({ item: rel, message: '仅支持 .docx、.pdf、.txt 文件' });
      continue;
    }
    try {
      // through the compute pool, as an upload: a hostile file in a folder costs one worker, not the import
      const { doc } = await readUploadedFile({ filename: file, data: fs.readFileSync(file) });
      const text = doc.blocks.map((b) => b.text).join('\n');
      const title = (doc.title ?? path.basename(file).replace(/\.[^.]+$/, '')).slice(0, 300);
      const accepted = accept(
        { title, author: opts.author ?? '', source: opts.source ?? '', year: opts.year ?? null, text },
        summary,
        rel,
      );
      if (accepted) await addAll(library, [accepted], summary);
    } catch (err) {
      summary.failed.push({
        item: rel,
        message: err instanceof Error ? err.message : String(err),
      });
    }
    opts.onCommitted?.({ items: i + 1, lastItem: rel, summary });
    tick();
  }
  return summary;
}
