import { matchingCodes } from '@paperdesk/textkit';
import { exactPassages } from '../align.ts';
import type { CheckContext } from './context.ts';
import { type CheckProgress, lerp, STAGE_AT } from './options.ts';

/**
 * Stage 2, exact alignment per candidate: seeds extended into maximal matches and chained over small gaps (the
 * source's matching codes are kept only where something matched).
 */
export function* exactStage(ctx: CheckContext): Generator<CheckProgress, void, undefined> {
  const { opts, index } = ctx;
  const candidates = ctx.candidates;
  const end = opts.paraphrase ? STAGE_AT.paraphrase : STAGE_AT.attribution;
  for (let r = 0; r < candidates.length; r++) {
    yield { stage: 'exact', fraction: lerp(STAGE_AT.exact, end, r / candidates.length) };
    const c = candidates[r]!;
    const s = matchingCodes(index.ordinalText(c.ordinal));
    c.exact = exactPassages(ctx.q.codes, s.codes, c.seedQ, c.seedS, {
      k: index.k,
      maxGap: opts.maxGap,
      minMatched: opts.minMatchedChars,
      minDensity: opts.minDensity,
      weights: ctx.weights,
    });
    c.passages = c.exact;
    c.s = c.exact.length > 0 ? s : undefined;
  }
}
