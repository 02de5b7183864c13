import { z } from 'zod';
import { withSchemas } from './endpoint.ts';
import { loginRoutes } from './routes/login.ts';

/** Usernames are trimmed before any rule applies (spec §5). */
export const Username = z
  .string({ error: '请输入用户名' })
  .max(200, '用户名过长')
  .transform((s) => s.trim())
  .pipe(z.string().min(1, '请输入用户名'));
export const Password = z.string({ error: '请输入密码' }).min(1, '请输入密码').max(200, '密码过长');

export const LoginInput = z.object({ username: Username, password: Password });
export type LoginInput = z.infer<typeof LoginInput>;

export const RegisterInput = z.object({
  username: z
    .string({ error: '请输入用户名' })
    .max(200, '用户名过长')
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(3, '用户名需为 3–32 个字符')
        .max(32, '用户名需为 3–32 个字符')
        .regex(/^[\p{L}\p{N}_.@-]+$/u, '用户名只能包含文字、数字和 _ . @ -'),
    ),
  password: z.string({ error: '请输入密码' }).min(8, '密码至少 8 位').max(128, '密码最多 128 位'),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const LoginResult = z.object({ access_token: z.string() });
export type LoginResult = z.infer<typeof LoginResult>;

/** `current`: empty (null) result for a missing or invalid token. */
export const CurrentUser = z.object({
  id: z.number().int(),
  loginName: z.string(),
  avatar: z.string(),
  roles: z.array(z.enum(['user', 'admin'])).describe('服务端角色；与前端路由角色无关'),
  loginMethods: z.array(z.enum(['password', 'qr', 'wechat'])).describe('该账户使用过的登录方式'),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const QrCodeStart = z.object({
  id: z.string().describe('二维码登录会话 ID'),
  qrCode: z.string().describe('二维码编码的文本（自建：本站 /m/qr/<id> 链接；微信：公众号临时二维码链接）'),
  expiresIn: z.number().int().describe('有效期（秒）'),
});
export type QrCodeStart = z.infer<typeof QrCodeStart>;

export const QrCodeQuery = z.object({ id: z.string().min(1).max(100) });

/** Truthy `result.access_token` once the phone confirmed; `null` before. */
export const QrValidateResult = LoginResult.nullable();
export type QrValidateResult = z.infer<typeof QrValidateResult>;

export const QrConfirmInput = z.object({ id: z.string().min(1).max(100) });

export const QrRequestInput = z.object({ id: z.string().min(1).max(100) });

/** What the phone is asked to confirm: where and when the sign-in it would grant was requested. */
export const QrRequestInfo = z.object({
  requestedAt: z.string().describe('电脑端请求登录的时间（UTC ISO）'),
  network: z.string().describe('请求登录的网络（IPv4 隐去末段，IPv6 只留前 64 位）'),
  browser: z.string().describe('请求登录的浏览器与系统（按 User-Agent 概括）'),
  expiresIn: z.number().int().describe('剩余有效期（秒）'),
});
export type QrRequestInfo = z.infer<typeof QrRequestInfo>;
export const ChangePasswordInput = z.object({
  oldPassword: Password,
  newPassword: RegisterInput.shape.password,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** Username and password may come in the query string (the spec's client) or a JSON body. */
export const LoginQuery = z.object({
  username: z.string().max(200).optional(),
  password: z.string().max(200).optional(),
});
export const LoginBody = LoginQuery.optional().nullable();

const done = z.boolean();

/** login_api (spec §7 "Login and account"). */
export const loginEndpoints = withSchemas(loginRoutes, {
  login: {
    summary: '用户名密码登录（手机端注册的账户）',
    query: LoginQuery,
    body: LoginBody,
    result: LoginResult,
  },
  register: { summary: '注册账户（手机端）', body: RegisterInput, result: LoginResult },
  current: { summary: '当前用户；未登录或令牌无效时 result 为空', result: CurrentUser.nullable() },
  logout: { summary: '退出登录（吊销当前令牌）', result: done },
  change_password: {
    summary: '修改密码（其他设备上的登录随之失效）',
    body: ChangePasswordInput,
    result: done,
  },
  login_qr_code: { summary: '获取扫码登录二维码', result: QrCodeStart },
  val_login_qr_code: {
    summary: '轮询扫码结果：确认后返回 access_token，之前 result 为空',
    query: QrCodeQuery,
    result: QrValidateResult,
  },
  qr_request: {
    summary: '（新增）手机端确认前查看：电脑端请求登录的时间、网络与浏览器（需已登录）',
    body: QrRequestInput,
    result: QrRequestInfo,
  },
  qr_confirm: { summary: '手机端确认扫码登录（需已登录）', body: QrConfirmInput, result: done },
});
