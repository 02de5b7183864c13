import { matchingCodes } from '@paperdesk/textkit';
import { PlagiarismIndex } from '../library.ts';
import { lowerBound } from '../paraphrase.ts';
import { REWORDED_DEFAULTS, rewordedPairs, rewordedPassages, wordIndexOf } from '../reworded.ts';
import type { CheckContext, Codes } from './context.ts';
import { type CheckProgress, STAGE_AT } from './options.ts';

/**
 * Stage 4, reworded copying (专业版): sentences no passage explains yet meet library sentences sharing their
 * content words (no shared 6-gram needed, see reworded.ts); the passages found join their document's candidate,
 * a new one when no earlier stage found it.
 */
export function* rewordedStage(ctx: CheckContext): Generator<CheckProgress, void, undefined> {
  const { opts, q, index } = ctx;
  if (!opts.paraphrase || !opts.reworded) return;
  // one index's word index, or a sharded library's look-up over its shards (their word statistics merged)
  if (!(index instanceof PlagiarismIndex) && !index.sentenceLookup)
    throw new Error('this library has no reworded look-up: pass reworded: false');
  yield { stage: 'reworded', fraction: STAGE_AT.reworded };
  const words = index instanceof PlagiarismIndex ? wordIndexOf(index) : index.sentenceLookup!();
  const explained = new Uint8Array(q.codes.length + 1);
  for (const c of ctx.candidates) for (const p of c.passages) explained.fill(1, p.qs, p.qe);
  const body = q.offsets.subarray(0, q.codes.length);
  const toMatching = (start: number, end: number): [number, number] => [
    lowerBound(body, start),
    lowerBound(body, end),
  ];
  const skip = (start: number, end: number) => {
    const [a, b] = toMatching(start, end);
    let n = 0;
    for (let i = a; i < b; i++) n += explained[i]!;
    return n * 2 >= b - a;
  };
  const sourceCodes = new Map<number, Codes>();
  const codesOf = (ordinal: number) => {
    let c = sourceCodes.get(ordinal);
    if (!c) {
      c = matchingCodes(index.ordinalText(ordinal));
      sourceCodes.set(ordinal, c);
    }
    return c;
  };
  const rewordedOptions = { ...REWORDED_DEFAULTS, ...opts.rewordedOptions };
  ctx.rewordedCoverage = words.coverage;
  // the check's rule over documents, as data a shard applies to its own
  const scope = { ownerKey: opts.ownerKey, excludeDocIds: opts.excludeDocIds };
  const pairs = rewordedPairs(ctx.checked, words, skip, ctx.usable, scope, rewordedOptions);
  const found = rewordedPassages(
    pairs,
    index,
    toMatching,
    (ordinal, start, end) => {
      const o = codesOf(ordinal).offsets;
      const b = o.subarray(0, o.length - 1);
      return [lowerBound(b, start), lowerBound(b, end)];
    },
    rewordedOptions,
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
