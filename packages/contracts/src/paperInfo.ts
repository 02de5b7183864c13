import { z } from 'zod';
import { payField } from './pay.ts';

/**
 * `paper_info_api` (AI 论文写作): the model drafts an outline (free, a few a day), the user edits it
 * and submits (课程/期刊论文 29.9元/篇, 毕业论文 99元/篇), then a job writes the abstract, every leaf
 * section in order and a reference list. Money is integer fen.
 */

export const PaperType = z
  .enum(['course', 'journal', 'thesis'])
  .describe('course 课程论文 / journal 期刊论文 / thesis 毕业论文');
export type PaperType = z.infer<typeof PaperType>;

export const PaperLanguage = z.enum(['zh', 'en']).describe('zh 中文 / en 英文');
export type PaperLanguage = z.infer<typeof PaperLanguage>;

export const WritingStatus = z
  .enum(['created', 'queued', 'running', 'done', 'failed'])
  .describe('created 大纲待确认 / queued 排队中 / running 写作中 / done 已完成 / failed 失败（已退款）');
export type WritingStatus = z.infer<typeof WritingStatus>;

export const WRITING_LIMITS = {
  minWords: 1000,
  maxWords: 30_000,
  maxChapters: 12,
  maxChildren: 10,
  /** chapter → section → subsection */
  maxDepth: 3,
  maxLeaves: 60,
} as const;

/** One node of the outline: a chapter or section with a one-line brief of what it covers. */
export interface OutlineNode {
  title: string;
  brief: string;
  children?: OutlineNode[] | undefined;
}

export const OutlineNode: z.ZodType<OutlineNode> = z.lazy(() =>
  z.object({
    title: z.string().trim().min(1, '章节标题不能为空').max(60, '章节标题最多 60 字'),
    brief: z.string().trim().max(300, '章节要点最多 300 字').default(''),
    children: z.array(OutlineNode).max(WRITING_LIMITS.maxChildren, '每章最多 10 个小节').optional(),
  }),
) as z.ZodType<OutlineNode>;

const depthOf = (nodes: OutlineNode[]): number =>
  nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((n) => depthOf(n.children ?? [])));
export const leafCount = (nodes: OutlineNode[]): number =>
  nodes.reduce((n, c) => n + (c.children?.length ? leafCount(c.children) : 1), 0);

export const Outline = z
  .array(OutlineNode)
  .min(1, '大纲至少需要一个章节')
  .max(WRITING_LIMITS.maxChapters, `大纲最多 ${WRITING_LIMITS.maxChapters} 章`)
  .refine((o) => depthOf(o) <= WRITING_LIMITS.maxDepth, '大纲最多三级（章、节、小节）')
  .refine(
    (o) => leafCount(o) <= WRITING_LIMITS.maxLeaves,
    `需要撰写的小节最多 ${WRITING_LIMITS.maxLeaves} 个`,
  )
  .describe('章节树：章 → 节 → 小节；没有子节点的节点由 AI 撰写正文');

const field = (label: string, max: number) =>
  z.string().trim().max(max, `${label}最多 ${max} 字`).default('').describe(label);

export const ThesisCover = z.object({
  school: field('学校', 50),
  college: field('学院', 50),
  major: field('专业', 50),
  className: field('班级', 50),
  student: field('学生姓名', 30),
  studentId: field('学号', 30),
  supervisor: field('指导教师', 30),
});
export type ThesisCover = z.infer<typeof ThesisCover>;

const title = z.string().trim().min(1, '请填写论文题目').max(100, '题目最多 100 字');

/** What the user enters on /papergc/gc; the model drafts the outline from it. */
export const PaperDraftInput = z.object({
  title,
  paperType: PaperType.default('course'),
  discipline: field('学科/专业方向', 50),
  language: PaperLanguage.default('zh'),
  targetWords: z.coerce
    .number()
    .int('字数须为整数')
    .min(WRITING_LIMITS.minWords, `目标字数至少 ${WRITING_LIMITS.minWords} 字`)
    .max(WRITING_LIMITS.maxWords, `目标字数最多 ${WRITING_LIMITS.maxWords} 字`)
    .describe('目标字数'),
  keywords: field('关键词（逗号分隔）', 200),
  requirements: field('其他要求', 1000),
});
export type PaperDraftInput = z.input<typeof PaperDraftInput>;

const id = z.coerce.number().int().positive().describe('记录 ID');

/**
 * `query_paper_content` has three uses: `outline` drafts an outline (a new record from `draft`, or
 * a fresh outline for a record not yet submitted), `section` returns one section with its text, and
 * `paper` returns the whole paper tree as written so far.
 */
export const QueryPaperContentInput = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('outline'),
    draft: PaperDraftInput.optional().describe('新建记录并生成大纲'),
    id: id.optional().describe('为未提交的记录重新生成大纲'),
  }),
  z.object({ type: z.literal('section'), id, sectionId: id.describe('小节 ID') }),
  z.object({ type: z.literal('paper'), id }),
]);
export type QueryPaperContentInput = z.input<typeof QueryPaperContentInput>;

export const WritingRecord = z.object({
  id: z.number().int(),
  title: z.string(),
  paperType: PaperType,
  kind: z.enum(['paper', 'thesis']),
  discipline: z.string(),
  language: PaperLanguage,
  targetWords: z.number().int(),
  status: WritingStatus,
  progress: z.number().int().min(0).max(100).describe('写作进度 %'),
  sectionsTotal: z.number().int().describe('需撰写的小节数'),
  sectionsDone: z.number().int(),
  writtenChars: z.number().int().describe('已写正文字数'),
  priceFen: z.number().int().describe('价格（分）'),
  paidFen: z.number().int().describe('实际扣费（分）'),
  message: z.string().describe('状态说明或失败原因'),
  outline: Outline,
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type WritingRecord = z.infer<typeof WritingRecord>;

export const WritingSection = z.object({
  id: z.number().int(),
  recordId: z.number().int(),
  ord: z.number().int().describe('写作顺序'),
  path: z.string().describe('编号，如 2.1'),
  level: z.number().int().min(1).max(3),
  heading: z.string(),
  brief: z.string(),
  leaf: z.boolean().describe('是否撰写正文'),
  content: z.string().nullable().describe('正文（段落以换行分隔）；未写时为 null'),
  chars: z.number().int(),
});
export type WritingSection = z.infer<typeof WritingSection>;

/** A node of the paper as written so far. */
export interface PaperContentNode {
  sectionId: number;
  path: string;
  heading: string;
  content: string | null;
  children: PaperContentNode[];
}
export const PaperContentNode: z.ZodType<PaperContentNode> = z.lazy(() =>
  z.object({
    sectionId: z.number().int(),
    path: z.string(),
    heading: z.string(),
    content: z.string().nullable(),
    children: z.array(PaperContentNode),
  }),
) as z.ZodType<PaperContentNode>;

export const REFERENCES_NOTICE =
  '文中引用只取自比对库与您的自建库中的真实文献记录（写作前添加了参考来源的，各小节优先取自这些来源），编号按首次引用顺序排列，参考文献按 GB/T 7714 由记录生成；模型写出的其他引用已被移除。没有可引用的记录时不列参考文献，需要引用之处标为【此处需引用】，请补充后再提交。';

export const PaperContent = z.object({
  recordId: z.number().int(),
  title: z.string(),
  kind: z.enum(['paper', 'thesis']),
  status: WritingStatus,
  abstract: z.string().nullable(),
  keywords: z.array(z.string()),
  abstractEn: z.string().nullable(),
  keywordsEn: z.array(z.string()),
  sections: z.array(PaperContentNode),
  references: z.array(z.string()).describe('AI 生成的参考文献（须核实）'),
  referencesNotice: z.string(),
});
export type PaperContent = z.infer<typeof PaperContent>;

export const QueryPaperContentResult = z.union([WritingRecord, WritingSection, PaperContent]);

export const WritingOtherInfo = z.object({
  recordId: z.number().int(),
  paperType: PaperType,
  discipline: z.string(),
  language: PaperLanguage,
  targetWords: z.number().int(),
  keywords: z.string(),
  requirements: z.string(),
  cover: ThesisCover.nullable().describe('毕业论文封面信息'),
  outlineDraftsToday: z.number().int().describe('今天已生成大纲次数'),
  outlineDraftsPerDay: z.number().int().describe('每天可免费生成大纲次数'),
});
export type WritingOtherInfo = z.infer<typeof WritingOtherInfo>;

/** paper_xueshu_submit: a 课程/期刊 paper with its edited outline. */
export const PaperSubmitInput = z.object({
  id,
  title: title.optional(),
  targetWords: PaperDraftInput.shape.targetWords.optional(),
  requirements: field('其他要求', 1000).optional(),
  outline: Outline,
  orderId: z.coerce.number().int().positive().optional().describe('为本记录单独支付的订单'),
  pay: payField,
});
export type PaperSubmitInput = z.input<typeof PaperSubmitInput>;

/** paper_submit: a 毕业论文, with its cover fields. */
export const ThesisSubmitInput = PaperSubmitInput.extend({ cover: ThesisCover });
export type ThesisSubmitInput = z.input<typeof ThesisSubmitInput>;

export const WritingListFilter = z
  .object({
    status: WritingStatus.optional(),
    title: z.string().trim().max(100).optional().describe('标题关键字'),
  })
  .nullable()
  .optional();
export type WritingListFilter = z.infer<typeof WritingListFilter>;
