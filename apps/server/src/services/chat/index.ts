import type {
  ChatCompletionInput,
  ChatConversation,
  ChatConversationDetail,
  ChatListFilter,
  ChatMessage,
  ChatStatus,
  ChatStreamDone,
  ChatStreamError,
  ChatStreamStart,
  Page,
  PageQuery,
} from '@paperdesk/contracts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { selectPage } from '../../db/paging.ts';
import type { ChatMessageStatus } from '../../db/tables/llm.ts';
import { badRequest, notFound, rateLimited } from '../../errors.ts';
import { LlmError, type LlmMessage, type LlmUsage, prompts, render } from '../../integrations/llm/index.ts';
import type { Llm } from '../llm-usage.ts';
import type { createSysConfig } from '../sys-config.ts';
import type { ChatCharging } from './charging.ts';
import { consumeGuestAllowance, guestUsed, returnGuestAllowance, shanghaiDay } from './guest.ts';

type SysConfig = ReturnType<typeof createSysConfig>;

/** Who is chatting: a signed-in user, or a guest known by a cookie (hashed) and an IP (hashed). */
export type ChatOwner = { kind: 'user'; userId: number } | { kind: 'guest'; guestKey: string; ipKey: string };

export const CHAT_LIMITS = {
  maxMessageChars: {
    key: 'limit.chat.maxMessageChars',
    fallback: 8000,
    description: 'AI 助手单条消息最多字数',
  },
  guestDaily: {
    key: 'limit.chat.guestDaily',
    fallback: 5,
    description: 'AI 助手游客每日体验条数（每个浏览器）',
  },
  guestDailyPerIp: {
    key: 'limit.chat.guestDailyPerIp',
    fallback: 30,
    description: 'AI 助手游客每日体验条数（每个 IP，防止清 Cookie 刷次数）',
  },
  historyChars: {
    key: 'chat.historyChars',
    fallback: 16_000,
    description: 'AI 助手每次带上的历史消息最多字数',
  },
} as const;

/** Answers are written to the database at most this often while they stream (a crash keeps most of it). */
const FLUSH_EVERY_MS = 1500;
/** A message still `streaming` after this long belonged to a process that died: shown as partial. */
const STALE_STREAMING_MS = 15 * 60_000;
const HISTORY_MESSAGES = 20;

export type SendEvent = (event: 'start' | 'delta' | 'done' | 'error', data: unknown) => void;

/** An accepted message: stored, paid for, ready to be answered. */
export interface ChatGeneration {
  start: ChatStreamStart;
  /** Streams the answer through `send` and stores it; never throws (failures become an `error` event). */
  run(send: SendEvent, signal: AbortSignal): Promise<void>;
}

const titleOf = (message: string) => {
  const line = message.trim().split('\n')[0]!.trim();
  return line.length > 30 ? `${line.slice(0, 30)}…` : line || '新对话';
};

const guestCounters = (owner: Extract<ChatOwner, { kind: 'guest' }>) => [
  `g:${owner.guestKey}`,
  `ip:${owner.ipKey}`,
];

export async function createChat(deps: { db: Db; sysConfig: SysConfig; llm: Llm; charging: ChatCharging }) {
  const { db, sysConfig, llm, charging } = deps;
  for (const l of Object.values(CHAT_LIMITS)) await sysConfig.seed(l.key, l.fallback, l.description);
  const limit = async (l: (typeof CHAT_LIMITS)[keyof typeof CHAT_LIMITS]) => {
    const v = await sysConfig.get<unknown>(l.key, l.fallback);
    return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : l.fallback;
  };

  function ownedConversations(owner: ChatOwner) {
    const q = db.selectFrom('chatConversations');
    return owner.kind === 'user'
      ? q.where('userId', '=', owner.userId)
      : q.where('userId', 'is', null).where('guestKey', '=', owner.guestKey);
  }

  async function findOwned(owner: ChatOwner, id: number) {
    const row = await ownedConversations(owner).selectAll().where('id', '=', id).executeTakeFirst();
    // Someone else's conversation looks exactly like a missing one.
    if (!row) throw notFound('会话不存在或已删除');
    return row;
  }

  const toConversation = (r: {
    id: number;
    title: string;
    createdAt: string;
    updatedAt: string;
  }): ChatConversation => ({
    id: Number(r.id),
    title: r.title,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  });

  const toMessage = (r: {
    id: number;
    conversationId: number;
    role: 'user' | 'assistant';
    content: string;
    status: ChatMessageStatus;
    error: string | null;
    createdAt: string;
  }): ChatMessage => {
    const stale = r.status === 'streaming' && Date.now() - Date.parse(r.createdAt) > STALE_STREAMING_MS;
    return {
      id: Number(r.id),
      conversationId: Number(r.conversationId),
      role: r.role,
      content: r.content,
      status: stale ? 'partial' : r.status,
      error: stale ? '生成过程被中断' : r.error,
      createdAt: r.createdAt,
    };
  };

  /** The conversation so far as model messages: newest first until the budget is spent, then in order. */
  async function history(conversationId: number, beforeId: number, budget: number): Promise<LlmMessage[]> {
    const rows = await db
      .selectFrom('chatMessages')
      .select(['role', 'content', 'status'])
      .where('conversationId', '=', conversationId)
      .where('id', '<', beforeId)
      .where('content', '!=', '')
      .orderBy('id', 'desc')
      .limit(HISTORY_MESSAGES)
      .execute();
    const picked: LlmMessage[] = [];
    let used = 0;
    for (const r of rows) {
      if (used + r.content.length > budget) break;
      used += r.content.length;
      picked.push({ role: r.role, content: r.content });
    }
    picked.reverse();
    // Providers want user/assistant turns to alternate and to start with the user.
    while (picked[0]?.role === 'assistant') picked.shift();
    return picked;
  }

  async function start(owner: ChatOwner, input: ChatCompletionInput): Promise<ChatGeneration> {
    // 1. Input. Nothing is stored or charged before every check has passed.
    let message = '';
    if (!input.regenerate) {
      message = (input.message ?? '').trim();
      if (!message) throw badRequest('消息不能为空');
      const max = await limit(CHAT_LIMITS.maxMessageChars);
      if (message.length > max)
        throw badRequest(`消息过长：最多 ${max} 字，当前 ${message.length} 字，请分段发送`);
    }
    // 2. A model must be there: otherwise 503 and nothing happens.
    await llm.assertAvailable('chat');
    const limitKey = owner.kind === 'user' ? `u:${owner.userId}` : `g:${owner.guestKey}`;
    if (llm.wouldRefuse(limitKey)) throw new LlmError('user_busy');
    // 3. The conversation must be the caller's.
    const existing = input.conversationId ? await findOwned(owner, input.conversationId) : null;
    let regenerateOf: { userMessageId: number; content: string; dropIds: number[] } | null = null;
    if (input.regenerate && existing) {
      const tail = await db
        .selectFrom('chatMessages')
        .select(['id', 'role', 'content'])
        .where('conversationId', '=', existing.id)
        .orderBy('id', 'desc')
        .limit(HISTORY_MESSAGES)
        .execute();
      const lastUser = tail.find((m) => m.role === 'user');
      if (!lastUser) throw badRequest('会话中没有可重新回答的消息');
      regenerateOf = {
        userMessageId: Number(lastUser.id),
        content: lastUser.content,
        dropIds: tail.filter((m) => m.role === 'assistant' && m.id > lastUser.id).map((m) => Number(m.id)),
      };
    }

    // 4. Store both messages and pay, in one transaction.
    const day = shanghaiDay();
    const guestDaily = owner.kind === 'guest' ? await limit(CHAT_LIMITS.guestDaily) : 0;
    const guestPerIp = owner.kind === 'guest' ? await limit(CHAT_LIMITS.guestDailyPerIp) : 0;
    const now = nowIso();
    const stored = await db.transaction().execute(async (trx) => {
      let conversationId: number;
      let title: string;
      if (existing) {
        conversationId = Number(existing.id);
        title = existing.title;
        await trx
          .updateTable('chatConversations')
          .set({ updatedAt: now })
          .where('id', '=', conversationId)
          .execute();
      } else {
        title = titleOf(message);
        const row = await trx
          .insertInto('chatConversations')
          .values({
            userId: owner.kind === 'user' ? owner.userId : null,
            guestKey: owner.kind === 'guest' ? owner.guestKey : null,
            title,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        conversationId = Number(row.id);
      }
      let userMessageId: number;
      if (regenerateOf) {
        userMessageId = regenerateOf.userMessageId;
        if (regenerateOf.dropIds.length)
          await trx.deleteFrom('chatMessages').where('id', 'in', regenerateOf.dropIds).execute();
      } else {
        const u = await trx
          .insertInto('chatMessages')
          .values({
            conversationId,
            role: 'user',
            content: message,
            status: 'complete',
            error: null,
            llmCallId: null,
            chargeRef: null,
            createdAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        userMessageId = Number(u.id);
      }
      const a = await trx
        .insertInto('chatMessages')
        .values({
          conversationId,
          role: 'assistant',
          content: '',
          status: 'streaming',
          error: null,
          llmCallId: null,
          chargeRef: null,
          createdAt: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const assistantMessageId = Number(a.id);
      let chargeRef: string | null = null;
      if (owner.kind === 'user') {
        chargeRef = await charging.charge(trx, {
          userId: owner.userId,
          messageId: assistantMessageId,
          conversationId,
        });
        if (chargeRef)
          await trx
            .updateTable('chatMessages')
            .set({ chargeRef })
            .where('id', '=', assistantMessageId)
            .execute();
      } else {
        const [gKey, ipKey] = guestCounters(owner);
        const okay = await consumeGuestAllowance(
          trx,
          [
            { key: gKey!, limit: guestDaily },
            { key: ipKey!, limit: guestPerIp },
          ],
          day,
        );
        if (!okay) throw rateLimited(`游客每日可免费体验 ${guestDaily} 条，今日已用完，请登录后继续使用`);
      }
      return { conversationId, title, userMessageId, assistantMessageId, chargeRef };
    });

    const prompt = regenerateOf?.content ?? message;
    const budget = Math.max(0, (await limit(CHAT_LIMITS.historyChars)) - prompt.length);
    const past = await history(stored.conversationId, stored.userMessageId, budget);
    const messages: LlmMessage[] = [
      { role: 'system', content: render(prompts.chatSystem, { date: shanghaiDay() }) },
      ...past,
      { role: 'user', content: prompt },
    ];
    const charged = owner.kind === 'guest' || stored.chargeRef !== null;

    async function giveBack(): Promise<boolean> {
      if (!charged) return false;
      await db.transaction().execute(async (trx) => {
        if (owner.kind === 'user' && stored.chargeRef) {
          await charging.refund(trx, {
            userId: owner.userId,
            messageId: stored.assistantMessageId,
            chargeRef: stored.chargeRef,
          });
          await trx
            .updateTable('chatMessages')
            .set({ chargeRef: null })
            .where('id', '=', stored.assistantMessageId)
            .execute();
        } else if (owner.kind === 'guest') {
          await returnGuestAllowance(trx, guestCounters(owner), day);
        }
      });
      return true;
    }

    const startEvent: ChatStreamStart = {
      conversationId: stored.conversationId,
      userMessageId: stored.userMessageId,
      assistantMessageId: stored.assistantMessageId,
      title: stored.title,
    };
    return {
      start: startEvent,
      async run(send, signal) {
        send('start', startEvent);
        let text = '';
        let flushedAt = Date.now();
        let flushedLength = 0;
        const save = (fields: {
          content: string;
          status?: ChatMessageStatus;
          error?: string | null;
          llmCallId?: number | null;
        }) =>
          db.updateTable('chatMessages').set(fields).where('id', '=', stored.assistantMessageId).execute();
        try {
          let usage: LlmUsage | null = null;
          for await (const ev of llm.stream({
            feature: 'chat',
            messages,
            signal,
            userId: owner.kind === 'user' ? owner.userId : null,
            limitKey,
          })) {
            if (ev.type === 'delta') {
              text += ev.text;
              send('delta', { text: ev.text });
              if (Date.now() - flushedAt > FLUSH_EVERY_MS && text.length > flushedLength) {
                flushedAt = Date.now();
                flushedLength = text.length;
                await save({ content: text });
              }
            } else {
              usage = ev.result.usage;
              await save({ content: text, status: 'complete', error: null, llmCallId: ev.result.callId });
            }
          }
          const done: ChatStreamDone = {
            conversationId: stored.conversationId,
            userMessageId: stored.userMessageId,
            assistantMessageId: stored.assistantMessageId,
            usage: usage ?? { promptTokens: 0, completionTokens: 0, estimated: true },
            charged,
          };
          send('done', done);
        } catch (e) {
          const err =
            e instanceof LlmError
              ? e
              : new LlmError('provider', undefined, String((e as Error)?.message ?? e));
          const partialText = err.partialText || text;
          if (err.code === 'aborted') {
            // The user stopped (or left): what was generated is kept, and so is the charge, unless
            // nothing had been generated yet.
            await save({ content: partialText, status: 'stopped', error: null, llmCallId: err.callId });
            if (!partialText) await giveBack().catch(() => false);
            return;
          }
          // The provider failed: keep what arrived, mark it, and give the charge back.
          await save({
            content: partialText,
            status: partialText ? 'partial' : 'error',
            error: partialText ? `${err.message}（回答不完整）` : err.message,
            llmCallId: err.callId,
          });
          const refunded = await giveBack().catch(() => false);
          const body: ChatStreamError = {
            message: partialText
              ? `${err.message}，已保留已生成的部分${refunded ? '，本条未计费' : ''}`
              : err.message,
            code: err.code,
            conversationId: stored.conversationId,
            assistantMessageId: stored.assistantMessageId,
            partial: !!partialText,
            refunded,
          };
          send('error', body);
        }
      },
    };
  }

  return {
    start,

    async list(owner: ChatOwner, paging: PageQuery, filter: ChatListFilter): Promise<Page<ChatConversation>> {
      let q = ownedConversations(owner);
      if (filter.keyword) q = q.where('title', 'like', `%${filter.keyword.replace(/[%_\\]/g, '')}%`);
      return selectPage(
        q
          .select(['id', 'title', 'createdAt', 'updatedAt'])
          .orderBy('updatedAt', 'desc')
          .orderBy('id', 'desc'),
        paging,
        toConversation,
      );
    },

    async load(owner: ChatOwner, id: number): Promise<ChatConversationDetail> {
      const conv = await findOwned(owner, id);
      const rows = await db
        .selectFrom('chatMessages')
        .select(['id', 'conversationId', 'role', 'content', 'status', 'error', 'createdAt'])
        .where('conversationId', '=', conv.id)
        .orderBy('id')
        .execute();
      return { ...toConversation(conv), messages: rows.map(toMessage) };
    },

    async remove(owner: ChatOwner, id: number): Promise<void> {
      const conv = await findOwned(owner, id);
      await db.deleteFrom('chatConversations').where('id', '=', conv.id).execute();
    },

    async status(owner: ChatOwner): Promise<ChatStatus> {
      const s = await llm.status('chat');
      let guest: ChatStatus['guest'] = null;
      if (owner.kind === 'guest') {
        const dailyLimit = await limit(CHAT_LIMITS.guestDaily);
        const [gKey] = guestCounters(owner);
        const usedToday = await guestUsed(db, gKey!, shanghaiDay());
        guest = { dailyLimit, usedToday, remaining: Math.max(0, dailyLimit - usedToday) };
      }
      return {
        available: s.available,
        message: s.message,
        maxMessageChars: await limit(CHAT_LIMITS.maxMessageChars),
        signedIn: owner.kind === 'user',
        guest,
      };
    },
  };
}

export type Chat = Awaited<ReturnType<typeof createChat>>;
