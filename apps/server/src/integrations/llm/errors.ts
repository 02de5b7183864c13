import { DomainError, type ErrorKind } from '../../errors.ts';

export const NOT_CONFIGURED_MESSAGE = 'AI 模型未配置，请联系管理员';

export type LlmErrorCode =
  | 'not_configured'
  | 'unavailable'
  | 'busy'
  | 'user_busy'
  | 'rate_limited'
  | 'timeout'
  | 'rejected'
  | 'provider'
  | 'interrupted'
  | 'aborted';

const defaults: Record<LlmErrorCode, { kind: ErrorKind; message: string }> = {
  not_configured: { kind: 'unavailable', message: NOT_CONFIGURED_MESSAGE },
  unavailable: { kind: 'unavailable', message: 'AI 模型暂不可用，请联系管理员' },
  busy: { kind: 'unavailable', message: 'AI 服务繁忙，请稍后再试' },
  user_busy: { kind: 'rateLimited', message: '您已有回答正在生成，请等待完成或停止后再试' },
  rate_limited: { kind: 'unavailable', message: 'AI 模型服务繁忙（上游限流），请稍后再试' },
  timeout: { kind: 'unavailable', message: 'AI 模型响应超时，请稍后重试' },
  rejected: { kind: 'unprocessable', message: 'AI 模型无法处理该请求，请缩短内容后重试' },
  provider: { kind: 'unavailable', message: 'AI 模型服务暂时不可用，请稍后重试' },
  interrupted: { kind: 'unavailable', message: 'AI 模型输出中断，已保留已生成的部分' },
  aborted: { kind: 'invalid', message: '已停止生成' },
};

/**
 * A model-layer failure: a `DomainError` (so a route that lets it through answers with the Chinese
 * message) that also carries what was generated before it failed and the usage row it was recorded in.
 */
export class LlmError extends DomainError {
  /** Text generated before the failure (empty when nothing arrived). */
  partialText = '';
  /** The `llm_calls` row, when the call got as far as the provider. */
  callId: number | null = null;

  constructor(
    readonly code: LlmErrorCode,
    message?: string,
    readonly detail?: string,
  ) {
    super(defaults[code].kind, message ?? defaults[code].message);
  }
}
