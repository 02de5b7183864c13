import type {
  ChatCompletionInput,
  ChatConversation,
  ChatConversationDetail,
  ChatListFilter,
  ChatStatus,
  ChatStreamDone,
  ChatStreamError,
  ChatStreamStart,
  Page,
  PageQuery,
} from '@paperdesk/contracts';
import { request, streamPost } from '../../utils/request.ts';

/** `chat_gpt_api` (spec §7 "Chat api"); mirrors apps/server/src/http/routes/chat.ts. */
const BASE = '/api/base/chat_gpt_api';

export function queryList(paging: Partial<PageQuery> = {}, filter: ChatListFilter = {}) {
  return request<Page<ChatConversation>>(`${BASE}/query_list`, { params: paging, data: filter });
}

export function loadById(id: number) {
  return request<ChatConversationDetail>(`${BASE}/load_by_id`, { params: { id } });
}

export function deleteConversation(id: number) {
  return request<boolean>(`${BASE}/delete`, { params: { id } });
}

/** Model availability, the message limit and a guest's allowance: read before the user types. */
export function chatStatus() {
  return request<ChatStatus>(`${BASE}/f/status`, { silent: true });
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
  return streamPost(`${BASE}/completions`, {
    data: input,
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
