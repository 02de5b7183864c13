import { writingSourceEndpoints as ep } from '@paperdesk/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../envelope.ts';
import { badRequest } from '../errors.ts';
import { acceptUploads, parseSlot, readForm, uploadLimitOf } from '../upload.ts';
import { userRoute } from './factory.ts';
import type { RouteModule } from './types.ts';

/**
 * writing_source_api: a paper's own sources on the 论文写作 page. read_file parses one file in the compute pool
 * and stores nothing; save attaches the picked 自建库 documents and read files to the user's unsubmitted record.
 */
export const writingSourceRoutes: RouteModule = async (root, ctx) => {
  const tags = ['writing_source_api 写作来源'];
  await root.register(async (scope) => {
    // a source file is held to the 查重 upload limit, as 参考文献核查's files are
    const limit = async () => uploadLimitOf((await ctx.checks.limits()).maxUploadMb);
    await acceptUploads(scope, limit);
    const app = scope.withTypeProvider<ZodTypeProvider>();
    userRoute(
      app,
      tags,
      ep.read_file,
      async ({ req }) => {
        if (!req.isMultipart()) throw badRequest('请用 multipart/form-data 上传文件');
        const { bytes, mb } = await limit();
        const form = await readForm(req, { maxFileBytes: bytes, maxFileMb: mb, maxFiles: 1 });
        const file = form.files[0];
        if (!file) throw badRequest('请选择来源文件');
        const read = await ctx.writing.sources.readFile(file);
        return ok(read, `已读取 ${read.records.length} 条文献`);
      },
      { preHandler: [parseSlot] },
    );
    // the read files' records come back in the body: up to 600 records (WRITING_SOURCE_LIMITS)
    userRoute(
      app,
      tags,
      ep.save,
      async ({ userId, body }) => ok(await ctx.writing.sources.save(userId, body), '来源已保存'),
      { bodyLimit: 4 * 1024 * 1024 },
    );
    userRoute(app, tags, ep.query_list, async ({ userId, query }) =>
      ok(await ctx.writing.sources.list(userId, query.id)),
    );
  });
};
