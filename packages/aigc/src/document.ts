/**
 * How sentence and paragraph bands add up to a document's figures — shared by `detect` and the server's report,
 * which sums batches of paragraphs itself, so that the benchmark measures what the report prints.
 */
import type { Band } from './detector.ts';

const isSignificant = (band: Band) => band === 'high' || band === 'medium';

/**
 * A sentence counts in AIGC 总体疑似度 when it is 显著 and its paragraph, read as a whole, is at least 疑似. Why:
 * the windows of a long human paragraph are scored one by one, and across a thesis of dozens of paragraphs a few
 * windows cross 显著 by chance; a paragraph whose overall score stays under 疑似 is human text with a borderline
 * passage, not an AI-written one. (Measured in the README: whole held-out human theses.)
 */
export function countsInAiShare(sentence: Band, paragraph: Band): boolean {
  return isSignificant(sentence) && paragraph !== 'none';
}

/**
 * What a paragraph's band says about it, in the report's words: 'generated' (AI 生成特征显著: 显著 as a whole) or
 * 'touched' (AI 润色痕迹: 疑似 but not 显著 — AI signals present but weaker than in most AI-written text); null
 * below 疑似. It is a band, not a second classifier: measured on held-out paragraphs (README), AI-polished ones
 * split about evenly between the two and AI-written ones lean to 'generated', and about 1% of human thesis
 * paragraphs read 'touched'.
 */
export type AiTrace = 'generated' | 'touched';

export function aiTraceOf(paragraph: Band): AiTrace | null {
  if (isSignificant(paragraph)) return 'generated';
  return paragraph === 'light' ? 'touched' : null;
}

/** Share of the scored characters that must be on each side for a document to read as of mixed authorship. */
const MIXED_SHARE = 0.15;

/**
 * Mixed authorship: at least MIXED_SHARE of the reliable characters are in paragraphs at 疑似 or stronger and at
 * least as much in paragraphs that read human. The report then says that the figure describes parts of the text,
 * and that it cannot tell who wrote which part.
 */
export function isMixedAuthorship(
  paragraphs: ReadonlyArray<{ chars: number; band: Band; reliable: boolean }>,
): boolean {
  let scored = 0;
  let flagged = 0;
  let clear = 0;
  for (const p of paragraphs) {
    if (!p.reliable) continue;
    scored += p.chars;
    if (p.band === 'none') clear += p.chars;
    else flagged += p.chars;
  }
  return scored > 0 && flagged / scored >= MIXED_SHARE && clear / scored >= MIXED_SHARE;
}
