import {
  envelope,
  IdQuery,
  LibraryDocument,
  LibraryImportInput,
  LibraryImportResult,
  LibraryListFilter,
  LibraryStats,
  type LibraryFileResult,
  LibraryUploadResult,
  PageQuery,
  page,
} from '@paperdesk/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchingCodes } from '@paperdesk/textkit';
import type { AddOptions, Library } from '../../services/checks/library.ts';
import { readUploadedFile, type UploadedFile } from '../../services/records/source.ts';
import { adminFirst, requireAdmin, requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { AppError, badRequest } from '../errors.ts';
import { acceptUploads, readForm } from '../upload.ts';
import type { RouteModule } from './types.ts';

const BASE = '/api/base/library_api';
const tags = ['library_api 比对库（管理员）'];
const MAX_FILES = 20;
/** As the library itself: fewer matchable characters than this cannot be found in a check. */
const MIN_LIBRARY_CHARS = 20;
/** Documents one user may keep in their 自建库. */
const MAX_PERSONAL_DOCS = 200;

const UploadFields = z.object({
  title: z.string().trim().max(300).optional().describe('只上传一个文件时可指定题目'),
  author: z.string().trim().max(200).default(''),
  source: z.string().trim().max(200).default(''),
  year: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, '年份应为四位数字')
    .default('')
    .transform((v) => (v ? Number(v) : null)),
});

/** Each file read in the compute pool and stored in its own transaction: whole or not at all, with a result. */
async function importFiles(
  library: Library,
  uploaded: UploadedFile[],
  fields: z.infer<typeof UploadFields>,
  opts: AddOptions,
): Promise<{ files: LibraryFileResult[]; ids: number[] }> {
  const files: LibraryFileResult[] = [];
  const ids: number[] = [];
  for (const f of uploaded) {
    const result = (status: LibraryFileResult['status'], message: string, documentId: number | null = null) =>
      files.push({ file: f.filename, status, message, documentId });
    try {
      const { doc } = await readUploadedFile(f);
      const title =
        (uploaded.length === 1 && fields.title) ||
        doc.title ||
        f.filename.replace(/\.[^.]+$/, '') ||
        '未命名文献';
      const text = doc.blocks.map((b) => b.text).join('\n');
      if (matchingCodes(text, false).codes.length < MIN_LIBRARY_CHARS) {
        result('empty', '正文为空或过短');
        continue;
      }
      const r = await library.add(
        [{ title, author: fields.author, source: fields.source, year: fields.year, text }],
        opts,
      );
      if (r.ids[0]) {
        ids.push(r.ids[0]);
        result('imported', '已导入', r.ids[0]);
      } else result('duplicate', '与库中已有文献相同，已跳过');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result('unreadable', err.message);
    }
  }
  return { files, ids };
}

/** The reference library, for administrators: list, import (JSON), upload files, delete, size. */
export const libraryRoutes: RouteModule = async (root, ctx) => {
  await root.register(async (plain) => {
    const limit = async () => {
      const l = await ctx.checks.limits();
      return { bytes: l.maxUploadBytes * MAX_FILES, mb: l.maxUploadMb * MAX_FILES };
    };
    await acceptUploads(plain, limit);
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const library = ctx.checks.library;
    const gate = adminFirst(ctx);

    app.post(
      `${BASE}/query_list`,
      {
        preValidation: gate,
        schema: {
          tags,
          summary: '比对库文献（分页在 query，题目关键字在 body）',
          querystring: PageQuery,
          body: LibraryListFilter,
          response: { 200: envelope(page(LibraryDocument)) },
        },
      },
      async (req) => {
        requireAdmin(req);
        return ok(await library.list(req.query, req.body ?? {}));
      },
    );

    app.post(
      `${BASE}/import`,
      {
        preValidation: gate,
        bodyLimit: 64 * 1024 * 1024,
        schema: {
          tags,
          summary: '导入文献（JSON：documents[] = { title, author, source, year, text }；正文相同的跳过）',
          body: LibraryImportInput,
          response: { 200: envelope(LibraryImportResult) },
        },
      },
      async (req) => {
        const admin = requireAdmin(req);
        const before = await library.stats();
        const r = await library.add(req.body.documents, { origin: 'import' });
        await ctx.admin.audit.record({
          actorUserId: admin.id,
          action: 'library.import',
          target: `${req.body.documents.length} 篇`,
          before: { documents: before.documents },
          after: { documents: before.documents + r.added, added: r.added, skipped: r.skipped },
        });
        return ok(r, '已导入');
      },
    );

    app.post(
      `${BASE}/upload`,
      {
        preValidation: gate,
        schema: {
          tags,
          summary: `上传文献文件（multipart：file 最多 ${MAX_FILES} 个 .docx/.pdf/.txt，及 author、source、year、title）；逐个文件给出结果：已导入、重复、无法读取（原因）、正文为空`,
          response: { 200: envelope(LibraryUploadResult) },
        },
      },
      async (req) => {
        const admin = requireAdmin(req);
        if (!req.isMultipart()) throw badRequest('请用 multipart/form-data 上传文件');
        const l = await ctx.checks.limits();
        const form = await readForm(req, {
          maxFileBytes: l.maxUploadBytes,
          maxFileMb: l.maxUploadMb,
          maxFiles: MAX_FILES,
        });
        if (form.files.length === 0) throw badRequest('请选择要上传的文件');
        const fields = UploadFields.parse(form.fields);
        const { files, ids } = await importFiles(library, form.files, fields, { origin: 'upload' });
        const added = files.filter((f) => f.status === 'imported').length;
        const skipped = files.filter((f) => f.status === 'duplicate').length;
        await ctx.admin.audit.record({
          actorUserId: admin.id,
          action: 'library.upload',
          target: `${form.files.length} 个文件`,
          before: null,
          after: { files: files.map((f) => ({ file: f.file, status: f.status, documentId: f.documentId })) },
        });
        return ok({ added, skipped, ids, files }, `已导入 ${added} 个，跳过 ${files.length - added} 个`);
      },
    );

    app.post(
      `${BASE}/delete`,
      {
        preValidation: gate,
        schema: {
          tags,
          summary: '从比对库删除（各进程在下次同步时移出索引）',
          querystring: IdQuery,
          response: { 200: envelope(z.boolean()) },
        },
      },
      async (req) => {
        const admin = requireAdmin(req);
        const [doc] = await library.documents([req.query.id]);
        await library.remove(req.query.id);
        await ctx.admin.audit.record({
          actorUserId: admin.id,
          action: 'library.delete',
          target: `document:${req.query.id}`,
          before: doc ? { title: doc.title, author: doc.author, source: doc.source } : null,
          after: null,
        });
        return ok(true, '已删除');
      },
    );

    app.post(
      `${BASE}/stats`,
      {
        preValidation: gate,
        schema: { tags, summary: '比对库规模与本进程索引状态', response: { 200: envelope(LibraryStats) } },
      },
      async (req) => {
        requireAdmin(req);
        return ok(await library.stats());
      },
    );

    // ---- 自建库: a user's private references, compared only with that user's own papers ----
    const MY = '/api/base/library_api/my';
    const myTags = ['library_api 自建库'];

    app.post(
      `${MY}/query_list`,
      {
        schema: {
          tags: myTags,
          summary: '我的自建库文献（只与我自己的论文比对）',
          querystring: PageQuery,
          response: { 200: envelope(page(LibraryDocument)) },
        },
      },
      async (req) => {
        const user = requireUser(req);
        return ok(await library.list(req.query, { ownerUserId: user.id }));
      },
    );

    app.post(
      `${MY}/stats`,
      { schema: { tags: myTags, summary: '我的自建库规模', response: { 200: envelope(LibraryStats) } } },
      async (req) => ok(await library.stats(requireUser(req).id)),
    );

    app.post(
      `${MY}/upload`,
      {
        schema: {
          tags: myTags,
          summary: `上传到我的自建库（multipart：file 最多 ${MAX_FILES} 个 .docx/.pdf/.txt）；每个文件给出结果；每人最多 ${MAX_PERSONAL_DOCS} 篇`,
          response: { 200: envelope(LibraryUploadResult) },
        },
      },
      async (req) => {
        const user = requireUser(req);
        if (!req.isMultipart()) throw badRequest('请用 multipart/form-data 上传文件');
        const l = await ctx.checks.limits();
        const form = await readForm(req, {
          maxFileBytes: l.maxUploadBytes,
          maxFileMb: l.maxUploadMb,
          maxFiles: MAX_FILES,
        });
        if (form.files.length === 0) throw badRequest('请选择要上传的文件');
        const have = (await library.stats(user.id)).documents;
        if (have + form.files.length > MAX_PERSONAL_DOCS)
          throw badRequest(`自建库最多 ${MAX_PERSONAL_DOCS} 篇，已有 ${have} 篇`);
        const fields = UploadFields.parse(form.fields);
        const { files, ids } = await importFiles(library, form.files, fields, {
          origin: 'personal',
          ownerUserId: user.id,
        });
        const added = ids.length;
        const skipped = files.filter((f) => f.status === 'duplicate').length;
        return ok({ added, skipped, ids, files }, `已加入自建库 ${added} 篇`);
      },
    );

    app.post(
      `${MY}/delete`,
      {
        schema: {
          tags: myTags,
          summary: '从我的自建库删除',
          querystring: IdQuery,
          response: { 200: envelope(z.boolean()) },
        },
      },
      async (req) => {
        const user = requireUser(req);
        await library.remove(req.query.id, user.id);
        return ok(true, '已删除');
      },
    );
  });
};
