import {
  paperInfoEndpoints,
  envelope,
  IdQuery,
  PaperDraftInput,
  PaperSubmitInput,
  QueryPaperContentInput,
  QueryPaperContentResult,
  ThesisSubmitInput,
  WritingOtherInfo,
  WritingRecord,
  WritingSection,
} from '@paperdesk/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { badRequest } from '../errors.ts';
import type { RouteModule } from './types.ts';
import { downloadRoute, userRoute } from './factory.ts';
import { recordRoutes } from './records.ts';

const ep = paperInfoEndpoints;
const BASE = '/api/base/paper_info_api';
const tags = ['paper_info_api AI写作'];

export const paperInfoRoutes: RouteModule = async (app, ctx: AppContext) => {
  const writing = ctx.writing;

  app.post(
    `${BASE}/query_paper_content`,
    {
      schema: {
        tags,
        summary:
          'type=outline：按题目等信息新建记录并由 AI 生成大纲（draft），或为未提交的记录重新生成（id），每天限免费次数；type=section：一个小节及正文；type=paper：已写出的整篇论文树',
        body: QueryPaperContentInput,
        response: { 200: envelope(QueryPaperContentResult) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const body = req.body;
      if (body.type === 'section') return ok(await writing.section(user.id, body.id, body.sectionId));
      if (body.type === 'paper') return ok(await writing.content(user.id, body.id));
      if (body.id !== undefined) return ok(await writing.redraft(user.id, body.id), '已重新生成大纲');
      if (!body.draft) throw badRequest('请填写论文题目等信息');
      return ok(await writing.create(user.id, PaperDraftInput.parse(body.draft)), '大纲已生成，请确认后提交');
    },
  );

  app.post(
    `${BASE}/query_content_list`,
    {
      schema: {
        tags,
        summary: '一条记录的全部章节（按写作顺序，含已写正文）',
        querystring: IdQuery,
        response: { 200: envelope(z.array(WritingSection)) },
      },
    },
    async (req) => ok(await writing.sections(requireUser(req).id, req.query.id)),
  );

  recordRoutes(app, tags, { list: ep.query_list, load: ep.load_by_id, delete: ep.delete }, writing);

  app.post(
    `${BASE}/load_other_by_id`,
    {
      schema: {
        tags,
        summary: '记录的其他信息：学科、语言、要求、毕业论文封面，以及今天的免费大纲次数',
        querystring: IdQuery,
        response: { 200: envelope(WritingOtherInfo) },
      },
    },
    async (req) => ok(await writing.other(requireUser(req).id, req.query.id)),
  );

  userRoute(app, tags, ep.reload, async (c) =>
    ok(await writing.reload(c.userId, c.query.id), '已重新排队写作'),
  );

  const submitted = (r: { record: WritingRecord; alreadySubmitted: boolean }) =>
    ok(r.record, r.alreadySubmitted ? '该论文已提交，无需重复提交' : '已提交，正在排队写作');

  app.post(
    `${BASE}/paper_xueshu_submit`,
    {
      schema: {
        tags,
        summary:
          '提交课程/期刊论文：保存编辑后的大纲并在一个事务里扣费（29.9元/篇或写作套餐）、排队写作；余额不足 402',
        body: PaperSubmitInput,
        response: { 200: envelope(WritingRecord) },
      },
    },
    async (req) => {
      const { id, ...rest } = req.body;
      return submitted(await writing.submit(requireUser(req).id, id, { ...rest, thesis: false }));
    },
  );

  app.post(
    `${BASE}/paper_submit`,
    {
      schema: {
        tags,
        summary:
          '提交毕业论文：封面信息与编辑后的大纲，一个事务里扣费（99元/篇或写作套餐）并排队；余额不足 402',
        body: ThesisSubmitInput,
        response: { 200: envelope(WritingRecord) },
      },
    },
    async (req) => {
      const { id, ...rest } = req.body;
      return submitted(await writing.submit(requireUser(req).id, id, { ...rest, thesis: true }));
    },
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
