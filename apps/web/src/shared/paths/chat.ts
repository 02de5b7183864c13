/** The AI assistant URL (spec §2), a standalone page. */
export const chatPaths = { chat: '/gpt' } as const;
