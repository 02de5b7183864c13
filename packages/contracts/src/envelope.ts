import { z } from 'zod';

/** Every API answer is `{ code, message, result }`; `code` mirrors the HTTP status (200 on success). */
export const envelope = <T extends z.ZodType>(result: T) =>
  z.object({
    code: z.number().int().describe('200 成功；其他值与 HTTP 状态码一致'),
    message: z.string(),
    result,
  });

export const ErrorBody = envelope(z.null());
export type ErrorBody = z.infer<typeof ErrorBody>;

export type Envelope<T> = { code: number; message: string; result: T };
