/**
 * The benchmark's zero-shot client: prompt log-probabilities from an OpenAI-compatible completions endpoint with
 * echo + logprobs (vLLM, llama.cpp server), configured by
 *   AIGC_LOGPROBS_URL   base URL, e.g. http://127.0.0.1:8000/v1
 *   AIGC_LOGPROBS_MODEL model name (default: the server's only model)
 *   AIGC_LOGPROBS_KEY   API key, if any
 *   AIGC_ZS_LIMIT       texts scored per row (default 200; each is one request)
 * The server uses its model layer instead (apps/server/src/services/aigc/zero-shot.ts); this is benchmark-only.
 */
import {
  DEFAULT_ZERO_SHOT_MAPPING,
  fastDetectCriterion,
  type ZeroShotMapping,
  type ZeroShotScore,
} from '../src/zeroshot.ts';
import type { CorpusText, EvaluationSet } from '../scripts/corpus.ts';
import { evaluationRows } from '../scripts/evaluate.ts';

interface CompletionLogprobs {
  choices?: Array<{
    logprobs?: { token_logprobs?: (number | null)[]; top_logprobs?: (Record<string, number> | null)[] };
  }>;
  usage?: { prompt_tokens?: number };
}

async function criterionOf(url: string, model: string, key: string | undefined, text: string) {
  const res = await fetch(`${url.replace(/\/$/, '')}/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ model, prompt: text, echo: true, logprobs: 5, max_tokens: 1, temperature: 0 }),
  });
  if (!res.ok) throw new Error(`completions answered HTTP ${res.status}`);
  const body = (await res.json()) as CompletionLogprobs;
  const lp = body.choices?.[0]?.logprobs;
  const n = Math.min(body.usage?.prompt_tokens ?? Number.POSITIVE_INFINITY, lp?.token_logprobs?.length ?? 0);
  const tokens = [];
  for (let i = 0; i < n; i++) {
    const logprob = lp?.token_logprobs?.[i];
    if (typeof logprob === 'number')
      tokens.push({ logprob, top: Object.values(lp?.top_logprobs?.[i] ?? {}) });
  }
  return fastDetectCriterion(tokens);
}

export function zeroShotFromEnv() {
  const url = process.env.AIGC_LOGPROBS_URL;
  if (!url) return null;
  const model = process.env.AIGC_LOGPROBS_MODEL ?? '';
  const key = process.env.AIGC_LOGPROBS_KEY;
  const limit = Number(process.env.AIGC_ZS_LIMIT ?? 200);
  const mapping: ZeroShotMapping = DEFAULT_ZERO_SHOT_MAPPING;
  return {
    describe: `${url} (${model || 'default model'})`,
    limit,
    mapping,
    /** Criteria for the first `limit` texts of every row (text → criterion; texts without one are left out). */
    async criteria(corpus: readonly CorpusText[], ood: readonly EvaluationSet[]) {
      const out = new Map<string, ZeroShotScore>();
      for (const row of evaluationRows(corpus, ood)) {
        const ai = row.items.filter((i) => i.label === 1).slice(0, limit / 2);
        const human = row.items.filter((i) => i.label === 0).slice(0, limit / 2);
        for (const item of [...ai, ...human]) {
          if (out.has(item.text)) continue;
          const c = await criterionOf(url, model, key, item.text).catch(() => null);
          if (c) out.set(item.text, c);
        }
      }
      return out;
    },
  };
}
