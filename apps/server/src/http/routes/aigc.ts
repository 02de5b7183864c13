import { aigcEndpoints, AigcInitFields, AigcInitInput, AigcWordCountInput } from '@paperdesk/contracts';
import type { AppContext } from '../../context.ts';
import { ok } from '../envelope.ts';
import { uploadLimitOf } from '../upload.ts';
import { paperRoutes } from './paper.ts';
import { downloadRoute, storedJsonRoute, userRoute } from './factory.ts';
import { recordRoutes } from './records.ts';
import type { RouteModule } from './types.ts';

const ep = aigcEndpoints;
const tags = ['paper_aigc_api AIGC检测'];

export const aigcRoutes: RouteModule = async (root, ctx: AppContext) => {
  // Multipart lives in this module's own scope: no other route accepts uploads by accident.
  await root.register(async (plain) => {
    const aigc = ctx.aigc;
    const paper = await paperRoutes(plain, {
      tags,
      uploads: ctx.uploads,
      limit: async () => uploadLimitOf((await aigc.limits()).maxUploadMb),
      rateKey: 'aigc-read',
      missing: '请上传论文文件或粘贴论文内容',
      textOf: (body) => AigcWordCountInput.parse(body).text,
    });
    const app = paper.app;

    recordRoutes(app, tags, { list: ep.query_list, load: ep.load_by_id, delete: ep.delete }, aigc);

    paper.wordCount(ep.word_count, aigc.wordCount);
    paper.init(
      ep.machine_init,
      { multipart: AigcInitFields, json: AigcInitInput.omit({ text: true }) },
      (userId, input, source) => aigc.init(userId, input, source),
      '已创建检测，请确认并提交',
    );

    userRoute(app, tags, ep.submit_check, async ({ userId, query }) => {
      const r = await aigc.submit(userId, query.id, { orderId: query.orderId, pay: query.pay });
      return ok(r.record, r.alreadySubmitted ? '该检测已提交，无需重复提交' : '已提交，正在排队检测');
    });

    userRoute(app, tags, ep.check_order_id, async (c) => {
      const r = await aigc.confirmOrder(c.userId, c.query.id, c.query.orderId);
      return ok(r, r.paid ? '支付成功，已提交检测' : '订单尚未支付');
    });
    userRoute(app, tags, ep.reload, async (c) =>
      ok(await aigc.reload(c.userId, c.query.id), '已重新提交检测'),
    );
    storedJsonRoute(app, tags, ep.load_content_by_id, (c) => aigc.reportJson(c.userId, c.query.id));
    downloadRoute(
      app,
      tags,
      ep.download_report,
      async (c) => ({
        asciiName: `aigc-report-${c.query.id}.pdf`,
        file: await aigc.download(c.userId, c.query.id),
      }),
      { alsoPost: true },
    );
    // 降AIGC calls of this group (machine_submit, aigc_machine_submit, query_content_list): routes/reduce.ts
  });
};
