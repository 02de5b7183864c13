import { z } from 'zod';

/**
 * A paper is sent once: `word_count` answers the id under which it kept the read file, and the JSON body of
 * `*_init` names that id (`{ uploadId, title, … }`) instead of uploading the file again.
 */
export const UploadId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, '上传编号无效，请重新上传')
  .describe('word_count 返回的上传编号：新建记录时代替文件（2 小时内有效）');

/** Part of every word count's answer: null for pasted text (nothing to keep). */
export const UploadKept = z.object({ uploadId: UploadId.nullable() });

/** The JSON body of `*_init` when it names a counted upload. */
export const UploadRef = z.object({ uploadId: UploadId });

/**
 * The JSON body of an `*_init` call: its fields with the pasted `text`, or with the `uploadId` of a file the word
 * count kept. (A multipart form carries the same fields with `file`, `text` or `uploadId`.)
 */
export function pastedOrKept<S extends z.ZodRawShape & { text: z.ZodType }>(input: z.ZodObject<S>) {
  const { text: _text, ...fields } = input.shape;
  return z.union([
    input,
    z.object({ ...fields, ...UploadRef.shape } as Omit<S, 'text'> & typeof UploadRef.shape),
  ]);
}
