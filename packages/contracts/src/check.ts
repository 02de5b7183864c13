import { z } from 'zod';
import { payField } from './pay.ts';
import { ReferenceCheck } from './references.ts';
import { UploadKept } from './upload.ts';

/**
 * `check_api` (查重): records, prices, the report and its paragraphs. Ratios are fractions 0..1
 * (the pages show them as percentages); money is integer fen; character counts are billed 字符数
 * (textkit's count, spaces included) unless a field says otherwise.
 */

export const CheckEdition = z
  .enum(['standard', 'professional'])
  .describe('standard 普通版 / professional 专业版');
export type CheckEdition = z.infer<typeof CheckEdition>;

export const CheckStatus = z
  .enum(['created', 'queued', 'running', 'done', 'failed'])
  .describe('created 待支付 / queued 排队中 / running 检测中 / done 已完成 / failed 失败（已退款）');
export type CheckStatus = z.infer<typeof CheckStatus>;

/**
 * Below this many documents a reference library cannot stand in for the national databases schools check
 * against (a fresh install ships about 8,000 abstracts): pages say that a low 复制比 may only mean the
 * library holds nothing near the paper.
 */
export const SMALL_LIBRARY_DOCUMENTS = 100_000;

/** A reference-library document as a report names it. */
export const SourceRef = z.object({
  documentId: z.number().int(),
  title: z.string(),
  author: z.string(),
  source: z.string().describe('出处：期刊、学校、网站……'),
  year: z.number().int().nullable(),
});
export type SourceRef = z.infer<typeof SourceRef>;

const ratio = z.number().min(0).max(1);

/** The headline numbers, as 知网 prints them at the top of a report. */
export const CheckMetrics = z.object({
  totalRatio: ratio.describe('总文字复制比'),
  excludingQuotesRatio: ratio.describe('去除引用文献复制比'),
  excludingOwnRatio: ratio.describe('去除本人文献复制比'),
  maxSingleRatio: ratio.describe('单篇最大文字复制比'),
  maxSingleSource: SourceRef.nullable().describe('单篇最大文字复制比的来源'),
  overlapChars: z.number().int().describe('重合字数'),
  quotedChars: z.number().int().describe('引用（已标注）字数'),
  totalChars: z.number().int().describe('参与比对的字数'),
  paragraphCount: z.number().int(),
  suspectParagraphCount: z.number().int().describe('疑似段落数（复制比 > 0）'),
  sourceCount: z.number().int().describe('相似文献数'),
});
export type CheckMetrics = z.infer<typeof CheckMetrics>;

export const CheckRecord = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string(),
  edition: CheckEdition,
  status: CheckStatus,
  progress: z.number().int().min(0).max(100).describe('检测进度 %'),
  characters: z.number().int().describe('计费字符数'),
  priceFen: z.number().int().describe('按所选版本的报价（分）'),
  paidFen: z.number().int().describe('实际扣费（分）；免费检测为 0'),
  free: z.boolean().describe('是否使用了每日免费专业版检测'),
  fileName: z.string().nullable(),
  addToLibrary: z.boolean().describe('检测完成后把本文加入比对库（用户自愿，默认否）'),
  message: z.string().describe('失败原因或状态说明'),
  metrics: CheckMetrics.nullable().describe('完成后的核心指标'),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type CheckRecord = z.infer<typeof CheckRecord>;

export const CheckListFilter = z
  .object({
    status: CheckStatus.optional(),
    title: z.string().trim().max(100).optional().describe('标题关键字'),
  })
  .nullable()
  .optional();
export type CheckListFilter = z.infer<typeof CheckListFilter>;

const title = z.string().trim().min(1, '请填写论文题目').max(200, '题目最多 200 字');
/** The paper's author(s), several separated by commas: library documents by the same names are 本人文献. */
const author = z
  .string()
  .trim()
  .max(100, '作者最多 100 字')
  .default('')
  .describe('作者，多位用逗号分隔；比对库中作者同名的文献计为本人文献（去除本人文献复制比）');

/** check_init as JSON (pasted text). The multipart form carries the same fields plus `file`. */
export const CheckInitInput = z.object({
  title,
  author,
  edition: CheckEdition.default('standard'),
  text: z.string().min(1, '请粘贴论文内容或上传文件').max(2_000_000, '内容过长'),
  addToLibrary: z.boolean().default(false),
});
export type CheckInitInput = z.input<typeof CheckInitInput>;

/** Fields of the multipart form (all strings on the wire). */
export const CheckInitFields = z.object({
  title,
  author,
  edition: CheckEdition.default('standard'),
  addToLibrary: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

export const WordCountInput = z.object({
  text: z.string().min(1, '请粘贴论文内容或上传文件').max(2_000_000, '内容过长'),
});

export const EditionQuote = z.object({
  edition: CheckEdition,
  unitPriceFen: z.number().int().describe('每千字价格（分）'),
  priceFen: z.number().int().describe('本文价格（分）'),
});
export type EditionQuote = z.infer<typeof EditionQuote>;

export const WordCountResult = z.object({
  characters: z.number().int().describe('计费字符数（含空格）'),
  paragraphs: z.number().int(),
  title: z.string().nullable().describe('从文档中识别出的题目'),
  minChars: z.number().int(),
  maxChars: z.number().int(),
  quotes: z.array(EditionQuote),
  ...UploadKept.shape,
});
export type WordCountResult = z.infer<typeof WordCountResult>;

export const CheckCostInput = z.object({
  id: z.coerce.number().int().positive(),
  edition: CheckEdition.optional().describe('不填则用记录上的版本'),
});

export const CheckCost = z.object({
  recordId: z.number().int(),
  edition: CheckEdition,
  characters: z.number().int(),
  priceFen: z.number().int(),
  freeCheck: z.object({
    eligible: z.boolean().describe('扫码登录账户每日一次免费专业版检测'),
    availableToday: z.boolean(),
    applies: z.boolean().describe('本次提交是否免费'),
  }),
  payableFen: z.number().int().describe('本次应付（分）'),
  balanceFen: z.number().int().describe('账户余额（分）'),
  quotaAvailable: z.number().int().describe('查重套餐剩余次数'),
  quotaNeeded: z.number().int().describe('本文需要的次数（每 3 万字一次）'),
  sufficient: z.boolean().describe('免费检测、套餐次数或余额是否足够'),
  quotes: z.array(EditionQuote),
});
export type CheckCost = z.infer<typeof CheckCost>;

export const CheckSubmitInput = CheckCostInput.extend({
  orderId: z.coerce.number().int().positive().optional().describe('为本记录单独支付的订单（扫码付款后提交）'),
  pay: payField,
});

export const UpdateTitleInput = z.object({ title });

export const ReportType = z
  .enum(['simple', 'full', 'html'])
  .describe('simple 简洁报告 PDF / full 全文对照报告 PDF / html 网页版');
export type ReportType = z.infer<typeof ReportType>;
export const DownloadReportQuery = z.object({
  id: z.coerce.number().int().positive(),
  type: ReportType.default('simple'),
});

/** A flagged run of the paper: red (copy) or yellow (quoted and cited), with where it came from. */
export const ReportSpan = z.object({
  start: z.number().int().describe('段内起点（字符下标，含）'),
  end: z.number().int().describe('段内终点（不含）'),
  kind: z.enum(['copy', 'quote']),
  source: z.number().int().nullable().describe('sources 数组下标'),
  sourceStart: z.number().int().nullable(),
  sourceEnd: z.number().int().nullable(),
  sourceText: z.string().describe('来源中的对应文字'),
  similarity: z.number().min(0).max(1).describe('1 为逐字相同，小于 1 为改写后相似'),
});
export type ReportSpan = z.infer<typeof ReportSpan>;

export const ReportParagraph = z.object({
  index: z.number().int(),
  kind: z.enum(['heading', 'paragraph']),
  level: z.number().int().nullable(),
  chapter: z.number().int().describe('chapters 数组下标'),
  text: z.string(),
  chars: z.number().int(),
  overlapChars: z.number().int(),
  quotedChars: z.number().int(),
  ratio,
  spans: z.array(ReportSpan),
});
export type ReportParagraph = z.infer<typeof ReportParagraph>;

export const ReportChapter = z.object({
  index: z.number().int(),
  title: z.string(),
  chars: z.number().int(),
  overlapChars: z.number().int(),
  quotedChars: z.number().int(),
  ratio,
});
export type ReportChapter = z.infer<typeof ReportChapter>;

export const ReportSource = SourceRef.extend({
  index: z.number().int(),
  overlapChars: z.number().int(),
  ratio: ratio.describe('该文献与本文的文字复制比'),
  own: z.boolean().describe('本人文献'),
  ownByDeclaration: z
    .boolean()
    .optional()
    .describe(
      '本人文献仅依据检测时填写的作者姓名认定（作者本人声明，本站未核实）；本人账户入库的文献不带此标记',
    ),
  cited: z.boolean().optional().describe('论文参考文献中列出的文献：与它的重合计为引用'),
  personal: z.boolean().optional().describe('来自本人的自建库'),
});
export type ReportSource = z.infer<typeof ReportSource>;

/** A place where the paper uses look-alike or invisible characters (疑似字符替换). */
export const ReportTrick = z.object({
  paragraph: z.number().int().describe('paragraphs 数组下标'),
  start: z.number().int().describe('段内起点'),
  end: z.number().int().describe('段内终点（不含）'),
  kind: z
    .enum(['radical', 'compatibility', 'lookalike', 'invisible'])
    .describe('radical 康熙部首 / compatibility 兼容汉字 / lookalike 形近字母或假名 / invisible 不可见字符'),
  reads: z.string().describe('替换字符实际代表的文字（不可见字符为空）'),
});
export type ReportTrick = z.infer<typeof ReportTrick>;

/** Ways the paper tries to get past the check, flagged the way Turnitin flags them. */
export const ReportIntegrity = z.object({
  substitutedChars: z.number().int().describe('疑似字符替换：形近字符个数（比对时已还原）'),
  invisibleChars: z.number().int().describe('夹在文字之间的不可见字符个数（不计入字数）'),
  tricks: z.array(ReportTrick).describe('出现位置（最多 50 处）'),
  hiddenChars: z
    .number()
    .int()
    .describe('隐藏文字字数：.docx 中隐藏、白色或极小字号的文字，已从检测文本中去除'),
  hiddenReasons: z
    .array(z.enum(['vanish', 'white', 'tiny']))
    .describe('vanish 隐藏 / white 白色 / tiny 极小字号'),
  hiddenSamples: z.array(z.string()).describe('隐藏文字示例'),
});
export type ReportIntegrity = z.infer<typeof ReportIntegrity>;

export const CheckReport = z.object({
  recordId: z.number().int(),
  title: z.string(),
  author: z.string(),
  edition: CheckEdition,
  checkedAt: z.string(),
  metrics: CheckMetrics,
  chapters: z.array(ReportChapter),
  sources: z.array(ReportSource),
  paragraphs: z.array(ReportParagraph),
  library: z
    .object({
      documents: z.number().int(),
      characters: z.number().int(),
      name: z.string().optional().describe('比对库名称（早期报告没有）'),
      personal: z
        .object({ documents: z.number().int(), characters: z.number().int() })
        .optional()
        .describe('同时比对的本人自建库'),
    })
    .describe('本次检测所用比对库及其检测时的规模'),
  elapsedMs: z.number().int(),
  integrity: ReportIntegrity.optional().describe('疑似字符替换与隐藏文字；无则省略'),
  references: ReferenceCheck.optional().describe('参考文献核查（早期报告没有）'),
});
export type CheckReport = z.infer<typeof CheckReport>;

// ---- library (admin) -------------------------------------------------------------------------

export const LibraryDocumentInput = z.object({
  title: z.string().trim().min(1, '请填写题目').max(300),
  author: z.string().trim().max(200).default(''),
  source: z.string().trim().max(200).default(''),
  year: z.coerce.number().int().min(1000).max(3000).nullable().optional(),
  text: z.string().min(1, '正文为空').max(5_000_000),
});
export type LibraryDocumentInput = z.input<typeof LibraryDocumentInput>;

export const LibraryImportInput = z.object({
  documents: z.array(LibraryDocumentInput).min(1).max(1000),
});

export const LibraryDocument = SourceRef.extend({
  characters: z.number().int(),
  ownerUserId: z.number().int().nullable(),
  origin: z.enum(['import', 'upload', 'user', 'personal']),
  createdAt: z.string(),
});
export type LibraryDocument = z.infer<typeof LibraryDocument>;

export const LibraryImportResult = z.object({
  added: z.number().int(),
  skipped: z.number().int().describe('与库中已有文档完全相同而跳过'),
  ids: z.array(z.number().int()),
});
export type LibraryImportResult = z.infer<typeof LibraryImportResult>;

/** One uploaded file's fate: each file is stored whole or not at all. */
export const LibraryFileResult = z.object({
  file: z.string(),
  status: z.enum(['imported', 'duplicate', 'unreadable', 'empty']),
  message: z.string(),
  documentId: z.number().int().nullable(),
});
export type LibraryFileResult = z.infer<typeof LibraryFileResult>;

export const LibraryUploadResult = LibraryImportResult.extend({ files: z.array(LibraryFileResult) });
export type LibraryUploadResult = z.infer<typeof LibraryUploadResult>;

export const LibraryListFilter = z
  .object({ title: z.string().trim().max(100).optional() })
  .nullable()
  .optional();

export const LibraryStats = z.object({
  documents: z.number().int(),
  characters: z.number().int(),
  indexedDocuments: z.number().int().describe('本进程内存索引中的文档数'),
});
export type LibraryStats = z.infer<typeof LibraryStats>;

/** What the check page shows before a paper is submitted: 比对库：N 篇 / M 字. */
export const LibrarySize = z.object({
  name: z.string(),
  documents: z.number().int(),
  characters: z.number().int(),
});
export type LibrarySize = z.infer<typeof LibrarySize>;
