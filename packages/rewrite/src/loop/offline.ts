import { rewrite, type Strength } from '../rewrite.ts';
import type { Attempt, Goal, Strategy } from './types.ts';

export interface StrategyOptions {
  /** Words the user wants kept verbatim. */
  keepTerms?: string[];
}

/** Strength per round: the first pass keeps most of the wording, later rounds go further. */
function strengthOf(round: number): Strength {
  return round <= 1 ? 'standard' : 'strong';
}

/**
 * 降重 rules: the rule engine on the best text so far, standard then strong, with a new seed each round, so
 * rounds compound (each round changes words the previous one left).
 */
export function similarityRules(options: StrategyOptions = {}): Strategy {
  return {
    id: 'rules-similarity',
    kind: 'rule',
    async rewrite(_original: string, attempt: Attempt) {
      const out = rewrite(attempt.current, {
        strength: strengthOf(attempt.round),
        seed: attempt.seed,
        ...(options.keepTerms ? { keepTerms: options.keepTerms } : {}),
      }).text;
      return out === attempt.current ? null : out;
    },
  };
}

/** Offline strategies for a goal: they work with no model. */
export function offlineStrategies(goal: Goal, options: StrategyOptions = {}): Strategy[] {
  switch (goal) {
    case 'similarity':
      return [similarityRules(options)];
    case 'aigc':
      return [similarityRules(options)];
    case 'both':
      return [similarityRules(options)];
  }
}
