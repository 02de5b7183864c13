import {
  CheckCost,
  checkEndpoints,
  CheckCostInput,
  CheckInitFields,
  CheckInitInput,
  CheckRecord,
  CheckSubmitInput,
  envelope,
  IdQuery,
  LibrarySize,
  MachineRecord,
  WordCountInput,
  WordCountResult,
} from '@paperdesk/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { isMultipart, paperUploads, parseSlot, TEXT_BODY_LIMIT, uploadLimitOf } from '../upload.ts';
import { downloadRoute, recordRoutes, userRoute } from './records.ts';
import type { RouteModule } from './types.ts';

const ep = checkEndpoints;
const BASE = '/api/base/check_api';
const tags = ['check_api 查重'];
export const checkRoutes: RouteModule = async (root, ctx: AppContext) => {
  // Multipart is registered in this module's own scope: no other route accepts uploads by accident.
  await root.register(async (plain) => {
    const checks = ctx.checks;
    const { readLimit, sourceOf } = await paperUploads(plain, {
      limit: async () => uploadLimitOf((await checks.limits()).maxUploadMb),
      rateKey: 'check-read',
      missing: '请上传论文文件或粘贴论文内容',
      textOf: (body) => WordCountInput.parse(body).text,
    });
    const app = plain.withTypeProvider<ZodTypeProvider>();

    recordRoutes(app, tags, { list: ep.query_list, load: ep.load_by_id, delete: ep.delete }, checks);

    app.post(
      `${BASE}/f/library_size`,
      {
        schema: {
          tags,
          summary: '比对库名称与规模（公开：查重页显示「比对库：N 篇 / M 字」）',
          response: { 200: envelope(LibrarySize) },
        },
      },
      async () => ok(await checks.librarySize()),
    );

    app.post(
      `${BASE}/word_count`,
      {
        bodyLimit: TEXT_BODY_LIMIT,
        preHandler: [readLimit, parseSlot],
        schema: {
          tags,
          summary: '统计字数并报价（上传 multipart file 或 JSON { text }；不保存、不扣费）',
          response: { 200: envelope(WordCountResult) },
        },
      },
      async (req) => {
        const { source } = await sourceOf(req);
        return ok(await checks.wordCount(source));
      },
    );

    app.post(
      `${BASE}/check_init`,
      {
        bodyLimit: TEXT_BODY_LIMIT,
        preHandler: [readLimit, parseSlot],
        schema: {
          tags,
          summary:
            '新建检测：上传 .docx/.pdf/.txt（multipart：file、title、author、edition、addToLibrary）或 JSON 粘贴全文；不扣费',
          response: { 200: envelope(CheckRecord) },
        },
      },
      async (req) => {
        const user = requireUser(req);
        const { fields, source } = await sourceOf(req);
        const input = isMultipart(req)
          ? CheckInitFields.parse(fields)
          : CheckInitInput.omit({ text: true }).parse(fields);
        return ok(await checks.init(user.id, input, source), '已创建检测，请确认并提交');
      },
    );

    app.post(
      `${BASE}/check_cost`,
      {
        schema: {
          tags,
          summary: '报价：记录按所选版本的价格、是否适用每日免费专业版检测、余额与套餐次数',
          body: CheckCostInput,
          response: { 200: envelope(CheckCost) },
        },
      },
      async (req) => {
        const user = requireUser(req);
        return ok(await checks.cost(user.id, req.body.id, req.body.edition));
      },
    );

    app.post(
      `${BASE}/check_submit`,
      {
        schema: {
          tags,
          summary:
            '提交检测：在一个事务里扣费（免费检测 → 套餐次数 → 余额）并排队；重复提交不重复扣费；余额不足 402',
          body: CheckSubmitInput,
          response: { 200: envelope(CheckRecord) },
        },
      },
      async (req) => {
        const user = requireUser(req);
        const r = await checks.submit(user.id, req.body.id, {
          edition: req.body.edition,
          orderId: req.body.orderId,
        });
        return ok(r.record, r.alreadySubmitted ? '该检测已提交，无需重复提交' : '已提交，正在排队检测');
      },
    );

    app.post(
      `${BASE}/check_machine_submit`,
      {
        schema: {
          tags,
          summary:
            '把检测过的论文交给降重：新建一条智能降重记录（只改写报告标红、标黄的段落，其余保持原文），返回降重记录；不扣费',
          querystring: IdQuery,
          response: { 200: envelope(MachineRecord) },
        },
      },
      async (req) => {
        const user = requireUser(req);
        const report = await checks.report(user.id, req.query.id);
        return ok(
          await ctx.rewriting.fromCheck(user.id, req.query.id, report),
          '已创建降重记录，请确认并支付',
        );
      },
    );

    userRoute(app, tags, ep.update_title, async (c) =>
      ok(await checks.updateTitle(c.userId, c.query.id, c.body.title), '已修改'),
    );
    downloadRoute(app, tags, ep.download_report, async ({ userId, query }) => ({
      asciiName: `check-report-${query.id}-${query.type}.${query.type === 'html' ? 'html' : 'pdf'}`,
      file: await checks.download(userId, query.id, query.type),
    }));
    userRoute(app, tags, ep.report_paragraphs, async (c) => ok(await checks.report(c.userId, c.query.id)));
  });
};
