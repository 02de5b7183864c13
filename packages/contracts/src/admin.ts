import { z } from 'zod';
import { AdminUser, AdminUserQuery } from './adminUsers.ts';
import { group } from './endpoint.ts';
import { QuotaKind } from './account.ts';
import { Edition, LedgerEntry, ServiceKind } from './billing.ts';
import { IdQuery, PageQuery, page } from './paging.ts';

/** The admin console (`/api/admin/*`): audit log, 比对库 status and seed, prices/limits, balances. */

export const AuditEntry = z.object({
  id: z.number().int(),
  actorUserId: z.number().int(),
  actorName: z.string(),
  action: z.string().describe('如 library.seed、config.set、user.balance、user.disable、order.refund'),
  target: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = PageQuery.extend({
  action: z.string().trim().max(64).optional().describe('按操作前缀筛选，如 library.'),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const LibraryIndexState = z.object({
  indexedDocuments: z.number().int().describe('本进程内存索引中的文档数（未载入时为 0）'),
  savedDocuments: z.number().int().nullable().describe('磁盘索引缓存中的文档数'),
  savedAt: z.string().nullable().describe('索引缓存最近保存时间'),
  fileBytes: z.number().int().nullable().describe('索引缓存文件大小'),
  heapUsedBytes: z.number().int().describe('本进程已用堆内存'),
});

export const LibraryStatus = z.object({
  name: z.string(),
  documents: z.number().int(),
  characters: z.number().int(),
  index: LibraryIndexState,
  seed: z
    .object({ name: z.string(), added: z.number().int(), skipped: z.number().int(), importedAt: z.string() })
    .nullable()
    .describe('内置种子库的导入记录；null 表示从未导入'),
});
export type LibraryStatus = z.infer<typeof LibraryStatus>;

/** A shared-library document and how many checks' reports listed it as a source. */
export const LibraryMatch = z.object({
  documentId: z.number().int(),
  title: z.string(),
  author: z.string(),
  checks: z.number().int().describe('报告中列出该文献为来源的检测次数'),
  lastCheckedAt: z.string().describe('最近一次命中的报告时间'),
  deleted: z.boolean().describe('已从比对库删除（旧报告仍保留来源）'),
});
export type LibraryMatch = z.infer<typeof LibraryMatch>;
export const LibraryMatchQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export const LibrarySeedResult = z.object({
  added: z.number().int(),
  skipped: z.number().int(),
  failed: z.array(z.object({ item: z.string(), message: z.string() })),
  elapsedMs: z.number().int(),
});
export type LibrarySeedResult = z.infer<typeof LibrarySeedResult>;

/** Only prices and limits are edited here; other keys have their own screens or are internal. */
export const ADMIN_CONFIG_PREFIXES = ['price.', 'limit.'] as const;

/** A `limit.*` value: a non-negative number (characters, MB, counts). */
export const LimitValue = z.number({ error: '限制值须为数字' }).min(0, '限制值不能为负数').max(1e9);

export const AdminConfigEntry = z.object({
  key: z.string(),
  value: z.unknown(),
  description: z.string(),
  updatedAt: z.string(),
});
export type AdminConfigEntry = z.infer<typeof AdminConfigEntry>;

export const AdminConfigSetInput = z.object({
  key: z
    .string()
    .trim()
    .max(100)
    .refine((k) => ADMIN_CONFIG_PREFIXES.some((p) => k.startsWith(p)), '只能修改 price.* 与 limit.* 配置'),
  value: z.unknown(),
});
export type AdminConfigSetInput = z.infer<typeof AdminConfigSetInput>;

export const AdjustBalanceInput = z.object({
  userId: z.coerce.number().int().positive(),
  deltaFen: z
    .number()
    .int('金额须为整数（分）')
    .refine((v) => v !== 0, '调整金额不能为 0')
    .refine((v) => Math.abs(v) <= 10_000_000, '单次调整不超过 10 万元'),
  reason: z.string().trim().min(2, '请填写调整原因').max(80),
});
export type AdjustBalanceInput = z.infer<typeof AdjustBalanceInput>;

export const AdjustBalanceResult = z.object({ balanceFen: z.number().int(), ledgerId: z.number().int() });
export type AdjustBalanceResult = z.infer<typeof AdjustBalanceResult>;

export const SetDisabledInput = z.object({
  userId: z.coerce.number().int().positive(),
  disabled: z.boolean(),
});
export type SetDisabledInput = z.infer<typeof SetDisabledInput>;

/** The admin sets a temporary password (told to the user out of band); the user's sessions end. */
export const ResetPasswordInput = z.object({
  userId: z.coerce.number().int().positive(),
  password: z.string({ error: '请输入临时密码' }).min(8, '临时密码至少 8 位').max(128, '临时密码最多 128 位'),
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const AdminOrderQuery = PageQuery.extend({
  status: z.enum(['created', 'paid', 'fulfilled', 'expired', 'refunded']).optional(),
  kind: z.enum(['package', 'topup', 'record']).optional(),
  keyword: z.string().trim().max(64).optional().describe('订单号或用户名（包含）'),
  userId: z.coerce.number().int().positive().optional().describe('只看该用户的订单'),
});
export type AdminOrderQuery = z.infer<typeof AdminOrderQuery>;

export const AdminOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  userId: z.number().int(),
  username: z.string(),
  kind: z.string(),
  subject: z.string(),
  amountFen: z.number().int(),
  status: z.string(),
  provider: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  refundedFen: z.number().int().describe('已退款合计（分），不超过实付金额'),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

/** A whole or partial refund; `requestKey` (one per refund dialog) makes a double click or retry refund once. */
export const AdminRefundInput = z.object({
  orderId: z.coerce.number().int().positive(),
  amountFen: z
    .number({ error: '退款金额须为数字' })
    .int('退款金额须为整数（分）')
    .positive('退款金额须大于 0')
    .optional()
    .describe('退款金额（分）；不填则退还剩余全部'),
  reason: z.string().trim().min(2, '请填写退款原因').max(80),
  requestKey: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[\w-]+$/, '请求编号格式错误')
    .describe('本次退款请求的唯一编号：同一编号重复提交只退一次'),
});
export type AdminRefundInput = z.infer<typeof AdminRefundInput>;

export const AdminRefundResult = z.object({
  order: AdminOrder,
  refundId: z.number().int(),
  amountFen: z.number().int(),
  replayed: z.boolean().describe('该请求编号此前已退款：返回第一次的结果，未重复退款'),
});
export type AdminRefundResult = z.infer<typeof AdminRefundResult>;

/** The paid services whose records run as jobs (the system page's rows). */
export const JobServiceKind = z.enum(['check', 'aigc', 'rewrite', 'writing', 'ppt', 'reduce']);

export const FailedJob = z.object({
  kind: JobServiceKind,
  id: z.number().int(),
  title: z.string(),
  message: z.string().describe('失败原因'),
  updatedAt: z.string(),
});
export type FailedJob = z.infer<typeof FailedJob>;

export const AdminFailedQuery = PageQuery.extend({ kind: JobServiceKind });
export type AdminFailedQuery = z.infer<typeof AdminFailedQuery>;

export const AdminRetryInput = z.object({ kind: JobServiceKind, id: z.coerce.number().int().positive() });
export type AdminRetryInput = z.infer<typeof AdminRetryInput>;

/** Work per paid service: records by state (queued + running = the queue), and the latest failures. */
export const SystemStatus = z.object({
  jobs: z.enum(['local', 'bullmq']).describe('任务队列：进程内或 Redis（BullMQ）'),
  workers: z
    .array(z.object({ name: z.string().describe('主机:进程号'), ageSeconds: z.number().int() }))
    .describe('正在消费任务的进程：嵌入式为本进程，Redis 模式为每个 worker 进程'),
  shards: z
    .array(
      z.object({
        shard: z.number().int(),
        name: z.string().nullable().describe('分片进程 主机:进程号；从未报告时为空'),
        state: z
          .enum(['loading', 'building', 'ready', 'down'])
          .describe('载入索引文件、从数据库建立、可应答检测；超过 3 个心跳周期未报告为 down'),
        documents: z.number().int(),
        characters: z.number().int().describe('本片文献的字数（字母与数字）'),
        rssBytes: z.number().int(),
        updatedAt: z.string().nullable().describe('最近一次心跳'),
      }),
    )
    .describe('比对库分片（LIBRARY_SHARDS > 1）：每片一行；整库模式为空'),
  services: z.array(
    z.object({
      kind: z.string(),
      queued: z.number().int(),
      running: z.number().int(),
      failed: z.number().int(),
      done: z.number().int(),
    }),
  ),
  failures: z.array(FailedJob).describe('各服务最近的失败（合计最多 20 条）'),
  database: z.object({ dialect: z.enum(['sqlite', 'postgres']), bytes: z.number().int() }),
  disk: z.object({ path: z.string(), freeBytes: z.number().int(), totalBytes: z.number().int() }),
  process: z.object({ pid: z.number().int(), uptimeSeconds: z.number().int(), rssBytes: z.number().int() }),
});
export type SystemStatus = z.infer<typeof SystemStatus>;

/** AI 模型 page: which endpoint and model each feature uses (never the API key), and usage per day. */
export const AdminModelFeature = z.object({
  feature: z.string(),
  model: z.string().describe('该功能实际使用的模型名（sys_config llm.model.<功能> 覆盖默认）；未配置时为空'),
  overridden: z.boolean().describe('是否由 sys_config 单独指定'),
  available: z.boolean(),
  required: z
    .boolean()
    .describe('该功能是否离不开模型；AIGC检测用内置检测模型，大模型只是可选的零样本评分，为 false'),
  message: z.string().describe('不可用时的原因'),
});
export const AdminModelStatus = z.object({
  provider: z.enum(['openai', 'gguf']).nullable(),
  endpoint: z
    .string()
    .nullable()
    .describe('接口地址（去掉用户名、密码与查询串）或本地模型文件名；不含 API 密钥'),
  defaultModel: z.string(),
  keyConfigured: z.boolean().describe('是否配置了 API 密钥（只说有没有，不显示）'),
  features: z.array(AdminModelFeature),
  costPerKTokensFen: z
    .number()
    .nullable()
    .describe('sys_config llm.cost.perKTokensFen：每千 token 成本（分）；未设为 null'),
});
export type AdminModelStatus = z.infer<typeof AdminModelStatus>;

export const AdminModelUsageQuery = z.object({
  days: z.coerce.number().int().min(1).max(90).default(14),
});
export const AdminModelUsageDay = z.object({
  day: z.string().describe('YYYY-MM-DD（UTC）'),
  feature: z.string(),
  calls: z.number().int(),
  failed: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  costFen: z.number().nullable().describe('按每千 token 成本估算；未设成本时为 null'),
});
export const AdminModelUsage = z.object({ days: z.number().int(), rows: z.array(AdminModelUsageDay) });
export type AdminModelUsage = z.infer<typeof AdminModelUsage>;

export const AdminModelTestInput = z.object({ feature: z.string().trim().min(1).max(32).default('chat') });
export const AdminModelTestResult = z.object({
  ok: z.boolean(),
  feature: z.string(),
  model: z.string(),
  reply: z.string().describe('模型回答的前 200 字'),
  message: z.string().describe('失败或未配置的原因'),
  durationMs: z.number().int(),
});
export type AdminModelTestResult = z.infer<typeof AdminModelTestResult>;

/** Packages (`products`): an admin creates, edits and retires them; a retired package is no longer sold. */
const PackageFields = z.object({
  service: ServiceKind,
  edition: Edition,
  name: z.string().trim().min(1, '请填写套餐名称').max(60),
  description: z.string().trim().max(200).default(''),
  quotaAmount: z
    .number({ error: '额度须为数字' })
    .int('额度须为整数')
    .positive('套餐不能为空：额度须大于 0（次数或字数）'),
  priceFen: z.number({ error: '价格须为数字' }).int('价格须为整数（分）').min(0, '价格不能为负数'),
  listPriceFen: z.number().int('原价须为整数（分）').min(0, '原价不能为负数'),
  badge: z.string().trim().max(12).default(''),
  sort: z.number().int().min(0).max(100_000).default(0),
});
export const AdminPackage = PackageFields.extend({
  id: z.number().int(),
  code: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type AdminPackage = z.infer<typeof AdminPackage>;
export const AdminPackageCreate = PackageFields.extend({
  code: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,39}$/, '编码只能包含小写字母、数字和下划线（2–40 位，字母开头）'),
});
export type AdminPackageCreate = z.infer<typeof AdminPackageCreate>;
export const AdminPackageUpdate = PackageFields.extend({ id: z.number().int().positive() });
export type AdminPackageUpdate = z.infer<typeof AdminPackageUpdate>;
export const AdminPackageActive = z.object({ id: z.number().int().positive(), active: z.boolean() });

/** One user on the users page: balance, every quota, and the latest orders and ledger rows. */
export const AdminUserDetail = z.object({
  user: AdminUser,
  balanceFen: z.number().int(),
  quotas: z
    .array(z.object({ kind: QuotaKind, amount: z.number().int() }))
    .describe('各服务剩余额度（次/字/篇…）'),
  orders: z.array(AdminOrder).describe('最近 20 笔订单'),
  ordersTotal: z.number().int(),
  ledger: z.array(LedgerEntry).describe('最近 30 条流水'),
  ledgerTotal: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

/** The admin console's calls (`/api/admin/*`): every one answers 401/403 before its input is read. */
export const adminEndpoints = group(
  '/api/admin',
  {
    users: {
      method: 'GET',
      summary: '账户列表（仅管理员）：分页，按用户名筛选',
      query: AdminUserQuery,
      result: page(AdminUser),
    },
    users_detail: {
      method: 'GET',
      path: 'users/detail',
      summary: '用户详情：余额、各服务剩余额度、最近订单与流水',
      query: IdQuery,
      result: AdminUserDetail,
    },
    users_adjust_balance: {
      path: 'users/adjust_balance',
      summary: '调整余额（正数增加、负数扣减，单位分）：写一条「人工调整」流水并记入操作日志',
      body: AdjustBalanceInput,
      result: AdjustBalanceResult,
    },
    users_set_disabled: {
      path: 'users/set_disabled',
      summary: '停用或启用账户（停用时立即注销其登录）',
      body: SetDisabledInput,
      result: z.boolean(),
    },
    users_reset_password: {
      path: 'users/reset_password',
      summary: '重置密码：管理员设一个临时密码（至少 8 位），该用户的登录全部失效；记入操作日志（不含密码）',
      body: ResetPasswordInput,
      result: z.boolean(),
    },
    audit: {
      method: 'GET',
      summary: '操作日志（仅管理员）：谁、何时、做了什么、改前改后',
      query: AuditQuery,
      result: page(AuditEntry),
    },
    library_status: {
      method: 'GET',
      path: 'library/status',
      summary: '比对库：规模、索引状态（本进程）、种子库导入记录',
      result: LibraryStatus,
    },
    library_matches: {
      method: 'GET',
      path: 'library/matches',
      summary: '比对库中被检测命中最多的文献（按报告来源统计的检测次数，前 N 篇）',
      query: LibraryMatchQuery,
      result: z.array(LibraryMatch),
    },
    library_seed: {
      path: 'library/seed',
      summary: '导入内置种子比对库（CSL 中文科学文献摘要；已有的跳过，可重复执行）',
      result: LibrarySeedResult,
    },
    config: {
      method: 'GET',
      summary: '价格（price.*）与限制（limit.*）配置',
      result: z.array(AdminConfigEntry),
    },
    config_set: {
      path: 'config/set',
      summary: '修改一项价格或限制（校验：价格为非负整数分，限制为非负数），立即生效并记入操作日志',
      body: AdminConfigSetInput,
      result: AdminConfigEntry,
    },
    orders: {
      method: 'GET',
      summary: '全部订单：按状态、类型、订单号或用户名筛选',
      query: AdminOrderQuery,
      result: page(AdminOrder),
    },
    orders_export: {
      method: 'GET',
      path: 'orders/export',
      summary: '导出订单 CSV（同样的筛选条件，最多 5 万行）',
      query: AdminOrderQuery.omit({ pageNo: true, pageSize: true }),
      result: null,
    },
    orders_refund: {
      path: 'orders/refund',
      summary:
        '退款（整单或部分）：不填金额退还剩余全部；各次退款合计不超过实付；同一请求编号只退一次；按比例收回到账的额度或余额；记入操作日志',
      body: AdminRefundInput,
      result: AdminRefundResult,
    },
    system: {
      method: 'GET',
      summary: '系统：各服务排队/运行/失败数、最近失败及原因、数据库与磁盘大小、本进程',
      result: SystemStatus,
    },
    system_failed: {
      method: 'GET',
      path: 'system/failed',
      summary: '某服务的失败记录（最新在前）及失败原因',
      query: AdminFailedQuery,
      result: page(FailedJob),
    },
    system_retry: {
      path: 'system/retry',
      summary: '重试失败的记录：重新排队执行，不再扣费；记入操作日志',
      body: AdminRetryInput,
      result: z.boolean(),
    },
    models: {
      method: 'GET',
      summary: 'AI 模型：接口地址、各功能所用模型与是否可用（不显示 API 密钥）',
      result: AdminModelStatus,
    },
    models_usage: {
      method: 'GET',
      path: 'models/usage',
      summary: 'AI 模型用量：最近 N 天每天每个功能的调用次数、token 与估算成本',
      query: AdminModelUsageQuery,
      result: AdminModelUsage,
    },
    models_test: {
      path: 'models/test',
      summary: '测试连接：经模型层发一次极短的请求；未配置模型时直接说明，记入操作日志',
      body: AdminModelTestInput,
      result: AdminModelTestResult,
    },
    packages: { method: 'GET', summary: '套餐列表（含已下架）', result: z.array(AdminPackage) },
    packages_create: {
      path: 'packages/create',
      summary: '新建套餐（价格不能为负，额度须大于 0），立即上架并记入操作日志',
      body: AdminPackageCreate,
      result: AdminPackage,
    },
    packages_update: {
      path: 'packages/update',
      summary: '修改套餐（同样校验），立即生效并记入操作日志（改前改后）',
      body: AdminPackageUpdate,
      result: AdminPackage,
    },
    packages_set_active: {
      path: 'packages/set_active',
      summary: '下架或重新上架套餐（已售出的套餐额度不受影响）',
      body: AdminPackageActive,
      result: AdminPackage,
    },
  },
  'admin',
);
