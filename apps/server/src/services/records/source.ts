import {
  billingCharCount,
  documentFormat,
  isTextkitError,
  normalizedCharCount,
  type ParsedDocument,
  readPastedText,
} from '@paperdesk/textkit';
import { type ComputeFailure, computePool, isComputeError } from '../../compute/pool.ts';
import { type DomainError, tooLarge, unavailable, unprocessable, unsupportedType } from '../../errors.ts';
import type { createSysConfig } from '../sys-config.ts';

export interface UploadedFile {
  filename: string;
  data: Buffer;
  /** The multipart field it came in (e.g. `file`, `report`). */
  field?: string;
}

/** A paper's characters: as billed, and in the matching form the check works on. */
export interface DocumentCount {
  characters: number;
  normalized: number;
}

/** A source as textkit read it; `file` is the original upload when it was kept (a .docx). */
export interface ReadSource {
  doc: ParsedDocument;
  format: string;
  fileName: string | null;
  file?: UploadedFile;
  /** Its count, once made (`countOf`): a kept upload carries the count its word count made. */
  count?: DocumentCount;
}

function countDocument(doc: { blocks: { text: string }[] }): DocumentCount {
  let characters = 0;
  let normalized = 0;
  for (const b of doc.blocks) {
    characters += billingCharCount(b.text);
    normalized += normalizedCharCount(b.text);
  }
  return { characters, normalized };
}

/**
 * The characters of a read paper, counted once: the count is kept on the read source, so the word count that
 * keeps an upload keeps its count too, and the record made from that upload takes it instead of counting again.
 */
export function countOf(read: ReadSource): DocumentCount {
  read.count ??= countDocument(read.doc);
  return read.count;
}

/**
 * What a user sends to a paid service: an uploaded file, pasted text, or a file read earlier (by `word_count`,
 * kept in `uploads.ts`) so it is sent and parsed once.
 */
export type DocumentSource = { file: UploadedFile } | { text: string } | { read: ReadSource };

/** A service's word count: everything but the upload id, which the HTTP layer adds once it kept the file. */
export type Counted<R extends { uploadId: string | null }> = Omit<R, 'uploadId'>;

/**
 * A word count's account of a read document: the characters it bills, the paragraphs it counts (by default
 * every body paragraph), its title and the limits they were held to.
 */
export function wordCountOf(
  read: { characters: number; doc: ParsedDocument; limits: { minChars: number; maxChars: number } },
  paragraphs = read.doc.blocks.filter((b) => b.kind === 'paragraph').length,
) {
  const { characters, doc, limits } = read;
  return {
    characters,
    paragraphs,
    title: doc.title ?? null,
    minChars: limits.minChars,
    maxChars: limits.maxChars,
  };
}

const FAILURE: Record<ComputeFailure, (message: string) => DomainError> = {
  timeout: unprocessable,
  'too-large': tooLarge,
  busy: unavailable,
  closed: unavailable,
};

/**
 * A failed read as a domain error: a wrong type, a file too big once inflated (textkit's caps), an unreadable,
 * empty or endlessly parsing file, a saturated or closing pool. Null for any other error.
 */
function readFailure(err: unknown): DomainError | null {
  if (isTextkitError(err)) {
    if (err.kind === 'unsupported') return unsupportedType(err.message);
    return err.kind === 'too-large' ? tooLarge(err.message) : unprocessable(err.message);
  }
  if (isComputeError(err)) return FAILURE[err.kind](err.message);
  return null;
}

export function readError(err: unknown): never {
  throw readFailure(err) ?? err;
}

/**
 * An uploaded .docx/.pdf/.txt through textkit, in a worker of the compute pool (bounded heap and time, off the
 * event loop); `fileName` is the name as stored (at most 200 characters).
 */
export async function readUploadedFile(
  file: UploadedFile,
): Promise<ReadSource & { fileName: string; file: UploadedFile }> {
  const format = documentFormat(file.filename);
  if (!format) throw unsupportedType('仅支持 .docx、.pdf、.txt 文件');
  const doc = await computePool().readDocument(file.data, file.filename).catch(readError);
  return { doc, format, fileName: file.filename.slice(0, 200), file };
}

/** A file or pasted text as a textkit document; nothing is stored. `format` is `paste` for pasted text. */
export async function readSource(source: DocumentSource): Promise<ReadSource> {
  if ('read' in source) return source.read;
  if ('file' in source) return readUploadedFile(source.file);
  try {
    return { doc: readPastedText(source.text), format: 'paste', fileName: null };
  } catch (err) {
    readError(err);
  }
}

type SysConfig = ReturnType<typeof createSysConfig>;

/**
 * A paid service's admin-tunable size limits: sys_config keys `limit.<area>.maxChars|minChars|maxUploadMb` (public
 * under `limit.`), seeded with their defaults and the admin console's labels (`<product><per>最多字符数` …); the
 * defaults apply until an admin changes them.
 */
export function sizeLimits(
  area: string,
  spec: { product: string; per: '单篇' | '单次'; maxChars: number; minChars: number },
) {
  const keys = {
    maxChars: `limit.${area}.maxChars`,
    minChars: `limit.${area}.minChars`,
    maxUploadMb: `limit.${area}.maxUploadMb`,
  };
  // read on every upload (its size before the body, then its characters): kept briefly (sys-config.ts `cached`)
  async function chars(sysConfig: SysConfig) {
    const [maxChars, minChars] = await Promise.all([
      sysConfig.cached(keys.maxChars, spec.maxChars),
      sysConfig.cached(keys.minChars, spec.minChars),
    ]);
    return { maxChars, minChars };
  }
  return {
    keys,
    chars,
    /** The character limits and the upload size, whose default is config MAX_UPLOAD_MB. */
    async withUpload(sysConfig: SysConfig, defaultMaxUploadMb: number) {
      const [lim, maxUploadMb] = await Promise.all([
        chars(sysConfig),
        sysConfig.cached(keys.maxUploadMb, defaultMaxUploadMb),
      ]);
      return { ...lim, maxUploadMb, maxUploadBytes: Math.round(maxUploadMb * 1024 * 1024) };
    },
    /** Seeds the keys at start-up; the upload size only for a service that takes files (`maxUploadMb`). */
    async seed(sysConfig: SysConfig, maxUploadMb?: number) {
      const name = `${spec.product}${spec.per}`;
      await sysConfig.seed(keys.maxChars, spec.maxChars, `${name}最多字符数`);
      await sysConfig.seed(keys.minChars, spec.minChars, `${name}最少字符数`);
      if (maxUploadMb !== undefined)
        await sysConfig.seed(keys.maxUploadMb, maxUploadMb, `${spec.product}上传文件大小上限（MB）`);
    },
  };
}
