import { referenceEndpoints as ep } from '@paperdesk/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../envelope.ts';
import { badRequest } from '../errors.ts';
import { acceptUploads, parseSlot, readForm, uploadLimitOf } from '../upload.ts';
import { userRoute } from './factory.ts';
import type { RouteModule } from './types.ts';

/**
 * reference_api: 参考文献核查 of a list on its own. Free: it stores nothing and charges nothing (the parse runs in
 * the compute pool, verification reads the library), so a signed-in user may check as many lists as they like.
 */
export const referenceRoutes: RouteModule = async (root, ctx) => {
  const tags = ['reference_api'];
  await root.register(async (scope) => {
    // the file of a list or paper is held to the 查重 upload limit
    const limit = async () => uploadLimitOf((await ctx.checks.limits()).maxUploadMb);
    await acceptUploads(scope, limit);
    const app = scope.withTypeProvider<ZodTypeProvider>();
    userRoute(app, tags, ep.check, async ({ userId, body }) =>
      ok(await ctx.checks.references.checkList(userId, body.text, body.standard ?? '2015')),
    );
    userRoute(
      app,
      tags,
      ep.check_file,
      async ({ userId, query, req }) => {
        if (!req.isMultipart()) throw badRequest('请用 multipart/form-data 上传文件');
        const { bytes, mb } = await limit();
        const form = await readForm(req, { maxFileBytes: bytes, maxFileMb: mb, maxFiles: 1 });
        const file = form.files[0];
        if (!file) throw badRequest('请选择要核查的文件');
        return ok(await ctx.checks.references.checkFile(userId, file, query.standard ?? '2015'));
      },
      { preHandler: [parseSlot] },
    );
  });
};
