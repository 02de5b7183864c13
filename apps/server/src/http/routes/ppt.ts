import { pptEndpoints } from '@paperdesk/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../envelope.ts';
import { badRequest } from '../errors.ts';
import { acceptUploads, isMultipart, parseSlot, readForm, uploadLimitOf } from '../upload.ts';
import { downloadRoute, guestRoute, userRoute } from './factory.ts';
import { recordRoutes } from './records.ts';
import type { RouteModule } from './types.ts';

const ep = pptEndpoints;
const tags = ['ai_ppt_info_api AI生成PPT'];

export const pptRoutes: RouteModule = async (root, ctx: AppContext) => {
  await root.register(async (plain) => {
    // multipart only in this scope, for read_source
    const uploadLimit = async () => uploadLimitOf(ctx.config.MAX_UPLOAD_MB);
    await acceptUploads(plain, uploadLimit);
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const slides = ctx.slides;
    // model calls and renders cost money and CPU: bound them per user
    const modelLimit = plain.rateLimit({
      max: 30,
      timeWindow: '1 minute',
      keyGenerator: (req) => `ppt-model:${req.user?.id ?? req.ip}`,
    });

    guestRoute(app, tags, ep.get_template_list, async () => ok(slides.templates()));
    userRoute(app, tags, ep.save_or_update, async (c) =>
      ok(await slides.save(c.userId, c.body), c.body.id ? '已保存' : '已创建'),
    );
    userRoute(
      app,
      tags,
      ep.read_source,
      async ({ req }) => {
        if (!isMultipart(req)) throw badRequest('请上传文件');
        const l = await uploadLimit();
        const form = await readForm(req, { maxFileBytes: l.bytes, maxFileMb: l.mb, maxFiles: 1 });
        const file = form.files[0];
        if (!file) throw badRequest('请上传文件');
        return ok(await slides.readSource(file));
      },
      { preHandler: [modelLimit, parseSlot] },
    );
    userRoute(
      app,
      tags,
      ep.generate_outline,
      async (c) => ok(await slides.generateOutline(c.userId, c.query.id), '大纲已生成'),
      { preHandler: [modelLimit] },
    );
    userRoute(app, tags, ep.get_outline_quota, async (c) => ok(await slides.outlineQuota(c.userId)));

    recordRoutes(app, tags, { list: ep.query_list, load: ep.load_by_id, delete: ep.delete }, slides);

    userRoute(app, tags, ep.submit_by_id, async (c) => {
      const r = await slides.submit(c.userId, c.query.id, { pay: c.query.pay });
      return ok(r.record, r.alreadySubmitted ? '该 PPT 已提交，无需重复提交' : '已提交，正在生成');
    });
    userRoute(
      app,
      tags,
      ep.change_template,
      async (c) => ok(await slides.changeTemplate(c.userId, c.query.id, c.body.templateId), '已切换模板'),
      { preHandler: [modelLimit] },
    );

    downloadRoute(app, tags, ep.download, async (c) => ({
      asciiName: `ppt-${c.query.id}.pptx`,
      file: await slides.download(c.userId, c.query.id),
    }));
  });
};
