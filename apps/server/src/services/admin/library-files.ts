import { LIBRARY_MAX_ZIP_FILES, LibraryDocumentInput, type LibraryFileResult } from '@paperdesk/contracts';
import { matchingCodes, TextkitError, textkitMessage } from '@paperdesk/textkit';
import { computePool } from '../../compute/pool.ts';
import type { AddOptions, Library } from '../checks/library.ts';
import { DomainError } from '../../errors.ts';
import { readUploadedFile, type UploadedFile } from '../records/source.ts';

/** As the library itself: fewer matchable characters than this cannot be found in a check. */
const MIN_LIBRARY_CHARS = 20;
/** What the uploader typed for every file (a .jsonl line carries its own). */
export interface UploadMeta {
  title?: string | undefined;
  author: string;
  source: string;
  year: number | null;
}

export interface FilesImported {
  files: LibraryFileResult[];
  ids: number[];
}

const tooShort = (text: string) => matchingCodes(text, false).codes.length < MIN_LIBRARY_CHARS;

/**
 * Each file read in the compute pool and stored in its own transaction: whole or not at all, with a result
 * (imported, duplicate, empty, unreadable and why).
 */
export async function importFiles(
  library: Library,
  uploaded: UploadedFile[],
  meta: UploadMeta,
  opts: AddOptions,
  into: FilesImported = { files: [], ids: [] },
): Promise<FilesImported> {
  for (const f of uploaded) {
    const result = (status: LibraryFileResult['status'], message: string, documentId: number | null = null) =>
      into.files.push({ file: f.filename, status, message, documentId });
    try {
      const { doc } = await readUploadedFile(f);
      const title =
        (uploaded.length === 1 && meta.title) ||
        doc.title ||
        (f.filename.split('/').pop() ?? '').replace(/\.[^.]+$/, '') ||
        '未命名文献';
      const text = doc.blocks.map((b) => b.text).join('\n');
      if (tooShort(text)) {
        result('empty', '正文为空或过短');
        continue;
      }
      const r = await library.add(
        [{ title, author: meta.author, source: meta.source, year: meta.year, text }],
        opts,
      );
      if (r.ids[0]) {
        into.ids.push(r.ids[0]);
        result('imported', '已导入', r.ids[0]);
      } else result('duplicate', '与库中已有文献相同，已跳过');
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      result('unreadable', err.message);
    }
  }
  return into;
}

/** A .jsonl file: every line valid, then all of it in one transaction; one bad line and none of it goes in. */
async function importJsonl(
  library: Library,
  name: string,
  lines: unknown[],
  opts: AddOptions,
  into: FilesImported,
): Promise<void> {
  const result = (status: LibraryFileResult['status'], message: string, documentId: number | null = null) =>
    into.files.push({ file: name, status, message, documentId });
  if (lines.length === 0) return void result('empty', '文件中没有文献');
  const docs: LibraryDocumentInput[] = [];
  for (const [i, line] of lines.entries()) {
    const parsed = LibraryDocumentInput.safeParse(line);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return void result(
        'unreadable',
        `第 ${i + 1} 篇：${issue?.path.join('.') ?? ''} ${issue?.message ?? '格式错误'}`.trim(),
      );
    }
    if (tooShort(parsed.data.text)) return void result('unreadable', `第 ${i + 1} 篇：正文过短`);
    docs.push(parsed.data);
  }
  const r = await library.add(docs, opts);
  into.ids.push(...r.ids);
  if (r.added === 0) result('duplicate', `${r.skipped} 篇均与库中已有文献相同，已跳过`);
  else result('imported', `已导入 ${r.added} 篇，重复跳过 ${r.skipped} 篇`, r.ids[0] ?? null);
}

/**
 * A .zip of .jsonl/.docx/.pdf/.txt files: opened (and its .jsonl parsed) in the compute pool, then each file
 * imported by itself with its own result; a corrupt, empty, oversized or unsupported file is a result, not a
 * failure of the rest. Results are named `<archive>/<path in archive>`.
 */
export async function importZip(
  library: Library,
  zip: UploadedFile,
  opts: AddOptions & { maxEntryBytes: number },
): Promise<FilesImported> {
  const into: FilesImported = { files: [], ids: [] };
  let entries: Awaited<ReturnType<ReturnType<typeof computePool>['unzipLibrary']>>;
  try {
    entries = await computePool().unzipLibrary(zip.data, {
      maxFiles: LIBRARY_MAX_ZIP_FILES,
      maxEntryBytes: opts.maxEntryBytes,
    });
  } catch (err) {
    if (!(err instanceof TextkitError)) throw err;
    const message =
      err.code === 'INFLATED_TOO_LARGE'
        ? `压缩包过大或文件过多（最多 ${LIBRARY_MAX_ZIP_FILES} 个文件）`
        : textkitMessage(err.code);
    into.files.push({ file: zip.filename, status: 'unreadable', message, documentId: null });
    return into;
  }
  if (entries.length === 0)
    into.files.push({ file: zip.filename, status: 'empty', message: '压缩包中没有文件', documentId: null });
  const named = (name: string) => `${zip.filename}/${name}`;
  const meta: UploadMeta = { author: '', source: '', year: null };
  for (const e of entries) {
    if (e.kind === 'error')
      into.files.push({ file: named(e.name), status: 'unreadable', message: e.message, documentId: null });
    else if (e.kind === 'jsonl') await importJsonl(library, named(e.name), e.lines, opts, into);
    else
      await importFiles(library, [{ filename: named(e.name), data: Buffer.from(e.data) }], meta, opts, into);
  }
  return into;
}
