import {
  type Endpoint,
  type EndpointBody,
  type EndpointQuery,
  type EndpointResult,
  type Envelope,
  envelope,
  type PageQuery,
} from '@paperdesk/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../auth.ts';
import { type DownloadFile, sendDownload } from '../download.ts';
import { ok } from '../envelope.ts';
import type { ZodApp } from './types.ts';

/** What a signed-in call brings: the user and the validated query and body of its endpoint. */
export interface Call<E extends Endpoint> {
  userId: number;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
}

function register<E extends Endpoint>(
  app: ZodApp,
  tags: readonly string[],
  ep: E,
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  method: 'GET' | 'POST' = ep.method,
) {
  app.route({
    method,
    url: ep.path,
    schema: {
      tags: [...tags],
      summary: ep.summary,
      ...(ep.query ? { querystring: ep.query } : {}),
      ...(ep.body ? { body: ep.body } : {}),
      ...(ep.result ? { response: { 200: envelope(ep.result) } } : {}),
    },
    handler,
  });
}

const callOf = <E extends Endpoint>(req: FastifyRequest): Call<E> => ({
  userId: requireUser(req).id,
  query: req.query as EndpointQuery<E>,
  body: req.body as EndpointBody<E>,
});

/** A signed-in JSON call from its contract definition: the answer's `result` is typed by the endpoint. */
export function userRoute<E extends Endpoint>(
  app: ZodApp,
  tags: readonly string[],
  ep: E,
  answer: (call: Call<E>) => Promise<Envelope<EndpointResult<E>>>,
) {
  register(app, tags, ep, (req) => answer(callOf<E>(req)));
}

/**
 * A signed-in file download from its definition: `asciiName` for old clients, the UTF-8 name in the file.
 * `alsoPost`: a GET download answers POST too (the spec's default method for every call).
 */
export function downloadRoute<E extends Endpoint>(
  app: ZodApp,
  tags: readonly string[],
  ep: E,
  file: (call: Call<E>) => Promise<{ asciiName: string; file: DownloadFile }>,
  opts: { alsoPost?: boolean } = {},
) {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const f = await file(callOf<E>(req));
    return sendDownload(reply, f.asciiName, f.file);
  };
  register(app, tags, ep, handler);
  if (opts.alsoPost && ep.method === 'GET') register(app, tags, ep, handler, 'POST');
}

/** The calls every paid record answers the same way, whatever the service. */
export interface RecordCalls<L extends Endpoint, G extends Endpoint> {
  list(userId: number, paging: PageQuery, filter: NonNullable<EndpointBody<L>>): Promise<EndpointResult<L>>;
  load(userId: number, id: number): Promise<EndpointResult<G>>;
  remove(userId: number, id: number): Promise<void>;
}

/**
 * query_list, load_by_id and delete of one paid-record group, from its endpoint definitions: the list
 * filter is optional (an empty body lists everything), delete answers `true` with 已删除.
 */
export function recordRoutes<
  L extends Endpoint & { query: typeof import('@paperdesk/contracts').PageQuery },
  G extends Endpoint,
  D extends Endpoint,
>(
  app: ZodApp,
  tags: readonly string[],
  endpoints: { list: L; load: G; delete: D },
  service: RecordCalls<L, G>,
) {
  userRoute(app, tags, endpoints.list, async (c) =>
    ok(await service.list(c.userId, c.query as PageQuery, (c.body ?? {}) as NonNullable<EndpointBody<L>>)),
  );
  userRoute(app, tags, endpoints.load, async (c) =>
    ok(await service.load(c.userId, (c.query as { id: number }).id)),
  );
  userRoute(app, tags, endpoints.delete, async (c) => {
    await service.remove(c.userId, (c.query as { id: number }).id);
    return ok(true as EndpointResult<D>, '已删除');
  });
}
