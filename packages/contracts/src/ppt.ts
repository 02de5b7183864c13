import { z } from 'zod';
import { payField } from './pay.ts';

/**
 * `ai_ppt_info_api` (AI生成PPT): templates, records, the outline the user edits, generation and the
 * .pptx. The outline is drafted by the model for free (a daily limit per user); generating the deck
 * from it is charged once per record (price `ppt`/`standard`, or one 份 of a PPT package).
 */

export const PptScene = z
  .enum(['defense', 'proposal', 'course', 'work', 'academic'])
  .describe('defense 毕业答辩 / proposal 开题报告 / course 课程汇报 / work 工作汇报 / academic 学术报告');
export type PptScene = z.infer<typeof PptScene>;

export const PPT_SCENE_LABELS: Record<PptScene, string> = {
  defense: '毕业答辩',
  proposal: '开题报告',
  course: '课程汇报',
  work: '工作汇报',
  academic: '学术报告',
};

export const PptStatus = z
  .enum(['created', 'queued', 'running', 'done', 'failed'])
  .describe('created 待生成 / queued 排队中 / running 生成中 / done 已完成 / failed 失败（已退款）');
export type PptStatus = z.infer<typeof PptStatus>;

export const PPT_SLIDE_RANGE = { min: 8, max: 30 } as const;
export const PPT_OUTLINE_LIMITS = { sections: 12, points: 8, text: 120 } as const;

const outlineText = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what}不能为空`)
    .max(PPT_OUTLINE_LIMITS.text, `${what}最多 ${PPT_OUTLINE_LIMITS.text} 字`);

export const PptOutlineSection = z.object({
  title: outlineText('章节标题'),
  points: z
    .array(outlineText('要点'))
    .max(PPT_OUTLINE_LIMITS.points, `每章最多 ${PPT_OUTLINE_LIMITS.points} 个要点`)
    .describe('本章要点'),
});
export type PptOutlineSection = z.infer<typeof PptOutlineSection>;

export const PptOutline = z.object({
  sections: z
    .array(PptOutlineSection)
    .min(1, '大纲至少需要 1 个章节')
    .max(PPT_OUTLINE_LIMITS.sections, `大纲最多 ${PPT_OUTLINE_LIMITS.sections} 个章节`),
});
export type PptOutline = z.infer<typeof PptOutline>;

export const PptTemplate = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  colors: z.record(z.string(), z.string()).describe('配色（6 位十六进制，不带 #）'),
  preview: z.string().describe('封面预览 SVG'),
});
export type PptTemplate = z.infer<typeof PptTemplate>;

/** A slide as the page previews it (kind, title and its lines of text). */
export const PptSlidePreview = z.object({
  kind: z.string().describe('title / agenda / section / bullets / highlight / table / closing'),
  title: z.string(),
  lines: z.array(z.string()),
});
export type PptSlidePreview = z.infer<typeof PptSlidePreview>;

export const PptRecord = z.object({
  id: z.number().int(),
  topic: z.string().describe('PPT 主题 / 标题'),
  speaker: z.string().describe('汇报人（封面显示，可空）'),
  templateId: z.string(),
  slideCount: z.number().int().describe('期望页数'),
  scene: PptScene,
  sourceText: z.string().describe('参考资料原文（粘贴或从 .docx 读取）'),
  outline: PptOutline.nullable().describe('大纲（生成后可编辑）'),
  status: PptStatus,
  progress: z.number().int().min(0).max(100),
  message: z.string(),
  priceFen: z.number().int(),
  paidFen: z.number().int(),
  slides: z.array(PptSlidePreview).nullable().describe('生成完成后的幻灯片预览'),
  fileSize: z.number().int().nullable().describe('.pptx 字节数'),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type PptRecord = z.infer<typeof PptRecord>;

export const PptSaveInput = z.object({
  id: z.number().int().positive().optional().describe('已有记录 ID；不传则新建'),
  topic: z.string().trim().min(1, '请填写 PPT 主题').max(100, '主题最多 100 字'),
  speaker: z.string().trim().max(50, '汇报人最多 50 字').default(''),
  templateId: z.string().trim().min(1, '请选择模板').max(50),
  slideCount: z.coerce
    .number()
    .int('页数必须是整数')
    .min(PPT_SLIDE_RANGE.min, `页数至少 ${PPT_SLIDE_RANGE.min} 页`)
    .max(PPT_SLIDE_RANGE.max, `页数最多 ${PPT_SLIDE_RANGE.max} 页`)
    .default(15),
  scene: PptScene.default('defense'),
  sourceText: z.string().max(20_000, '参考资料最多 20,000 字').default(''),
  outline: PptOutline.nullable().optional().describe('编辑后的大纲；不传则保持不变'),
});
export type PptSaveInput = z.input<typeof PptSaveInput>;

export const PptListFilter = z
  .object({
    status: PptStatus.optional(),
    topic: z.string().trim().max(100).optional().describe('主题关键字'),
  })
  .nullable()
  .optional();
export type PptListFilter = z.infer<typeof PptListFilter>;

export const PptTemplateInput = z.object({
  templateId: z.string().trim().min(1, '请选择模板').max(50),
});

/** What read_source returns: the text of an uploaded .docx/.pdf/.txt to base the deck on. */
export const PptSourceText = z.object({
  fileName: z.string(),
  text: z.string(),
  characters: z.number().int(),
  truncated: z.boolean().describe('超过 20,000 字时只保留前 20,000 字'),
});
export type PptSourceText = z.infer<typeof PptSourceText>;

export const PptOutlineQuota = z.object({
  usedToday: z.number().int(),
  limit: z.number().int().describe('每人每天可免费生成大纲的次数'),
});
export type PptOutlineQuota = z.infer<typeof PptOutlineQuota>;

/** submit_by_id: the record and how the user chose to pay for it. */
export const PptSubmitQuery = z.object({
  id: z.coerce.number().int().positive(),
  pay: payField,
});
export type PptSubmitQuery = z.infer<typeof PptSubmitQuery>;
