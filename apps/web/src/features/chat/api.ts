import {
  type ChatCompletionInput,
  type ChatListFilter,
  type ChatStreamDone,
  type ChatStreamError,
  type ChatStreamStart,
  chatEndpoints as ep,
  type PageQuery,
} from '@paperdesk/contracts';
import { call } from '../../utils/request.ts';
import { streamFrom } from '../../utils/stream.ts';

/** `chat_gpt_api` (spec §7 "Chat api"), typed from its definitions in contracts. */
export function queryList(paging: Partial<PageQuery> = {}, filter: ChatListFilter = {}) {
  return call(ep.query_list, { query: paging, body: filter });
}

export function loadById(id: number) {
  return call(ep.load_by_id, { query: { id } });
}

export function deleteConversation(id: number) {
  return call(ep.delete, { query: { id } });
}

/** Model availability, the message limit and a guest's allowance: read before the user types. */
export function chatStatus() {
  return call(ep.status, { silent: true });
}

export interface CompletionHandlers {
  onStart(e: ChatStreamStart): void;
  onDelta(text: string): void;
  onDone(e: ChatStreamDone): void;
  onError(e: ChatStreamError): void;
}

/**
 * Sends a message (or `regenerate`) and streams the answer. Resolves when the stream ends; rejects
 * with `RequestError` when the server refused before answering (bad input, 402, 429, 503 no model)
 * or the connection failed. Aborting `signal` is the stop button: the server keeps what was written.
 */
export function completions(input: ChatCompletionInput, handlers: CompletionHandlers, signal?: AbortSignal) {
  return streamFrom(ep.completions, {
    body: input,
    silent: true,
    ...(signal ? { signal } : {}),
    onEvent: (ev) => {
      let data: unknown;
      try {
        data = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (ev.event === 'start') handlers.onStart(data as ChatStreamStart);
      else if (ev.event === 'delta') handlers.onDelta((data as { text: string }).text);
      else if (ev.event === 'done') handlers.onDone(data as ChatStreamDone);
      else if (ev.event === 'error') handlers.onError(data as ChatStreamError);
    },
  });
}
