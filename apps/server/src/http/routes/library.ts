import {
  LIBRARY_MAX_FILES,
  libraryEndpoints,
  myLibraryEndpoints,
  PERSONAL_LIBRARY_MAX_DOCS,
} from '@paperdesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importFiles, importZip } from '../../services/admin/library-files.ts';
import { ok } from '../envelope.ts';
import { badRequest } from '../errors.ts';
import { acceptUploads, readForm } from '../upload.ts';
import { adminRoute, userRoute } from './factory.ts';
import type { RouteModule } from './types.ts';

const tags = ['library_api 比对库（管理员）'];

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
      return { bytes: l.maxUploadBytes * LIBRARY_MAX_FILES, mb: l.maxUploadMb * LIBRARY_MAX_FILES };
    };
    await acceptUploads(plain, limit);
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const library = ctx.checks.library;
    /** The documents of an upload (up to LIBRARY_MAX_FILES, each within the check's upload size) and its fields. */
    async function readDocuments(req: FastifyRequest) {
      if (!req.isMultipart()) throw badRequest('请用 multipart/form-data 上传文件');
      const l = await ctx.checks.limits();
      const form = await readForm(req, {
        maxFileBytes: l.maxUploadBytes,
        maxFileMb: l.maxUploadMb,
        maxFiles: LIBRARY_MAX_FILES,
      });
      if (form.files.length === 0) throw badRequest('请选择要上传的文件');
      return form;
    }

    const ep = libraryEndpoints;
    adminRoute(app, ctx, tags, ep.query_list, async (c) => ok(await library.list(c.query, c.body ?? {})));

    adminRoute(
      app,
      ctx,
      tags,
      ep.import,
      async (c) => {
        const before = await library.stats();
        const r = await library.add(c.body.documents, { origin: 'import' });
        await ctx.admin.audit.record({
          actorUserId: c.userId,
          action: 'library.import',
          target: `${c.body.documents.length} 篇`,
          before: { documents: before.documents },
          after: { documents: before.documents + r.added, added: r.added, skipped: r.skipped },
        });
        return ok(r, '已导入');
      },
      { bodyLimit: 64 * 1024 * 1024 },
    );

    adminRoute(app, ctx, tags, ep.upload, async (c) => {
      const form = await readDocuments(c.req);
      const fields = UploadFields.parse(form.fields);
      const { files, ids } = await importFiles(library, form.files, fields, { origin: 'upload' });
      const added = files.filter((f) => f.status === 'imported').length;
      const skipped = files.filter((f) => f.status === 'duplicate').length;
      await ctx.admin.audit.record({
        actorUserId: c.userId,
        action: 'library.upload',
        target: `${form.files.length} 个文件`,
        before: null,
        after: { files: files.map((f) => ({ file: f.file, status: f.status, documentId: f.documentId })) },
      });
      return ok({ added, skipped, ids, files }, `已导入 ${added} 个，跳过 ${files.length - added} 个`);
    });

    adminRoute(app, ctx, tags, ep.upload_zip, async (c) => {
      if (!c.req.isMultipart()) throw badRequest('请用 multipart/form-data 上传文件');
      const l = await ctx.checks.limits();
      const max = await limit();
      const form = await readForm(c.req, { maxFileBytes: max.bytes, maxFileMb: max.mb, maxFiles: 1 });
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
        actorUserId: c.userId,
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
    });

    adminRoute(app, ctx, tags, ep.delete, async (c) => {
      const [doc] = await library.documents([c.query.id]);
      await library.remove(c.query.id);
      await ctx.admin.audit.record({
        actorUserId: c.userId,
        action: 'library.delete',
        target: `document:${c.query.id}`,
        before: doc ? { title: doc.title, author: doc.author, source: doc.source } : null,
        after: null,
      });
      return ok(true, '已删除');
    });

    adminRoute(app, ctx, tags, ep.stats, async () => ok(await library.stats()));

    // ---- 自建库: a user's private references, compared only with that user's own papers ----
    const my = myLibraryEndpoints;
    const myTags = ['library_api 自建库'];
    userRoute(app, myTags, my.query_list, async (c) =>
      ok(await library.list(c.query, { ownerUserId: c.userId })),
    );
    userRoute(app, myTags, my.stats, async (c) => ok(await library.stats(c.userId)));
    userRoute(app, myTags, my.upload, async (c) => {
      const form = await readDocuments(c.req);
      const have = (await library.stats(c.userId)).documents;
      if (have + form.files.length > PERSONAL_LIBRARY_MAX_DOCS)
        throw badRequest(`自建库最多 ${PERSONAL_LIBRARY_MAX_DOCS} 篇，已有 ${have} 篇`);
      const fields = UploadFields.parse(form.fields);
      // the count above answers early; the cap itself is kept by the insert's transaction (concurrent uploads)
      const { files, ids } = await importFiles(library, form.files, fields, {
        origin: 'personal',
        ownerUserId: c.userId,
        maxOwned: PERSONAL_LIBRARY_MAX_DOCS,
      });
      const added = ids.length;
      const skipped = files.filter((f) => f.status === 'duplicate').length;
      return ok({ added, skipped, ids, files }, `已加入自建库 ${added} 篇`);
    });
    userRoute(app, myTags, my.delete, async (c) => {
      await library.remove(c.query.id, c.userId);
      return ok(true, '已删除');
    });
  });
};
