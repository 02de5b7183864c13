import type { Endpoint, EndpointBody, EndpointResult } from '@paperdesk/contracts';
import { type RequestOptions, request } from '../../utils/request.ts';
import { type PaperSource, sourceBody } from './source.ts';
import type { Paging } from './useRecordList.ts';

/** Uploads and reading a long PDF can take longer than the default 15 s. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** The calls every paid service's endpoint group defines alike (contracts/src/endpoints.ts). */
type RecordEndpoints = Record<'query_list' | 'load_by_id' | 'delete', Endpoint>;

/**
 * A service's record list, one record and delete, typed from its endpoint group (sent like `call` sends them:
 * `call` cannot check the arguments of an endpoint TypeScript only knows as generic).
 */
export function recordCalls<G extends RecordEndpoints>(ep: G) {
  const send = <K extends keyof RecordEndpoints>(name: K, opts: RequestOptions) =>
    request<EndpointResult<G[K]>>(ep[name].path, { method: ep[name].method, ...opts });
  return {
    /** Paging in the query, the filter (status, title keyword …) in the body. */
    query: (paging: Paging, filter: NonNullable<EndpointBody<G['query_list']>>, silent = false) =>
      send('query_list', { params: { ...paging }, data: filter, silent }),
    /** Polled while a job runs: silent so a slow network does not toast every second. */
    load: (id: number, silent = false) => send('load_by_id', { params: { id }, silent }),
    remove: (id: number) => send('delete', { params: { id } }),
  };
}

/** `word_count` of a service: characters and the quote for a file or pasted text; nothing is stored. */
export function wordCountOf<T>(base: string, source: PaperSource, opts: { signal?: AbortSignal } = {}) {
  return request<T>(`${base}/word_count`, {
    data: sourceBody(source),
    silent: true,
    timeout: UPLOAD_TIMEOUT_MS,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
}
