import { z } from 'zod';
import { payField } from './pay.ts';
import { UploadKept } from './upload.ts';
import { IdQuery } from './paging.ts';

/**
 * `paper_aigc_api` (AIGC检测): records, the quote and the detection report. Ratios and probabilities are
 * fractions 0..1 (the pages show percentages); money is integer fen; `characters` is the billed 字符数
 * (textkit's count, spaces included). The 降AIGC (rewriting) calls of the same group answer 503 until that
 * service exists.
 */

export const AigcStatus = z
  .enum(['created', 'queued', 'running', 'done', 'failed'])
  .describe('created 待支付 / queued 排队中 / running 检测中 / done 已完成 / failed 失败（已退款）');
export type AigcStatus = z.infer<typeof AigcStatus>;

export const AigcBand = z
  .enum(['high', 'medium', 'light', 'none'])
  .describe('high 高度疑似 / medium 中度疑似 / light 轻度疑似 / none 未见异常');
export type AigcBand = z.infer<typeof AigcBand>;

export const AIGC_BAND_LABELS: Record<AigcBand, string> = {
  high: '高度疑似',
  medium: '中度疑似',
  light: '轻度疑似',
  none: '未见异常',
};

const ratio = z.number().min(0).max(1);

/**
 * The conclusion band of a 总体疑似度 (the paper's or a chapter's): computed from the figure as it is shown (a
 * percentage with one decimal), so the band printed under the big number always agrees with it — on the page, in
 * the PDF and in the list. The mean AI probability is detail and decides nothing (issue 26: a 34.5 % headline sat
 * over a band taken from a 54.9 % mean probability).
 */
export const AIGC_RATIO_BANDS = { high: 0.5, medium: 0.2 } as const;

export function aigcRatioBand(aiCharRatio: number, reliable = true): AigcBand {
  if (!reliable) return 'none';
  const shown = Math.round(aiCharRatio * 1000) / 1000;
  if (shown >= AIGC_RATIO_BANDS.high) return 'high';
  if (shown >= AIGC_RATIO_BANDS.medium) return 'medium';
  if (shown > 0) return 'light';
  return 'none';
}

export const AigcBandCounts = z.object({
  high: z.number().int(),
  medium: z.number().int(),
  light: z.number().int(),
  none: z.number().int(),
});
export type AigcBandCounts = z.infer<typeof AigcBandCounts>;

/** The headline numbers of a report, also kept on the record for lists. */
export const AigcMetrics = z.object({
  aiCharRatio: ratio.describe('AIGC 总体疑似度：判为疑似 AI 生成的句子字数 / 参与判断的字数'),
  probability: ratio.describe('全文 AI 生成概率（按字数加权的段落平均）'),
  band: AigcBand.describe(
    '全文结论，由总体疑似度得出（aigcRatioBand）：≥ 50% 高度疑似，≥ 20% 中度疑似，大于 0 轻度疑似，0 未见异常',
  ),
  reliable: z.boolean().describe('文本是否足够长、结论是否可靠'),
  totalChars: z.number().int().describe('检测的正文字数（可见字符，不含标题与参考文献）'),
  scoredChars: z.number().int().describe('参与判断的字数（足够长、可以可靠判断的正文）'),
  aiChars: z.number().int().describe('计入总体疑似度的字数：疑似及以上段落中显著疑似句子的字数'),
  paragraphCount: z.number().int().describe('正文段落数'),
  bandCounts: AigcBandCounts.describe('各疑似程度的段落数（仅统计参与判断的段落）'),
  modelVersion: z.string(),
  suspectChars: z
    .number()
    .int()
    .optional()
    .describe('仅达到"疑似"（轻度疑似）的字数：单独列出，不计入总体疑似度'),
  suspectCharRatio: ratio.optional().describe('疑似（轻度）字数 / 参与判断的字数'),
  mixedAuthorship: z
    .boolean()
    .optional()
    .describe(
      '既有较多疑似及以上的段落、也有较多未见异常的段落：可能部分由 AI 生成或润色，无法判断各部分由谁写',
    ),
});
export type AigcMetrics = z.infer<typeof AigcMetrics>;

export const AigcRecord = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string(),
  status: AigcStatus,
  progress: z.number().int().min(0).max(100).describe('检测进度 %'),
  characters: z.number().int().describe('计费字符数'),
  priceFen: z.number().int().describe('按字数的报价（分）'),
  paidFen: z.number().int().describe('实际从余额扣除（分）；用套餐次数时为 0'),
  chargeSource: z.string().nullable().describe('扣费方式：quota 套餐次数 / balance 余额 / order 单独支付'),
  fileName: z.string().nullable(),
  message: z.string().describe('失败原因或状态说明'),
  metrics: AigcMetrics.nullable().describe('完成后的核心指标'),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type AigcRecord = z.infer<typeof AigcRecord>;

export const AigcListFilter = z
  .object({
    status: AigcStatus.optional(),
    title: z.string().trim().max(100).optional().describe('标题关键字'),
  })
  .nullable()
  .optional();
export type AigcListFilter = z.infer<typeof AigcListFilter>;

const title = z.string().trim().min(1, '请填写论文题目').max(200, '题目最多 200 字');
const author = z.string().trim().max(100, '作者最多 100 字').default('');
const text = z.string().min(1, '请粘贴论文内容或上传文件').max(2_000_000, '内容过长');

/** machine_init as JSON (pasted text). The multipart form carries title/author plus `file` or `text`. */
export const AigcInitInput = z.object({ title, author, text });
export type AigcInitInput = z.input<typeof AigcInitInput>;
export const AigcInitFields = z.object({ title, author });

export const AigcWordCountInput = z.object({ text });

export const AigcQuote = z.object({
  unitPriceFen: z.number().int().describe('每千字价格（分）'),
  priceFen: z.number().int().describe('本文价格（分）'),
  quotaNeeded: z.number().int().describe('用套餐时需要的次数（每 3 万字一次）'),
});
export type AigcQuote = z.infer<typeof AigcQuote>;

export const AigcWordCountResult = z.object({
  characters: z.number().int().describe('计费字符数（含空格）'),
  paragraphs: z.number().int(),
  title: z.string().nullable().describe('从文档中识别出的题目'),
  minChars: z.number().int(),
  maxChars: z.number().int(),
  quote: AigcQuote,
  ...UploadKept.shape,
});
export type AigcWordCountResult = z.infer<typeof AigcWordCountResult>;

/** submit_check: `?id=`, plus the order that paid for exactly this record when paid by QR. */
export const AigcSubmitQuery = IdQuery.extend({
  orderId: z.coerce.number().int().positive().optional().describe('为本记录单独支付的订单'),
  pay: payField,
});
export const AigcOrderQuery = IdQuery.extend({
  orderId: z.coerce.number().int().positive().describe('为本记录单独支付的订单'),
});

/** Why a segment was flagged: the features that drove its score (packages/aigc explainSegment). */
export const AigcHintKind = z
  .enum(['connectives', 'uniformSentences', 'stockPhrases', 'lowSurprisal'])
  .describe(
    'connectives 模板化连接词 / uniformSentences 句长均匀 / stockPhrases 套话措辞 / lowSurprisal 可预测性高',
  );
export type AigcHintKind = z.infer<typeof AigcHintKind>;

/** Hint labels as the report states them (the web page has them in its i18n catalogue). */
export const AIGC_HINT_LABELS: Record<AigcHintKind, string> = {
  connectives: '模板化连接词偏多',
  uniformSentences: '句子长度过于均匀',
  stockPhrases: '常见 AI 套话措辞',
  lowSurprisal: '用词可预测性高',
};

export const AigcHint = z.object({
  kind: AigcHintKind,
  weight: z.number().describe('对 AI 判断的贡献（对数几率，越大影响越大）'),
  examples: z.array(z.string()).describe('段落中对应的词语（连接词、套话），可能为空'),
});
export type AigcHint = z.infer<typeof AigcHint>;

/** Why a block is shown but not scored. */
export const AigcUnscored = z
  .enum(['heading', 'caption', 'formula', 'reference', 'short'])
  .describe('heading 标题 / caption 图表题注 / formula 公式 / reference 参考文献 / short 过短');
export type AigcUnscored = z.infer<typeof AigcUnscored>;

/** Thresholds of one length class with the false-positive rates measured on human academic text. */
export const AigcLengthClass = z.object({
  significant: ratio.describe('显著疑似阈值（计入总体疑似度）'),
  suspect: ratio.describe('疑似阈值（单独列出）'),
  significantFpr: ratio.describe('人工撰写学术文本被判为显著疑似的比例'),
  suspectFpr: ratio.describe('人工撰写学术文本被判为疑似及以上的比例'),
  humanTexts: z.number().int(),
});
export type AigcLengthClass = z.infer<typeof AigcLengthClass>;

/** One text kind's held-out rates at the model's thresholds (packages/aigc MeasuredRate). */
export const AigcMeasuredRate = z.object({
  kind: z
    .string()
    .describe(
      'humanAbstracts 人工摘要 / humanThesis 人工论文正文段落 / aiAbstracts AI 摘要 / aiThesis AI 论文段落 / aiThesisHumanlike 要求"像学生写"的 AI 段落 / aiPolished AI 润色段落 / ourRewrites 经本站降AIGC 的 AI 文字',
    ),
  label: z.union([z.literal(0), z.literal(1)]).describe('0 人工撰写（比例为误判率）/ 1 AI（比例为检出率）'),
  texts: z.number().int(),
  significant: ratio.describe('判为显著疑似的比例'),
  suspect: ratio.describe('判为疑似及以上的比例'),
});
export type AigcMeasuredRate = z.infer<typeof AigcMeasuredRate>;

export const AigcErrorRates = z.object({
  maxShortChars: z.number().int().describe('不超过此字数为短文本'),
  short: AigcLengthClass,
  long: AigcLengthClass,
  measured: z
    .array(AigcMeasuredRate)
    .optional()
    .describe('训练时未见过的测试集上、按文本类型测得的误判率与检出率'),
});
export type AigcErrorRates = z.infer<typeof AigcErrorRates>;

/** What a paragraph reads as (packages/aigc src/document.ts). */
export const AigcTrace = z
  .enum(['generated', 'touched'])
  .describe('generated AI 生成特征显著 / touched AI 润色痕迹（疑似经 AI 润色或改写，而非直接生成）');
export type AigcTrace = z.infer<typeof AigcTrace>;

/** A scored sentence inside a paragraph (offsets are paragraph-local). Only light and above are listed. */
export const AigcSpan = z.object({
  start: z.number().int().describe('段内起点（字符下标，含）'),
  end: z.number().int().describe('段内终点（不含）'),
  probability: ratio,
  band: AigcBand,
});
export type AigcSpan = z.infer<typeof AigcSpan>;

export const AigcParagraph = z.object({
  index: z.number().int(),
  kind: z.enum(['heading', 'paragraph', 'reference']).describe('reference：参考文献条目，不参与检测'),
  level: z.number().int().nullable().describe('标题级别：0 为论文题目，1 为章，2 为节……；正文为 null'),
  chapter: z.number().int().describe('chapters 数组下标'),
  text: z.string(),
  chars: z.number().int().describe('可见字数'),
  probability: ratio.nullable().describe('段落 AI 生成概率；标题与参考文献为 null'),
  band: AigcBand.nullable(),
  reliable: z.boolean().describe('短段落与相邻段落合并判断；合并后仍不足 50 字时不参与全文结论'),
  aiChars: z.number().int(),
  aiTrace: AigcTrace.nullable()
    .optional()
    .describe(
      '段落整体读来：generated AI 生成特征显著（显著）/ touched AI 润色痕迹（疑似、未达显著）；其余为 null',
    ),
  spans: z.array(AigcSpan),
  hints: z.array(AigcHint).optional().describe('有疑似句子时：主要成因（最多 3 条，由强到弱）'),
  unscored: AigcUnscored.nullable().optional().describe('不参与检测的原因；参与检测时为 null'),
});
export type AigcParagraph = z.infer<typeof AigcParagraph>;

export const AigcChapter = z.object({
  index: z.number().int(),
  title: z.string(),
  chars: z.number().int(),
  scoredChars: z.number().int(),
  aiChars: z.number().int(),
  aiCharRatio: ratio,
  probability: ratio.nullable().describe('章节内参与判断段落的加权平均概率；无可判断段落时为 null'),
  band: AigcBand.nullable(),
});
export type AigcChapter = z.infer<typeof AigcChapter>;

export const AigcReport = z.object({
  recordId: z.number().int(),
  title: z.string(),
  author: z.string(),
  checkedAt: z.string(),
  metrics: AigcMetrics,
  model: z.object({
    version: z.string(),
    flagThreshold: ratio.describe('判为显著疑似 AI 生成的概率阈值（短文本）'),
    suspectThreshold: ratio.optional().describe('判为疑似的概率阈值（短文本）'),
    errorRates: AigcErrorRates.optional().describe('阈值与在人工撰写学术文本上测得的误判率'),
    zeroShot: z
      .object({ windows: z.number().int(), of: z.number().int() })
      .nullable()
      .optional()
      .describe('结合大模型零样本评分的窗口数；未配置模型时为 null'),
  }),
  note: z.string().nullable().describe('结果仅供参考的原因（文本过短等）'),
  chapters: z.array(AigcChapter),
  paragraphs: z.array(AigcParagraph),
  elapsedMs: z.number().int(),
});
export type AigcReport = z.infer<typeof AigcReport>;
