import type { z } from 'zod';

/**
 * Who may make a call: anyone (`guest`; a signed-in caller is still known), a signed-in user (`user`), or a
 * server-side administrator (`admin`: the account's role, answered 401/403 before the input is read).
 */
export type EndpointAccess = 'guest' | 'user' | 'admin';

/**
 * One API call as data: method, full path, access, what it takes (query string, JSON body) and what its
 * envelope's `result` holds. The server registers routes from these (access, validation, OpenAPI) and the web
 * types its calls from the same objects. `result: null` marks a file download (no envelope).
 */
export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | null = z.ZodType | null,
  A extends EndpointAccess = EndpointAccess,
> {
  method: 'GET' | 'POST';
  path: string;
  access: A;
  /** The body is a multipart form (files and text fields) read by the handler, not a JSON body. */
  upload: boolean;
  summary: string;
  query: Q;
  body: B;
  result: R;
}

/** What a call sends and answers, by its definition. */
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType
  ? z.infer<E['query']>
  : undefined;
export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.infer<E['body']> : undefined;
export type EndpointResult<E extends Endpoint> = E['result'] extends z.ZodType ? z.infer<E['result']> : Blob;

export type EndpointDef = {
  method?: 'GET' | 'POST';
  /** Below the group's base; the call's name when absent (`query_list`). */
  path?: string;
  access?: EndpointAccess;
  upload?: true;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  result: z.ZodType | null;
};

type Defined<D extends EndpointDef, A extends EndpointAccess> = Endpoint<
  D['query'] extends z.ZodType ? D['query'] : undefined,
  D['body'] extends z.ZodType ? D['body'] : undefined,
  D['result'],
  D['access'] extends EndpointAccess ? D['access'] : A
>;

/**
 * One API group: its base path and default access once, each call's path below it by name (`query_list`,
 * `load_by_id` …) unless the definition names its own.
 */
export function group<T extends Record<string, EndpointDef>, A extends EndpointAccess = 'user'>(
  base: string,
  defs: T,
  access: A = 'user' as A,
): { [K in keyof T]: Defined<T[K], A> } {
  const out: Record<string, Endpoint> = {};
  for (const [name, d] of Object.entries(defs)) {
    out[name] = {
      method: d.method ?? 'POST',
      path: `${base}/${d.path ?? name}`,
      access: d.access ?? access,
      upload: d.upload ?? false,
      summary: d.summary,
      query: d.query,
      body: d.body,
      result: d.result,
    };
  }
  return out as { [K in keyof T]: Defined<T[K], A> };
}
