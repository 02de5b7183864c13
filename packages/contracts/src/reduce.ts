import { z } from 'zod';
import type { ServiceKind } from './billing.ts';
import { payField } from './pay.ts';
import { targetField } from './reduce-target.ts';
import { MachineChange } from './machine.ts';
import { IdQuery, PageQuery } from './paging.ts';
import { UploadKept } from './upload.ts';

/**
 * Whole-paper 降重 and 降AIGC (`paper_machine_api`, and `paper_aigc_api` machine_submit /
 * aigc_machine_submit / query_content_list): one record type for both. Each paragraph is rewritten,
 * re-measured with our own 专业版 查重 and our own AIGC detector, and kept only when it is not worse on
 * any asked score; rounds repeat until the user's targets are met or the rounds run out.
 *
 * UNITS: every score and target in THIS module is a PERCENTAGE 0–100 (one decimal), unlike check.ts /
 * aigc.ts whose ratios are fractions. Money is integer fen; `characters` is the billed 字符数 of the
 * paragraphs that will be rewritten.
 */

export const ReduceKind = z
  .enum(['similarity', 'aigc'])
  .describe(
    '产品：similarity 降重（/papermachine/* 页面，降重价格）/ aigc 降AIGC（/aigcdown/machine、/aigc/list，降AIGC价格）。两种都可以同时设两个目标',
  );
export type ReduceKind = z.infer<typeof ReduceKind>;

export const ReduceGoal = z
  .enum(['similarity', 'aigc', 'both'])
  .describe(
    '由目标推出：similarity 只降复制比 / aigc 只降 AIGC 疑似度 / both 双目标（两项同时达标，互不升高）',
  );
export type ReduceGoal = z.infer<typeof ReduceGoal>;

export const ReducePath = z
  .enum(['offline', 'model'])
  .describe('offline 离线改写规则（无需模型，价格低）/ model AI 模型改写（需要服务端配置模型，价格高）');
export type ReducePath = z.infer<typeof ReducePath>;

export const ReduceStatus = z
  .enum(['created', 'queued', 'running', 'done', 'failed'])
  .describe('created 待支付 / queued 排队中 / running 改写中 / done 已完成 / failed 失败（已退款）');
export type ReduceStatus = z.infer<typeof ReduceStatus>;

export const ReduceOrigin = z
  .enum(['paste', 'upload', 'check', 'aigc', 'report'])
  .describe(
    'paste 粘贴 / upload 上传论文 / check 由本站查重记录转来（只改写有复制的段落）/ aigc 由本站 AIGC 检测记录转来（只改写疑似段落）/ report 上传第三方查重报告（知网、维普、万方、PaperPass）+ 论文，只改写报告标出的段落',
  );
export type ReduceOrigin = z.infer<typeof ReduceOrigin>;

export const ReportVendor = z
  .enum(['cnki', 'vip', 'wanfang', 'paperpass', 'paperdesk'])
  .describe('查重系统：cnki 知网 / vip 维普 / wanfang 万方 / paperpass PaperPass / paperdesk 本站报告 PDF');
export type ReportVendor = z.infer<typeof ReportVendor>;

export const REPORT_VENDOR_LABELS: Record<ReportVendor, string> = {
  cnki: '知网',
  vip: '维普',
  wanfang: '万方',
  paperpass: 'PaperPass',
  paperdesk: '本站',
};

export const REDUCE_KIND_LABELS: Record<ReduceKind, string> = { similarity: '降重', aigc: '降AIGC' };
export const REDUCE_PATH_LABELS: Record<ReducePath, string> = { offline: '离线改写', model: 'AI 模型改写' };

/**
 * Which price (`price.<service>.<edition>`) and which package quota (`service`) a record of each kind and path
 * uses: 降重 offline = `price.rewrite.standard`, model = `price.rewrite.cnki` (the prices 智能降重 / 知网专版
 * already charge), 降AIGC offline = `price.aigc_rewrite.standard`, model = `price.aigc_rewrite.model`. One table
 * for the server that charges and the confirm page that quotes, so the two cannot drift apart.
 */
export const REDUCE_PRICING: Record<
  ReduceKind,
  { service: ServiceKind; edition: Record<ReducePath, string> }
> = {
  similarity: { service: 'rewrite', edition: { offline: 'standard', model: 'cnki' } },
  aigc: { service: 'aigc_rewrite', edition: { offline: 'standard', model: 'model' } },
};

/** The path whose price edition is `edition` for this kind (a QR order names an edition), if any. */
export function reducePathOfEdition(kind: ReduceKind, edition: string): ReducePath | undefined {
  const editions = REDUCE_PRICING[kind].edition;
  return (Object.keys(editions) as ReducePath[]).find((p) => editions[p] === edition);
}

const percent = z.number().min(0).max(100);

export const ReduceScores = z
  .object({
    similarity: percent.nullable().describe('专业版复制比 %；null = 未测（没有设这个目标）'),
    aigc: percent.nullable().describe('AIGC 疑似度 %；null = 未测（没有设这个目标）'),
  })
  .describe('一段或全文的分数，均为百分比');
export type ReduceScores = z.infer<typeof ReduceScores>;

export const ReduceTargets = z
  .object({
    similarity: percent.nullable().describe('复制比 ≤ 这个百分比；null 表示不设此目标'),
    aigc: percent.nullable().describe('AIGC 疑似度 ≤ 这个百分比；null 表示不设此目标'),
  })
  .describe('用户设的目标（至少一个；两个都设即双目标模式）');
export type ReduceTargets = z.infer<typeof ReduceTargets>;

/** Defaults when a one-click call (check_machine_submit …) names no target. */
export const REDUCE_DEFAULT_TARGETS: Record<ReduceKind, ReduceTargets> = {
  similarity: { similarity: 15, aigc: null },
  aigc: { similarity: null, aigc: 20 },
};

/** Target fields as they travel flat in a JSON body, a multipart form or a query string. */
export const ReduceTargetFields = z.object({
  targetSimilarity: targetField('复制比').describe('复制比目标 %（0–100），不填表示不设'),
  targetAigc: targetField('AIGC 疑似度').describe('AIGC 疑似度目标 %（0–100），不填表示不设'),
});

/**
 * Honest account of a target the run did not reach overall: the figures, and whether the model path
 * would help (offline run and a model is configured).
 */
export const ReduceNote = z.object({
  target: z.enum(['similarity', 'aigc']).describe('没有达到的目标'),
  targetPercent: percent.describe('用户设的目标 %'),
  beforePercent: percent.nullable().describe('改写前全文 %'),
  afterPercent: percent.nullable().describe('改写后全文 %'),
  unmetParagraphs: z.number().int().describe('仍未达标的段落数'),
  path: ReducePath.describe('这次使用的改写方式'),
  suggestModel: z
    .boolean()
    .describe(
      '离线改写未达标且服务端已配置模型：页面提示「用 AI 模型继续」（reload?path=model 或逐段 redo）',
    ),
  message: z.string().describe('给用户看的说明（含数字），直接显示'),
});
export type ReduceNote = z.infer<typeof ReduceNote>;

export const ReduceReportInfo = z
  .object({
    vendor: ReportVendor,
    totalPercent: percent.nullable().describe('报告上的总复制比 %（读不出时为 null）'),
    flaggedSpans: z.number().int().describe('报告标出的片段数'),
    matchedParagraphs: z.number().int().describe('在论文中找到的被标出段落数（只改写这些段落）'),
  })
  .describe('来源为第三方查重报告时，报告的摘要');
export type ReduceReportInfo = z.infer<typeof ReduceReportInfo>;

export const ReduceSettlement = z
  .object({
    billedParagraphs: z.number().int().describe('计费段落数：改写后达到目标的段落'),
    billedCharacters: z.number().int().describe('计费字符数（达标段落的原文字符数）'),
    unmetParagraphs: z.number().int().describe('改写后仍未达标的段落数（已标出，不计费）'),
    untouchedParagraphs: z.number().int().describe('保持原文的段落数（本已达标、受保护或改写被拒，不计费）'),
    chargedFen: z.number().int().describe('结算后实际收取（分，余额部分）'),
    refundFen: z.number().int().describe('结算退还（分，余额部分）；套餐字数按同一比例退还'),
  })
  .describe('按结果付费：任务结束时按段落结算，未达标和未改写的段落不收费，差额一次退还');
export type ReduceSettlement = z.infer<typeof ReduceSettlement>;

export const ReduceSuccessRate = z
  .object({
    goal: ReduceGoal,
    path: ReducePath,
    rate: z.number().min(0).max(100).nullable().describe('实测达标率 %；null = 尚未测量'),
    measured: z.string().describe('测量说明：样本、目标、日期'),
  })
  .describe('改写方式在这个目标上的实测达标率（来自 bench:rewrite 写入的数据文件）');
export type ReduceSuccessRate = z.infer<typeof ReduceSuccessRate>;

export const ReduceRecord = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: ReduceKind,
  goal: ReduceGoal,
  targets: ReduceTargets,
  path: ReducePath,
  status: ReduceStatus,
  progress: z.number().int().min(0).max(100).describe('进度 %'),
  message: z.string().describe('失败原因或状态说明'),
  origin: ReduceOrigin,
  sourceRecordId: z
    .number()
    .int()
    .nullable()
    .describe('来源记录：origin=check 时为查重记录 ID，origin=aigc 时为 AIGC 检测记录 ID，否则 null'),
  report: ReduceReportInfo.nullable(),
  fileName: z.string().nullable().describe('上传的论文文件名'),
  keepsDocument: z
    .boolean()
    .describe(
      '来源是 .docx：download 返回用户自己的文档（只替换段落文字，可选 Word 修订模式）；否则生成新的 .docx',
    ),
  characters: z.number().int().describe('计费字符数（需改写段落）'),
  priceFen: z.number().int().describe('按所选改写方式的报价（分）'),
  paidFen: z.number().int().describe('实际从余额扣除（分）'),
  chargeSource: z.string().nullable().describe('扣费方式：balance 余额 / order 单独支付'),
  paragraphs: z.number().int().describe('段落总数'),
  targetParagraphs: z.number().int().describe('需改写的段落数'),
  doneParagraphs: z.number().int().describe('已处理完的需改写段落数（逐段进度）'),
  metParagraphs: z.number().int().describe('已达标的需改写段落数'),
  currentParagraph: z.number().int().nullable().describe('正在改写的段落下标（running 时）'),
  before: ReduceScores.nullable().describe('改写前全文分数（按字数加权）；开始前为 null'),
  after: ReduceScores.nullable().describe('改写后全文分数（含用户的接受/拒绝/编辑）；完成前为 null'),
  notes: z.array(ReduceNote).describe('未达标的如实说明；全部达标时为空'),
  settlement: ReduceSettlement.nullable().describe('任务结束时的按段结算；完成前为 null'),
  checkRecordId: z.number().int().nullable().describe('submit_check 生成的复查记录 ID'),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ReduceRecord = z.infer<typeof ReduceRecord>;

export const ReduceQuote = z.object({
  path: ReducePath,
  unitPriceFen: z.number().int().describe('每千字价格（分）'),
  priceFen: z.number().int().describe('本文价格（分）'),
});
export type ReduceQuote = z.infer<typeof ReduceQuote>;

/** What the bench measured of each path, and so which goals the offline path is sold for (submit and confirm pages). */
const MeasuredOffer = z.object({
  successRates: z
    .array(ReduceSuccessRate)
    .describe('每个目标下两种改写方式的实测达标率（按当前目标并列显示）'),
  offlineGoals: z
    .array(ReduceGoal)
    .describe('提供离线改写的目标：只在实测能达到目标的情况下提供（达标率不低于 50 %）'),
});

/** load_by_id: the record plus both paths' prices (to switch on the confirm view). */
export const ReduceDetail = ReduceRecord.extend({
  quotes: z.array(ReduceQuote).describe('本记录两种改写方式的价格'),
  modelAvailable: z.boolean().describe('服务端是否配置了 AI 模型（model 路径可用）'),
  ...MeasuredOffer.shape,
});
export type ReduceDetail = z.infer<typeof ReduceDetail>;

export const ReduceRound = z.object({
  round: z.number().int().describe('第几轮，从 1 开始'),
  strategy: z.string().describe('这一轮的改写策略 ID'),
  strategyLabel: z.string().describe('策略的中文名'),
  scores: ReduceScores.nullable().describe('候选稿的分数；候选未通过校验时为 null'),
  accepted: z.boolean().describe('候选稿是否被采用（不比当前更差且通过校验）'),
  rejected: z.array(z.string()).describe('未通过校验的原因（丢失数字、否定词等）'),
});
export type ReduceRound = z.infer<typeof ReduceRound>;

export const ReduceDecision = z
  .enum(['pending', 'accepted', 'rejected', 'edited'])
  .describe(
    '用户决定：pending 未处理（按接受计）/ accepted 接受改写 / rejected 拒绝（恢复原文）/ edited 用户自己修改',
  );
export type ReduceDecision = z.infer<typeof ReduceDecision>;

export const ReduceParagraphState = z
  .enum(['skipped', 'waiting', 'done'])
  .describe('skipped 不需改写（标题、参考文献、已达标或未被标出）/ waiting 等待改写 / done 已改写');

export const ReduceParagraph = z.object({
  index: z.number().int(),
  kind: z.enum(['heading', 'paragraph', 'reference']),
  state: ReduceParagraphState,
  original: z.string().describe('原文'),
  rewritten: z.string().nullable().describe('机器改写的最好版本；未处理或保持原文时为 null'),
  text: z
    .string()
    .describe(
      '按用户决定的最终文字（下载和复查用它）：接受/未处理 = rewritten，拒绝 = original，编辑 = 用户文字',
    ),
  changes: z.array(MachineChange).describe('original → text 的改动（原文段内下标），用于高亮'),
  before: ReduceScores.nullable().describe('原文分数'),
  after: ReduceScores.nullable().describe('text 的分数（编辑后重新测量）'),
  rounds: z.array(ReduceRound).describe('每一轮的尝试'),
  strategy: z.string().nullable().describe('采用版本的策略 ID；保持原文为 null'),
  strategyLabel: z.string().nullable(),
  met: z.boolean().nullable().describe('text 是否达到所有目标；未处理为 null'),
  billed: z.boolean().describe('是否计费：机器改写后达到目标才计费；保持原文或未达标不计费'),
  decision: ReduceDecision,
  redos: z.number().int().describe('已重做次数'),
  redosLeft: z.number().int().describe('还可免费重做的次数'),
});
export type ReduceParagraph = z.infer<typeof ReduceParagraph>;

/** load_content_by_id: the whole comparison view. */
export const ReduceContent = z.object({
  record: ReduceRecord,
  paragraphs: z.array(ReduceParagraph),
});
export type ReduceContent = z.infer<typeof ReduceContent>;

export const ReduceListFilter = z
  .object({
    status: ReduceStatus.optional(),
    kind: ReduceKind.optional().describe('降重列表传 similarity，降AIGC 列表传 aigc'),
    origin: ReduceOrigin.optional(),
    sourceRecordId: z
      .number()
      .int()
      .optional()
      .describe('与 origin 一起：某条查重 / AIGC 检测记录转来的降重记录'),
    title: z.string().trim().max(100).optional().describe('标题关键字'),
  })
  .nullable()
  .optional();
export type ReduceListFilter = z.infer<typeof ReduceListFilter>;

/** query_content_list: paging in the query with `id`, which paragraphs in the body. */
export const ReduceContentQuery = PageQuery.extend({ id: IdQuery.shape.id });
export const ReduceContentFilter = z
  .object({
    only: z
      .enum(['all', 'targeted', 'unmet', 'changed'])
      .default('all')
      .describe('all 全部 / targeted 需改写的 / unmet 未达标的 / changed 有改动的'),
  })
  .nullable()
  .optional();

const text = z
  .string()
  .refine((s) => s.trim().length > 0, '论文内容为空，请粘贴内容或上传文件')
  .pipe(z.string().max(2_000_000, '内容过长'));
const title = z.string().trim().max(200, '标题最多 200 字').default('');

/** Flat fields of machine_init, the same names in JSON and in a multipart form. */
export const ReduceInitFields = z
  .object({
    title,
    kind: ReduceKind.default('similarity'),
    path: ReducePath.default('offline'),
  })
  .extend(ReduceTargetFields.shape);

/**
 * machine_init as JSON (pasted text). Multipart carries the same fields plus `file` (the paper:
 * .docx/.pdf/.txt) and, for /papermachine/cnki, `report` (a 知网/维普/万方/PaperPass report, PDF or HTML).
 * Targets: at least one, else the kind's default (降重 复制比 ≤ 15 %, 降AIGC 疑似度 ≤ 20 %).
 */
export const ReduceInitInput = ReduceInitFields.extend({ text });
export type ReduceInitInput = z.input<typeof ReduceInitInput>;

export const ReduceWordCountInput = z.object({ text, kind: ReduceKind.default('similarity') });

export const ReduceWordCount = z.object({
  characters: z.number().int().describe('计费字符数'),
  paragraphs: z.number().int(),
  title: z.string().nullable().describe('从文档中识别出的题目'),
  minChars: z.number().int(),
  maxChars: z.number().int(),
  quotes: z.array(ReduceQuote).describe('所选产品两种改写方式的价格'),
  modelAvailable: z.boolean(),
  ...MeasuredOffer.shape,
  ...UploadKept.shape,
});
export type ReduceWordCount = z.infer<typeof ReduceWordCount>;

/** machine_submit: charge and queue; may still change path and targets while the record is unpaid. */
export const ReduceSubmitQuery = IdQuery.extend({
  orderId: z.coerce.number().int().positive().optional().describe('为本记录单独支付的订单（扫码付款后提交）'),
  path: ReducePath.optional().describe('不填则用记录上的方式'),
  pay: payField,
}).extend(ReduceTargetFields.shape);

/** check_machine_submit / check_aigc_machine_submit / aigc_machine_submit: `id` is the source record. */
export const ReduceFromRecordQuery = IdQuery.extend({
  path: ReducePath.optional().describe('默认 offline'),
}).extend(ReduceTargetFields.shape);

/**
 * reload: a failed record is charged again and re-run. `path=model` on a done offline record answers a NEW record
 * (待支付) that continues with the model on the paragraphs still over a target (the note's suggestModel offer).
 */
export const ReduceReloadQuery = IdQuery.extend({
  path: ReducePath.optional().describe(
    'model：已完成的离线记录 → 返回一条新的 AI 模型记录（待支付，只含未达标段落，按这些段落字数收取模型价格，其余段落沿用离线结果）；用 machine_submit 提交',
  ),
});

export const ReduceDownloadQuery = IdQuery.extend({
  track: z
    .preprocess((v) => v === '1' || v === 'true' || v === true || v === 1, z.boolean())
    .default(false)
    .describe('1 = 用户上传的 .docx 以 Word 修订（插入/删除）形式给出改动，可在 Word/WPS 里逐条接受或拒绝'),
});

export const ReduceSubmitCheckQuery = IdQuery;

/** update_paragraph (addition to the spec): the user's decision on one paragraph. */
export const ReduceParagraphDecisionInput = z
  .object({
    index: z.number().int().min(0).describe('段落下标'),
    decision: z.enum(['accepted', 'rejected', 'edited']),
    text: z
      .string()
      .max(20_000, '段落最多 2 万字')
      .optional()
      .describe('decision=edited 时的新文字（重新测量分数）'),
  })
  .refine((v) => v.decision !== 'edited' || (v.text ?? '').trim().length > 0, {
    message: '请填写修改后的段落文字',
    path: ['text'],
  });
export type ReduceParagraphDecisionInput = z.infer<typeof ReduceParagraphDecisionInput>;

/** redo_paragraph (addition to the spec): rewrite one paragraph again, a new seed; free up to a limit. */
export const ReduceRedoInput = z.object({
  index: z.number().int().min(0).describe('段落下标'),
  path: ReducePath.optional().describe('不填则用记录上的方式；model 只在记录按模型价格付费时可用'),
});

export const ReduceParagraphResult = z.object({
  paragraph: ReduceParagraph,
  record: ReduceRecord.describe('更新后的记录（全文 after 分数随之更新）'),
});
export type ReduceParagraphResult = z.infer<typeof ReduceParagraphResult>;
