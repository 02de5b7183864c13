import {
  envelope,
  IdQuery,
  PageQuery,
  PaperDraftInput,
  PaperSubmitInput,
  page,
  QueryPaperContentInput,
  QueryPaperContentResult,
  ThesisSubmitInput,
  WritingListFilter,
  WritingOtherInfo,
  WritingRecord,
  WritingSection,
} from '@paperdesk/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../auth.ts';
import { sendDownload } from '../download.ts';
import { ok } from '../envelope.ts';
import { badRequest } from '../errors.ts';
import type { RouteModule } from './index.ts';

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

  app.post(
    `${BASE}/query_list`,
    {
      schema: {
        tags,
        summary: '我的写作记录（分页在 query，筛选在 body：status、title 关键字）',
        querystring: PageQuery,
        body: WritingListFilter,
        response: { 200: envelope(page(WritingRecord)) },
      },
    },
    async (req) => ok(await writing.list(requireUser(req).id, req.query, req.body ?? {})),
  );

  app.post(
    `${BASE}/load_by_id`,
    {
      schema: {
        tags,
        summary: '一条写作记录：状态、进度、价格与大纲',
        querystring: IdQuery,
        response: { 200: envelope(WritingRecord) },
      },
    },
    async (req) => ok(await writing.load(requireUser(req).id, req.query.id)),
  );

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

  app.post(
    `${BASE}/delete`,
    {
      schema: {
        tags,
        summary: '删除自己的写作记录（写作中的不能删除）',
        querystring: IdQuery,
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (req) => {
      await writing.remove(requireUser(req).id, req.query.id);
      return ok(true, '已删除');
    },
  );

  app.post(
    `${BASE}/reload`,
    {
      schema: {
        tags,
        summary:
          '失败的记录重新写作：从第一个未写的小节继续，重新扣费一次（失败时已退款）；进行中的只重新排队',
        querystring: IdQuery,
        response: { 200: envelope(WritingRecord) },
      },
    },
    async (req) => ok(await writing.reload(requireUser(req).id, req.query.id), '已重新排队写作'),
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

  app.get(
    `${BASE}/download`,
    {
      schema: {
        tags,
        summary: '下载写好的论文（.docx，毕业论文含封面、中英文摘要与目录）',
        querystring: IdQuery,
      },
    },
    async (req, reply) => {
      const file = await writing.download(requireUser(req).id, req.query.id);
      return sendDownload(reply, `paper-${req.query.id}.docx`, file);
    },
  );
};
