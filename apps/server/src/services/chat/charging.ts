import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A database handle or an open transaction. */
export type Executor = Kysely<Database>;

/**
 * How chat messages are paid for: one charge per generated answer, in the same transaction that
 * stores the messages, given back when the provider fails. Implementations throw the paymentRequired DomainError
 * when the user cannot pay.
 */
export interface ChatCharging {
  /** Returns a reference for `refund`, or null when nothing was charged. */
  charge(
    trx: Executor,
    input: { userId: number; messageId: number; conversationId: number },
  ): Promise<string | null>;
  refund(trx: Executor, input: { userId: number; messageId: number; chargeRef: string }): Promise<void>;
}

/** The shape of `ctx.billing` that chat uses (services/billing). */
export interface ChatBilling {
  charge(
    trx: Executor,
    input: {
      userId: number;
      service: 'chat';
      edition: string;
      recordType: string;
      recordId: number;
      items: number;
      pay: 'recommended';
    },
  ): Promise<{ chargeId: number }>;
  refund(trx: Executor, input: { recordType: string; recordId: number }): Promise<unknown>;
}

export const CHAT_RECORD_TYPE = 'chat_message';

/**
 * Each answer is one `chat` item, paid the cheapest way (the AI 助手 package quota where a message is worth at
 * least its per-use value, else the balance, at `price.chat.standard`); the record is the assistant message, so one message is never
 * charged twice and a refund gives back exactly what its charge took.
 */
export function billingChatCharging(billing: ChatBilling): ChatCharging {
  return {
    async charge(trx, { userId, messageId }) {
      const r = await billing.charge(trx, {
        userId,
        service: 'chat',
        edition: 'standard',
        recordType: CHAT_RECORD_TYPE,
        recordId: messageId,
        items: 1,
        // no confirm step per message: the cheapest way, so a quota is used only where it is worth no more
        pay: 'recommended',
      });
      return String(r.chargeId);
    },
    async refund(trx, { messageId }) {
      await billing.refund(trx, { recordType: CHAT_RECORD_TYPE, recordId: messageId });
    },
  };
}

/** For tools and tests that run chat without billing: nothing is charged. */
export const freeChatCharging: ChatCharging = {
  async charge() {
    return null;
  },
  async refund() {},
};
