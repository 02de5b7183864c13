/** A failure the client should see: HTTP status plus a Chinese message. Anything else becomes a 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = '未登录，请登录后使用！') => new AppError(401, message);
export const paymentRequired = (message: string, details?: unknown) => new AppError(402, message, details);
export const forbidden = (message = '没有权限执行此操作') => new AppError(403, message);
export const notFound = (message = '记录不存在') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** Default Chinese messages per status for errors raised by Fastify or its plugins. */
export const statusMessages: Record<number, string> = {
  400: '请求参数有误',
  401: '未登录，请登录后使用！',
  402: '余额或额度不足',
  403: '没有权限执行此操作',
  404: '请求的资源不存在',
  405: '不支持的请求方法',
  406: '不支持的响应格式',
  409: '操作冲突，请刷新后重试',
  413: '上传内容过大',
  415: '不支持的内容类型',
  429: '请求过于频繁，请稍后再试',
  500: '服务器内部错误，请稍后重试',
  503: '服务暂不可用，请稍后重试',
};
