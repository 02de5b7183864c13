/**
 * Text one page hands to another through the router's navigation state (a rewrite's result to the 查重 page,
 * so 去查重验证 checks what was rewritten). Read with a shape check: history state outlives the code that wrote it.
 */
export interface TextHandover {
  text: string;
  title: string;
}

export function readTextHandover(state: unknown): TextHandover | null {
  if (typeof state !== 'object' || state === null) return null;
  const { text, title } = state as Record<string, unknown>;
  return typeof text === 'string' && text.trim()
    ? { text, title: typeof title === 'string' ? title : '' }
    : null;
}
