/**
 * Our own 降AIGC and 降重 outputs of AI text (packages/rewrite, offline strategies): still AI text. Training gets
 * them from the AI texts of the training splits only, rewritten without a detector in the loop (every round's plan
 * applied, no hints), so the training data do not depend on the model being trained; the benchmark runs the real
 * loop against the model under test on held-out AI texts (bench/bench.ts).
 */
import { type Attempt, offlineStrategies, type Strategy } from '@paperdesk/rewrite';
import { unitHash } from '../src/hash.ts';
import type { CorpusText } from './corpus.ts';

/** AI texts of the academic and thesis registers that a student would put through 降AIGC / 降重. */
export const REWRITE_SOURCES: ReadonlySet<string> = new Set([
  'ai-abstract',
  'ai-body',
  'ai-polish',
  'ai-thesis',
  'ai-thesis-polish',
]);

/** 降AIGC's offline plans compound (each on the text so far); 降重's are independent draws of the original. */
const PLANS = { aigc: { rounds: 3, from: 'current' }, similarity: { rounds: 2, from: 'original' } } as const;

async function applyRounds(strategy: Strategy, original: string, goal: 'aigc' | 'similarity', seed: number) {
  const { rounds, from } = PLANS[goal];
  let current = original;
  for (let round = 1; round <= rounds; round++) {
    const attempt: Attempt = {
      round,
      goal,
      targets: goal === 'aigc' ? { aigc: 0 } : { similarity: 0 },
      current,
      scores: { similarity: null, aigc: null },
      hints: [],
      seed: seed + round,
    };
    const out = await strategy.rewrite(original, attempt);
    if (out !== null && (from === 'current' || round === rounds)) current = out;
  }
  return current;
}

/** Our rewrites of `texts` for `goals`, each in its text's group, split and stratum; unchanged versions skipped. */
export async function rewrittenVersions(
  texts: readonly CorpusText[],
  goals: ReadonlyArray<'aigc' | 'similarity'>,
): Promise<CorpusText[]> {
  const strategies = {
    aigc: offlineStrategies('aigc')[0]!,
    similarity: offlineStrategies('similarity')[0]!,
  };
  const out: CorpusText[] = [];
  for (const t of texts) {
    const seed = Math.floor(unitHash(`${t.id}|rewrite`) * 1e9);
    for (const goal of goals) {
      const text = await applyRounds(strategies[goal], t.text, goal, seed);
      if (text === t.text) continue;
      out.push({
        id: `${t.id}|${goal}`,
        group: t.group,
        text,
        label: 1,
        source: 'ai-rewritten',
        register: t.register,
        style: goal === 'aigc' ? '降AIGC' : '降重',
        rewrittenFrom: t.source,
        split: t.split,
      });
    }
  }
  return out;
}

/** One 降AIGC and one 降重 version of each AI academic / thesis text of the train and lm splits (never the others). */
export function ourRewrites(corpus: readonly CorpusText[]): Promise<CorpusText[]> {
  return rewrittenVersions(
    corpus.filter(
      (t) => t.label === 1 && REWRITE_SOURCES.has(t.source) && (t.split === 'train' || t.split === 'lm'),
    ),
    ['aigc', 'similarity'],
  );
}
