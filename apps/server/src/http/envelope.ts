import type { Envelope } from '@paperdesk/contracts';
import type { StoredJson } from '../services/records/stored-json.ts';

export const ok = <T>(result: T, message = '成功'): Envelope<T> => ({ code: 200, message, result });

/** `ok` around a result that is already JSON text: the envelope is written around it, nothing is serialised. */
export const okJson = <T>(result: StoredJson<T>, message = '成功'): string =>
  `{"code":200,"message":${JSON.stringify(message)},"result":${result}}`;
