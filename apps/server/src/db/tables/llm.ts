import type { Generated } from 'kysely';
import type { LlmCallRecord } from '../../integrations/llm/types.ts';

/**
 * One row per model call (chat answer, writing section, rewrite, …): the source of prices and the admin view. It is
 * the gateway's record of the call, its usage spelt out as columns.
 */
export interface LlmCallsTable extends Omit<LlmCallRecord, 'usage'> {
  id: Generated<number>;
  promptTokens: number;
  completionTokens: number;
  /** 1 when the provider sent no usage (aborted or broken stream) and the counts are estimated from characters. */
  usageEstimated: number;
  createdAt: Generated<string>;
}

export type ChatMessageStatus = 'streaming' | 'complete' | 'partial' | 'stopped' | 'error';

export interface ChatConversationsTable {
  id: Generated<number>;
  /** Owner when signed in; null for a guest conversation. */
  userId: number | null;
  /** SHA-256 of the guest cookie for guest conversations; null otherwise. */
  guestKey: string | null;
  title: string;
  createdAt: Generated<string>;
  updatedAt: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  conversationId: number;
  role: 'user' | 'assistant';
  content: string;
  /** User messages are `complete`; an answer is `streaming` while generated, then complete/partial/stopped/error. */
  status: ChatMessageStatus;
  error: string | null;
  llmCallId: number | null;
  /** What billing returned for this message (a ledger reference), or null when nothing was charged. */
  chargeRef: string | null;
  createdAt: Generated<string>;
}

/** Guests' daily allowance: one counter per (guest cookie | IP, Asia/Shanghai day). */
export interface ChatGuestQuotaTable {
  key: string;
  day: string;
  used: number;
}

export interface LlmTables {
  llmCalls: LlmCallsTable;
  chatConversations: ChatConversationsTable;
  chatMessages: ChatMessagesTable;
  chatGuestQuota: ChatGuestQuotaTable;
}
