import type { Endpoint, EndpointBodyInput } from '@paperdesk/contracts';
import { REQUEST_TIMEOUT_MS } from '../settings.ts';
import {
  announce,
  authHeaders,
  buildUrl,
  encodeBody,
  errorFromResponse,
  errorFromThrown,
  RequestError,
} from './request.ts';

// only the chat page streams: a module of its own, so the first screen does not load it

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
