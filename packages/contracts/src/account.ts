import { z } from 'zod';
import { withSchemas } from './endpoint.ts';
import { accountRoutes } from './routes/account.ts';

/** Per-service quota kinds; billing credits them from packages. */
export const QuotaKind = z.enum(['check', 'rewrite', 'aigc_check', 'aigc_rewrite', 'writing', 'ppt', 'chat']);
export type QuotaKind = z.infer<typeof QuotaKind>;

/**
 * Services that cannot run at all without a configured AI model, with the model feature they need; their
 * packages are off sale while that model is missing (the others have an offline path or need no model).
 */
export const MODEL_ONLY_SERVICES: Readonly<Partial<Record<QuotaKind, 'chat' | 'writing' | 'ppt'>>> = {
  chat: 'chat',
  writing: 'writing',
  ppt: 'ppt',
};

export const AccountSummary = z.object({
  userId: z.number().int(),
  loginName: z.string(),
  balance: z.number().int().describe('余额（分）'),
  quotas: z.record(QuotaKind, z.number().int()).describe('各服务剩余额度（次数或字数，见套餐说明）'),
  freeCheck: z.object({
    eligible: z
      .boolean()
      .describe(
        '是否享每日一次免费专业版查重（微信登录的账户；自建扫码登录仅在站点开启时，按设备与网络限次）',
      ),
    availableToday: z.boolean().describe('今天（北京时间）是否还能免费查重'),
    reason: z.string().nullable().describe('今天不能免费查重的原因；能时为 null'),
  }),
  createdAt: z.string(),
});
export type AccountSummary = z.infer<typeof AccountSummary>;

/** Public config `feature.freeCheck` (written by the server at start): what the pages may promise guests. */
export const FREE_CHECK_FEATURE_KEY = 'feature.freeCheck';
export const FreeCheckFeature = z.object({
  qrSignIn: z.boolean().describe('扫码登录是否送每日一次免费专业版查重（登录面板据此提示）'),
  qrMode: z.enum(['wechat', 'self']).describe('wechat：公众号扫码登录；self：本站手机页确认'),
  rule: z.string().describe('给用户看的规则说明'),
});
export type FreeCheckFeature = z.infer<typeof FreeCheckFeature>;

/** account_info_api. */
export const accountEndpoints = withSchemas(accountRoutes, {
  account: { summary: '账户概览：余额、各服务额度、每日免费查重状态', result: AccountSummary },
});
