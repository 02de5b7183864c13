import {
  envelope,
  IdQuery,
  LibraryDocument,
  LibraryImportInput,
  LibraryImportResult,
  LibraryListFilter,
  LibraryStats,
  PageQuery,
  page,
} from '@paperdesk/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUploadedFile } from '../../services/records/source.ts';
import { requireAdmin } from '../auth.ts';
import { ok } from '../envelope.ts';
import { AppError, badRequest } from '../errors.ts';
import { acceptUploads, readForm } from '../upload.ts';
import type { RouteModule } from './types.ts';

const BASE = '/api/base/library_api';
const tags = ['library_api 比对库（管理员）'];
const MAX_FILES = 20;

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

    app.post(
      `${BASE}/query_list`,
      {
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
        bodyLimit: 64 * 1024 * 1024,
        schema: {
          tags,
          summary: '导入文献（JSON：documents[] = { title, author, source, year, text }；正文相同的跳过）',
          body: LibraryImportInput,
          response: { 200: envelope(LibraryImportResult) },
        },
      },
      async (req) => {
        requireAdmin(req);
        return ok(await library.add(req.body.documents, { origin: 'import' }), '已导入');
      },
    );

    app.post(
      `${BASE}/upload`,
      {
        schema: {
          tags,
          summary: `上传文献文件（multipart：file 最多 ${MAX_FILES} 个 .docx/.pdf/.txt，及 author、source、year、title）`,
          response: { 200: envelope(LibraryImportResult) },
        },
      },
      async (req) => {
        requireAdmin(req);
        if (!req.isMultipart()) throw badRequest('请用 multipart/form-data 上传文件');
        const l = await ctx.checks.limits();
        const form = await readForm(req, {
          maxFileBytes: l.maxUploadBytes,
          maxFileMb: l.maxUploadMb,
          maxFiles: MAX_FILES,
        });
        if (form.files.length === 0) throw badRequest('请选择要上传的文件');
        const fields = UploadFields.parse(form.fields);
        const docs = [];
        for (const f of form.files) {
          const { doc } = await readUploadedFile(f).catch((err: unknown) => {
            if (err instanceof AppError) throw new AppError(err.statusCode, `${f.filename}：${err.message}`);
            throw err;
          });
          const title =
            (form.files.length === 1 && fields.title) ||
            doc.title ||
            f.filename.replace(/\.[^.]+$/, '') ||
            '未命名文献';
          docs.push({
            title,
            author: fields.author,
            source: fields.source,
            year: fields.year,
            text: doc.blocks.map((b) => b.text).join('\n'),
          });
        }
        return ok(await library.add(docs, { origin: 'upload' }), '已加入比对库');
      },
    );

    app.post(
      `${BASE}/delete`,
      {
        schema: {
          tags,
          summary: '从比对库删除（各进程在下次同步时移出索引）',
          querystring: IdQuery,
          response: { 200: envelope(z.boolean()) },
        },
      },
      async (req) => {
        requireAdmin(req);
        await library.remove(req.query.id);
        return ok(true, '已删除');
      },
    );

    app.post(
      `${BASE}/stats`,
      { schema: { tags, summary: '比对库规模与本进程索引状态', response: { 200: envelope(LibraryStats) } } },
      async (req) => {
        requireAdmin(req);
        return ok(await library.stats());
      },
    );
  });
};
