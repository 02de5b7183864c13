import {
  AigcInitFields,
  AigcInitInput,
  AigcListFilter,
  AigcOrderQuery,
  AigcRecord,
  AigcReport,
  AigcSubmitQuery,
  AigcWordCountInput,
  AigcWordCountResult,
  envelope,
  IdQuery,
  PageQuery,
  page,
} from '@paperdesk/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../auth.ts';
import { sendDownload } from '../download.ts';
import { ok } from '../envelope.ts';
import { AppError } from '../errors.ts';
import { isMultipart, paperUploads, parseSlot, TEXT_BODY_LIMIT, uploadLimitOf } from '../upload.ts';
import type { RouteModule } from './index.ts';

const BASE = '/api/base/paper_aigc_api';
const tags = ['paper_aigc_api AIGC检测'];
const REWRITE_SOON = '降AIGC服务即将上线，敬请期待；AIGC 检测报告可先下载保存';

export const aigcRoutes: RouteModule = async (root, ctx: AppContext) => {
  // Multipart lives in this module's own scope: no other route accepts uploads by accident.
  await root.register(async (plain) => {
    const aigc = ctx.aigc;
    const { readLimit, sourceOf } = await paperUploads(plain, {
      limit: async () => uploadLimitOf((await aigc.limits()).maxUploadMb),
      rateKey: 'aigc-read',
      missing: '请上传论文文件或粘贴论文内容',
      textOf: (body) => AigcWordCountInput.parse(body).text,
    });
    const app = plain.withTypeProvider<ZodTypeProvider>();

    app.post(
      `${BASE}/query_list`,
      {
        schema: {
          tags,
          summary: '我的 AIGC 检测记录（分页在 query，筛选在 body：status、title 关键字）',
          querystring: PageQuery,
          body: AigcListFilter,
          response: { 200: envelope(page(AigcRecord)) },
        },
      },
      async (req) => ok(await aigc.list(requireUser(req).id, req.query, req.body ?? {})),
    );

    app.post(
      `${BASE}/word_count`,
      {
        bodyLimit: TEXT_BODY_LIMIT,
        preHandler: [readLimit, parseSlot],
        schema: {
          tags,
          summary: '统计字数并报价（上传 multipart file 或 JSON { text }；不保存、不扣费）',
          response: { 200: envelope(AigcWordCountResult) },
        },
      },
      async (req) => ok(await aigc.wordCount((await sourceOf(req)).source)),
    );

    app.post(
      `${BASE}/machine_init`,
      {
        bodyLimit: TEXT_BODY_LIMIT,
        preHandler: [readLimit, parseSlot],
        schema: {
          tags,
          summary:
            '新建 AIGC 检测：上传 .docx/.pdf/.txt（multipart：file、title、author）或 JSON 粘贴全文；不扣费',
          response: { 200: envelope(AigcRecord) },
        },
      },
      async (req) => {
        const user = requireUser(req);
        const { fields, source } = await sourceOf(req);
        const input = isMultipart(req)
          ? AigcInitFields.parse(fields)
          : AigcInitInput.omit({ text: true }).parse(fields);
        return ok(await aigc.init(user.id, input, source), '已创建检测，请确认并提交');
      },
    );

    app.post(
      `${BASE}/submit_check`,
      {
        schema: {
          tags,
          summary:
            '提交检测：在一个事务里扣费（套餐次数 → 余额，或 orderId 指定的单独支付订单）并排队；重复提交不重复扣费；余额不足 402',
          querystring: AigcSubmitQuery,
          response: { 200: envelope(AigcRecord) },
        },
      },
      async (req) => {
        const r = await aigc.submit(requireUser(req).id, req.query.id, { orderId: req.query.orderId });
        return ok(r.record, r.alreadySubmitted ? '该检测已提交，无需重复提交' : '已提交，正在排队检测');
      },
    );

    app.post(
      `${BASE}/check_order_id`,
      {
        schema: {
          tags,
          summary: '扫码支付后确认：订单已支付则提交本记录（只扣一次）；未支付时 paid=false',
          querystring: AigcOrderQuery,
          response: { 200: envelope(z.object({ paid: z.boolean(), record: AigcRecord })) },
        },
      },
      async (req) => {
        const r = await aigc.confirmOrder(requireUser(req).id, req.query.id, req.query.orderId);
        return ok(r, r.paid ? '支付成功，已提交检测' : '订单尚未支付');
      },
    );

    app.post(
      `${BASE}/reload`,
      {
        schema: {
          tags,
          summary: '重新检测：失败（已退款）的记录重新扣费后再跑一次；排队中丢失的任务重新排队，不再扣费',
          querystring: IdQuery,
          response: { 200: envelope(AigcRecord) },
        },
      },
      async (req) => ok(await aigc.reload(requireUser(req).id, req.query.id), '已重新提交检测'),
    );

    app.post(
      `${BASE}/delete`,
      {
        schema: {
          tags,
          summary: '删除自己的 AIGC 检测记录',
          querystring: IdQuery,
          response: { 200: envelope(z.boolean()) },
        },
      },
      async (req) => {
        await aigc.remove(requireUser(req).id, req.query.id);
        return ok(true, '已删除');
      },
    );

    app.post(
      `${BASE}/load_by_id`,
      {
        schema: {
          tags,
          summary: '一条 AIGC 检测记录：状态、进度与核心指标',
          querystring: IdQuery,
          response: { 200: envelope(AigcRecord) },
        },
      },
      async (req) => ok(await aigc.load(requireUser(req).id, req.query.id)),
    );

    app.post(
      `${BASE}/load_content_by_id`,
      {
        schema: {
          tags,
          summary: 'AIGC 检测报告：总体疑似度、各章节与段落的疑似程度、标出的疑似句子',
          querystring: IdQuery,
          response: { 200: envelope(AigcReport) },
        },
      },
      async (req) => ok(await aigc.report(requireUser(req).id, req.query.id)),
    );

    app.get(
      `${BASE}/download_report`,
      {
        schema: { tags, summary: '下载 AIGC 检测报告 PDF（按需生成）', querystring: IdQuery },
      },
      async (req, reply) => {
        const file = await aigc.download(requireUser(req).id, req.query.id);
        return sendDownload(reply, `aigc-report-${req.query.id}.pdf`, file);
      },
    );

    // 降AIGC (rewriting) calls of this group: answered honestly until that service exists; nothing stored.
    for (const name of ['machine_submit', 'aigc_machine_submit', 'query_content_list']) {
      app.post(
        `${BASE}/${name}`,
        { schema: { tags, summary: '降AIGC（改写）接口：服务上线前返回 503，不保存、不扣费' } },
        async (req) => {
          requireUser(req);
          throw new AppError(503, REWRITE_SOON);
        },
      );
    }
  });
};
