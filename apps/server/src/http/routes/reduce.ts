import {
  aigcReduceEndpoints,
  paperMachineEndpoints,
  ReduceInitFields,
  ReduceWordCountInput,
} from '@paperdesk/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../envelope.ts';
import { uploadLimitOf } from '../upload.ts';
import { paperRoutes } from './paper.ts';
import { downloadRoute, userRoute } from './factory.ts';
import { recordRoutes } from './records.ts';
import type { RouteModule, ZodApp } from './types.ts';

const ep = paperMachineEndpoints;
const tags = ['paper_machine_api 全文降重 / 降AIGC'];
const aigcTags = ['paper_aigc_api AIGC检测'];
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Paragraph decisions and redos a minute on one record: deciding by hand needs far fewer. */
const PARAGRAPH_MEASURES_PER_RECORD = 12;

export const reduceRoutes: RouteModule = async (root, ctx: AppContext) => {
  const reducing = ctx.reducing;

  await root.register(async (plain) => {
    const paper = await paperRoutes(plain, {
      tags,
      uploads: ctx.uploads,
      // the upload size limit is 查重's (an admin sets one figure for papers)
      limit: async () => uploadLimitOf((await ctx.checks.limits()).maxUploadMb),
      rateKey: 'reduce-read',
      missing: '请上传论文文件或粘贴论文内容',
      textOf: (body) => ReduceWordCountInput.pick({ text: true }).parse(body).text,
      // /papermachine/cnki: a checker's report beside the paper
      companion: { field: 'report', missing: '请同时上传论文原文（报告只标出需要改写的段落）' },
    });
    const app = paper.app;

    recordRoutes(app, tags, { list: ep.query_list, load: ep.load_by_id, delete: ep.delete }, reducing);

    paper.wordCount(ep.word_count, (source, fields) =>
      reducing.wordCount(source, ReduceWordCountInput.pick({ kind: true }).parse(fields).kind),
    );
    paper.init(
      ep.machine_init,
      { multipart: ReduceInitFields, json: ReduceInitFields },
      (userId, input, source, report) =>
        report
          ? reducing.initFromUploadedReport(userId, input, source, report)
          : reducing.init(userId, input, source),
      '已创建，请确认目标与价格后提交',
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
    // each decision and redo may measure a paragraph again (check thread, compute pool): a budget per record of
    // the user's (the key names the caller too, so another user's calls with this id cannot spend the owner's)
    await plain.register(async (scope) => {
      scope.addHook(
        'onRequest',
        scope.rateLimit({
          max: PARAGRAPH_MEASURES_PER_RECORD,
          timeWindow: '1 minute',
          keyGenerator: (req) =>
            `reduce-paragraph:${req.user?.id ?? req.ip}:${String((req.query as { id?: unknown }).id)}`,
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
        await reducing.fromCheck(c.userId, id, report, { ...opts, path: opts.path ?? 'offline' }),
        '已创建降重记录，请确认并支付',
      );
    });
    const fromAigc = (e: typeof ep.check_aigc_machine_submit, t: readonly string[]) =>
      userRoute(app, t, e, async (c) => {
        const { id, ...opts } = c.query;
        const report = await ctx.aigc.report(c.userId, id);
        return ok(
          await reducing.fromAigc(c.userId, id, report, { ...opts, path: opts.path ?? 'offline' }),
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
