import {
  type Band,
  countsInAiShare,
  type DetectionResult,
  type DetectOptions,
  type ModelMeta,
  visibleLength,
  isMixedAuthorship,
  type ZeroShotScore,
} from '@paperdesk/aigc';
import {
  type AigcBandCounts,
  type AigcChapter,
  type AigcErrorRates,
  type AigcMetrics,
  type AigcParagraph,
  type AigcReport,
  type AigcSpan,
  type AigcUnscored,
  aigcRatioBand,
} from '@paperdesk/contracts';
import { type Block, documentText, findReferences } from '@paperdesk/textkit';

/**
 * What detectDocument needs of a detector: an AigcDetector in this thread, or the compute pool's detector (see
 * scorer.ts), whose `detect` runs in a worker thread.
 */
export interface DocumentScorer {
  readonly version: string;
  readonly model: { readonly meta: Pick<ModelMeta, 'thresholds' | 'minReliableChars' | 'bands'> };
  bandOf(probability: number): Band;
  detect(lines: string[], options?: DetectOptions): DetectionResult | Promise<DetectionResult>;
  /** The texts of the windows `detect` scores these lines in (for zero-shot criteria). */
  windowTexts(lines: string[]): string[] | Promise<string[]>;
}

/** A zero-shot criterion for one window's text, or null (no model, too short, the call failed). */
export type ZeroShotSource = (text: string, signal?: AbortSignal) => Promise<ZeroShotScore | null>;

/** Figure and table captions: 图 3-1 …, 表2.1 …, Figure 4 … */
const CAPTION_RE = /^\s*(图|表|附图|附表|figure|fig\.?|table)\s*[0-9０-９]+([.．\-－—–][0-9０-９]+)*/i;
const MAX_CAPTION_CHARS = 100;
const MATH_RE = /[=＝∑∫√≤≥±×÷≈∈∂∞^_]/;

/** Han characters (U+3400–U+9FFF) in `text`, counted without building an array of them. */
function hanCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x3400 && c <= 0x9fff) n++;
  }
  return n;
}

/**
 * Why a body block is shown but not scored: a caption or a formula (too little prose to judge), else null. Runs
 * on every block of a paper on the API thread, so the Han share is only counted for a block with a math sign.
 */
export function unscoredKind(text: string): AigcUnscored | null {
  const chars = visibleLength(text);
  if (chars === 0) return null;
  if (chars <= MAX_CAPTION_CHARS && CAPTION_RE.test(text)) return 'caption';
  if (MATH_RE.test(text) && hanCount(text) / chars < 0.15) return 'formula';
  return null;
}

/**
 * Visible characters the detector is handed per call: about 0.1 s of work, so a detection in this thread lets the
 * event loop answer between batches, and one in the compute pool lets queued document reads in between.
 */
const BATCH_CHARS = 3_000;

/** A block as the detector sees it: one line (line breaks inside a block become spaces, offsets unchanged). */
const asLine = (text: string) => text.replace(/[\r\n\u2028\u2029]/g, ' ');

interface Scored {
  block: number;
  result: DetectionResult['paragraphs'][number];
  sentences: DetectionResult['sentences'];
  /** Where the block's line starts in the text the detector scored. */
  lineStart: number;
  note: string | undefined;
}

/**
 * Scores the body paragraphs of a document in batches, yielding to the event loop between batches. A batch ends
 * only after a paragraph of at least the detector's reliable length: the detector closes its scoring group there
 * too (short paragraphs are scored with their neighbours), so batching changes no score and the document
 * figures can be summed here the way the detector sums them. A text of short lines only is one batch.
 */
async function scoreBlocks(
  detector: DocumentScorer,
  blocks: readonly { index: number; text: string }[],
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  zeroShot?: { source: ZeroShotSource; windows: number; of: number },
): Promise<Scored[]> {
  const out: Scored[] = [];
  const minChars = detector.model.meta.minReliableChars;
  const total = blocks.reduce((s, b) => s + b.text.length, 0) || 1;
  let done = 0;
  for (let i = 0; i < blocks.length; ) {
    const batch: { index: number; text: string }[] = [];
    let chars = 0;
    for (;;) {
      const b = blocks[i++]!;
      batch.push(b);
      chars += b.text.length;
      if (i >= blocks.length) break;
      if (chars >= BATCH_CHARS && visibleLength(b.text) >= minChars) break;
    }
    const lines = batch.map((b) => asLine(b.text));
    const options: DetectOptions = { explain: true };
    if (zeroShot) {
      // the model is asked one window at a time; a failed call leaves that window to the offline model
      const criteria: (ZeroShotScore | null)[] = [];
      for (const w of await detector.windowTexts(lines)) {
        criteria.push(await zeroShot.source(w, signal).catch(() => null));
        if (signal?.aborted) throw new Error('服务正在关闭');
      }
      options.zeroShot = criteria;
      zeroShot.of += criteria.length;
    }
    const r = await detector.detect(lines, options);
    if (zeroShot) zeroShot.windows += r.zeroShotWindows;
    if (r.paragraphs.length !== lines.length) throw new Error('段落切分与检测结果不一致');
    let lineStart = 0;
    lines.forEach((line, k) => {
      const p = r.paragraphs[k]!;
      out.push({
        block: batch[k]!.index,
        result: p,
        sentences: r.sentences.filter((s) => s.paragraph === k),
        lineStart,
        note: r.note,
      });
      lineStart += line.length + 1;
    });
    done += chars;
    onProgress(done / total);
    await new Promise((resolve) => setImmediate(resolve));
    if (signal?.aborted) throw new Error('服务正在关闭');
  }
  return out;
}

/** The model's thresholds and measured human false-positive rates, as the report states them. */
function errorRates(bands: NonNullable<ModelMeta['bands']>): AigcErrorRates {
  const lengthClass = (c: typeof bands.short) => ({
    significant: c.flag,
    suspect: c.light,
    significantFpr: c.significantFpr,
    suspectFpr: c.suspectFpr,
    humanTexts: c.humanTexts,
  });
  return {
    maxShortChars: bands.maxShortChars,
    short: lengthClass(bands.short),
    long: lengthClass(bands.long),
    ...(bands.measured ? { measured: bands.measured.map((m) => ({ ...m })) } : {}),
  };
}

const emptyCounts = (): AigcBandCounts => ({ high: 0, medium: 0, light: 0, none: 0 });

/** Chapter headings: the shallowest heading level below the title (level 0) present in the document. */
function chapterLevel(blocks: readonly Block[]): number | null {
  let level: number | null = null;
  for (const b of blocks) {
    if (b.kind !== 'heading' || (b.level ?? 1) < 1) continue;
    level = Math.min(level ?? Number.POSITIVE_INFINITY, b.level ?? 1);
  }
  return level;
}

export interface DetectDocumentResult {
  metrics: AigcMetrics;
  model: AigcReport['model'];
  note: string | null;
  chapters: AigcChapter[];
  paragraphs: AigcParagraph[];
}

/**
 * Runs the detector over a document read by textkit and shapes the report: per-paragraph probabilities and
 * bands, the flagged sentences as paragraph-local spans, chapters, band counts and the headline figures.
 * Headings and the reference list are shown but not scored.
 */
export async function detectDocument(
  detector: DocumentScorer,
  doc: { title?: string | undefined; blocks: Block[] },
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal; zeroShot?: ZeroShotSource } = {},
): Promise<DetectDocumentResult> {
  const placed = documentText(doc);
  const refs = findReferences(placed.text);
  const isReference = (b: (typeof placed.blocks)[number]) =>
    refs !== undefined && b.kind === 'paragraph' && b.start >= refs.start && b.end <= refs.end;
  const body = placed.blocks.filter(
    (b) => b.kind === 'paragraph' && !isReference(b) && b.text.trim() && unscoredKind(b.text) === null,
  );
  const zeroShot = opts.zeroShot ? { source: opts.zeroShot, windows: 0, of: 0 } : undefined;
  const scored = await scoreBlocks(
    detector,
    body.map((b) => ({ index: b.index, text: b.text })),
    opts.onProgress ?? (() => {}),
    opts.signal,
    zeroShot,
  );
  const byBlock = new Map(scored.map((s) => [s.block, s]));
  const { thresholds, bands } = detector.model.meta;
  const flag = thresholds.flag;

  const level = chapterLevel(doc.blocks);
  const chapters: AigcChapter[] = [];
  const openChapter = (title: string) => {
    chapters.push({
      index: chapters.length,
      title,
      chars: 0,
      scoredChars: 0,
      aiChars: 0,
      aiCharRatio: 0,
      probability: null,
      band: null,
    });
  };
  const weighted = new Map<number, number>();

  const counts = emptyCounts();
  /** The document's running totals, as a chapter keeps its own: characters, and probability × characters. */
  const total = { chars: 0, scoredChars: 0, aiChars: 0, suspectChars: 0, weighted: 0, weightedScored: 0 };
  const paragraphs: AigcParagraph[] = placed.blocks.map((b) => {
    const isChapterHeading = b.kind === 'heading' && level !== null && (b.level ?? 1) === level;
    if (isChapterHeading || (chapters.length === 0 && b.kind === 'paragraph')) {
      openChapter(isChapterHeading ? b.text.trim() : '正文');
    }
    const chapterIndex = Math.max(0, chapters.length - 1);
    const s = byBlock.get(b.index);
    if (!s) {
      const kind = b.kind === 'heading' ? 'heading' : isReference(b) ? 'reference' : 'paragraph';
      return {
        index: b.index,
        kind,
        level: b.kind === 'heading' ? (b.level ?? 1) : null,
        chapter: chapterIndex,
        text: b.text,
        chars: visibleLength(b.text),
        probability: null,
        band: null,
        reliable: false,
        aiChars: 0,
        aiTrace: null,
        spans: [],
        unscored: kind === 'paragraph' ? (unscoredKind(b.text) ?? 'short') : kind,
      };
    }
    const p = s.result;
    const spans: AigcSpan[] = [];
    let flagged = 0;
    let suspect = 0;
    for (const sentence of s.sentences) {
      // 显著 sentences of a paragraph at 疑似 or above count (the package's rule, as the bench measures it); other
      // sentences at 疑似 or above are shown apart
      const sentenceChars = () =>
        visibleLength(asLine(b.text).slice(sentence.start - s.lineStart, sentence.end - s.lineStart));
      if (p.reliable && countsInAiShare(sentence.band, p.band)) flagged += sentenceChars();
      else if (p.reliable && sentence.band !== 'none') suspect += sentenceChars();
      if (sentence.band === 'none') continue;
      spans.push({
        start: sentence.start - s.lineStart,
        end: sentence.end - s.lineStart,
        probability: sentence.probability,
        band: sentence.band,
      });
    }
    total.chars += p.chars;
    total.weighted += p.probability * p.chars;
    const chapter = chapters[chapterIndex]!;
    chapter.chars += p.chars;
    if (p.reliable) {
      counts[p.band]++;
      total.scoredChars += p.chars;
      total.aiChars += flagged;
      total.suspectChars += suspect;
      total.weightedScored += p.probability * p.chars;
      chapter.scoredChars += p.chars;
      chapter.aiChars += flagged;
      weighted.set(chapterIndex, (weighted.get(chapterIndex) ?? 0) + p.probability * p.chars);
    }
    return {
      index: b.index,
      kind: 'paragraph',
      level: null,
      chapter: chapterIndex,
      text: b.text,
      chars: p.chars,
      probability: p.probability,
      band: p.band,
      reliable: p.reliable,
      aiChars: flagged,
      aiTrace: p.reliable ? p.aiTrace : null,
      spans,
      ...(p.reasons && p.reasons.length > 0 ? { hints: p.reasons } : {}),
      unscored: p.reliable ? null : 'short',
    };
  });
  if (chapters.length === 0) openChapter(doc.title ?? '正文');
  for (const c of chapters) {
    if (c.scoredChars === 0) continue;
    c.aiCharRatio = Math.min(1, c.aiChars / c.scoredChars);
    c.probability = (weighted.get(c.index) ?? 0) / c.scoredChars;
    // the chapter's conclusion follows the 疑似度 shown beside it, as the paper's does
    c.band = aigcRatioBand(c.aiCharRatio);
  }

  const { scoredChars, aiChars, suspectChars } = total;
  const reliable = scoredChars > 0;
  const probability = reliable
    ? total.weightedScored / scoredChars
    : total.chars > 0
      ? total.weighted / total.chars
      : 0;
  const aiCharRatio = reliable ? Math.min(1, aiChars / scoredChars) : 0;
  // the conclusion is the headline's band (总体疑似度), never the mean probability's
  const band: Band = aigcRatioBand(aiCharRatio, reliable);
  return {
    metrics: {
      aiCharRatio,
      probability,
      band,
      reliable,
      totalChars: total.chars,
      scoredChars,
      aiChars,
      paragraphCount: paragraphs.filter((p) => p.kind === 'paragraph').length,
      bandCounts: counts,
      modelVersion: detector.version,
      suspectChars,
      suspectCharRatio: reliable ? Math.min(1, suspectChars / scoredChars) : 0,
      mixedAuthorship: reliable && isMixedAuthorship(scored.map((s) => s.result)),
    },
    model: {
      version: detector.version,
      flagThreshold: flag,
      suspectThreshold: thresholds.light,
      ...(bands ? { errorRates: errorRates(bands) } : {}),
      zeroShot: zeroShot ? { windows: zeroShot.windows, of: zeroShot.of } : null,
    },
    note: reliable ? null : (scored.find((s) => s.note)?.note ?? '没有可检测的文字'),
    chapters,
    paragraphs,
  };
}
