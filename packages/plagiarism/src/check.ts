import { type ParsedDocument, textToDocument } from '@paperdesk/textkit';
import type { Report } from './report.ts';
import { reportOf } from './check/assemble.ts';
import { attribute } from './check/attribution.ts';
import { chooseCandidates } from './check/candidates.ts';
import { type CheckLibrary, CheckContext } from './check/context.ts';
import { exactStage } from './check/exact.ts';
import { counting } from './check/figures.ts';
import { charPrefix } from './check/intervals.ts';
import { matchesOf } from './check/matches.ts';
import { type CheckControl, type CheckOptions, type CheckProgress, STAGE_AT } from './check/options.ts';
import { paraphraseStage } from './check/paraphrase.ts';
import { rewordedStage } from './check/reworded-stage.ts';

export type { CheckLibrary } from './check/context.ts';
export type { CheckControl, CheckOptions, CheckProgress, CheckStage } from './check/options.ts';

/*
 * A check is a pipeline of stages over one shared context (check/context.ts), each a module of check/:
 * candidates (fingerprint look-up), exact, paraphrase, reworded (专业版), attribution, matches, figures.
 */

/**
 * Check a document against the library: candidates by shared fingerprints, exact alignment, a paraphrase stage on
 * the best candidates, attribution of each stretch of text to its best source, then 知网-style figures. Pure and
 * synchronous; see checkStages for a check that can be driven step by step (progress, cancellation, threads).
 */
export function checkDocument(
  doc: ParsedDocument,
  index: CheckLibrary,
  options: CheckOptions & CheckControl = {},
): Report {
  const { onProgress, signal, ...checkOptions } = options;
  const steps = checkStages(doc, index, checkOptions);
  for (;;) {
    signal?.throwIfAborted();
    const step = steps.next();
    if (step.done) return step.value;
    onProgress?.(step.value);
  }
}

/**
 * The check as a generator: it yields its progress between steps (each a few milliseconds at most on a large
 * library) and returns the Report. The caller decides what happens in between: report progress, stop early
 * (`return()`), or look at a cancellation flag shared with another thread.
 */
export function* checkStages(
  doc: ParsedDocument,
  index: CheckLibrary,
  options: CheckOptions = {},
): Generator<CheckProgress, Report, undefined> {
  const started = performance.now();
  const ctx = new CheckContext(doc, index, options, started);
  yield { stage: 'candidates', fraction: STAGE_AT.candidates };
  chooseCandidates(ctx);
  yield* exactStage(ctx);
  yield* paraphraseStage(ctx);
  yield* rewordedStage(ctx);
  yield { stage: 'attribution', fraction: STAGE_AT.attribution };
  return yield* finishCheck(ctx);
}

/** The last stages, once every look-up is done: attribution, matches, figures and the report. */
export function* finishCheck(ctx: CheckContext): Generator<CheckProgress, Report, undefined> {
  const sources = attribute(ctx);
  const prefix = charPrefix(ctx.text);
  const count = counting(prefix);
  const matches = matchesOf(ctx, sources, count.chars);
  yield { stage: 'metrics', fraction: STAGE_AT.metrics };
  return reportOf(ctx, matches, prefix, count);
}

/** Plain text (pasted) convenience: same rules as a .txt upload. */
export function checkText(text: string, index: CheckLibrary, options: CheckOptions = {}): Report {
  return checkDocument(textToDocument(text), index, options);
}
