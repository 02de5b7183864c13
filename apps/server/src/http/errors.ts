import type { DomainError, ErrorKind } from '../errors.ts';

/** The HTTP layer raises the same domain errors as the services; the error handler gives each its status. */
export {
  badRequest,
  conflict,
  DomainError,
  forbidden,
  notFound,
  paymentRequired,
  rateLimited,
  tooLarge,
  unauthorized,
  unsupportedType,
} from '../errors.ts';

/** Where the HTTP layer maps each domain error kind to its status code (and so to the envelope's `code`). */
export const statusOfKind = {
  invalid: 400,
  unauthenticated: 401,
  paymentRequired: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedType: 415,
  unprocessable: 422,
  rateLimited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<ErrorKind, number>;

export type ErrorStatus = (typeof statusOfKind)[ErrorKind];

/** The HTTP status of a domain error. */
export const statusOf = (err: DomainError): ErrorStatus => statusOfKind[err.kind];

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
