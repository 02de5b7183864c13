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

/** A report or a document is rendered on demand: longer than a call may take. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

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

function announce(failure: RequestFailure): void {
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

function authHeaders(extra?: Record<string, string>): Record<string, string> {
  const token = getToken();
  return { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...extra };
}

/** Combines the caller's signal with a timeout; tells which of the two fired. */
function withTimeout(ms: number, signal?: AbortSignal) {
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

async function errorFromResponse(res: Response, url: string): Promise<RequestError> {
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

function errorFromThrown(e: unknown, url: string, timeout: AbortSignal): RequestError {
  if (e instanceof RequestError) return e;
  if (timeout.aborted) return new RequestError(0, 0, '请求超时，请稍后重试', url, 'timeout');
  if (e instanceof DOMException && e.name === 'AbortError')
    return new RequestError(0, 0, '请求已取消', url, 'aborted');
  return new RequestError(0, 0, '网络异常，请检查网络连接', url, 'network');
}

function encodeBody(data: unknown, headers: Record<string, string>): BodyInit | undefined {
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

/**
 * The one download helper: a file by its definition (`result: null`), fetched with the bearer token and saved
 * under the server's Content-Disposition name, else `fallbackName`. Resolves with the name used.
 */
export async function downloadFrom<E extends Endpoint>(
  endpoint: E,
  query: EndpointQueryInput<E>,
  fallbackName: string,
): Promise<string> {
  const url = buildUrl(endpoint.path, query as Query);
  const { signal, timeout } = withTimeout(DOWNLOAD_TIMEOUT_MS);
  try {
    const res = await fetch(url, {
      method: endpoint.method,
      headers: authHeaders(),
      signal,
      credentials: 'include',
    });
    if (!res.ok) throw await errorFromResponse(res, url);
    const blob = await res.blob();
    const name = filenameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName;
    saveBlob(blob, name);
    return name;
  } catch (e) {
    const error = errorFromThrown(e, url, timeout);
    announce({ error, method: endpoint.method, url });
    throw error;
  }
}

/** One server-sent event of a streaming answer. */
export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * The one stream helper: a call by its definition whose answer is `text/event-stream` (chat completions). Calls
 * `onEvent` per event and resolves when the stream ends. Abort with `signal` (the stop button). Only the wait for
 * the first byte is limited by `timeout`; a long answer may stream for as long as it needs.
 */
export async function streamFrom<E extends Endpoint & { result: null }>(
  endpoint: E,
  opts: {
    body: EndpointBodyInput<E>;
    signal?: AbortSignal;
    timeout?: number;
    silent?: boolean;
    onEvent: (event: StreamEvent) => void;
  },
): Promise<void> {
  const url = buildUrl(endpoint.path);
  const headers = authHeaders({ Accept: 'text/event-stream' });
  const firstByte = new AbortController();
  const timer = setTimeout(() => firstByte.abort(), opts.timeout ?? REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, firstByte.signal]) : firstByte.signal;
  try {
    const res = await fetch(url, {
      method: endpoint.method,
      headers,
      body: encodeBody(opts.body, headers),
      signal,
      credentials: 'include',
    });
    clearTimeout(timer);
    if (!res.ok) throw await errorFromResponse(res, url);
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let cut = buffer.search(/\r?\n\r?\n/);
      while (cut !== -1) {
        const raw = buffer.slice(0, cut);
        buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, '');
        const ev = parseSseBlock(raw);
        if (ev) opts.onEvent(ev);
        cut = buffer.search(/\r?\n\r?\n/);
      }
    }
    const last = parseSseBlock(buffer);
    if (last) opts.onEvent(last);
  } catch (e) {
    clearTimeout(timer);
    const error =
      firstByte.signal.aborted && !(e instanceof RequestError)
        ? new RequestError(0, 0, '请求超时，请稍后重试', url, 'timeout')
        : errorFromThrown(e, url, new AbortController().signal);
    if (error.kind === 'http' || error.kind === 'network' || error.kind === 'timeout') {
      if (!opts.silent) announce({ error, method: endpoint.method, url });
    }
    throw error;
  }
}

/** Parses one SSE block (`event:`, `data:`, `id:` lines; comments start with `:`). */
export function parseSseBlock(block: string): StreamEvent | null {
  const data: string[] = [];
  let event = 'message';
  let id: string | undefined;
  for (const line of block.split(/\r?\n/)) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
  }
  if (data.length === 0) return null;
  return { event, data: data.join('\n'), ...(id !== undefined ? { id } : {}) };
}

/** Reads `filename*=UTF-8''…` or `filename="…"` from a Content-Disposition header. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() ?? null;
}

export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
