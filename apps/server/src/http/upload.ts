import multipart from '@fastify/multipart';
import { UploadRef } from '@paperdesk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DocumentSource, readSource, type UploadedFile } from '../services/records/source.ts';
import type { UploadClient, Uploads } from '../services/records/uploads.ts';
import { badRequest, DomainError, rateLimited, tooLarge as tooLargeError } from './errors.ts';

/** Room for the form fields around the file in a multipart body. */
const FORM_OVERHEAD = 256 * 1024;
/** JSON bodies carry pasted text: a 300,000-character paper is about 1 MB of UTF-8. */
export const TEXT_BODY_LIMIT = 8 * 1024 * 1024;

export interface UploadLimit {
  bytes: number;
  mb: number;
}
export const uploadLimitOf = (mb: number): UploadLimit => ({ bytes: Math.round(mb * 1024 * 1024), mb });

export const isMultipart = (req: FastifyRequest) =>
  /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');

export const tooLarge = (mb: number) =>
  tooLargeError(`文件超过 ${mb} MB 的上限，请压缩图片或删去附录后再上传`);

/**
 * Reads a multipart form: at most `maxFiles` files of at most `maxFileBytes` each, plus text fields.
 * An oversized file stops the read with 413; nothing is kept on disk.
 */
export async function readForm(
  req: FastifyRequest,
  opts: { maxFileBytes: number; maxFileMb: number; maxFiles: number },
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of req.parts({
      limits: { fileSize: opts.maxFileBytes, files: opts.maxFiles, fields: 20, fieldSize: TEXT_BODY_LIMIT },
    })) {
      if (part.type === 'file') {
        files.push({
          filename: part.filename || 'upload',
          data: await part.toBuffer(),
          field: part.fieldname,
        });
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(opts.maxFileMb);
    if (code === 'FST_FILES_LIMIT') throw badRequest(`一次最多上传 ${opts.maxFiles} 个文件`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('表单字段过多');
    if (err instanceof DomainError) throw err;
    throw badRequest('上传的表单无法解析，请重新上传');
  }
  return { fields, files };
}

/** Registers `hook` so an upload announced larger than the limit gets 413 before its body is read. */
export function rejectLargeUploads(
  scope: FastifyInstance,
  limit: () => Promise<{ bytes: number; mb: number }>,
) {
  scope.addHook('onRequest', async (req) => {
    if (!isMultipart(req)) return;
    const length = Number(req.headers['content-length'] ?? 0);
    if (!length) return;
    const { bytes, mb } = await limit();
    if (length > bytes + FORM_OVERHEAD) throw tooLarge(mb);
  });
}

/**
 * Multipart in `scope` only, so no other route accepts uploads by accident; an upload announced larger than
 * `limit` gets 413 before its body is read.
 */
export async function acceptUploads(scope: FastifyInstance, limit: () => Promise<UploadLimit>) {
  await scope.register(multipart, { throwFileSizeLimit: true });
  rejectLargeUploads(scope, limit);
}

/** Documents one client (a signed-in user, else an IP address) may have being uploaded and read at once. */
export const PARSES_PER_CLIENT = 2;
/** In-flight parses per client key, per HTTP server (all route scopes of one app share one count). */
const parsesInFlight = new WeakMap<object, Map<string, number>>();

/**
 * preHandler of every route that reads an uploaded document: at most PARSES_PER_CLIENT such requests of one
 * client in flight, across all services; one more answers 429 at once. The slot is given back when the response
 * is over (sent, failed or the client gone). This is on top of the per-minute rate limit: a parse can take
 * seconds, so a burst of hostile files would otherwise all be read at the same time.
 */
export async function parseSlot(req: FastifyRequest, reply: FastifyReply) {
  let counts = parsesInFlight.get(req.server.server);
  if (!counts) {
    counts = new Map();
    parsesInFlight.set(req.server.server, counts);
  }
  const key = req.user ? `user:${req.user.id}` : `ip:${req.ip}`;
  const held = counts.get(key) ?? 0;
  if (held >= PARSES_PER_CLIENT) throw rateLimited('同时解析的文件过多，请稍候再试');
  counts.set(key, held + 1);
  const slots = counts;
  reply.raw.once('close', () => {
    const left = (slots.get(key) ?? 1) - 1;
    if (left > 0) slots.set(key, left);
    else slots.delete(key);
  });
}

const clientOf = (req: FastifyRequest): UploadClient => ({ userId: req.user?.id ?? null, ip: req.ip });

/**
 * The routes of a paid service that read a paper: multipart in `scope`, a per-client rate limit for reading
 * (it costs CPU; routes pair it with `parseSlot`), `sourceOf`: a file (multipart `file`), pasted text
 * (multipart or JSON `text`) or a counted upload (`uploadId`, JSON or a multipart field), plus the other fields
 * and the `companion` file when the service takes one beside the paper; and `counted`: a word count that keeps
 * an uploaded file, so the record is later made from it without a second upload.
 */
export async function paperUploads(
  scope: FastifyInstance,
  opts: {
    limit: () => Promise<UploadLimit>;
    /** Prefix of the rate-limit key. */
    rateKey: string;
    /** The 400 message when a multipart form has neither file nor text. */
    missing: string;
    /** The pasted text of a JSON body (parsing it with the route's schema). */
    textOf: (body: Record<string, unknown>) => string;
    uploads: Uploads;
    /** A second file a form may carry beside the paper (降重's checker `report`), and the 400 without a paper. */
    companion?: { field: string; missing: string };
  },
) {
  await acceptUploads(scope, opts.limit);
  const readLimit = scope.rateLimit({
    max: 60,
    timeWindow: '1 minute',
    keyGenerator: (req) => `${opts.rateKey}:${req.user?.id ?? req.ip}`,
  });

  const kept = async (req: FastifyRequest, body: Record<string, unknown>) => {
    const { uploadId } = UploadRef.parse(body);
    const read = await opts.uploads.take(clientOf(req), uploadId);
    return { source: { read }, release: () => opts.uploads.release(uploadId) };
  };
  const keptNothing = async () => {};

  /**
   * The paper of a request, and `release`: called once a record was made from it, it drops a kept upload (the
   * record now holds the paper); nothing for a file or text sent with the request.
   */
  async function sourceOf(req: FastifyRequest): Promise<{
    fields: Record<string, unknown>;
    source: DocumentSource;
    companion: UploadedFile | null;
    release: () => Promise<void>;
  }> {
    if (!isMultipart(req)) {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if ('uploadId' in body) return { fields: body, companion: null, ...(await kept(req, body)) };
      return { fields: body, source: { text: opts.textOf(body) }, companion: null, release: keptNothing };
    }
    const l = await opts.limit();
    const form = await readForm(req, {
      maxFileBytes: l.bytes,
      maxFileMb: l.mb,
      maxFiles: opts.companion ? 2 : 1,
    });
    const companion = form.files.find((f) => opts.companion && f.field === opts.companion.field) ?? null;
    const file = form.files.find((f) => f !== companion);
    const { fields } = form;
    if (file) return { fields, source: { file }, companion, release: keptNothing };
    if (fields.uploadId) return { fields, companion, ...(await kept(req, fields)) };
    if (fields.text?.trim())
      return { fields, source: { text: fields.text }, companion, release: keptNothing };
    throw badRequest(companion && opts.companion ? opts.companion.missing : opts.missing);
  }

  /** A word count by `count`; an uploaded file that counted as a valid paper is kept and its id answered. */
  async function counted<R>(
    req: FastifyRequest,
    count: (source: DocumentSource, fields: Record<string, unknown>) => Promise<R>,
  ): Promise<R & { uploadId: string | null }> {
    const { source, fields } = await sourceOf(req);
    if (!('file' in source)) return { ...(await count(source, fields)), uploadId: null };
    const read = await readSource(source);
    const result = await count({ read }, fields);
    return { ...result, uploadId: await opts.uploads.keep(clientOf(req), read, source.file) };
  }
  return { readLimit, sourceOf, counted };
}
