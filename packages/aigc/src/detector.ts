import { applyPlatt } from './calibration.ts';
import { canonicalText, visibleLength } from './canonical.ts';
import { type AiTrace, aiTraceOf, countsInAiShare, isMixedAuthorship } from './document.ts';
import { explainSegment, type SegmentReason } from './explain.ts';
import { decisionValue, sigmoid } from './logistic.ts';
import {
  type AigcModel,
  type BandCalibration,
  type BandThresholds,
  DEFAULT_MODEL_DIR,
  loadModel,
  MODEL_NAME,
} from './model.ts';
import { paragraphSentences, type Span, sentenceWindows, splitParagraphs } from './segment.ts';
import { combineWithZeroShot, type ZeroShotMapping, type ZeroShotScore } from './zeroshot.ts';

/** Report bands, as in 知网/维普 AIGC reports. */
export type Band = 'high' | 'medium' | 'light' | 'none';

export const BAND_LABELS: Record<Band, string> = {
  high: '高度疑似',
  medium: '中度疑似',
  light: '轻度疑似',
  none: '未见异常',
};

export interface ScoredSpan extends Span {
  /** Calibrated probability that the text is AI-written. */
  probability: number;
  band: Band;
}

export interface ParagraphScore extends ScoredSpan {
  index: number;
  /** Visible (non-whitespace) characters. */
  chars: number;
  /**
   * False when the paragraph and the short paragraphs scored with it are too little text to judge: it is then left
   * out of the document figures.
   */
  reliable: boolean;
  /** What the paragraph's band says: AI 生成特征显著 ('generated'), AI 润色痕迹 ('touched'), or null (src/document.ts). */
  aiTrace: AiTrace | null;
  /** With `explain`: for a paragraph with 疑似 (light) or stronger sentences, what drove them (strongest first). */
  reasons?: SegmentReason[];
}

export interface SentenceScore extends ScoredSpan {
  paragraph: number;
}

export interface WindowScore extends ScoredSpan {
  paragraph: number;
  /** Visible characters: the window's length class picks its band thresholds. */
  chars: number;
  /** With zero-shot criteria given: the offline model's own probability (`probability` is the combination). */
  offlineProbability?: number;
}

export interface DetectionResult {
  /**
   * Character-weighted mean AI probability of the reliable paragraphs; when none is reliable, of all paragraphs
   * (indicative only, see `reliable`), and 0 for empty input.
   */
  probability: number;
  /**
   * AIGC 总体疑似度: share of reliable characters in 显著 sentences (at or above the flag threshold) of paragraphs
   * that read at least 疑似 as a whole (countsInAiShare).
   */
  aiCharRatio: number;
  /** Both AI-flagged and human-reading paragraphs hold a substantial share of the text (isMixedAuthorship). */
  mixedAuthorship: boolean;
  band: Band;
  /** False when the text is too short for a meaningful judgement; the figures are then indicative only. */
  reliable: boolean;
  /** Why the result is unreliable, for display. */
  note?: string;
  totalChars: number;
  /** Characters in reliable paragraphs: the denominator of aiCharRatio. */
  scoredChars: number;
  /** Offsets index the analysed text: the input string, or the paragraphs joined with "\n". */
  paragraphs: ParagraphScore[];
  sentences: SentenceScore[];
  windows: WindowScore[];
  /**
   * flagThreshold: 显著 (counted) threshold of short texts — what windows are judged by; suspectThreshold: 疑似
   * (shown); bands: both length classes with the human false-positive rates measured when they were set.
   */
  model: { version: string; flagThreshold: number; suspectThreshold: number; bands?: BandCalibration };
  /** Windows combined with a zero-shot criterion (0 when none was given). */
  zeroShotWindows: number;
}

export interface DetectOptions {
  /** Visible characters per scoring window in long paragraphs. Default 220 (about an abstract's length). */
  windowChars?: number;
  /** Attach `reasons` to paragraphs with 疑似 or stronger sentences. */
  explain?: boolean;
  /**
   * Zero-shot criteria of the windows, in the order `windowTexts` lists them (null: none for that window). Each
   * window's probability becomes `combineWithZeroShot(offline, criterion, zeroShotMapping)`.
   */
  zeroShot?: readonly (ZeroShotScore | null)[];
  zeroShotMapping?: ZeroShotMapping;
}

const DEFAULT_WINDOW_CHARS = 220;

function logit(p: number): number {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  return Math.log(q / (1 - q));
}

export class AigcDetector {
  constructor(readonly model: AigcModel) {}

  get version(): string {
    return this.model.meta.version;
  }

  /**
   * 显著 (flag) / 疑似 (light) / 高度 (high) thresholds for a text of `chars` visible characters: its length class
   * (short up to bands.maxShortChars). Without `chars`, or for a model without length classes, the short class.
   */
  thresholdsFor(chars?: number): BandThresholds {
    const bands = this.model.meta.bands;
    if (!bands || chars === undefined || chars <= bands.maxShortChars) return this.model.meta.thresholds;
    return { flag: bands.long.flag, high: bands.long.high, light: bands.long.light };
  }

  /** The 疑似 (shown, light band) threshold of a text of `chars` characters; the rewrite loop aims below it. */
  suspectThreshold(chars?: number): number {
    return this.thresholdsFor(chars).light;
  }

  /** What drove a segment's score: the two or three strongest features towards AI (see explain.ts). */
  explain(text: string): SegmentReason[] {
    return explainSegment(this.model, text);
  }

  bandOf(probability: number, chars?: number): Band {
    const t = this.thresholdsFor(chars);
    if (probability >= t.high) return 'high';
    if (probability >= t.flag) return 'medium';
    if (probability >= t.light) return 'light';
    return 'none';
  }

  /** Calibrated AI probability of one piece of text, scored as a whole (no windows). */
  scoreText(text: string): number {
    const canonical = canonicalText(text);
    const z = decisionValue(this.model.classifier, this.model.extractor.vector(canonical));
    return applyPlatt(this.model.meta.calibration, z);
  }

  /** The texts of the windows detect() scores, in its order: what zero-shot criteria are computed for. */
  windowTexts(input: string | readonly string[], options: Pick<DetectOptions, 'windowChars'> = {}): string[] {
    const text = typeof input === 'string' ? input : input.join('\n');
    const windowChars = options.windowChars ?? DEFAULT_WINDOW_CHARS;
    return scoringBlocks(text, this.model.meta.minReliableChars).flatMap((block) =>
      sentenceWindows(text, blockSentences(block), windowChars).map((w) => text.slice(w.start, w.end)),
    );
  }

  detect(input: string | readonly string[], options: DetectOptions = {}): DetectionResult {
    const text = typeof input === 'string' ? input : input.join('\n');
    const windowChars = options.windowChars ?? DEFAULT_WINDOW_CHARS;
    const minChars = this.model.meta.minReliableChars;
    const paragraphs: ParagraphScore[] = [];
    const sentences: SentenceScore[] = [];
    const windows: WindowScore[] = [];
    let totalChars = 0;
    let scoredChars = 0;
    let flaggedChars = 0;
    let weightedProbability = 0;
    let weightedAll = 0;
    let zeroShotWindows = 0;
    // the longest window a paragraph was scored in sets its length class, and the document's
    let documentWindowChars = 0;

    for (const block of scoringBlocks(text, minChars)) {
      const blockChars = block.reduce((sum, p) => sum + p.chars, 0);
      const reliable = blockChars >= minChars;
      const sentencesOfBlock = blockSentences(block);
      // each sentence takes the mean log-odds of the windows that contain it
      const logitSum = new Float64Array(sentencesOfBlock.length);
      const cover = new Uint16Array(sentencesOfBlock.length);
      const classChars = new Float64Array(sentencesOfBlock.length);
      for (const w of sentenceWindows(text, sentencesOfBlock, windowChars)) {
        const windowText = text.slice(w.start, w.end);
        const chars = visibleLength(windowText);
        const offline = this.scoreText(windowText);
        const zeroShot = options.zeroShot?.[windows.length] ?? null;
        const probability = combineWithZeroShot(offline, zeroShot, options.zeroShotMapping);
        if (zeroShot) zeroShotWindows++;
        const paragraph = sentencesOfBlock[w.firstSentence]!.paragraph;
        windows.push({
          start: w.start,
          end: w.end,
          paragraph,
          chars,
          probability,
          band: this.bandOf(probability, chars),
          ...(zeroShot ? { offlineProbability: offline } : {}),
        });
        documentWindowChars = Math.max(documentWindowChars, chars);
        for (let k = w.firstSentence; k < w.endSentence; k++) {
          logitSum[k]! += logit(probability);
          cover[k]!++;
          classChars[k] = Math.max(classChars[k]!, chars);
        }
      }
      const paragraphSum = new Map<number, number>();
      const paragraphClass = new Map<number, number>();
      const flaggedText = new Map<number, string[]>();
      const blockSentenceScores: Array<SentenceScore & { chars: number }> = [];
      sentencesOfBlock.forEach((s, k) => {
        const probability = sigmoid(logitSum[k]! / Math.max(1, cover[k]!));
        const sentenceChars = visibleLength(text.slice(s.start, s.end));
        paragraphSum.set(s.paragraph, (paragraphSum.get(s.paragraph) ?? 0) + probability * sentenceChars);
        paragraphClass.set(s.paragraph, Math.max(paragraphClass.get(s.paragraph) ?? 0, classChars[k]!));
        const band = this.bandOf(probability, classChars[k]!);
        sentences.push({ start: s.start, end: s.end, paragraph: s.paragraph, probability, band });
        blockSentenceScores.push({
          start: s.start,
          end: s.end,
          paragraph: s.paragraph,
          probability,
          band,
          chars: sentenceChars,
        });
        if (band !== 'none') {
          const list = flaggedText.get(s.paragraph) ?? [];
          list.push(text.slice(s.start, s.end));
          flaggedText.set(s.paragraph, list);
        }
      });
      const paragraphBand = new Map<number, Band>();
      for (const p of block) {
        const probability = (paragraphSum.get(p.index) ?? 0) / Math.max(1, p.chars);
        const band = this.bandOf(probability, paragraphClass.get(p.index));
        paragraphBand.set(p.index, band);
        const flagged = flaggedText.get(p.index);
        paragraphs.push({
          ...p.span,
          index: p.index,
          chars: p.chars,
          probability,
          band,
          reliable,
          aiTrace: aiTraceOf(band),
          ...(options.explain && flagged ? { reasons: this.explain(flagged.join('')) } : {}),
        });
      }
      // 显著 sentences (中度疑似 and above) of paragraphs at 疑似 or above count; the rest are shown apart
      for (const s of blockSentenceScores) {
        if (reliable && countsInAiShare(s.band, paragraphBand.get(s.paragraph) ?? 'none'))
          flaggedChars += s.chars;
      }
      const blockWeighted = [...paragraphSum.values()].reduce((a, b) => a + b, 0);
      totalChars += blockChars;
      weightedAll += blockWeighted;
      if (reliable) {
        scoredChars += blockChars;
        weightedProbability += blockWeighted;
      }
    }

    const reliable = scoredChars > 0;
    // unreliable: the probability over everything is still given, as an indication only
    const probability = reliable
      ? weightedProbability / scoredChars
      : totalChars > 0
        ? weightedAll / totalChars
        : 0;
    const bands = this.model.meta.bands;
    const result: DetectionResult = {
      probability,
      aiCharRatio: reliable ? flaggedChars / scoredChars : 0,
      mixedAuthorship: isMixedAuthorship(paragraphs),
      band: reliable ? this.bandOf(probability, documentWindowChars) : 'none',
      reliable,
      totalChars,
      scoredChars,
      paragraphs,
      sentences,
      windows,
      model: {
        version: this.version,
        flagThreshold: this.model.meta.thresholds.flag,
        suspectThreshold: this.model.meta.thresholds.light,
        ...(bands ? { bands } : {}),
      },
      zeroShotWindows,
    };
    if (!reliable) {
      result.note =
        totalChars === 0
          ? '没有可检测的文字'
          : `文本过短（少于${minChars}字的段落无法可靠判断），结果仅供参考`;
    }
    return result;
  }
}

interface ParagraphUnit {
  index: number;
  span: Span;
  chars: number;
  sentences: Span[];
}

/** The sentences of a scoring block, each with its paragraph index. */
function blockSentences(block: readonly ParagraphUnit[]): (Span & { paragraph: number })[] {
  return block.flatMap((p) => p.sentences.map((s) => ({ ...s, paragraph: p.index })));
}

/**
 * Paragraphs grouped for scoring: a paragraph shorter than `minChars` (a heading, or a line of hard-wrapped text
 * pasted from a PDF) is scored together with the paragraphs after it, and a short tail joins the block before it.
 * Windows may then span line breaks; only a text that is short as a whole stays unreliable.
 */
function scoringBlocks(text: string, minChars: number): ParagraphUnit[][] {
  const blocks: ParagraphUnit[][] = [];
  let current: ParagraphUnit[] = [];
  let currentChars = 0;
  splitParagraphs(text).forEach((span, index) => {
    const chars = visibleLength(text.slice(span.start, span.end));
    current.push({ index, span, chars, sentences: paragraphSentences(text, span) });
    currentChars += chars;
    if (chars >= minChars || currentChars >= 4 * minChars) {
      blocks.push(current);
      current = [];
      currentChars = 0;
    }
  });
  if (current.length > 0) {
    const previous = blocks.at(-1);
    if (previous && currentChars < minChars) previous.push(...current);
    else blocks.push(current);
  }
  return blocks;
}

const cache = new Map<string, AigcDetector>();

/** The bundled model (packages/aigc/model), read once per process. */
export function loadDetector(dir = DEFAULT_MODEL_DIR, name = MODEL_NAME): AigcDetector {
  const key = `${dir}|${name}`;
  let detector = cache.get(key);
  if (!detector) {
    detector = new AigcDetector(loadModel(dir, name));
    cache.set(key, detector);
  }
  return detector;
}
