import {
  aigcReduceEndpoints,
  envelope,
  paperMachineEndpoints,
  ReduceInitFields,
  ReduceInitInput,
  ReduceRecord,
  ReduceWordCount,
  ReduceWordCountInput,
} from '@paperdesk/contracts';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { DocumentSource, UploadedFile } from '../../services/records/source.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { badRequest } from '../errors.ts';
import {
  acceptUploads,
  isMultipart,
  parseSlot,
  readForm,
  TEXT_BODY_LIMIT,
  uploadLimitOf,
} from '../upload.ts';
import { downloadRoute, recordRoutes, userRoute } from './records.ts';
import type { RouteModule, ZodApp } from './types.ts';

const ep = paperMachineEndpoints;
const BASE = '/api/base/paper_machine_api';
const tags = ['paper_machine_api 全文降重 / 降AIGC'];
const aigcTags = ['paper_aigc_api AIGC检测'];
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MISSING = '请上传论文文件或粘贴论文内容';

/** What machine_init / word_count read: the fields, the paper (file or text) and, for /papermachine/cnki, a report. */
interface InitForm {
  fields: Record<string, unknown>;
  paper: DocumentSource;
  report: UploadedFile | null;
}

export const reduceRoutes: RouteModule = async (root, ctx: AppContext) => {
  const reducing = ctx.reducing;
  // the upload size limit is 查重's (an admin sets one figure for papers)
  const limit = async () => uploadLimitOf((await ctx.checks.limits()).maxUploadMb);

  await root.register(async (plain) => {
    await acceptUploads(plain, limit);
    const readLimit = plain.rateLimit({
      max: 60,
      timeWindow: '1 minute',
      keyGenerator: (req) => `reduce-read:${req.user?.id ?? req.ip}`,
    });
    const app = plain.withTypeProvider<ZodTypeProvider>();

    async function formOf(
      req: FastifyRequest,
      textOf: (b: Record<string, unknown>) => string,
    ): Promise<InitForm> {
      if (!isMultipart(req)) {
        const body = (req.body ?? {}) as Record<string, unknown>;
        return { fields: body, paper: { text: textOf(body) }, report: null };
      }
      const l = await limit();
      const form = await readForm(req, { maxFileBytes: l.bytes, maxFileMb: l.mb, maxFiles: 2 });
      const report = form.files.find((f) => f.field === 'report') ?? null;
      const file = form.files.find((f) => f.field !== 'report');
      if (file) return { fields: form.fields, paper: { file }, report };
      if (form.fields.text?.trim()) return { fields: form.fields, paper: { text: form.fields.text }, report };
      throw badRequest(report ? '请同时上传论文原文（报告只标出需要改写的段落）' : MISSING);
    }

    recordRoutes(app, tags, { list: ep.query_list, load: ep.load_by_id, delete: ep.delete }, reducing);

    app.post(
      `${BASE}/word_count`,
      {
        bodyLimit: TEXT_BODY_LIMIT,
        preHandler: [readLimit, parseSlot],
        schema: { tags, summary: ep.word_count.summary, response: { 200: envelope(ReduceWordCount) } },
      },
      async (req) => {
        const form = await formOf(req, (b) => ReduceWordCountInput.parse(b).text);
        const kind = ReduceWordCountInput.pick({ kind: true }).parse(form.fields).kind;
        return ok(await reducing.wordCount(form.paper, kind));
      },
    );

    app.post(
      `${BASE}/machine_init`,
      {
        bodyLimit: TEXT_BODY_LIMIT,
        preHandler: [readLimit, parseSlot],
        schema: { tags, summary: ep.machine_init.summary, response: { 200: envelope(ReduceRecord) } },
      },
      async (req) => {
        const user = requireUser(req);
        const form = await formOf(req, (b) => ReduceInitInput.parse(b).text);
        const input = ReduceInitFields.parse(form.fields);
        const record = form.report
          ? await reducing.initFromUploadedReport(user.id, input, form.paper, form.report)
          : await reducing.init(user.id, input, form.paper);
        return ok(record, '已创建，请确认目标与价格后提交');
      },
    );

    userRoute(app, tags, ep.machine_submit, async (c) => {
      const { id, ...opts } = c.query;
      const r = await reducing.submit(c.userId, id, opts);
      return ok(r.record, r.alreadySubmitted ? '该记录已提交，无需重复提交' : '已提交，正在排队改写');
    });
    userRoute(app, tags, ep.reload, async (c) =>
      ok(await reducing.reload(c.userId, c.query.id, c.query.path), '已重新提交'),
    );
    userRoute(app, tags, ep.load_content_by_id, async (c) =>
      ok(await reducing.content(c.userId, c.query.id)),
    );
    registerContentList(app, tags, ep.query_content_list, ctx);
    // each decision and redo measures text again (check thread, compute pool): a per-user budget in their own scope
    await plain.register(async (scope) => {
      scope.addHook(
        'onRequest',
        scope.rateLimit({
          max: 30,
          timeWindow: '1 minute',
          keyGenerator: (req) => `reduce-paragraph:${req.user?.id ?? req.ip}`,
        }),
      );
      const measured = scope.withTypeProvider<ZodTypeProvider>();
      userRoute(measured, tags, ep.update_paragraph, async (c) =>
        ok(await reducing.decide(c.userId, c.query.id, c.body), '已保存'),
      );
      userRoute(measured, tags, ep.redo_paragraph, async (c) =>
        ok(await reducing.redo(c.userId, c.query.id, c.body), '已重做'),
      );
    });
    downloadRoute(
      app,
      tags,
      ep.download,
      async (c) => ({
        asciiName: `reduce-${c.query.id}.docx`,
        file: {
          ...(await reducing.download(c.userId, c.query.id, { track: c.query.track })),
          contentType: DOCX,
        },
      }),
      { alsoPost: true },
    );
    userRoute(app, tags, ep.submit_check, async (c) => {
      const check = await reducing.submitCheck(c.userId, c.query.id, (title, text) =>
        ctx.checks.init(
          c.userId,
          { title, author: '', edition: 'professional', addToLibrary: false },
          { text },
        ),
      );
      return ok(check, '已创建复查记录，请确认后提交检测');
    });

    userRoute(app, tags, ep.check_machine_submit, async (c) => {
      const { id, ...opts } = c.query;
      const report = await ctx.checks.report(c.userId, id);
      return ok(
        await reducing.fromCheck(c.userId, id, report, { path: opts.path ?? 'offline', ...opts }),
        '已创建降重记录，请确认并支付',
      );
    });
    const fromAigc = (e: typeof ep.check_aigc_machine_submit, t: readonly string[]) =>
      userRoute(app, t, e, async (c) => {
        const { id, ...opts } = c.query;
        const report = await ctx.aigc.report(c.userId, id);
        return ok(
          await reducing.fromAigc(c.userId, id, report, { path: opts.path ?? 'offline', ...opts }),
          '已创建降AIGC 记录，请确认并支付',
        );
      });
    fromAigc(ep.check_aigc_machine_submit, tags);

    // paper_aigc_api's 降AIGC calls: the same service from the AIGC pages
    const aep = aigcReduceEndpoints;
    userRoute(app, aigcTags, aep.machine_submit, async (c) => {
      const { id, ...opts } = c.query;
      const r = await reducing.submit(c.userId, id, opts);
      return ok(r.record, r.alreadySubmitted ? '该记录已提交，无需重复提交' : '已提交，正在排队改写');
    });
    fromAigc(aep.aigc_machine_submit, aigcTags);
    registerContentList(app, aigcTags, aep.query_content_list, ctx);
  });
};

function registerContentList(
  app: ZodApp,
  t: readonly string[],
  e: typeof paperMachineEndpoints.query_content_list,
  ctx: AppContext,
) {
  userRoute(app, t, e, async (c) => {
    const { id, ...paging } = c.query;
    return ok(await ctx.reducing.contentPage(c.userId, id, paging, c.body?.only ?? 'all'));
  });
}
