import type { Endpoint, EndpointBodyInput } from '@paperdesk/contracts';
import { type CallArgs, call, type Query } from '../../utils/request.ts';
import { countBody, type PaperSource } from './source.ts';
import type { Paging } from './useRecordList.ts';

/** Uploads and reading a long PDF can take longer than the default 15 s. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** The calls every paid service's endpoint group defines alike (contracts/src/endpoints.ts). */
type RecordEndpoints = Record<'query_list' | 'load_by_id' | 'delete', Endpoint>;

/**
 * A service's record list, one record and delete, typed from its endpoint group. TypeScript only knows these
 * endpoints as generic here, so it cannot check their arguments: the arguments below are the ones every
 * group's definitions share (paging and filter, an id).
 */
export function recordCalls<G extends RecordEndpoints>(ep: G) {
  const send = <K extends keyof RecordEndpoints>(
    name: K,
    args: { query: Query; body?: object; silent?: boolean },
  ) => call(ep[name], args as unknown as CallArgs<G[K]>);
  return {
    /** Paging in the query, the filter (status, title keyword …) in the body. */
    query: (paging: Paging, filter: NonNullable<EndpointBodyInput<G['query_list']>>, silent = false) =>
      send('query_list', { query: { ...paging }, body: filter, silent }),
    /** Polled while a job runs: silent so a slow network does not toast every second. */
    load: (id: number, silent = false) => send('load_by_id', { query: { id }, silent }),
    remove: (id: number) => send('delete', { query: { id } }),
  };
}

/**
 * What a service's `word_count` is sent: a file or the pasted text, quietly (the page shows the failure by the
 * field). An uploaded file is kept by the server for the record made next.
 */
export function countArgs(source: PaperSource, opts: { signal?: AbortSignal } = {}) {
  return {
    body: countBody(source),
    silent: true,
    timeout: UPLOAD_TIMEOUT_MS,
    ...(opts.signal ? { signal: opts.signal } : {}),
  };
}
