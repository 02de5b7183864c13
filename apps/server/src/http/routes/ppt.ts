import {
  pptEndpoints,
  envelope,
  IdQuery,
  PptOutlineQuota,
  PptRecord,
  PptSubmitQuery,
  PptSaveInput,
  PptSourceText,
  PptTemplate,
  PptTemplateInput,
} from '@paperdesk/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { badRequest } from '../errors.ts';
import { acceptUploads, isMultipart, parseSlot, readForm, uploadLimitOf } from '../upload.ts';
import { downloadRoute } from './factory.ts';
import { recordRoutes } from './records.ts';
import type { RouteModule } from './types.ts';

const ep = pptEndpoints;
const BASE = '/api/base/ai_ppt_info_api';
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

    app.post(
      `${BASE}/get_template_list`,
      {
        schema: {
          tags,
          summary: 'PPT 模板列表（含封面预览 SVG），无需登录',
          response: { 200: envelope(z.array(PptTemplate)) },
        },
      },
      async () => ok(slides.templates()),
    );

    app.post(
      `${BASE}/save_or_update`,
      {
        schema: {
          tags,
          summary:
            '新建或修改 PPT 记录（主题、模板、页数 8–30、场景、参考资料、大纲）；不扣费。未配置模型时 503',
          body: PptSaveInput,
          response: { 200: envelope(PptRecord) },
        },
      },
      async (req) => {
        const user = requireUser(req);
        return ok(await slides.save(user.id, req.body), req.body.id ? '已保存' : '已创建');
      },
    );

    app.post(
      `${BASE}/read_source`,
      {
        preHandler: [modelLimit, parseSlot],
        schema: {
          tags,
          summary: '上传 .docx/.pdf/.txt（multipart file），返回其文字作为参考资料；不保存',
          response: { 200: envelope(PptSourceText) },
        },
      },
      async (req) => {
        requireUser(req);
        if (!isMultipart(req)) throw badRequest('请上传文件');
        const l = await uploadLimit();
        const form = await readForm(req, { maxFileBytes: l.bytes, maxFileMb: l.mb, maxFiles: 1 });
        const file = form.files[0];
        if (!file) throw badRequest('请上传文件');
        return ok(await slides.readSource(file));
      },
    );

    app.post(
      `${BASE}/generate_outline`,
      {
        preHandler: [modelLimit],
        schema: {
          tags,
          summary: 'AI 生成大纲（免费，每人每天有次数上限）；结果保存在记录上，可编辑后提交',
          querystring: IdQuery,
          response: { 200: envelope(PptRecord) },
        },
      },
      async (req) => ok(await slides.generateOutline(requireUser(req).id, req.query.id), '大纲已生成'),
    );

    app.post(
      `${BASE}/get_outline_quota`,
      {
        schema: {
          tags,
          summary: '今日已用的免费大纲次数与上限',
          response: { 200: envelope(PptOutlineQuota) },
        },
      },
      async (req) => ok(await slides.outlineQuota(requireUser(req).id)),
    );

    recordRoutes(app, tags, { list: ep.query_list, load: ep.load_by_id, delete: ep.delete }, slides);

    app.post(
      `${BASE}/submit_by_id`,
      {
        schema: {
          tags,
          summary:
            '生成 PPT：在一个事务里扣费（PPT 套餐份数 → 余额）并排队；重复提交不重复扣费；余额不足 402',
          querystring: PptSubmitQuery,
          response: { 200: envelope(PptRecord) },
        },
      },
      async (req) => {
        const r = await slides.submit(requireUser(req).id, req.query.id, { pay: req.query.pay });
        return ok(r.record, r.alreadySubmitted ? '该 PPT 已提交，无需重复提交' : '已提交，正在生成');
      },
    );

    app.post(
      `${BASE}/change_template`,
      {
        preHandler: [modelLimit],
        schema: {
          tags,
          summary: '切换模板：已生成的 PPT 按新模板重新排版，不调用模型、不扣费',
          querystring: IdQuery,
          body: PptTemplateInput,
          response: { 200: envelope(PptRecord) },
        },
      },
      async (req) =>
        ok(await slides.changeTemplate(requireUser(req).id, req.query.id, req.body.templateId), '已切换模板'),
    );

    downloadRoute(app, tags, ep.download, async (c) => ({
      asciiName: `ppt-${c.query.id}.pptx`,
      file: await slides.download(c.userId, c.query.id),
    }));
  });
};
