import type { Endpoint, EndpointResult } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DocumentSource, UploadedFile } from '../../services/records/source.ts';
import { ok } from '../envelope.ts';
import { isMultipart, paperUploads, parseSlot, TEXT_BODY_LIMIT } from '../upload.ts';
import { guestRoute, userRoute } from './factory.ts';

type Upload<A extends 'guest' | 'user'> = Endpoint & { access: A };

/**
 * The upload calls of one paid-record group (查重, AIGC检测, 降重, 全文降重), from their contracts endpoints:
 * `word_count` counts and quotes a paper and keeps an uploaded file for the record made next; each `*_init` call
 * creates an unpaid record from a file (multipart), pasted text or that kept upload (JSON). Both take the same
 * body limit, rate limit and parse slot. Multipart is accepted only in `scope`.
 */
export async function paperRoutes(
  scope: FastifyInstance,
  opts: Parameters<typeof paperUploads>[1] & { tags: string[] },
) {
  const { readLimit, sourceOf, counted } = await paperUploads(scope, opts);
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const options = { bodyLimit: TEXT_BODY_LIMIT, preHandler: [readLimit, parseSlot] };

  return {
    /** The group's other routes register here (zod-typed, in the same scope). */
    app,
    /** `word_count`: the count and quote; an uploaded file is kept and its id answered. */
    wordCount<E extends Upload<'guest'>>(
      ep: E,
      count: (
        source: DocumentSource,
        fields: Record<string, unknown>,
      ) => Promise<Omit<EndpointResult<E>, 'uploadId'>>,
    ) {
      // the count plus the id `counted` adds is the endpoint's answer
      guestRoute(
        app,
        opts.tags,
        ep,
        async ({ req }) => ok((await counted(req, count)) as EndpointResult<E>),
        options,
      );
    },
    /**
     * An `*_init` call: the form's fields by `multipart` or the JSON body's by `json`, then `create` (with the
     * companion file when the group takes one); a kept upload is released once its record holds the paper.
     */
    init<E extends Upload<'user'>, I>(
      ep: E,
      fields: { multipart: z.ZodType<I>; json: z.ZodType<I> },
      create: (
        userId: number,
        input: I,
        source: DocumentSource,
        companion: UploadedFile | null,
      ) => Promise<EndpointResult<E>>,
      message: string,
    ) {
      userRoute(
        app,
        opts.tags,
        ep,
        async ({ userId, req }) => {
          const { fields: raw, source, companion, release } = await sourceOf(req);
          const input = (isMultipart(req) ? fields.multipart : fields.json).parse(raw);
          const created = await create(userId, input, source, companion);
          await release();
          return ok(created, message);
        },
        options,
      );
    },
  };
}
