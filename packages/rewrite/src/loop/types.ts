/** The rewrite loop's public types (LOOP-API.md): shared by the loop, its strategies and the server. */
import type { ChatMessage } from '../prompts.ts';

/** Scores in 0..1. null = not measured (that target was not asked for and the measure was skipped). */
export interface Scores {
  similarity: number | null;
  aigc: number | null;
}

/** What the user asked for: 复制比 ≤ similarity, AIGC 疑似度 ≤ aigc (0..1). At least one is set; both = dual-target mode. */
export interface Targets {
  similarity?: number;
  aigc?: number;
}

export type Goal = 'similarity' | 'aigc' | 'both';

/**
 * What drove a text's AI score, strongest first, as the AIGC detector explains it (packages/aigc `explain`):
 * template connectives, uniform sentence lengths, stock wording (examples: the words), predictable wording.
 */
export interface AigcHint {
  kind: 'connectives' | 'uniformSentences' | 'stockPhrases' | 'lowSurprisal';
  examples: readonly string[];
}

/** A measure's answer: the scores, and what drove the AI score when the measure explains it. */
export interface Measurement extends Scores {
  aigcHints?: readonly AigcHint[];
  /**
   * The AI score from which this measure calls the text 疑似 (what an AIGC report and its 总体疑似度 count), when
   * its scale has such a band: below it an AI score that was not asked for may rise (goal.ts). A measure whose
   * score already counts flagged characters (the server's) leaves it out, and the one-point rule applies.
   */
  aigcSuspect?: number;
}

/** Measures one candidate text of paragraph `index` (the server measures with its own 专业版 check and AIGC detector). */
export type Measure = (text: string, paragraph: { index: number; original: string }) => Promise<Measurement>;

export interface Attempt {
  /** 1-based. */
  round: number;
  goal: Goal;
  targets: Targets;
  /** Best text so far (the input on round 1). */
  current: string;
  /** Scores of `current`. */
  scores: Scores;
  /** What drove `current`'s AI score (empty when the measure gave none): the 降AIGC strategies aim at it. */
  hints: readonly AigcHint[];
  seed: number;
  signal?: AbortSignal;
}

/** One way to rewrite: offline rules (降重 rules, 降AIGC rules) or the model through a `complete` callback. */
export interface Strategy {
  /** e.g. 'rules-similarity', 'rules-aigc', 'model-similarity', 'model-aigc', 'model-both'. */
  id: string;
  kind: 'rule' | 'model';
  /** A candidate rewrite of attempt.current (or of the original), or null when this strategy has nothing to offer. */
  rewrite(original: string, attempt: Attempt): Promise<string | null>;
}

/** One chat completion (the server passes ctx.llm); resolves to the model's answer text. */
export type Complete = (messages: ChatMessage[], maxTokens: number) => Promise<string>;

export interface RoundLog {
  round: number;
  strategy: string;
  /** Scores of the candidate; null when it was not measured (no candidate, unchanged, or rejected by the guard). */
  scores: Scores | null;
  accepted: boolean;
  /** Why the candidate was not kept: guard reasons, 'worse: …', 'no candidate', a strategy error. */
  rejected?: string[];
}

export interface ParagraphOutcome {
  index: number;
  original: string;
  /** The best version (== original when nothing beat it). */
  text: string;
  before: Scores;
  after: Scores;
  rounds: RoundLog[];
  /** Strategy of the kept text (the last accepted one), null if the original was kept. */
  strategy: string | null;
  /** Every asked target is met by `after`. */
  met: boolean;
  /** Added to LOOP-API.md: true when `include` excluded the paragraph (passed through, not measured). */
  skipped?: boolean;
}

export interface ReduceOptions {
  targets: Targets;
  measure: Measure;
  /** Tried in order, round after round (round r uses strategies[(r - 1) % length]). */
  strategies: Strategy[];
  /** Default 4. */
  maxRounds?: number;
  seed?: number;
  signal?: AbortSignal;
  /** Paragraph indexes to rewrite (others are passed through untouched, e.g. headings, references, clean paragraphs). */
  include?: (index: number, text: string) => boolean;
  /** Resume: outcomes already stored for these indexes are reused, not recomputed. */
  done?: ReadonlyMap<number, ParagraphOutcome>;
  /** After each newly computed paragraph (store it so a restart resumes at the first unfinished one). */
  onParagraph?: (outcome: ParagraphOutcome, done: number, total: number) => void | Promise<void>;
  /** Added to LOOP-API.md: protected words for the guard (the same keepTerms the strategies were built with). */
  keepTerms?: string[];
}
