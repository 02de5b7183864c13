import type { ChatMessage, ChatMessageStatus } from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { completions, loadById } from './api.ts';
import { RequestError } from '../../utils/request.ts';

/** A message as the page shows it: stored ones have an id; the one being written has none yet. */
export interface LiveMessage {
  key: string;
  id: number | null;
  role: 'user' | 'assistant';
  content: string;
  status: ChatMessageStatus;
  error: string | null;
}

export type SendOutcome =
  | { ok: true }
  /** Refused before answering: nothing was stored; the input keeps its text. */
  | { ok: false; error: RequestError };

const fromStored = (m: ChatMessage): LiveMessage => ({
  key: `m${m.id}`,
  id: m.id,
  role: m.role,
  content: m.content,
  status: m.status,
  error: m.error,
});

let seq = 0;
const tempKey = () => `t${++seq}`;
/** Deltas are applied at most this often: Markdown is re-rendered per flush, not per token. */
const FLUSH_MS = 50;

export const chatKeys = {
  list: ['chat', 'list'] as const,
  status: ['chat', 'status'] as const,
  conversation: (id: number | null) => ['chat', 'conversation', id] as const,
};

/**
 * The open conversation and its streaming answer. `conversationId` null is a new chat; the first
 * answer's start event names the conversation, reported through `onCreated`.
 */
export function useChat(conversationId: number | null, onCreated: (id: number) => void) {
  const qc = useQueryClient();
  const [messages, setMessages] = useState<LiveMessage[]>([]);
  const [streaming, setStreaming] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  /** The conversation the running stream writes to (so switching to it does not reload over the stream). */
  const streamConversation = useRef<number | null>(null);

  const detail = useQuery({
    queryKey: chatKeys.conversation(conversationId),
    queryFn: async () => (await loadById(conversationId!)).result,
    enabled: conversationId !== null,
    staleTime: 0,
  });

  // Stored messages replace the local ones whenever they (re)load, except under a running stream.
  // An answer the server still calls `streaming` (it has not seen the stop yet) keeps the state this
  // page already knows for it; a later reload brings the server's final word.
  useEffect(() => {
    if (abortRef.current && streamConversation.current === conversationId) return;
    if (conversationId === null) setMessages([]);
    else if (detail.data && detail.data.id === conversationId) {
      const stored = detail.data.messages;
      setMessages((local) => {
        const known = new Map(local.filter((m) => m.id !== null).map((m) => [m.id, m]));
        return stored.map((m) => {
          const mine = known.get(m.id);
          return m.status === 'streaming' && mine && mine.status !== 'streaming'
            ? { ...mine, key: `m${m.id}` }
            : fromStored(m);
        });
      });
    }
  }, [conversationId, detail.data]);

  // Opening another conversation (or a new chat) stops the running answer; the server keeps what
  // was written. The conversation a new chat just created is the stream's own: nothing stops.
  useEffect(() => {
    if (abortRef.current && streamConversation.current !== conversationId) abortRef.current.abort();
  }, [conversationId]);
  useEffect(() => () => abortRef.current?.abort(), []);

  const run = useCallback(
    async (input: { message?: string; regenerate?: boolean }): Promise<SendOutcome> => {
      if (abortRef.current) return { ok: true };
      const ac = new AbortController();
      abortRef.current = ac;
      streamConversation.current = conversationId;
      setStreaming(true);
      const answerKey = tempKey();
      const userKey = tempKey();
      const before = messages;
      setMessages((list) => {
        let next = list;
        if (input.regenerate) {
          // The new answer replaces the last one (and any failed answers after the last question).
          const lastUser = next.map((m) => m.role).lastIndexOf('user');
          next = next.slice(0, lastUser + 1);
        } else {
          next = [
            ...next,
            {
              key: userKey,
              id: null,
              role: 'user',
              content: input.message ?? '',
              status: 'complete',
              error: null,
            },
          ];
        }
        return [
          ...next,
          { key: answerKey, id: null, role: 'assistant', content: '', status: 'streaming', error: null },
        ];
      });
      const patch = (fields: Partial<LiveMessage>) =>
        setMessages((list) => list.map((m) => (m.key === answerKey ? { ...m, ...fields } : m)));
      let pending = '';
      let timer: ReturnType<typeof setTimeout> | null = null;
      const flush = () => {
        if (timer) clearTimeout(timer);
        timer = null;
        if (!pending) return;
        const add = pending;
        pending = '';
        setMessages((list) =>
          list.map((m) => (m.key === answerKey ? { ...m, content: m.content + add } : m)),
        );
      };
      let started = false;
      try {
        await completions(
          { conversationId, ...(input.regenerate ? { regenerate: true } : { message: input.message ?? '' }) },
          {
            onStart: (e) => {
              started = true;
              streamConversation.current = e.conversationId;
              setMessages((list) =>
                list.map((m) =>
                  m.key === answerKey
                    ? { ...m, id: e.assistantMessageId }
                    : m.key === userKey
                      ? { ...m, id: e.userMessageId }
                      : m,
                ),
              );
              if (conversationId === null) onCreated(e.conversationId);
              void qc.invalidateQueries({ queryKey: chatKeys.list });
            },
            onDelta: (text) => {
              pending += text;
              timer ??= setTimeout(flush, FLUSH_MS);
            },
            onDone: () => {
              flush();
              patch({ status: 'complete' });
            },
            onError: (e) => {
              flush();
              patch({ status: e.partial ? 'partial' : 'error', error: e.message });
            },
          },
          ac.signal,
        );
        flush();
        return { ok: true };
      } catch (e) {
        flush();
        const error = e instanceof RequestError ? e : new RequestError(0, 0, String(e), '', 'network');
        if (error.kind === 'aborted') {
          patch({ status: 'stopped' });
          return { ok: true };
        }
        if (!started) {
          // Refused before anything was stored: put the list back as it was.
          setMessages(before);
          return { ok: false, error };
        }
        patch({ status: 'partial', error: error.message });
        return { ok: true };
      } finally {
        abortRef.current = null;
        setStreaming(false);
        const id = streamConversation.current;
        void qc.invalidateQueries({ queryKey: chatKeys.status });
        void qc.invalidateQueries({ queryKey: chatKeys.list });
        if (id !== null) {
          void qc.invalidateQueries({ queryKey: chatKeys.conversation(id) });
          // A stopped answer is finalised by the server a moment later: read it again then.
          if (ac.signal.aborted)
            setTimeout(() => void qc.invalidateQueries({ queryKey: chatKeys.conversation(id) }), 1500);
        }
      }
    },
    [conversationId, messages, onCreated, qc],
  );

  return {
    messages,
    streaming,
    loading: conversationId !== null && detail.isLoading && messages.length === 0,
    loadError: detail.error,
    send: (message: string) => run({ message }),
    regenerate: () => run({ regenerate: true }),
    stop: () => abortRef.current?.abort(),
  };
}
