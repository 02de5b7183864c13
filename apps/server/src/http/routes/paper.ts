import { envelope } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DocumentSource, UploadedFile } from '../../services/records/source.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { isMultipart, paperUploads, parseSlot, TEXT_BODY_LIMIT } from '../upload.ts';

/**
 * The upload calls of one paid-record group (查重, AIGC检测, 降重): `word_count` counts and quotes a paper without
 * keeping anything, and each `*_init` call creates an unpaid record from a file (multipart) or pasted text (JSON).
 * Both take the same body limit, rate limit and parse slot. Multipart is accepted only in `scope`.
 */
export async function paperRoutes(
  scope: FastifyInstance,
  opts: Parameters<typeof paperUploads>[1] & { base: string; tags: string[] },
) {
  const { readLimit, sourceOf, counted } = await paperUploads(scope, opts);
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const route = (name: string, summary: string, response: z.ZodType) => ({
    url: `${opts.base}/${name}`,
    options: {
      bodyLimit: TEXT_BODY_LIMIT,
      preHandler: [readLimit, parseSlot],
      schema: { tags: opts.tags, summary, response: { 200: envelope(response) } },
    },
  });

  return {
    /** The group's other routes register here (zod-typed, in the same scope). */
    app,
    /** `word_count`: the count and quote; an uploaded file is kept and its id answered. */
    wordCount<R>(
      summary: string,
      response: z.ZodType,
      count: (source: DocumentSource, fields: Record<string, unknown>) => Promise<R>,
    ) {
      const r = route('word_count', summary, response);
      app.post(r.url, r.options, async (req) => ok(await counted(req, count)));
    },
    /**
     * An `*_init` call: the form's fields by `multipart` or the JSON body's by `json`, then `create` (with the
     * companion file when the group takes one).
     */
    init<I>(
      name: string,
      summary: string,
      response: z.ZodType,
      fields: { multipart: z.ZodType<I>; json: z.ZodType<I> },
      create: (
        userId: number,
        input: I,
        source: DocumentSource,
        companion: UploadedFile | null,
      ) => Promise<unknown>,
      message: string,
    ) {
      const r = route(name, summary, response);
      app.post(r.url, r.options, async (req) => {
        const user = requireUser(req);
        const { fields: raw, source, companion, release } = await sourceOf(req);
        const input = (isMultipart(req) ? fields.multipart : fields.json).parse(raw);
        const created = await create(user.id, input, source, companion);
        await release();
        return ok(created, message);
      });
    },
  };
}
