import { matchingCodes } from '@paperdesk/textkit';
import { matchingSentences, paraphrasePassages } from '../paraphrase.ts';
import type { CheckContext } from './context.ts';
import { type CheckProgress, lerp, STAGE_AT } from './options.ts';

/** The sentence stage looks this many sentences around a sentence with a shared k-gram. */
const SENTENCE_REACH = 2;

/**
 * Stage 3, paraphrase (PAN-style seeding): sentences near each candidate's shared k-grams compared with the
 * candidate's sentences by character-bigram Dice; what the exact passages do not cover yet is added.
 */
export function* paraphraseStage(ctx: CheckContext): Generator<CheckProgress, void, undefined> {
  const { opts, q } = ctx;
  const paraphrased = opts.paraphrase ? Math.min(ctx.candidates.length, opts.paraphraseCandidates) : 0;
  if (paraphrased === 0) return;
  const querySentences = matchingSentences(ctx.checked, q.codes, q.offsets);
  const sentenceOf = new Int32Array(q.codes.length).fill(-1);
  querySentences.forEach((x, i) => {
    sentenceOf.fill(i, x.start, x.end);
  });
  for (let r = 0; r < paraphrased; r++) {
    yield { stage: 'paraphrase', fraction: lerp(STAGE_AT.paraphrase, STAGE_AT.reworded, r / paraphrased) };
    const c = ctx.candidates[r]!;
    const near = new Uint8Array(querySentences.length);
    for (const qp of c.seedQ) {
      const si = sentenceOf[qp]!;
      if (si < 0) continue;
      for (let d = Math.max(0, si - SENTENCE_REACH); d <= Math.min(near.length - 1, si + SENTENCE_REACH); d++)
        near[d] = 1;
    }
    const sourceText = ctx.index.ordinalText(c.ordinal);
    const s = c.s ?? matchingCodes(sourceText);
    const sourceSentences = matchingSentences(sourceText, s.codes, s.offsets);
    const para = paraphrasePassages(q.codes, querySentences, s.codes, sourceSentences, {
      minSimilarity: opts.minSentenceSimilarity,
      minSentenceChars: opts.minSentenceChars,
      maxSentenceGap: 3,
      minSharedBigrams: 8,
      only: near,
    });
    const added = ctx.newPassages(para, c.exact);
    if (added.length > 0) {
      c.passages = [...c.exact, ...added];
      c.s = s;
    }
  }
}
