import { PaperDraftInput, paperInfoEndpoints, type WritingRecord } from '@paperdesk/contracts';
import type { AppContext } from '../../context.ts';
import { ok } from '../envelope.ts';
import { badRequest } from '../errors.ts';
import type { RouteModule } from './types.ts';
import { downloadRoute, userRoute } from './factory.ts';
import { recordRoutes } from './records.ts';

const ep = paperInfoEndpoints;
const tags = ['paper_info_api AI写作'];

export const paperInfoRoutes: RouteModule = async (app, ctx: AppContext) => {
  const writing = ctx.writing;

  userRoute(app, tags, ep.query_paper_content, async ({ userId, body }) => {
    if (body.type === 'section') return ok(await writing.section(userId, body.id, body.sectionId));
    if (body.type === 'paper') return ok(await writing.content(userId, body.id));
    if (body.id !== undefined) return ok(await writing.redraft(userId, body.id), '已重新生成大纲');
    if (!body.draft) throw badRequest('请填写论文题目等信息');
    return ok(await writing.create(userId, PaperDraftInput.parse(body.draft)), '大纲已生成，请确认后提交');
  });
  userRoute(app, tags, ep.query_content_list, async (c) => ok(await writing.sections(c.userId, c.query.id)));

  recordRoutes(app, tags, { list: ep.query_list, load: ep.load_by_id, delete: ep.delete }, writing);

  userRoute(app, tags, ep.load_other_by_id, async (c) => ok(await writing.other(c.userId, c.query.id)));
  userRoute(app, tags, ep.reload, async (c) =>
    ok(await writing.reload(c.userId, c.query.id), '已重新排队写作'),
  );

  const submitted = (r: { record: WritingRecord; alreadySubmitted: boolean }) =>
    ok(r.record, r.alreadySubmitted ? '该论文已提交，无需重复提交' : '已提交，正在排队写作');
  userRoute(app, tags, ep.paper_xueshu_submit, async ({ userId, body: { id, ...rest } }) =>
    submitted(await writing.submit(userId, id, { ...rest, thesis: false })),
  );
  userRoute(app, tags, ep.paper_submit, async ({ userId, body: { id, ...rest } }) =>
    submitted(await writing.submit(userId, id, { ...rest, thesis: true })),
  );

  downloadRoute(
    app,
    tags,
    ep.download,
    async (c) => ({
      asciiName: `paper-${c.query.id}.docx`,
      file: await writing.download(c.userId, c.query.id),
    }),
    { alsoPost: true },
  );
};
