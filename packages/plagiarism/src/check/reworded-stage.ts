import { matchingCodes } from '@paperdesk/textkit';
import { PlagiarismIndex } from '../library.ts';
import { lowerBound } from '../paraphrase.ts';
import {
  REWORDED_DEFAULTS,
  type RewordedOptions,
  rewordedPassages,
  rewordedQuery,
  type SentencePair,
  wordIndexOf,
} from '../reworded.ts';
import type { CheckScope } from '../visibility.ts';
import type { WordSentence } from '../words.ts';
import type { CheckContext, Codes } from './context.ts';
import { type CheckProgress, STAGE_AT } from './options.ts';

/**
 * Stage 4, reworded copying (专业版): sentences no passage explains yet meet library sentences sharing their
 * content words (no shared 6-gram needed, see reworded.ts); the passages found join their document's candidate,
 * a new one when no earlier stage found it.
 */
export function* rewordedStage(ctx: CheckContext): Generator<CheckProgress, void, undefined> {
  const { opts, index } = ctx;
  if (!opts.paraphrase || !opts.reworded) return;
  // one index's word index, or a sharded library's look-up over its shards (their word statistics merged)
  if (!(index instanceof PlagiarismIndex) && !index.sentenceLookup)
    throw new Error('this library has no reworded look-up: pass reworded: false');
  yield { stage: 'reworded', fraction: STAGE_AT.reworded };
  const words = index instanceof PlagiarismIndex ? wordIndexOf(index) : index.sentenceLookup!();
  const ask = rewordedAsk(ctx)!;
  const pairs = words.bestPairs(ask.sentences, ctx.usable, ask.options, ask.scope);
  rewordedFound(ctx, ask, pairs, words.coverage);
}

/** What the reworded stage looks up: the unexplained query sentences, the options and the check's rule as data. */
export interface RewordedAsk {
  sentences: WordSentence[];
  options: RewordedOptions;
  scope: CheckScope;
}

/** The reworded stage's look-up, once the earlier stages ran; undefined when the check has no reworded stage. */
export function rewordedAsk(ctx: CheckContext): RewordedAsk | undefined {
  const { opts, q } = ctx;
  if (!opts.paraphrase || !opts.reworded) return undefined;
  const explained = new Uint8Array(q.codes.length + 1);
  for (const c of ctx.candidates) for (const p of c.passages) explained.fill(1, p.qs, p.qe);
  const skip = (start: number, end: number) => {
    const [a, b] = toMatching(ctx, start, end);
    let n = 0;
    for (let i = a; i < b; i++) n += explained[i]!;
    return n * 2 >= b - a;
  };
  const options = { ...REWORDED_DEFAULTS, ...opts.rewordedOptions };
  return {
    sentences: rewordedQuery(ctx.checked, skip, options),
    options,
    // the check's rule over documents, as data a shard applies to its own
    scope: { ownerKey: opts.ownerKey, excludeDocIds: opts.excludeDocIds },
  };
}

/** Query text offsets [start, end) in matching coordinates. */
function toMatching(ctx: CheckContext, start: number, end: number): [number, number] {
  const body = ctx.q.offsets.subarray(0, ctx.q.codes.length);
  return [lowerBound(body, start), lowerBound(body, end)];
}

/** The look-up's sentence pairs grown into passages, added to their documents' candidates. */
export function rewordedFound(
  ctx: CheckContext,
  ask: RewordedAsk,
  pairs: SentencePair[],
  coverage: number,
): void {
  const { index } = ctx;
  const sourceCodes = new Map<number, Codes>();
  const codesOf = (ordinal: number) => {
    let c = sourceCodes.get(ordinal);
    if (!c) {
      c = matchingCodes(index.ordinalText(ordinal));
      sourceCodes.set(ordinal, c);
    }
    return c;
  };
  ctx.rewordedCoverage = coverage;
  const found = rewordedPassages(
    pairs,
    index,
    (start, end) => toMatching(ctx, start, end),
    (ordinal, start, end) => {
      const o = codesOf(ordinal).offsets;
      const b = o.subarray(0, o.length - 1);
      return [lowerBound(b, start), lowerBound(b, end)];
    },
    ask.options,
  );
  for (const [ordinal, passages] of found) {
    const c = ctx.candidate(ordinal);
    if (!c) continue;
    const added = ctx.newPassages(passages, c.passages);
    if (added.length > 0) {
      c.passages = [...c.passages, ...added];
      c.s ??= codesOf(ordinal);
    }
  }
}
