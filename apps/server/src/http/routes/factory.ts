import {
  type Endpoint,
  type EndpointAccess,
  type EndpointBody,
  type EndpointQuery,
  type EndpointResult,
  type Envelope,
  envelope,
} from '@paperdesk/contracts';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler, preValidationHookHandler } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AuthUser } from '../../services/accounts.ts';
import type { StoredJson } from '../../services/records/stored-json.ts';
import { adminFirst, requireAdmin, requireUser } from '../auth.ts';
import { type DownloadFile, sendDownload } from '../download.ts';
import { okJson } from '../envelope.ts';
import type { ZodApp } from './types.ts';

/**
 * The route factories: every route is registered from its contracts endpoint (path, method, access, validation,
 * OpenAPI, envelope), so a route module only says what a call does. The endpoint's `access` picks the factory:
 * `guestRoute`, `userRoute`, `adminRoute` (and the downloads' `downloadRoute`, `adminDownloadRoute`).
 */

/** What a signed-in call brings: the user and the validated query and body of its endpoint. */
export interface Call<E extends Endpoint> {
  userId: number;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  /** The request itself, for what a definition cannot carry: a multipart form, the client's address. */
  req: FastifyRequest;
  /** The reply, for what an answer sets beside the envelope: a cookie. */
  reply: FastifyReply;
}

/** A call anyone may make: the signed-in user when there is one. */
export interface GuestCall<E extends Endpoint> extends Omit<Call<E>, 'userId'> {
  user: AuthUser | null;
}

type Answer<E extends Endpoint, C> = (call: C) => Promise<Envelope<EndpointResult<E>>>;
type FileAnswer<E extends Endpoint> = (call: Call<E>) => Promise<{ asciiName: string; file: DownloadFile }>;
type Access<A extends EndpointAccess> = Endpoint & { access: A };
export type UserEndpoint = Access<'user'>;

/** Route options a definition does not carry: a larger JSON body (an import of many documents), a rate limit. */
export interface RouteOptions {
  bodyLimit?: number;
  preHandler?: preHandlerHookHandler[];
}

function register<E extends Endpoint>(
  app: ZodApp,
  tags: readonly string[],
  ep: E,
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  opts: RouteOptions & {
    method?: 'GET' | 'POST';
    gate?: preValidationHookHandler;
    produces?: string[];
  } = {},
) {
  app.route({
    method: opts.method ?? ep.method,
    url: ep.path,
    ...(opts.gate ? { preValidation: opts.gate } : {}),
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
    ...(opts.preHandler ? { preHandler: opts.preHandler } : {}),
    schema: {
      tags: [...tags],
      summary: ep.summary,
      ...(ep.description ? { description: ep.description } : {}),
      ...(opts.produces ? { produces: opts.produces } : {}),
      ...(ep.query ? { querystring: ep.query } : {}),
      // an upload's body is a multipart form, or the JSON its body schema describes, read by its handler
      ...(ep.upload
        ? { consumes: ep.body ? ['multipart/form-data', 'application/json'] : ['multipart/form-data'] }
        : {}),
      ...(ep.body && !ep.upload ? { body: ep.body } : {}),
      ...(ep.result ? { response: { 200: envelope(ep.result) } } : {}),
    },
    handler,
  });
}

const inputOf = <E extends Endpoint>(req: FastifyRequest, reply: FastifyReply) => ({
  query: req.query as EndpointQuery<E>,
  body: req.body as EndpointBody<E>,
  req,
  reply,
});

/** A call anyone may make (`access: 'guest'`). */
export function guestRoute<E extends Access<'guest'>>(
  app: ZodApp,
  tags: readonly string[],
  ep: E,
  answer: Answer<E, GuestCall<E>>,
  opts: RouteOptions = {},
) {
  register(app, tags, ep, (req, reply) => answer({ user: req.user, ...inputOf<E>(req, reply) }), opts);
}

/** A signed-in call (`access: 'user'`): 401 without a session; the answer's `result` is typed by the endpoint. */
export function userRoute<E extends Access<'user'>>(
  app: ZodApp,
  tags: readonly string[],
  ep: E,
  answer: Answer<E, Call<E>>,
  opts: RouteOptions = {},
) {
  register(
    app,
    tags,
    ep,
    (req, reply) => answer({ userId: requireUser(req).id, ...inputOf<E>(req, reply) }),
    opts,
  );
}

/**
 * A signed-in call whose result the service keeps as JSON text (a stored report, about 2 MB for a
 * 300,000-character paper): the text is sent inside the envelope as it is, with no parse, validation or
 * serialisation on the API's thread (a JSON content type with a string body skips Fastify's serializer). The
 * endpoint's result schema still describes the answer (OpenAPI); the writer built the text from that type, and
 * the report tests hold the answer to the schema.
 */
export function storedJsonRoute<E extends Access<'user'>>(
  app: ZodApp,
  tags: readonly string[],
  ep: E,
  answer: (call: Call<E>) => Promise<StoredJson<EndpointResult<E>>>,
) {
  register(app, tags, ep, async (req, reply) => {
    const json = await answer({ userId: requireUser(req).id, ...inputOf<E>(req, reply) });
    return reply.type('application/json; charset=utf-8').send(okJson(json));
  });
}

/**
 * An administrator's call (`access: 'admin'`): 401/403 before the input is validated (so a non-admin learns
 * nothing about the input), and checked again in the handler; `userId` is the acting administrator.
 */
export function adminRoute<E extends Access<'admin'>>(
  app: ZodApp,
  ctx: AppContext,
  tags: readonly string[],
  ep: E,
  answer: Answer<E, Call<E>>,
  opts: RouteOptions = {},
) {
  const handler = (req: FastifyRequest, reply: FastifyReply) =>
    answer({ userId: requireAdmin(req).id, ...inputOf<E>(req, reply) });
  register(app, tags, ep, handler, { ...opts, gate: adminFirst(ctx) });
}

/**
 * A call anyone may make whose answer is a server-sent event stream (`result: null`): `answer` writes the stream
 * to the hijacked reply; a refusal before the stream starts is thrown and answered as a JSON envelope.
 */
export function guestStreamRoute<E extends Access<'guest'> & { result: null }>(
  app: ZodApp,
  tags: readonly string[],
  ep: E,
  answer: (call: GuestCall<E>) => Promise<void>,
  opts: RouteOptions = {},
) {
  const handler = (req: FastifyRequest, reply: FastifyReply) =>
    answer({ user: req.user, ...inputOf<E>(req, reply) });
  register(app, tags, ep, handler, { ...opts, produces: ['text/event-stream', 'application/json'] });
}

const sendFile =
  <E extends Endpoint>(file: FileAnswer<E>, userOf: (req: FastifyRequest) => AuthUser) =>
  async (req: FastifyRequest, reply: FastifyReply) => {
    const f = await file({ userId: userOf(req).id, ...inputOf<E>(req, reply) });
    return sendDownload(reply, f.asciiName, f.file);
  };

/**
 * A signed-in file download from its definition: `asciiName` for old clients, the UTF-8 name in the file.
 * `alsoPost`: a GET download answers POST too (the spec's default method for every call).
 */
export function downloadRoute<E extends Access<'user'>>(
  app: ZodApp,
  tags: readonly string[],
  ep: E,
  file: FileAnswer<E>,
  opts: { alsoPost?: boolean } = {},
) {
  const handler = sendFile(file, requireUser);
  register(app, tags, ep, handler);
  if (opts.alsoPost && ep.method === 'GET') register(app, tags, ep, handler, { method: 'POST' });
}

/** An administrator's file download, gated like `adminRoute`. */
export function adminDownloadRoute<E extends Access<'admin'>>(
  app: ZodApp,
  ctx: AppContext,
  tags: readonly string[],
  ep: E,
  file: FileAnswer<E>,
) {
  register(app, tags, ep, sendFile(file, requireAdmin), { gate: adminFirst(ctx) });
}
