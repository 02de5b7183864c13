import {
  envelope,
  IdQuery,
  LibraryDocument,
  LibraryImportInput,
  LibraryImportResult,
  LibraryListFilter,
  LibraryStats,
  LibraryUploadResult,
  PageQuery,
  page,
} from '@paperdesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importFiles, importZip, MAX_ZIP_FILES } from '../../services/admin/library-files.ts';
import { adminFirst, requireAdmin, requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { badRequest } from '../errors.ts';
import { acceptUploads, readForm } from '../upload.ts';
import type { RouteModule } from './types.ts';

const BASE = '/api/base/library_api';
const tags = ['library_api 比对库（管理员）'];
const MAX_FILES = 20;
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
    /** The documents of an upload (up to MAX_FILES, each within the check's upload size) and its fields. */
    async function readDocuments(req: FastifyRequest) {
      if (!req.isMultipart()) throw badRequest('请用 multipart/form-data 上传文件');
      const l = await ctx.checks.limits();
      const form = await readForm(req, {
        maxFileBytes: l.maxUploadBytes,
        maxFileMb: l.maxUploadMb,
        maxFiles: MAX_FILES,
      });
      if (form.files.length === 0) throw badRequest('请选择要上传的文件');
      return form;
    }

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
        const form = await readDocuments(req);
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
      `${BASE}/upload_zip`,
      {
        preValidation: gate,
        schema: {
          tags,
          summary: `上传 .zip 压缩包（multipart：file 一个 .zip，内含最多 ${MAX_ZIP_FILES} 个 .jsonl/.docx/.pdf/.txt）；在计算线程中解压与解析；逐个文件给出结果，每个文件整体导入或不导入`,
          response: { 200: envelope(LibraryUploadResult) },
        },
      },
      async (req) => {
        const admin = requireAdmin(req);
        if (!req.isMultipart()) throw badRequest('请用 multipart/form-data 上传文件');
        const l = await ctx.checks.limits();
        const max = await limit();
        const form = await readForm(req, { maxFileBytes: max.bytes, maxFileMb: max.mb, maxFiles: 1 });
        const zip = form.files[0];
        if (!zip) throw badRequest('请选择要上传的 .zip 文件');
        if (!/\.zip$/i.test(zip.filename)) throw badRequest('请上传 .zip 压缩包');
        const before = await library.stats();
        const { files, ids } = await importZip(library, zip, {
          origin: 'upload',
          maxEntryBytes: l.maxUploadBytes,
        });
        const added = files.filter((f) => f.status === 'imported').length;
        const skipped = files.filter((f) => f.status === 'duplicate').length;
        const after = await library.stats();
        await ctx.admin.audit.record({
          actorUserId: admin.id,
          action: 'library.upload_zip',
          target: zip.filename,
          before: { documents: before.documents, characters: before.characters },
          after: {
            documents: after.documents,
            characters: after.characters,
            files: files.map((f) => ({ file: f.file, status: f.status, message: f.message })),
          },
        });
        return ok(
          { added: ids.length, skipped, ids, files },
          `${files.length} 个文件：导入 ${added} 个（共 ${ids.length} 篇），跳过 ${files.length - added} 个`,
        );
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
        const form = await readDocuments(req);
        const have = (await library.stats(user.id)).documents;
        if (have + form.files.length > MAX_PERSONAL_DOCS)
          throw badRequest(`自建库最多 ${MAX_PERSONAL_DOCS} 篇，已有 ${have} 篇`);
        const fields = UploadFields.parse(form.fields);
        // the count above answers early; the cap itself is kept by the insert's transaction (concurrent uploads)
        const { files, ids } = await importFiles(library, form.files, fields, {
          origin: 'personal',
          ownerUserId: user.id,
          maxOwned: MAX_PERSONAL_DOCS,
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
