import { applyPlatt } from './calibration.ts';
import { canonicalText, visibleLength } from './canonical.ts';
import { decisionValue, sigmoid } from './logistic.ts';
import { type AigcModel, DEFAULT_MODEL_DIR, loadModel, MODEL_NAME } from './model.ts';
import { paragraphSentences, type Span, sentenceWindows, splitParagraphs } from './segment.ts';

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
}

export interface SentenceScore extends ScoredSpan {
  paragraph: number;
}

export interface WindowScore extends ScoredSpan {
  paragraph: number;
}

export interface DetectionResult {
  /**
   * Character-weighted mean AI probability of the reliable paragraphs; when none is reliable, of all paragraphs
   * (indicative only, see `reliable`), and 0 for empty input.
   */
  probability: number;
  /** AIGC 总体疑似度: share of reliable characters in sentences at or above the flag threshold. */
  aiCharRatio: number;
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
  model: { version: string; flagThreshold: number };
}

export interface DetectOptions {
  /** Visible characters per scoring window in long paragraphs. Default 220 (about an abstract's length). */
  windowChars?: number;
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

  bandOf(probability: number): Band {
    const t = this.model.meta.thresholds;
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

  detect(input: string | readonly string[], options: DetectOptions = {}): DetectionResult {
    const text = typeof input === 'string' ? input : input.join('\n');
    const windowChars = options.windowChars ?? DEFAULT_WINDOW_CHARS;
    const minChars = this.model.meta.minReliableChars;
    const flag = this.model.meta.thresholds.flag;
    const paragraphs: ParagraphScore[] = [];
    const sentences: SentenceScore[] = [];
    const windows: WindowScore[] = [];
    let totalChars = 0;
    let scoredChars = 0;
    let flaggedChars = 0;
    let weightedProbability = 0;
    let weightedAll = 0;

    for (const block of scoringBlocks(text, minChars)) {
      const blockChars = block.reduce((sum, p) => sum + p.chars, 0);
      const reliable = blockChars >= minChars;
      const blockSentences = block.flatMap((p) => p.sentences.map((s) => ({ ...s, paragraph: p.index })));
      // each sentence takes the mean log-odds of the windows that contain it
      const logitSum = new Float64Array(blockSentences.length);
      const cover = new Uint16Array(blockSentences.length);
      for (const w of sentenceWindows(text, blockSentences, windowChars)) {
        const probability = this.scoreText(text.slice(w.start, w.end));
        const paragraph = blockSentences[w.firstSentence]!.paragraph;
        windows.push({ start: w.start, end: w.end, paragraph, probability, band: this.bandOf(probability) });
        for (let k = w.firstSentence; k < w.endSentence; k++) {
          logitSum[k]! += logit(probability);
          cover[k]!++;
        }
      }
      const paragraphSum = new Map<number, number>();
      blockSentences.forEach((s, k) => {
        const probability = sigmoid(logitSum[k]! / Math.max(1, cover[k]!));
        const sentenceChars = visibleLength(text.slice(s.start, s.end));
        paragraphSum.set(s.paragraph, (paragraphSum.get(s.paragraph) ?? 0) + probability * sentenceChars);
        sentences.push({ ...s, probability, band: this.bandOf(probability) });
        if (reliable && probability >= flag) flaggedChars += sentenceChars;
      });
      for (const p of block) {
        const probability = (paragraphSum.get(p.index) ?? 0) / Math.max(1, p.chars);
        paragraphs.push({
          ...p.span,
          index: p.index,
          chars: p.chars,
          probability,
          band: this.bandOf(probability),
          reliable,
        });
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
    const result: DetectionResult = {
      probability,
      aiCharRatio: reliable ? flaggedChars / scoredChars : 0,
      band: reliable ? this.bandOf(probability) : 'none',
      reliable,
      totalChars,
      scoredChars,
      paragraphs,
      sentences,
      windows,
      model: { version: this.version, flagThreshold: this.model.meta.thresholds.flag },
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
