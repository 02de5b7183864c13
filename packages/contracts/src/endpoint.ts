import type { z } from 'zod';

/**
 * Who may make a call: anyone (`guest`; a signed-in caller is still known), a signed-in user (`user`), or a
 * server-side administrator (`admin`: the account's role, answered 401/403 before the input is read).
 */
export type EndpointAccess = 'guest' | 'user' | 'admin';

/**
 * One API call as data: method, full path, access, what it takes (query string, JSON body) and what its
 * envelope's `result` holds. The server registers routes from these (access, validation, OpenAPI) and the web
 * types its calls from the same objects. `result: null` marks a file download or a stream (no envelope).
 */
export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | null = z.ZodType | null,
  A extends EndpointAccess = EndpointAccess,
> extends Route<A> {
  summary: string;
  description?: string;
  query: Q;
  body: B;
  result: R;
}

/** What a call sends and answers, by its definition. */
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType
  ? z.infer<E['query']>
  : undefined;
export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.infer<E['body']> : undefined;
/** What a client sends: the schemas' input side (a field with a default may be left out). */
export type EndpointQueryInput<E extends Endpoint> = E['query'] extends z.ZodType
  ? z.input<E['query']>
  : undefined;
export type EndpointBodyInput<E extends Endpoint> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : undefined;
export type EndpointResult<E extends Endpoint> = E['result'] extends z.ZodType ? z.infer<E['result']> : Blob;

/**
 * An endpoint's wire part: what a client needs to send the call, with no schema in it. The first screen's calls
 * are made from these (`@paperdesk/contracts/wire`), so its bundle carries no zod; `withSchemas` adds the rest.
 */
export interface Route<A extends EndpointAccess = EndpointAccess> {
  method: 'GET' | 'POST';
  path: string;
  access: A;
  /** The body is a multipart form (files and text fields) read by the handler, not a JSON body. */
  upload: boolean;
}

export type RouteDef = {
  method?: 'GET' | 'POST';
  /** Below the group's base; the call's name when absent (`query_list`). */
  path?: string;
  access?: EndpointAccess;
  upload?: true;
};

/** What an endpoint takes and answers, and what the API docs say of it. */
export type SchemaDef = {
  summary: string;
  /** A longer text for the API docs (a stream's events). */
  description?: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** `null`: a file download, or a stream, answered without the envelope. */
  result: z.ZodType | null;
};

export type EndpointDef = RouteDef & SchemaDef;

type AccessOf<D extends RouteDef, A extends EndpointAccess> = D['access'] extends EndpointAccess
  ? D['access']
  : A;

type Routes<T extends Record<string, RouteDef>, A extends EndpointAccess> = {
  [K in keyof T]: Route<AccessOf<T[K], A>>;
};

type Defined<R extends Route, S extends SchemaDef> = Endpoint<
  S['query'] extends z.ZodType ? S['query'] : undefined,
  S['body'] extends z.ZodType ? S['body'] : undefined,
  S['result'],
  R['access']
>;

/** The wire part of one API group: its base path and default access once, each call's path by name. */
export function routes<T extends Record<string, RouteDef>, A extends EndpointAccess = 'user'>(
  base: string,
  defs: T,
  access: A = 'user' as A,
): Routes<T, A> {
  const out: Record<string, Route> = {};
  for (const [name, d] of Object.entries(defs)) {
    out[name] = {
      method: d.method ?? 'POST',
      path: `${base}/${d.path ?? name}`,
      access: d.access ?? access,
      upload: d.upload ?? false,
    };
  }
  return out as Routes<T, A>;
}

/** A group's endpoints: its wire part and, by the same names, each call's schemas. */
export function withSchemas<R extends Record<string, Route>, S extends { [K in keyof R]: SchemaDef }>(
  wire: R,
  schemas: S,
): { [K in keyof R]: Defined<R[K], S[K]> } {
  const out: Record<string, Endpoint> = {};
  for (const [name, r] of Object.entries(wire)) {
    const s = schemas[name as keyof R] as SchemaDef;
    out[name] = {
      ...r,
      summary: s.summary,
      ...(s.description ? { description: s.description } : {}),
      query: s.query,
      body: s.body,
      result: s.result,
    };
  }
  return out as { [K in keyof R]: Defined<R[K], S[K]> };
}

/** One API group with its wire part and schemas side by side (a group no first screen calls). */
export function group<T extends Record<string, EndpointDef>, A extends EndpointAccess = 'user'>(
  base: string,
  defs: T,
  access: A = 'user' as A,
): { [K in keyof T]: Defined<Route<AccessOf<T[K], A>>, T[K]> } {
  return withSchemas(routes(base, defs, access), defs);
}

/**
 * An endpoint as a client holds it without its schemas: the wire part, typed as the endpoint it stands for
 * (`call` reads the query, body and result types from it).
 */
export type Wire<E extends Endpoint> = Route<E['access']> & { readonly endpoint?: E };
export type WireGroup<G extends Record<string, Endpoint>> = { [K in keyof G]: Wire<G[K]> };

/** The endpoint a wire part stands for. */
export type WiredEndpoint<W> = W extends { readonly endpoint?: infer E } ? NonNullable<E> : never;
