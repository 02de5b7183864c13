import { z } from 'zod';
import { payField } from './pay.ts';
import { UploadKept } from './upload.ts';
import { OrderStatus } from './order.ts';

/**
 * `machine_api` (降重): a pasted or uploaded passage (or a checked paper handed over from 查重) is
 * rewritten paragraph by paragraph so it matches its sources less. Money is integer fen; characters
 * are billed 字符数 (textkit's count) of the paragraphs that will be rewritten.
 */

export const MachineEdition = z
  .enum(['standard', 'cnki'])
  .describe('standard 智能降重（离线改写引擎） / cnki 知网专版降重（AI 模型逐段改写并校验）');
export type MachineEdition = z.infer<typeof MachineEdition>;

export const MachineStatus = z
  .enum(['created', 'queued', 'running', 'done', 'failed'])
  .describe('created 待支付 / queued 排队中 / running 降重中 / done 已完成 / failed 失败（已退款）');
export type MachineStatus = z.infer<typeof MachineStatus>;

export const MachineOrigin = z
  .enum(['paste', 'upload', 'check'])
  .describe('paste 粘贴 / upload 上传文件 / check 由查重报告转来（只改写标红、标黄段落）');
export type MachineOrigin = z.infer<typeof MachineOrigin>;

/** How a paragraph was produced. */
export const ParagraphMethod = z
  .enum(['kept', 'rule', 'model', 'fallback'])
  .describe(
    'kept 保持原文 / rule 离线引擎改写 / model AI 模型改写 / fallback 模型输出未通过校验，改用离线引擎强力改写',
  );
export type ParagraphMethod = z.infer<typeof ParagraphMethod>;

export const MachineStats = z.object({
  changedChars: z.number().int().describe('原文中被改动的字符数'),
  changeRatio: z.number().min(0).max(1).describe('改动字符占改写段落字符的比例'),
  rewrittenParagraphs: z.number().int(),
  modelParagraphs: z.number().int().describe('AI 模型改写并通过校验的段落数'),
  fallbackParagraphs: z.number().int().describe('模型输出丢失数字、引用等而改用离线引擎的段落数'),
  elapsedMs: z.number().int(),
});
export type MachineStats = z.infer<typeof MachineStats>;

export const MachineRecord = z.object({
  id: z.number().int(),
  title: z.string(),
  edition: MachineEdition,
  status: MachineStatus,
  progress: z.number().int().min(0).max(100).describe('进度 %'),
  origin: MachineOrigin,
  checkRecordId: z.number().int().nullable().describe('来源查重记录'),
  characters: z.number().int().describe('计费字符数（需改写段落）'),
  priceFen: z.number().int().describe('按所选版本的报价（分）'),
  paidFen: z.number().int().describe('实际从余额扣除（分）；用套餐字数时为 0'),
  fileName: z.string().nullable(),
  paragraphs: z.number().int().describe('段落总数'),
  targetParagraphs: z.number().int().describe('需改写的段落数'),
  doneParagraphs: z.number().int().describe('已改写完成的段落数'),
  message: z.string().describe('失败原因或状态说明'),
  stats: MachineStats.nullable(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type MachineRecord = z.infer<typeof MachineRecord>;

export const MachineChange = z.object({
  start: z.number().int().describe('原文段内起点（含）'),
  end: z.number().int().describe('原文段内终点（不含）'),
  replacement: z.string(),
});
export type MachineChange = z.infer<typeof MachineChange>;

export const MachineParagraph = z.object({
  index: z.number().int(),
  kind: z.enum(['heading', 'paragraph']),
  original: z.string(),
  text: z.string().describe('改写后的文字（保持原文时与 original 相同）'),
  method: ParagraphMethod,
  changes: z.array(MachineChange).describe('按原文下标排列的改动，依次应用到 original 得到 text'),
});
export type MachineParagraph = z.infer<typeof MachineParagraph>;

export const MachineListFilter = z
  .object({
    status: MachineStatus.optional(),
    edition: MachineEdition.optional(),
    title: z.string().trim().max(100).optional().describe('标题关键字'),
  })
  .nullable()
  .optional();
export type MachineListFilter = z.infer<typeof MachineListFilter>;

const text = z.string().min(1, '请粘贴需要降重的内容或上传文件').max(2_000_000, '内容过长');
const title = z.string().trim().max(200, '标题最多 200 字').default('');

/** machine_init / machine_cnki_init as JSON (pasted text); the multipart form carries `title` and `file`. */
export const MachineInitInput = z.object({ title, text });
export type MachineInitInput = z.input<typeof MachineInitInput>;
export const MachineInitFields = z.object({ title });

export const MachineWordCountInput = z.object({ text });

export const MachineQuote = z.object({
  edition: MachineEdition,
  unitPriceFen: z.number().int().describe('每千字价格（分）'),
  priceFen: z.number().int(),
});
export type MachineQuote = z.infer<typeof MachineQuote>;

export const MachineWordCount = z.object({
  characters: z.number().int().describe('计费字符数'),
  paragraphs: z.number().int(),
  title: z.string().nullable(),
  minChars: z.number().int(),
  maxChars: z.number().int(),
  quotes: z.array(MachineQuote),
  modelAvailable: z.boolean().describe('知网专版需要的 AI 模型是否可用'),
  ...UploadKept.shape,
});
export type MachineWordCount = z.infer<typeof MachineWordCount>;

/** load_by_id: the record, both editions' prices (to switch on the confirm view) and, once done, the before/after paragraphs. */
export const MachineDetail = MachineRecord.extend({
  quotes: z.array(MachineQuote),
  modelAvailable: z.boolean().describe('知网专版需要的 AI 模型是否可用'),
  result: z.array(MachineParagraph).nullable().describe('完成后的逐段对照'),
});
export type MachineDetail = z.infer<typeof MachineDetail>;

/** machine_submit / machine_cnki_submit: the endpoint names the edition. */
export const MachineSubmitInput = z.object({
  id: z.coerce.number().int().positive(),
  orderId: z.coerce.number().int().positive().optional().describe('为本记录单独支付的订单（扫码付款后提交）'),
  pay: payField,
});

export const MachineOrderQuery = z.object({
  id: z.coerce.number().int().positive().describe('降重记录 ID'),
  orderId: z.coerce.number().int().positive().describe('扫码支付的订单 ID'),
});

export const MachineOrderStatus = z.object({
  orderId: z.number().int(),
  orderStatus: OrderStatus,
  record: MachineRecord,
});
export type MachineOrderStatus = z.infer<typeof MachineOrderStatus>;
