/**
 * Failures a user should see, raised by services, integrations and jobs: a kind (what went wrong, in the
 * domain's words), a clear Chinese message and, for `paymentRequired`, what to buy. The HTTP layer gives
 * each kind its status code (the HTTP error handler); services and integrations know nothing of HTTP.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'paymentRequired'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'unsupportedType'
  | 'unprocessable'
  | 'rateLimited'
  | 'internal'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new DomainError('invalid', message);
export const unauthorized = (message = '未登录，请登录后使用！') =>
  new DomainError('unauthenticated', message);
/** `details` says what to buy (shortfall, cheapest packages) so the page can offer it. */
export const paymentRequired = (message: string, details?: unknown) =>
  new DomainError('paymentRequired', message, details);
export const forbidden = (message = '没有权限执行此操作') => new DomainError('forbidden', message);
export const notFound = (message = '记录不存在') => new DomainError('notFound', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const tooLarge = (message: string) => new DomainError('tooLarge', message);
export const unsupportedType = (message: string) => new DomainError('unsupportedType', message);
export const unprocessable = (message: string) => new DomainError('unprocessable', message);
export const rateLimited = (message: string) => new DomainError('rateLimited', message);
export const internal = (message: string) => new DomainError('internal', message);
export const unavailable = (message: string, details?: unknown) =>
  new DomainError('unavailable', message, details);
