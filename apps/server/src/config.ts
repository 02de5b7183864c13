import path from 'node:path';
import { z } from 'zod';

/** The repo root: data and the built web app are found relative to it, whatever the working directory. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const emptyToUndef = (v: unknown) => (v === '' ? undefined : v);

/** Every setting, from the environment, validated once. Admin-tunable values live in `sys_config` instead. */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z
    .string()
    .optional()
    .describe('postgres://… for PostgreSQL; SQLite under DATA_DIR otherwise'),
  REDIS_URL: z.string().optional().describe('redis://… for BullMQ jobs and shared rate limits'),
  PUBLIC_URL: z.string().url().optional().describe('how phones reach this server (QR links, payment pages)'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().optional().describe('comma-separated origins; CORS is off when unset'),
  TRUST_PROXY: bool,
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  JOBS_QUEUE: z
    .string()
    .regex(/^[\w-]+$/)
    .default('paperdesk')
    .describe('BullMQ queue name (one per deployment)'),
  JOBS_IN_PROCESS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_TOKEN: z.string().optional().describe('公众号服务器配置里的 Token（验签）'),
  WECHAT_AES_KEY: z.string().optional().describe('EncodingAESKey（安全模式解密）'),
  WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
  FREE_CHECK_SELF_HOSTED_QR: bool.describe(
    '自建扫码登录（未接入公众号）也送每日免费专业版查重：每台设备、每个网络每天一次；默认关闭',
  ),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(20),
  LIBRARY_SHARDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(1)
    .describe(
      '比对库分片数 K：1 为每个任务进程各持整库（默认）；K>1 时由 K 个 `worker --shard i` 进程各持一片（需 REDIS_URL）',
    ),
  LIBRARY_SHARD_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60_000)
    .describe('一次检测等待一个分片应答的最长时间；超时则该次检测失败重试，重试用尽即失败退款'),
  LIBRARY_SHARD_HEARTBEAT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5_000)
    .describe('分片进程写心跳与跟进比对库增删的间隔'),
  LIBRARY_SEED: z
    .enum(['auto', 'off'])
    .default('off')
    .describe('auto：首次启动且比对库为空时导入内置种子库（npm start 默认 auto）；off：不自动导入'),
  // Payments (billing). The sandbox 测试支付 credits without money moving, so it is opt-in outside development.
  PAY_SANDBOX: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'))
    .describe(
      'true：无真实支付渠道时启用测试支付（模拟付款）；false：不开放在线支付；未设置时仅开发环境启用',
    ),
  WECHATPAY_MCH_ID: z.string().optional().describe('微信支付商户号；设置后启用微信支付 Native'),
  WECHATPAY_APP_ID: z.string().optional().describe('与商户号绑定的 AppID'),
  WECHATPAY_API_V3_KEY: z.string().optional().describe('APIv3 密钥（32 字节）'),
  WECHATPAY_PRIVATE_KEY: z.string().optional().describe('商户 API 私钥：PEM 文本或文件路径'),
  WECHATPAY_CERT_SERIAL: z.string().optional().describe('商户 API 证书序列号'),
  WECHATPAY_PUBLIC_KEY: z.string().optional().describe('微信支付公钥：PEM 文本或文件路径'),
  WECHATPAY_PUBLIC_KEY_ID: z.string().optional().describe('微信支付公钥 ID（PUB_KEY_ID_…）'),
  WECHATPAY_PLATFORM_CERT: z.string().optional().describe('或：平台证书 PEM 文本或文件路径'),
  WECHATPAY_API_BASE: z.string().url().default('https://api.mch.weixin.qq.com'),
  ALIPAY_APP_ID: z.string().optional().describe('支付宝应用 AppID；设置后启用支付宝当面付'),
  ALIPAY_PRIVATE_KEY: z.string().optional().describe('应用私钥：PEM、文件路径或控制台给出的 base64'),
  ALIPAY_PUBLIC_KEY: z.string().optional().describe('支付宝公钥：PEM、文件路径或 base64'),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  // Model layer (integrations/llm): an OpenAI-compatible endpoint, or a local GGUF file.
  LLM_BASE_URL: z
    .preprocess(emptyToUndef, z.string().url().optional())
    .describe('OpenAI 兼容接口地址，如 https://api.deepseek.com/v1'),
  LLM_API_KEY: z.preprocess(emptyToUndef, z.string().optional()),
  LLM_MODEL: z
    .preprocess(emptyToUndef, z.string().optional())
    .describe('默认模型名；各功能可在 sys_config llm.model.<功能> 覆盖'),
  LLM_GGUF_PATH: z
    .preprocess(emptyToUndef, z.string().optional())
    .describe('本地 GGUF 模型文件（需另装 node-llama-cpp）'),
  LLM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60_000)
    .describe('等待首字与两段输出之间的最长时间'),
  LLM_MAX_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .default(2)
    .describe('429/5xx 时的重试次数（开始输出后不重试）'),
  LLM_RETRY_BASE_MS: z.coerce.number().int().min(0).default(500),
  LLM_CONCURRENCY: z.coerce
    .number()
    .int()
    .positive()
    .default(16)
    .describe('同时进行的模型调用上限（本进程）'),
  LLM_CONCURRENCY_PER_USER: z.coerce.number().int().positive().default(2),
  // 参考文献核查: record sources beyond the library. Online providers are off unless a base URL is set.
  REFS_CATALOGUE: z
    .preprocess(emptyToUndef, z.string().optional())
    .describe('机构自备的 OpenAlex 作品目录（JSON Lines 文件）'),
  REFS_OPENALEX_URL: z
    .preprocess(emptyToUndef, z.string().url().optional())
    .describe('OpenAlex API 地址，如 https://api.openalex.org；不设则不在线核实'),
  REFS_OPENALEX_KEY: z.preprocess(emptyToUndef, z.string().optional()),
  REFS_CROSSREF_URL: z
    .preprocess(emptyToUndef, z.string().url().optional())
    .describe('Crossref API 地址，如 https://api.crossref.org；不设则不在线核实'),
  REFS_CROSSREF_KEY: z.preprocess(emptyToUndef, z.string().optional()),
  REFS_MAILTO: z
    .preprocess(emptyToUndef, z.string().email().optional())
    .describe('礼貌访问所用的联系邮箱（OpenAlex、Crossref 要求）'),
  REFS_TIMEOUT_MS: z.coerce.number().int().positive().default(8_000),
});

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`配置错误:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** How QR sign-in works: through the WeChat official account (a real openid) or this server's phone page. */
export const qrLoginMode = (config: Config): 'wechat' | 'self' =>
  config.WECHAT_APP_ID && config.WECHAT_APP_SECRET ? 'wechat' : 'self';

/** Whether the sandbox 测试支付 may run: opted in with PAY_SANDBOX=true, or by default in development only. */
export const paySandboxRequested = (config: Config): boolean =>
  config.PAY_SANDBOX ?? config.NODE_ENV === 'development';

/** Whether WeChat Pay or Alipay is configured (then the sandbox never runs). */
export const realPaymentConfigured = (config: Config): boolean =>
  !!(config.WECHATPAY_MCH_ID || config.ALIPAY_APP_ID);

/**
 * Why `serve` must not start, or null. In production a forgotten payment configuration must not
 * silently turn on the sandbox (which credits real balance for a button press), nor run unnoticed
 * without payments: the operator chooses one of the three explicitly.
 */
export function paymentStartupProblem(config: Config): string | null {
  if (config.NODE_ENV !== 'production' || realPaymentConfigured(config) || config.PAY_SANDBOX !== undefined)
    return null;
  return [
    '拒绝启动：生产环境（NODE_ENV=production）未配置真实支付渠道。请任选其一：',
    '  · 配置微信支付 WECHATPAY_MCH_ID、WECHATPAY_APP_ID、WECHATPAY_API_V3_KEY、WECHATPAY_PRIVATE_KEY、WECHATPAY_CERT_SERIAL（及 PUBLIC_URL）；',
    '  · 或配置支付宝 ALIPAY_APP_ID、ALIPAY_PRIVATE_KEY、ALIPAY_PUBLIC_KEY（及 PUBLIC_URL）；',
    '  · 或设置 PAY_SANDBOX=true 启用测试支付（付款为模拟，不会扣款，仅供试用）；',
    '  · 或设置 PAY_SANDBOX=false 不开放在线支付（用户无法下单）。',
  ].join('\n');
}
