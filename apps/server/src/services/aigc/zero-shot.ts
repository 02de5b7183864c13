import { fastDetectCriterion, MIN_ZERO_SHOT_TOKENS } from '@paperdesk/aigc';
import type { Llm } from '../llm-usage.ts';
import type { createSysConfig } from '../sys-config.ts';
import type { ZeroShotSource } from './report.ts';

/** sys_config switch: 1 = combine the offline detector with a zero-shot score from the configured model. */
export const AIGC_ZERO_SHOT_KEY = 'aigc.zero_shot';

/**
 * The zero-shot criterion source of a detection, or undefined: the offline model alone is the default and the
 * fallback. Used only when switched on, a model is available for the `aigc` feature and its provider can return
 * prompt log-probabilities (OpenAI-compatible completions with echo + logprobs: vLLM, llama.cpp server).
 * A failed call leaves its window to the offline model (report.ts).
 */
export async function zeroShotSource(deps: {
  llm: () => Pick<Llm, 'available' | 'promptLogprobs' | 'provider'>;
  sysConfig: ReturnType<typeof createSysConfig>;
}): Promise<ZeroShotSource | undefined> {
  if (Number(await deps.sysConfig.get<unknown>(AIGC_ZERO_SHOT_KEY, 0)) !== 1) return undefined;
  const llm = deps.llm();
  if (!llm.provider?.promptLogprobs || !(await llm.available('aigc'))) return undefined;
  return async (text, signal) => {
    const tokens = await llm.promptLogprobs({ feature: 'aigc', text, signal });
    if (!tokens || tokens.length < MIN_ZERO_SHOT_TOKENS) return null;
    return fastDetectCriterion(tokens);
  };
}
