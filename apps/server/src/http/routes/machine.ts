import {
  machineEndpoints,
  type MachineEdition,
  MachineInitFields,
  MachineInitInput,
  MachineWordCountInput,
} from '@paperdesk/contracts';
import type { AppContext } from '../../context.ts';
import { ok } from '../envelope.ts';
import { uploadLimitOf } from '../upload.ts';
import { paperRoutes } from './paper.ts';
import { downloadRoute, userRoute } from './factory.ts';
import { recordRoutes } from './records.ts';
import type { RouteModule } from './types.ts';

const ep = machineEndpoints;
const tags = ['machine_api 降重'];

export const machineRoutes: RouteModule = async (root, ctx: AppContext) => {
  // Multipart only in this module's own scope, as check_api does.
  await root.register(async (plain) => {
    const rewriting = ctx.rewriting;
    const uploadLimit = uploadLimitOf(ctx.config.MAX_UPLOAD_MB);
    const paper = await paperRoutes(plain, {
      tags,
      uploads: ctx.uploads,
      limit: async () => uploadLimit,
      rateKey: 'machine-read',
      missing: '请上传文件或粘贴需要降重的内容',
      textOf: (body) => MachineWordCountInput.parse(body).text,
    });
    const app = paper.app;

    recordRoutes(
      app,
      tags,
      { list: ep.query_list, load: ep.load_by_id, delete: ep.delete },
      { list: rewriting.list, load: rewriting.detail, remove: rewriting.remove },
    );

    paper.wordCount(ep.word_count, rewriting.wordCount);
    for (const edition of ['standard', 'cnki'] as const)
      paper.init(
        edition === 'cnki' ? ep.machine_cnki_init : ep.machine_init,
        { multipart: MachineInitFields, json: MachineInitInput.omit({ text: true }) },
        (userId, input, source) => rewriting.init(userId, edition, input.title, source),
        '已创建，请确认并支付',
      );

    const submit = (edition: MachineEdition) =>
      userRoute(app, tags, edition === 'cnki' ? ep.machine_cnki_submit : ep.machine_submit, async (c) => {
        const r = await rewriting.submit(c.userId, c.body.id, {
          edition,
          orderId: c.body.orderId,
          pay: c.body.pay,
        });
        return ok(r.record, r.alreadySubmitted ? '该降重已提交，无需重复提交' : '已提交，正在排队降重');
      });
    submit('standard');
    submit('cnki');

    userRoute(app, tags, ep.check_order_id, async (c) =>
      ok(await rewriting.orderStatus(c.userId, c.query.id, c.query.orderId)),
    );
    downloadRoute(app, tags, ep.download_report, async (c) => ({
      asciiName: `rewrite-${c.query.id}.docx`,
      file: {
        ...(await rewriting.download(c.userId, c.query.id)),
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
    }));
  });
};
