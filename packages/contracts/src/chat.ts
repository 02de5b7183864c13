import { z } from 'zod';
import { group } from './endpoint.ts';
import { IdQuery, PageQuery, page } from './paging.ts';

/**
 * `chat_gpt_api` (AI 助手, page /gpt): conversations and their messages. `completions` answers as a
 * Server-Sent Events stream (text/event-stream), not as an envelope, once its checks pass:
 *   event: start  data: ChatStreamStart   (the stored ids, sent first)
 *   event: delta  data: { text }          (pieces of the answer, in order)
 *   event: done   data: ChatStreamDone    (the answer is complete and stored)
 *   event: error  data: ChatStreamError   (generation failed; any partial answer is stored and marked)
 * Checks that fail before generation (bad input, 401/402/404, 429 guest allowance, 503 no model)
 * answer with the usual `{ code, message, result: null }` envelope and the matching HTTP status.
 */

/** Hard cap in the schema; the real limit is `limit.chat.maxMessageChars` in sys_config (checked with a clear message). */
export const CHAT_MESSAGE_HARD_CAP = 200_000;

export const ChatMessageStatus = z
  .enum(['streaming', 'complete', 'partial', 'stopped', 'error'])
  .describe('streaming 生成中 / complete 完整 / partial 中断（已保留部分）/ stopped 已停止 / error 失败');
export type ChatMessageStatus = z.infer<typeof ChatMessageStatus>;

export const ChatMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  status: ChatMessageStatus,
  /** Why an answer is partial or failed (Chinese), else null. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatConversation = z.object({
  id: z.number().int(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatConversation = z.infer<typeof ChatConversation>;

export const ChatConversationDetail = ChatConversation.extend({ messages: z.array(ChatMessage) });
export type ChatConversationDetail = z.infer<typeof ChatConversationDetail>;

/** query_list body (the spec's "data body"): optional filter by title. */
export const ChatListFilter = z
  .object({ keyword: z.string().trim().max(100).optional().describe('按标题筛选') })
  .default({});
export type ChatListFilter = z.infer<typeof ChatListFilter>;

export const ChatCompletionInput = z
  .object({
    conversationId: z.number().int().positive().nullable().optional().describe('继续的会话；不传则新建会话'),
    message: z
      .string()
      .max(CHAT_MESSAGE_HARD_CAP, { error: `消息过长，最多 ${CHAT_MESSAGE_HARD_CAP} 字` })
      .optional()
      .describe('用户消息'),
    regenerate: z
      .boolean()
      .optional()
      .describe('为 true 时重新回答会话中最后一条用户消息（需 conversationId，不传 message）'),
  })
  .refine((v) => v.regenerate || v.message !== undefined, { error: '请输入消息内容', path: ['message'] })
  .refine((v) => !v.regenerate || !!v.conversationId, {
    error: '重新生成需要会话 ID',
    path: ['conversationId'],
  });
export type ChatCompletionInput = z.infer<typeof ChatCompletionInput>;

export const ChatUsage = z.object({
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  estimated: z.boolean().describe('服务商未返回用量时按字数估算'),
});
export type ChatUsage = z.infer<typeof ChatUsage>;

export const ChatStreamStart = z.object({
  conversationId: z.number().int(),
  userMessageId: z.number().int(),
  assistantMessageId: z.number().int(),
  title: z.string(),
});
export type ChatStreamStart = z.infer<typeof ChatStreamStart>;

export const ChatStreamDelta = z.object({ text: z.string() });
export type ChatStreamDelta = z.infer<typeof ChatStreamDelta>;

export const ChatStreamDone = z.object({
  conversationId: z.number().int(),
  userMessageId: z.number().int(),
  assistantMessageId: z.number().int(),
  usage: ChatUsage,
  charged: z.boolean().describe('本条是否计费（游客消耗每日体验次数）'),
});
export type ChatStreamDone = z.infer<typeof ChatStreamDone>;

export const ChatStreamError = z.object({
  message: z.string(),
  code: z.string().describe('timeout / interrupted / provider / rate_limited / …'),
  conversationId: z.number().int().nullable(),
  assistantMessageId: z.number().int().nullable(),
  /** True when part of the answer was generated and kept (marked partial). */
  partial: z.boolean(),
  /** True when the charge for this message was given back. */
  refunded: z.boolean(),
});
export type ChatStreamError = z.infer<typeof ChatStreamError>;

/** `f/status`: what the page needs before the user types (model availability, limits, guest allowance). */
export const ChatStatus = z.object({
  available: z.boolean().describe('是否已配置可用的 AI 模型'),
  message: z.string().describe('不可用时的原因（中文）'),
  maxMessageChars: z.number().int(),
  signedIn: z.boolean(),
  guest: z
    .object({ dailyLimit: z.number().int(), usedToday: z.number().int(), remaining: z.number().int() })
    .nullable()
    .describe('游客每日体验额度；已登录时为 null'),
});
export type ChatStatus = z.infer<typeof ChatStatus>;

/** Admin: model usage (every AI feature's calls, from `llm_calls`) summed per feature, model and outcome. */
export const LlmUsageFilter = z
  .object({
    from: z.iso.datetime({ offset: true }).optional().describe('起始时间（含），ISO-8601'),
    to: z.iso.datetime({ offset: true }).optional().describe('结束时间（不含），ISO-8601'),
    feature: z.string().max(40).optional().describe('只看某个功能，如 chat'),
  })
  .default({});
export type LlmUsageFilter = z.infer<typeof LlmUsageFilter>;

export const LlmUsageRow = z.object({
  feature: z.string(),
  provider: z.string(),
  model: z.string(),
  status: z.string().describe('ok / partial / aborted / error'),
  calls: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  estimatedCalls: z.number().int().describe('其中用量按字数估算的调用数'),
  avgDurationMs: z.number().int(),
});
export type LlmUsageRow = z.infer<typeof LlmUsageRow>;

export const LlmUsageSummary = z.object({
  rows: z.array(LlmUsageRow),
  totals: z.object({
    calls: z.number().int(),
    promptTokens: z.number().int(),
    completionTokens: z.number().int(),
  }),
});
export type LlmUsageSummary = z.infer<typeof LlmUsageSummary>;

/**
 * chat_gpt_api. Guests may chat (a cookie names their conversations); `completions` answers a stream
 * (`result: null`), the rest the envelope.
 */
export const chatEndpoints = group(
  '/api/base/chat_gpt_api',
  {
    query_list: {
      summary: '会话列表（最近更新在前）',
      query: PageQuery,
      body: ChatListFilter.nullable().optional(),
      result: page(ChatConversation),
    },
    load_by_id: { summary: '会话及其全部消息', query: IdQuery, result: ChatConversationDetail },
    delete: { summary: '删除会话（连同消息）', query: IdQuery, result: z.boolean() },
    status: { path: 'f/status', summary: '模型是否可用、字数上限、游客今日剩余次数', result: ChatStatus },
    llm_usage: {
      path: 'admin/llm_usage',
      access: 'admin',
      summary: '管理员：模型调用量（所有 AI 功能），按功能、模型与结果汇总',
      body: LlmUsageFilter.nullable().optional(),
      result: LlmUsageSummary,
    },
    completions: {
      summary: '发送消息，回答以 SSE 流式返回（event: start / delta / done / error）',
      description:
        '检查通过后以 text/event-stream 返回：start {conversationId,userMessageId,assistantMessageId,title}，' +
        'delta {text}，done {…, usage, charged} 或 error {message, code, partial, refunded}。' +
        '检查失败（参数、401/402/404、游客额度 429、模型未配置 503）时返回普通 JSON 信封。',
      body: ChatCompletionInput,
      result: null,
    },
  },
  'guest',
);
