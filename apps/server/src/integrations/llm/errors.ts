import { AppError } from '../../http/errors.ts';

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

const defaults: Record<LlmErrorCode, { status: AppError['statusCode']; message: string }> = {
  not_configured: { status: 503, message: NOT_CONFIGURED_MESSAGE },
  unavailable: { status: 503, message: 'AI 模型暂不可用，请联系管理员' },
  busy: { status: 503, message: 'AI 服务繁忙，请稍后再试' },
  user_busy: { status: 429, message: '您已有回答正在生成，请等待完成或停止后再试' },
  rate_limited: { status: 503, message: 'AI 模型服务繁忙（上游限流），请稍后再试' },
  timeout: { status: 503, message: 'AI 模型响应超时，请稍后重试' },
  rejected: { status: 422, message: 'AI 模型无法处理该请求，请缩短内容后重试' },
  provider: { status: 503, message: 'AI 模型服务暂时不可用，请稍后重试' },
  interrupted: { status: 503, message: 'AI 模型输出中断，已保留已生成的部分' },
  aborted: { status: 400, message: '已停止生成' },
};

/**
 * A model-layer failure: an `AppError` (so a route that lets it through answers with the Chinese
 * message) that also carries what was generated before it failed and the usage row it was recorded in.
 */
export class LlmError extends AppError {
  /** Text generated before the failure (empty when nothing arrived). */
  partialText = '';
  /** The `llm_calls` row, when the call got as far as the provider. */
  callId: number | null = null;

  constructor(
    readonly code: LlmErrorCode,
    message?: string,
    readonly detail?: string,
  ) {
    super(defaults[code].status, message ?? defaults[code].message);
  }
}
