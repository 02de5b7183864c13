import type { Endpoint, EndpointBody, EndpointQuery, EndpointResult } from '@paperdesk/contracts';
import { download, type Query, type RequestOptions, request } from '../../utils/request.ts';

/**
 * A call typed by its definition in `contracts/src/endpoints.ts`: method and path come from the definition,
 * the query and body must match its schemas, the envelope's `result` is its result type. A multipart body
 * (an upload) is sent as `FormData`; its fields are the body schema's by convention.
 */
export function call<E extends Endpoint>(
  endpoint: E,
  args: {
    query?: EndpointQuery<E>;
    body?: EndpointBody<E> | FormData;
  } & Pick<RequestOptions, 'silent' | 'timeout' | 'signal'> = {},
) {
  const { query, body, ...opts } = args;
  return request<EndpointResult<E>>(endpoint.path, {
    method: endpoint.method,
    ...(query !== undefined ? { params: query as Query } : {}),
    ...(body !== undefined ? { data: body } : {}),
    ...opts,
  });
}

/** A GET file download (`result: null` in the definition), saved under the server's name or `fallbackName`. */
export function downloadFrom<E extends Endpoint>(endpoint: E, query: EndpointQuery<E>, fallbackName: string) {
  return download(endpoint.path, { params: query as Query, fallbackName });
}
