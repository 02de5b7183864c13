import { checkEndpoints, CheckInitFields, CheckInitInput, WordCountInput } from '@paperdesk/contracts';
import type { AppContext } from '../../context.ts';
import { ok } from '../envelope.ts';
import { uploadLimitOf } from '../upload.ts';
import { paperRoutes } from './paper.ts';
import { downloadRoute, guestRoute, storedJsonRoute, userRoute } from './factory.ts';
import { recordRoutes } from './records.ts';
import type { RouteModule } from './types.ts';

const ep = checkEndpoints;
const tags = ['check_api 查重'];
export const checkRoutes: RouteModule = async (root, ctx: AppContext) => {
  // Multipart is registered in this module's own scope: no other route accepts uploads by accident.
  await root.register(async (plain) => {
    const checks = ctx.checks;
    const paper = await paperRoutes(plain, {
      tags,
      uploads: ctx.uploads,
      limit: async () => uploadLimitOf((await checks.limits()).maxUploadMb),
      rateKey: 'check-read',
      missing: '请上传论文文件或粘贴论文内容',
      textOf: (body) => WordCountInput.parse(body).text,
    });
    const app = paper.app;

    recordRoutes(app, tags, { list: ep.query_list, load: ep.load_by_id, delete: ep.delete }, checks);

    guestRoute(app, tags, ep.library_size, async () => ok(await checks.librarySize()));

    paper.wordCount(ep.word_count, checks.wordCount);
    paper.init(
      ep.check_init,
      { multipart: CheckInitFields, json: CheckInitInput.omit({ text: true }) },
      (userId, input, source) => checks.init(userId, input, source),
      '已创建检测，请确认并提交',
    );

    userRoute(app, tags, ep.check_cost, async (c) =>
      ok(await checks.cost(c.userId, c.body.id, c.body.edition)),
    );
    userRoute(app, tags, ep.check_submit, async ({ userId, body }) => {
      const r = await checks.submit(userId, body.id, {
        edition: body.edition,
        orderId: body.orderId,
        pay: body.pay,
      });
      return ok(r.record, r.alreadySubmitted ? '该检测已提交，无需重复提交' : '已提交，正在排队检测');
    });
    userRoute(app, tags, ep.check_machine_submit, async ({ userId, query }) => {
      const report = await checks.report(userId, query.id);
      return ok(await ctx.rewriting.fromCheck(userId, query.id, report), '已创建降重记录，请确认并支付');
    });

    userRoute(app, tags, ep.update_title, async (c) =>
      ok(await checks.updateTitle(c.userId, c.query.id, c.body.title), '已修改'),
    );
    downloadRoute(app, tags, ep.download_report, async ({ userId, query }) => ({
      asciiName: `check-report-${query.id}-${query.type}.${query.type === 'html' ? 'html' : 'pdf'}`,
      file: await checks.download(userId, query.id, query.type),
    }));
    storedJsonRoute(app, tags, ep.report_paragraphs, (c) => checks.reportJson(c.userId, c.query.id));
    userRoute(app, tags, ep.check_cancel, async (c) =>
      ok(await checks.cancel(c.userId, c.query.id), '已取消，费用已退回'),
    );
  });
};
