import { documentFormat, isTextkitError, type ParsedDocument, readPastedText } from '@paperdesk/textkit';
import { type ComputeFailure, computePool, isComputeError } from '../../compute/pool.ts';
import { AppError } from '../../http/errors.ts';
import type { createSysConfig } from '../sys-config.ts';

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/** What a user sends to a paid service: an uploaded file or pasted text. */
export type DocumentSource = { file: UploadedFile } | { text: string };

/** textkit's refusals of a document too big to read (its caps on inflated size, block count and length). */
const TOO_LARGE_CODES: ReadonlySet<string> = new Set(['INFLATED_TOO_LARGE', 'TOO_MANY_BLOCKS', 'TOO_LONG']);

const FAILURE_STATUS: Record<ComputeFailure, 413 | 422 | 503> = {
  timeout: 422,
  'too-large': 413,
  'too-long': 413,
  busy: 503,
  closed: 503,
};

/**
 * A failed read as an HTTP answer: a wrong type is 415, a file too big once inflated 413, an unreadable, empty
 * or endlessly parsing file 422, a saturated or closing pool 503. Null for any other error.
 */
function readFailure(err: unknown): AppError | null {
  if (isTextkitError(err)) {
    const code: string = err.code;
    return new AppError(
      code === 'UNSUPPORTED_TYPE' ? 415 : TOO_LARGE_CODES.has(code) ? 413 : 422,
      err.message,
    );
  }
  if (isComputeError(err)) return new AppError(FAILURE_STATUS[err.kind], err.message);
  return null;
}

function readError(err: unknown): never {
  throw readFailure(err) ?? err;
}

/**
 * An uploaded .docx/.pdf/.txt through textkit, in a worker of the compute pool (bounded heap and time, off the
 * event loop); `fileName` is the name as stored (at most 200 characters).
 */
export async function readUploadedFile(file: UploadedFile) {
  const format = documentFormat(file.filename);
  if (!format) throw new AppError(415, '仅支持 .docx、.pdf、.txt 文件');
  const doc = await computePool().readDocument(file.data, file.filename).catch(readError);
  return { doc, format, fileName: file.filename.slice(0, 200) };
}

/** A file or pasted text as a textkit document; nothing is stored. `format` is `paste` for pasted text. */
export async function readSource(
  source: DocumentSource,
): Promise<{ doc: ParsedDocument; format: string; fileName: string | null }> {
  if ('file' in source) return readUploadedFile(source.file);
  try {
    return { doc: readPastedText(source.text), format: 'paste', fileName: null };
  } catch (err) {
    readError(err);
  }
}

/**
 * A service's admin-tunable size limits (sys_config keys, public under `limit.`); the defaults apply until an
 * admin changes them, `defaultMaxUploadMb` being config MAX_UPLOAD_MB.
 */
export async function documentLimits(
  sysConfig: ReturnType<typeof createSysConfig>,
  keys: { maxChars: string; minChars: string; maxUploadMb: string },
  defaults: { maxChars: number; minChars: number; maxUploadMb: number },
) {
  const [maxChars, minChars, maxUploadMb] = await Promise.all([
    sysConfig.get(keys.maxChars, defaults.maxChars),
    sysConfig.get(keys.minChars, defaults.minChars),
    sysConfig.get(keys.maxUploadMb, defaults.maxUploadMb),
  ]);
  return { maxChars, minChars, maxUploadMb, maxUploadBytes: Math.round(maxUploadMb * 1024 * 1024) };
}
