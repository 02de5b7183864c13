import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
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

async function addOne(library: Library, doc: LibraryDocumentInput, summary: ImportSummary, item: string) {
  const parsed = LibraryDocumentInput.safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    summary.failed.push({
      item,
      message: `${issue?.path.join('.') ?? ''} ${issue?.message ?? '格式错误'}`.trim(),
    });
    return;
  }
  if (matchingCodes(parsed.data.text, false).codes.length < MIN_CHARS) {
    summary.failed.push({ item, message: '正文过短' });
    return;
  }
  const r = await library.add([parsed.data], { origin: 'import' });
  summary.added += r.added;
  summary.skipped += r.skipped;
}

/**
 * `npm run library:import -- <folder | file.jsonl | file.docx|pdf|txt>`: documents into the reference
 * library. A folder is read recursively (.docx/.pdf/.txt through textkit; the title is the document's
 * own or the file name); a .jsonl file has one `{ title, author, source, year, text }` per line.
 * Texts already in the library are skipped; unreadable items are reported and the rest go on.
 */
export async function importLibraryPath(
  library: Library,
  target: string,
  opts: ImportOptions = {},
): Promise<ImportSummary> {
  const summary: ImportSummary = { added: 0, skipped: 0, failed: [] };
  const stat = fs.statSync(target);
  let done = 0;
  const tick = () => {
    done++;
    if (done % 100 === 0) opts.onProgress?.(done);
  };

  if (stat.isFile() && /\.jsonl$/i.test(target)) {
    const lines = readline.createInterface({
      input: fs.createReadStream(target, 'utf8'),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    let n = 0;
    for await (const line of lines) {
      n++;
      if (!line.trim()) continue;
      let obj: unknown;
      try {
        obj = JSON.parse(line);
      } catch {
        summary.failed.push({ item: `第 ${n} 行`, message: '不是合法的 JSON' });
        continue;
      }
      await addOne(library, obj as LibraryDocumentInput, summary, `第 ${n} 行`);
      tick();
    }
    return summary;
  }

  const files = stat.isDirectory() ? [...walk(target)] : [target];
  for (const file of files) {
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
      await addOne(
        library,
        { title, author: opts.author ?? '', source: opts.source ?? '', year: opts.year ?? null, text },
        summary,
        rel,
      );
    } catch (err) {
      summary.failed.push({
        item: rel,
        message: err instanceof Error ? err.message : String(err),
      });
    }
    tick();
  }
  return summary;
}
