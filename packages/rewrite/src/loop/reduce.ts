import {
  askedKeys,
  type Bands,
  goalOf,
  improves,
  meetsTargets,
  RISE_TOLERANCE,
  SCORE_LABELS,
  worseReasons,
} from './goal.ts';
import { continuousShare } from '../overlap.ts';
import { meaningGuard } from './guard.ts';
import type {
  AigcHint,
  Attempt,
  Measurement,
  ParagraphOutcome,
  ReduceOptions,
  RoundLog,
  Scores,
  Strategy,
} from './types.ts';

const DEFAULT_MAX_ROUNDS = 4;
const UNMEASURED: Scores = { similarity: null, aigc: null };

/**
 * The rewrite loop: for each included paragraph, measure it; unless it already meets the targets, try the
 * strategies round after round (each on the best text so far), keep a candidate only when it passes the guard
 * and is not worse on any score (and better on an asked one), and stop when the targets are met or the rounds
 * run out. Paragraphs run one after another so progress and resume are per paragraph. Throws on abort.
 */
export async function reduceParagraphs(
  paragraphs: readonly string[],
  options: ReduceOptions,
): Promise<ParagraphOutcome[]> {
  goalOf(options.targets); // validates: at least one target
  const out: ParagraphOutcome[] = [];
  let finished = 0;
  for (const [index, original] of paragraphs.entries()) {
    throwIfAborted(options.signal);
    const stored = options.done?.get(index);
    if (stored && stored.original === original) {
      out.push(stored);
      finished++;
      continue;
    }
    const outcome =
      options.include && !options.include(index, original)
        ? passThrough(index, original)
        : await reduceOne(index, original, options);
    out.push(outcome);
    finished++;
    await options.onParagraph?.(outcome, finished, paragraphs.length);
  }
  return out;
}

function passThrough(index: number, original: string): ParagraphOutcome {
  return {
    index,
    original,
    text: original,
    before: UNMEASURED,
    after: UNMEASURED,
    rounds: [],
    strategy: null,
    met: true,
    skipped: true,
  };
}

async function reduceOne(index: number, original: string, options: ReduceOptions): Promise<ParagraphOutcome> {
  const { targets, measure, strategies, signal } = options;
  const goal = goalOf(targets);
  const paragraph = { index, original };
  const first = split(await measure(original, paragraph));
  const before = first.scores;
  throwIfAborted(signal);
  let best = { text: original, scores: before, hints: first.hints, strategy: null as string | null };
  const rounds: RoundLog[] = [];
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const seen = new Set([original]);
  // the lowest 复制比 any kept text had: a run-breaking trade may rise over it by RISE_TOLERANCE at most (tradeRuns)
  let floor = before.similarity;
  let emptyInARow = 0;
  for (let round = 1; round <= maxRounds && !meetsTargets(best.scores, targets); round++) {
    const strategy = strategies[(round - 1) % strategies.length];
    if (!strategy) break;
    const attempt: Attempt = {
      round,
      goal,
      targets,
      current: best.text,
      scores: best.scores,
      hints: best.hints,
      seed: (options.seed ?? 1) * 1_000_003 + index * 101 + round,
      ...(signal ? { signal } : {}),
    };
    const log = await tryStrategy(strategy, original, attempt, before, seen, options, paragraph, floor);
    rounds.push(log.round);
    if (log.candidate) {
      best = { ...log.candidate, strategy: strategy.id };
      const s = log.candidate.scores.similarity;
      if (s !== null && (floor === null || s < floor)) floor = s;
    }
    // every strategy had nothing to offer in a row: more rounds cannot help
    emptyInARow = log.empty ? emptyInARow + 1 : 0;
    if (emptyInARow >= strategies.length) break;
  }
  return {
    index,
    original,
    text: best.text,
    before,
    after: best.scores,
    rounds,
    strategy: best.strategy,
    met: meetsTargets(best.scores, targets),
  };
}

interface RoundResult {
  round: RoundLog;
  candidate?: { text: string; scores: Scores; hints: readonly AigcHint[] };
  /** The strategy offered nothing new (null, an error, or a text already tried). */
  empty: boolean;
}

async function tryStrategy(
  strategy: Strategy,
  original: string,
  attempt: Attempt,
  before: Scores,
  seen: Set<string>,
  options: ReduceOptions,
  paragraph: { index: number; original: string },
  floor: number | null,
): Promise<RoundResult> {
  const base = { round: attempt.round, strategy: strategy.id, scores: null, accepted: false };
  let text: string | null;
  try {
    text = await strategy.rewrite(original, attempt);
  } catch (error) {
    throwIfAborted(options.signal);
    const message = error instanceof Error ? error.message : String(error);
    return { round: { ...base, rejected: [`改写失败：${message}`] }, empty: true };
  }
  throwIfAborted(options.signal);
  if (text === null || text.trim().length === 0)
    return { round: { ...base, rejected: ['没有可用的改写'] }, empty: true };
  if (seen.has(text)) return { round: { ...base, rejected: ['与已试过的文本相同'] }, empty: true };
  seen.add(text);
  const guard = meaningGuard(original, text, options.keepTerms ? { keepTerms: options.keepTerms } : {});
  if (!guard.ok) return { round: { ...base, rejected: guard.reasons }, empty: false };
  const { scores, hints, bands } = split(await options.measure(text, paragraph));
  throwIfAborted(options.signal);
  const traded = tradeRuns(original, text, scores, attempt, options, floor, before);
  const worse = worseReasons(scores, traded ?? attempt.scores, options.targets, before, bands);
  if (worse.length > 0) return { round: { ...base, scores, rejected: worse }, empty: false };
  if (
    !traded &&
    !improves(scores, attempt.scores, options.targets) &&
    !fewerRuns(original, text, attempt, options)
  ) {
    const asked = askedKeys(options.targets)
      .map((k) => SCORE_LABELS[k])
      .join('、');
    return { round: { ...base, scores, rejected: [`${asked}没有降低`] }, empty: false };
  }
  return { round: { ...base, scores, accepted: true }, candidate: { text, scores, hints }, empty: false };
}

/**
 * A 降重 candidate whose measured 复制比 ties with the best text's (a gap-bridging check chains what is left across
 * the changes) still counts as progress when it leaves fewer characters of the original in runs of 13 — what a
 * continuous-match checker like the national databases' reports — so the loop keeps it.
 */
function fewerRuns(original: string, text: string, attempt: Attempt, options: ReduceOptions): boolean {
  if (options.targets.similarity === undefined) return false;
  return continuousShare(original, text) < continuousShare(original, attempt.current) - 1e-9;
}

/** How much lower a traded candidate's continuous-run share must be: a real cut, not one broken run. */
export const RUN_TRADE_MARGIN = 0.02;

/**
 * A 降重 candidate that leaves clearly fewer characters of the original in runs of 13 (`continuousShare`, by
 * RUN_TRADE_MARGIN or more) may cost up to RISE_TOLERANCE (one point) of the measured 复制比 over the lowest one a kept
 * text had (`floor`, so trades never add up), and never more than the input's: our 普通版 chains 6-character seeds
 * across gaps of 12, so a rewrite that cuts every long run moves it by a few tenths either way (measured: 96.8 % →
 * 96.9 %, 72.9 % → 73.2 % refused with a third fewer characters in 13-runs), which is noise to the checker and not to
 * a continuous-match one. Never when the best text meets the target and the candidate does not. Returns the best text's scores as the comparison
 * should see them (its 复制比 raised to the bound), or undefined when no trade applies.
 */
function tradeRuns(
  original: string,
  text: string,
  scores: Scores,
  attempt: Attempt,
  options: ReduceOptions,
  floor: number | null,
  before: Scores,
): Scores | undefined {
  const target = options.targets.similarity;
  const b = attempt.scores.similarity;
  const c = scores.similarity;
  const input = before.similarity;
  if (target === undefined || b === null || c === null || floor === null || input === null || c <= b)
    return undefined;
  // never above the paragraph's own input: a report must not show a 降重 raising the 复制比
  const bound = Math.min(floor + RISE_TOLERANCE, input);
  if (c > bound || (b <= target && c > target)) return undefined;
  if (continuousShare(original, text) > continuousShare(original, attempt.current) - RUN_TRADE_MARGIN)
    return undefined;
  return { ...attempt.scores, similarity: bound };
}

/**
 * The scores the outcome stores, apart from the hints only the next round's strategy reads and the 疑似 band the
 * guard of this candidate reads (goal.ts).
 */
function split(measured: Measurement): { scores: Scores; hints: readonly AigcHint[]; bands: Bands } {
  const { aigcHints = [], aigcSuspect, ...scores } = measured;
  return { scores, hints: aigcHints, bands: aigcSuspect === undefined ? {} : { aigc: aigcSuspect } };
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException('The rewrite loop was aborted', 'AbortError');
}
