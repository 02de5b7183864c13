/**
 * Our own 降AIGC / 降重 outputs of held-out AI text, for the benchmark's rows. 降AIGC runs the product's loop
 * (packages/rewrite reduceParagraphs, offline strategies) against the model under test: each round is measured by
 * this detector, its reasons steer the next round, and the loop stops once the text is under its 疑似 threshold —
 * the adversarial case a student meets. 降重 has no 复制比 to measure here, so its offline plans are applied in full
 * (scripts/rewritten.ts).
 */
import { type AigcHint, offlineStrategies, reduceParagraphs } from '@paperdesk/rewrite';
import { visibleLength } from '../src/canonical.ts';
import type { AigcDetector } from '../src/detector.ts';
import { unitHash } from '../src/hash.ts';
import type { CorpusText } from './corpus.ts';
import { rewrittenVersions } from './rewritten.ts';

/** AI-written (not polished) held-out texts: what 降AIGC is asked to hide. */
const WRITTEN_SOURCES = new Set(['ai-abstract', 'ai-body', 'ai-thesis']);

export interface HeldOutRewrites {
  aigc: string[];
  similarity: string[];
  /** Of the 降AIGC outputs, how many the loop brought under the 疑似 threshold it aimed at. */
  aigcUnderTarget: number;
}

export async function heldOutRewrites(
  detector: AigcDetector,
  corpus: readonly CorpusText[],
): Promise<HeldOutRewrites> {
  const sources = corpus.filter((t) => t.split === 'test' && t.label === 1 && WRITTEN_SOURCES.has(t.source));
  const aigc: string[] = [];
  let aigcUnderTarget = 0;
  for (const t of sources) {
    const [outcome] = await reduceParagraphs([t.text], {
      targets: { aigc: detector.suspectThreshold(visibleLength(t.text)) },
      measure: async (text) => {
        const r = detector.detect(text, { explain: true });
        const hints: AigcHint[] = r.paragraphs.flatMap((p) => p.reasons ?? []);
        return { similarity: null, aigc: r.probability, ...(hints.length > 0 ? { aigcHints: hints } : {}) };
      },
      strategies: offlineStrategies('aigc'),
      seed: Math.floor(unitHash(`${t.id}|bench`) * 1e9),
    });
    if (!outcome) continue;
    aigc.push(outcome.text);
    if (outcome.met) aigcUnderTarget++;
  }
  const similarity = (await rewrittenVersions(sources, ['similarity'])).map((t) => t.text);
  return { aigc, similarity, aigcUnderTarget };
}
