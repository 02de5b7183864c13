import { canonicalText } from './canonical.ts';
import { STYLE_FEATURES, type StyleFeatureName, wordBucket } from './features.ts';
import type { AigcModel } from './model.ts';
import { taggedWords } from './words.ts';

/**
 * What pushed a segment towards "AI-written", in terms a writer can act on:
 * - connectives: template connectives (首先/此外/综上所述…), many or opening sentences;
 * - uniformSentences: sentences of near-equal length (little burstiness);
 * - stockPhrases: words and set phrases the model weighs as typical of AI text;
 * - lowSurprisal: predictable wording under the human-text character language model.
 */
export type ExplanationKind = 'connectives' | 'uniformSentences' | 'stockPhrases' | 'lowSurprisal';

export const EXPLANATION_KINDS: readonly ExplanationKind[] = [
  'connectives',
  'uniformSentences',
  'stockPhrases',
  'lowSurprisal',
];

export interface SegmentReason {
  kind: ExplanationKind;
  /** Contribution to the calibrated log-odds (> 0: towards AI). */
  weight: number;
  /** Words or phrases of the segment behind it (connectives used, stock words); may be empty. */
  examples: string[];
}

const GROUPS: Record<Exclude<ExplanationKind, 'stockPhrases'>, readonly StyleFeatureName[]> = {
  connectives: ['connectiveRate', 'connectiveSentenceStartShare'],
  uniformSentences: ['sentenceLengthCv', 'sentenceLengthRange'],
  lowSurprisal: ['surprisalMean', 'surprisalStd', 'surprisalHighShare'],
};
const STOCK_STYLE: readonly StyleFeatureName[] = ['aiPhraseRate'];
const HAN_WORD_RE = /^[\u4e00-\u9fff]{2,}$/;
const MAX_REASONS = 3;
const MAX_EXAMPLES = 4;
/** A reason must move the log-odds at least this much to be worth showing. */
const MIN_WEIGHT = 0.05;

function valueAt(indices: Uint32Array, values: Float32Array, index: number): number {
  let lo = 0;
  let hi = indices.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = indices[mid]!;
    if (v === index) return values[mid]!;
    if (v < index) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}

/**
 * The two or three features that drove a segment's score, strongest first (only those pushing towards AI).
 * Linear model, so each feature's share of the log-odds is its weight times its value (times the Platt slope).
 */
export function explainSegment(model: AigcModel, text: string): SegmentReason[] {
  const canonical = canonicalText(text);
  if (canonical.length === 0) return [];
  const { extractor, classifier } = model;
  const slope = model.meta.calibration.a;
  const x = extractor.vector(canonical);
  const base = x.indices.length - STYLE_FEATURES.length;
  const styleContribution = (name: StyleFeatureName) => {
    const j = STYLE_FEATURES.indexOf(name);
    return slope * classifier.weights[x.indices[base + j]!]! * x.values[base + j]!;
  };
  const reasons: SegmentReason[] = [];
  for (const [kind, names] of Object.entries(GROUPS) as [ExplanationKind, readonly StyleFeatureName[]][]) {
    const weight = names.reduce((sum, n) => sum + styleContribution(n), 0);
    const examples =
      kind === 'connectives'
        ? extractor.lexiconConnectives.filter((c) => canonical.includes(c)).slice(0, MAX_EXAMPLES)
        : [];
    reasons.push({ kind, weight, examples });
  }
  // stock phrases: the words of the segment whose own weight pushes most towards AI
  const words = new Map<string, number>();
  for (const { word } of taggedWords(canonical)) {
    if (!HAN_WORD_RE.test(word) || words.has(word)) continue;
    const bucket = wordBucket(word, extractor.config);
    words.set(word, slope * classifier.weights[bucket]! * valueAt(x.indices, x.values, bucket));
  }
  const stock = [...words.entries()].filter(([, w]) => w > 0).sort((a, b) => b[1] - a[1]);
  reasons.push({
    kind: 'stockPhrases',
    weight:
      STOCK_STYLE.reduce((sum, n) => sum + styleContribution(n), 0) +
      stock.slice(0, 5).reduce((sum, [, w]) => sum + w, 0),
    examples: stock.slice(0, MAX_EXAMPLES).map(([w]) => w),
  });
  return reasons
    .filter((r) => r.weight >= MIN_WEIGHT)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_REASONS)
    .map((r) => ({ ...r, weight: Math.round(r.weight * 1000) / 1000 }));
}
