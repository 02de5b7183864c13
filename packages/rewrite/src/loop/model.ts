import {
  buildBothMessages,
  buildDeAigcMessages,
  buildRewriteMessages,
  type PromptOptions,
} from '../prompts.ts';
import type { StrategyOptions } from './offline.ts';
import type { Attempt, Complete, Goal, Strategy } from './types.ts';

const BUILDERS = {
  similarity: buildRewriteMessages,
  aigc: buildDeAigcMessages,
  both: buildBothMessages,
} as const;

/**
 * Model strategies through one chat completion callback. Each round rewrites the best text so far; the protected
 * spans are those of the original (the loop's guard checks the answer against the original, and a rejected
 * answer is logged with the guard's reasons). The prompt carries the current figures and the targets.
 */
export function modelStrategies(goal: Goal, complete: Complete, options: StrategyOptions = {}): Strategy[] {
  return [
    {
      id: `model-${goal}`,
      kind: 'model',
      async rewrite(original: string, attempt: Attempt) {
        const prompt: PromptOptions = {
          ...(options.keepTerms ? { keepTerms: options.keepTerms } : {}),
          scores: attempt.scores,
          targets: attempt.targets,
          hints: attempt.hints,
          protectFrom: original,
        };
        const messages = BUILDERS[goal](attempt.current, prompt);
        const answer = await complete(messages, maxTokensFor(attempt.current));
        return cleanAnswer(answer);
      },
    },
  ];
}

/** Room for a rewrite of the same length plus some slack (a Chinese character is about one token). */
function maxTokensFor(text: string): number {
  return Math.min(8192, Math.ceil(text.length * 2) + 256);
}

/** The model's answer without wrappers it adds despite the prompt: code fences, a 改写：label, outer quotes. */
export function cleanAnswer(answer: string): string | null {
  let text = answer.trim();
  text = text.replace(/^```[a-z]*\n?/i, '').replace(/\n?```$/, '');
  text = text.replace(/^(?:改写后?(?:的文本|的段落)?|修改后|结果|输出)\s*[:：]\s*/, '');
  if (/^[“"「].*[”"」]$/s.test(text) && !/[“"「]/.test(text.slice(1, -1))) text = text.slice(1, -1);
  text = text.trim();
  return text.length === 0 ? null : text;
}
