import {
  machineEndpoints,
  type MachineEdition,
  MachineInitFields,
  MachineInitInput,
  MachineRecord,
  MachineWordCount,
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
const BASE = '/api/base/machine_api';
const tags = ['machine_api 降重'];

export const machineRoutes: RouteModule = async (root, ctx: AppContext) => {
  // Multipart only in this module's own scope, as check_api does.
  await root.register(async (plain) => {
    const rewriting = ctx.rewriting;
    const uploadLimit = uploadLimitOf(ctx.config.MAX_UPLOAD_MB);
    const paper = await paperRoutes(plain, {
      base: BASE,
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

    paper.wordCount(
      '统计需降重的字数并报价两个版本（multipart file 或 JSON { text }；上传的文件保存 2 小时并返回 uploadId，新建记录时代替文件；不扣费）',
      MachineWordCount,
      rewriting.wordCount,
    );

    const init = (edition: MachineEdition, summary: string) =>
      paper.init(
        edition === 'cnki' ? 'machine_cnki_init' : 'machine_init',
        summary,
        MachineRecord,
        { multipart: MachineInitFields, json: MachineInitInput.omit({ text: true }) },
        (userId, input, source) => rewriting.init(userId, edition, input.title, source),
        '已创建，请确认并支付',
      );
    init(
      'standard',
      '新建智能降重：粘贴（JSON { title?, text }）或上传 .docx/.pdf/.txt（multipart file、title）；不扣费',
    );
    init('cnki', '新建知网专版降重（AI 模型逐段改写）：同 machine_init；未配置模型时 503，不保存');

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
