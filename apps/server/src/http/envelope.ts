import type { Envelope } from '@paperdesk/contracts';

export const ok = <T>(result: T, message = '成功'): Envelope<T> => ({ code: 200, message, result });
