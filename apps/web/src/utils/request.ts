import type {
  Endpoint,
  EndpointBodyInput,
  EndpointQueryInput,
  EndpointResult,
  Envelope,
  Wire,
} from '@paperdesk/contracts';
import { REQUEST_TIMEOUT_MS } from '../settings.ts';
import { getToken } from './auth.ts';

/**
 * The one HTTP client (spec §7): base URL from `VITE_API_BASE`, 15 000 ms timeout, bearer token from
 * localStorage, bodies with a `result` field returned whole. Failures become a `RequestError` and are
 * announced to the subscribers (one of them shows the message, another records it in the error log).
 */

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    /** HTTP status; 0 when no response arrived (network failure or timeout). */
    readonly status: number,
    /** The envelope's `code` (mirrors the status), or 0 without a response. */
    readonly code: number,
    message: string,
    readonly url: string,
    readonly kind: 'http' | 'network' | 'timeout' | 'aborted' = 'http',
  ) {
    super(message);
  }
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query-string parameters (undefined and null are left out). */
  params?: Query;
  /** JSON body (POST). `FormData` is sent as multipart. */
  data?: unknown;
  /** Do not announce a failure to the subscribers (the caller handles it, or the spec says stay silent). */
  silent?: boolean;
  timeout?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface RequestFailure {
  error: RequestError;
  method: string;
  url: string;
}

type Listener = (failure: RequestFailure) => void;
const listeners = new Set<Listener>();

/** Registers a failure listener; returns the unsubscribe function. */
export function onRequestError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announce(failure: RequestFailure): void {
  for (const l of listeners) {
    try {
      l(failure);
    } catch (e) {
      console.error(e);
    }
  }
}

export function buildUrl(path: string, params?: Query): string {
  const base = API_BASE.replace(/\/$/, '');
  const rel = path.startsWith('/') ? path : `/${path}`;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v !== undefined && v !== null) qs.append(k, String(v));
  }
  const q = qs.toString();
  return `${base}${rel}${q ? (rel.includes('?') ? '&' : '?') + q : ''}`;
}

export function authHeaders(extra?: Record<string, string>): Record<string, string> {
  const token = getToken();
  return { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...extra };
}

/** Combines the caller's signal with a timeout; tells which of the two fired. */
export function withTimeout(ms: number, signal?: AbortSignal) {
  const timeout = AbortSignal.timeout(ms);
  return { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, timeout };
}

const STATUS_MESSAGES: Record<number, string> = {
  400: '请求参数有误',
  401: '未登录，请登录后使用！',
  402: '余额或额度不足',
  403: '没有权限执行此操作',
  404: '请求的资源不存在',
  409: '操作冲突，请刷新后重试',
  413: '上传内容过大',
  429: '请求过于频繁，请稍后再试',
  500: '服务器内部错误，请稍后重试',
  502: '服务暂不可用，请稍后重试',
  503: '服务暂不可用，请稍后重试',
  504: '服务响应超时，请稍后重试',
};

export async function errorFromResponse(res: Response, url: string): Promise<RequestError> {
  let code = res.status;
  let message = STATUS_MESSAGES[res.status] ?? `请求失败（${res.status}）`;
  try {
    const body = (await res.json()) as Partial<Envelope<unknown>>;
    if (typeof body.message === 'string' && body.message) message = body.message;
    if (typeof body.code === 'number') code = body.code;
  } catch {
    // not JSON: keep the status message
  }
  return new RequestError(res.status, code, message, url);
}

export function errorFromThrown(e: unknown, url: string, timeout: AbortSignal): RequestError {
  if (e instanceof RequestError) return e;
  if (timeout.aborted) return new RequestError(0, 0, '请求超时，请稍后重试', url, 'timeout');
  if (e instanceof DOMException && e.name === 'AbortError')
    return new RequestError(0, 0, '请求已取消', url, 'aborted');
  return new RequestError(0, 0, '网络异常，请检查网络连接', url, 'network');
}

export function encodeBody(data: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (data === undefined) return undefined;
  if (data instanceof FormData || data instanceof Blob) return data;
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(data);
}

/**
 * Calls the API and returns the envelope `{ code, message, result }` (spec §7: "when a response has a
 * result field the client returns the body"). Non-2xx answers reject with `RequestError`.
 */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const method = opts.method ?? 'POST';
  const url = buildUrl(path, opts.params);
  const headers = authHeaders(opts.headers);
  const { signal, timeout } = withTimeout(opts.timeout ?? REQUEST_TIMEOUT_MS, opts.signal);
  try {
    const res = await fetch(url, {
      method,
      headers,
      body: encodeBody(opts.data, headers),
      signal,
      credentials: 'include',
    });
    if (!res.ok) throw await errorFromResponse(res, url);
    const body = (await res.json()) as Envelope<T>;
    return body;
  } catch (e) {
    const error = errorFromThrown(e, url, timeout);
    if (!opts.silent && error.kind !== 'aborted') announce({ error, method, url });
    throw error;
  }
}

/**
 * What a call by definition sends: its query and body, present exactly when the definition has them (an upload
 * sends its body as `FormData`: the body schema's fields by convention, or the form of an `upload` endpoint).
 */
export type CallArgs<E extends Endpoint> = (E['query'] extends undefined
  ? unknown
  : undefined extends EndpointQueryInput<E>
    ? { query?: EndpointQueryInput<E> }
    : { query: EndpointQueryInput<E> }) &
  (E['body'] extends undefined
    ? { body?: FormData }
    : undefined extends EndpointBodyInput<E>
      ? { body?: EndpointBodyInput<E> | FormData }
      : { body: EndpointBodyInput<E> | FormData }) &
  Pick<RequestOptions, 'silent' | 'timeout' | 'signal'>;

/**
 * One API call by its definition in `contracts` (method, path, query, body, result): the same object the
 * server registers the route from, so a path or a field cannot drift between the two. A first-screen call passes
 * the endpoint's wire part (`@paperdesk/contracts/wire`), typed the same but without the schemas.
 */
export function call<E extends Endpoint>(
  endpoint: E,
  args: CallArgs<E>,
): Promise<Envelope<EndpointResult<E>>>;
export function call<E extends Endpoint>(
  endpoint: Wire<E>,
  args: CallArgs<E>,
): Promise<Envelope<EndpointResult<E>>>;
export function call<E extends Endpoint>(endpoint: Wire<E>, args: CallArgs<E>) {
  const { query, body, ...opts } = args as CallArgs<E> & { query?: Query; body?: unknown };
  return request<EndpointResult<E>>(endpoint.path, {
    ...opts,
    method: endpoint.method,
    ...(query !== undefined ? { params: query } : {}),
    ...(body !== undefined ? { data: body } : {}),
  });
}

/** The multipart body of a one-file upload: the file under `file`. */
export function fileForm(file: File): FormData {
  const data = new FormData();
  data.append('file', file, file.name);
  return data;
}
