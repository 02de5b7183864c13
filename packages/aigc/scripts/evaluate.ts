/** Held-out evaluation of a detector: the benchmark's rows, human false-positive rates by length class, documents. */
import { visibleLength } from '../src/canonical.ts';
import type { AigcDetector } from '../src/detector.ts';
import type { MeasuredRate } from '../src/model.ts';
import { auroc, expectedCalibrationError, type Scored } from '../src/metrics.ts';
import { scoringWindows } from '../src/trainer.ts';
import type { CorpusText, EvaluationSet, LabelledText } from './corpus.ts';

/** A probability for a text; the offline detector's scoreText, or a zero-shot / combined score. */
export type TextScorer = (text: string) => number;

export interface RowMetrics {
  name: string;
  texts: number;
  ai: number;
  auroc: number;
  /** Share of the row's AI texts at 显著 (counted) and at 疑似 or above, each text judged by its length class. */
  tprSignificant: number;
  tprSuspect: number;
  /** The same shares of the row's human texts. */
  fprSignificant: number;
  fprSuspect: number;
  ece: number;
  /** Texts dropped because the training corpus holds them verbatim (OOD sets). */
  overlapping?: number;
}

export interface ClassFpr {
  /** Human texts (short: also the detector's windows of long texts). */
  texts: number;
  /** Of them at 显著 and at 疑似 or above (the rates' numerators, for confidence intervals). */
  significant: number;
  suspect: number;
  fprSignificant: number;
  fprSuspect: number;
}

export interface DocumentMetrics {
  documents: number;
  paragraphsPerDocument: number;
  meanChars: number;
  meanAiCharRatio: number;
  /** Documents with any 显著 passage (aiCharRatio > 0). */
  anyFlagged: number;
}

export interface ThesisDocument {
  repo: string;
  paragraphs: number;
  chars: number;
  /** AIGC 总体疑似度 of the thesis. */
  aiCharRatio: number;
  /** Its character-weighted mean probability and the document band. */
  probability: number;
  band: string;
  /** Paragraphs at 疑似 or stronger. */
  suspectParagraphs: number;
}

export interface HeldOutReport {
  rows: RowMetrics[];
  /**
   * Held-out human academic text by length class, at the model's own thresholds (not used to choose them);
   * longJoined: pairs of short held-out texts joined into long ones, because the split holds few long texts.
   */
  humanAcademic: { short: ClassFpr; long: ClassFpr; longJoined: ClassFpr };
  /** Held-out human thesis paragraphs by length class (short: with the windows of long paragraphs). */
  humanThesis: { short: ClassFpr; long: ClassFpr };
  /** Held-out whole human theses: each thesis's paragraphs in order, through detect() as a document. */
  theses: ThesisDocument[];
  humanDocuments: DocumentMetrics;
  aiDocuments: DocumentMetrics;
  /** The rates the report publishes by text kind (model meta bands.measured). */
  measured: MeasuredRate[];
}

const PARAGRAPHS_PER_DOCUMENT = 8;
/** The ways students asked for AI thesis paragraphs (thesis-body2) and the polish3 instructions: a row each. */
const THESIS_PROMPT_STYLES = ['direct', 'expand', 'formal', 'humanlike', 'continue', 'summarize-lit'];
const THESIS_POLISH_STYLES = ['polish', 'paraphrase', 'formalize', 'expand', 'condense'];
/** A whole thesis in the benchmark: at least this many held-out paragraphs of one thesis, in their order. */
export const MIN_THESIS_PARAGRAPHS = 10;
const WINDOW_CHARS = 220;

function rowMetrics(
  detector: AigcDetector,
  name: string,
  items: readonly LabelledText[],
  score: TextScorer,
): RowMetrics {
  const scored = items.map((i) => {
    const s = score(i.text);
    const band = detector.bandOf(s, visibleLength(i.text));
    return {
      score: s,
      label: i.label,
      significant: band === 'high' || band === 'medium',
      suspect: band !== 'none',
    };
  });
  const share = (label: 0 | 1, key: 'significant' | 'suspect') => {
    const of = scored.filter((s) => s.label === label);
    return of.length > 0 ? of.filter((s) => s[key]).length / of.length : Number.NaN;
  };
  return {
    name,
    texts: scored.length,
    ai: scored.filter((s) => s.label === 1).length,
    auroc: auroc(scored),
    tprSignificant: share(1, 'significant'),
    tprSuspect: share(1, 'suspect'),
    fprSignificant: share(0, 'significant'),
    fprSuspect: share(0, 'suspect'),
    ece: expectedCalibrationError(scored as Scored[]),
  };
}

/** The benchmark's rows: held-out splits of the training sets, then the evaluation-only sets. */
export function evaluationRows(
  corpus: readonly CorpusText[],
  outOfDistribution: readonly EvaluationSet[],
): Array<{ name: string; items: LabelledText[]; overlapping?: number }> {
  const test = corpus.filter((t) => t.split === 'test');
  const humanAcademic = test.filter((t) => t.label === 0 && t.register === 'academic');
  const ai = (source: string, filter: (t: CorpusText) => boolean = () => true) =>
    test.filter((t) => t.source === source && filter(t));
  const polished = ai('ai-polish');
  const polishedGroups = new Set(polished.map((t) => t.group));
  const rows: Array<{ name: string; items: LabelledText[]; overlapping?: number }> = [
    { name: 'HC3 + M4 QA (held out)', items: test.filter((t) => t.register === 'qa') },
    { name: 'academic abstracts vs human abstracts', items: [...ai('ai-abstract'), ...humanAcademic] },
    { name: 'AI-polished abstracts vs human abstracts', items: [...polished, ...humanAcademic] },
    {
      name: 'AI-polished abstracts vs their own originals',
      items: [...polished, ...humanAcademic.filter((t) => polishedGroups.has(t.group))],
    },
    { name: 'thesis paragraphs vs human abstracts', items: [...ai('ai-body'), ...humanAcademic] },
  ];
  for (const style of ['polish', 'paraphrase', 'journal', 'condense']) {
    rows.push({
      name: `  polished, instruction ${style}`,
      items: [...ai('ai-polish', (t) => t.style === style), ...humanAcademic],
    });
  }
  const humanThesis = test.filter((t) => t.label === 0 && t.register === 'thesis');
  if (humanThesis.length > 0) {
    rows.push({
      name: 'AI thesis paragraphs (thesis-body2) vs human thesis paragraphs',
      items: [...ai('ai-thesis'), ...humanThesis],
    });
    for (const style of THESIS_PROMPT_STYLES) {
      rows.push({
        name: `  AI thesis, asked ${style}`,
        items: [...ai('ai-thesis', (t) => t.style === style), ...humanThesis],
      });
    }
    const polishedThesis = ai('ai-thesis-polish');
    rows.push({
      name: 'AI-polished thesis paragraphs vs human thesis paragraphs',
      items: [...polishedThesis, ...humanThesis],
    });
    for (const style of THESIS_POLISH_STYLES) {
      rows.push({
        name: `  polished thesis, instruction ${style}`,
        items: [...ai('ai-thesis-polish', (t) => t.style === style), ...humanThesis],
      });
    }
    rows.push({
      name: 'AI-polished thesis paragraphs vs their own originals',
      items: [...polishedThesis, ...humanThesis.filter((t) => t.polishedOriginal)],
    });
    rows.push({
      name: 'AI abstracts vs human thesis paragraphs',
      items: [...ai('ai-abstract'), ...humanThesis],
    });
  }
  for (const set of outOfDistribution)
    rows.push({ name: `OOD: ${set.name}`, items: set.items, overlapping: set.overlapping });
  return rows;
}

function classFpr(detector: AigcDetector, texts: readonly string[], score: TextScorer): ClassFpr {
  let significant = 0;
  let suspect = 0;
  for (const t of texts) {
    const band = detector.bandOf(score(t), visibleLength(t));
    if (band === 'high' || band === 'medium') significant++;
    if (band !== 'none') suspect++;
  }
  const n = Math.max(1, texts.length);
  return {
    texts: texts.length,
    significant,
    suspect,
    fprSignificant: significant / n,
    fprSuspect: suspect / n,
  };
}

/**
 * Human academic texts of the test split by length class, cut as the thresholds were chosen (src/trainer.ts):
 * short = texts up to maxShortChars plus the detector's windows of longer ones; long = longer texts whole;
 * longJoined = consecutive short texts joined in pairs (each text in one pair) where the pair is long.
 */
export function humanAcademicByClass(
  corpus: readonly CorpusText[],
  maxShortChars: number,
  register: 'academic' | 'thesis' = 'academic',
): { short: string[]; long: string[]; longJoined: string[] } {
  const short: string[] = [];
  const long: string[] = [];
  const longJoined: string[] = [];
  let unpaired: string | undefined;
  for (const t of corpus) {
    if (t.split !== 'test' || t.label !== 0 || t.register !== register) continue;
    if (visibleLength(t.text) <= maxShortChars) {
      short.push(t.text);
      if (unpaired === undefined) unpaired = t.text;
      else {
        const pair = `${unpaired}\n${t.text}`;
        if (visibleLength(pair) > maxShortChars) longJoined.push(pair);
        unpaired = undefined;
      }
      continue;
    }
    long.push(t.text);
    for (const w of scoringWindows(t.text, WINDOW_CHARS))
      (visibleLength(w) <= maxShortChars ? short : long).push(w);
  }
  return { short, long, longJoined };
}

/** Kinds the report publishes (labels in the web catalogue, aigc:report.kind.*): test-split texts of each. */
const PUBLISHED_KINDS: ReadonlyArray<{ kind: string; label: 0 | 1; of: (t: CorpusText) => boolean }> = [
  { kind: 'humanAbstracts', label: 0, of: (t) => t.register === 'academic' },
  { kind: 'humanThesis', label: 0, of: (t) => t.source === 'human-thesis' },
  { kind: 'aiAbstracts', label: 1, of: (t) => t.source === 'ai-abstract' },
  { kind: 'aiThesis', label: 1, of: (t) => t.source === 'ai-thesis' && t.style !== 'humanlike' },
  { kind: 'aiThesisHumanlike', label: 1, of: (t) => t.source === 'ai-thesis' && t.style === 'humanlike' },
  { kind: 'aiPolished', label: 1, of: (t) => t.source === 'ai-polish' || t.source === 'ai-thesis-polish' },
];

function measuredRate(
  detector: AigcDetector,
  kind: string,
  label: 0 | 1,
  texts: readonly string[],
  score: TextScorer,
): MeasuredRate {
  const c = classFpr(detector, texts, score);
  return { kind, label, texts: c.texts, significant: c.fprSignificant, suspect: c.fprSuspect };
}

export interface TraceShares {
  kind: string;
  paragraphs: number;
  generated: number;
  touched: number;
}

/**
 * What the report calls each held-out paragraph of a kind (detect()'s aiTrace, the paragraph scored alone):
 * the shares read as AI 生成特征显著 and as AI 润色痕迹 — whether the wording fits what the text is.
 */
export function traceShares(
  detector: AigcDetector,
  corpus: readonly CorpusText[],
  rewritten: readonly string[],
): TraceShares[] {
  const test = (of: (t: CorpusText) => boolean) =>
    corpus.filter((t) => t.split === 'test' && of(t)).map((t) => t.text);
  const kinds: Array<[string, string[]]> = [
    ['human thesis paragraphs', test((t) => t.source === 'human-thesis')],
    ['AI thesis paragraphs (thesis-body2)', test((t) => t.source === 'ai-thesis')],
    ['AI abstracts', test((t) => t.source === 'ai-abstract')],
    [
      'AI-polished (abstracts + thesis)',
      test((t) => t.source === 'ai-polish' || t.source === 'ai-thesis-polish'),
    ],
    ['our 降AIGC of held-out AI text', [...rewritten]],
  ];
  return kinds.map(([kind, texts]) => {
    const traces = texts.map((text) => detector.detect(text).paragraphs[0]?.aiTrace ?? null);
    const share = (trace: string) => traces.filter((t) => t === trace).length / Math.max(1, traces.length);
    return { kind, paragraphs: texts.length, generated: share('generated'), touched: share('touched') };
  });
}

/** The held-out human theses with at least MIN_THESIS_PARAGRAPHS paragraphs, each scored as one document. */
function thesisDocuments(detector: AigcDetector, corpus: readonly CorpusText[]): ThesisDocument[] {
  const byRepo = new Map<string, CorpusText[]>();
  for (const t of corpus) {
    if (t.split !== 'test' || t.source !== 'human-thesis' || !t.thesis) continue;
    const list = byRepo.get(t.thesis.repo) ?? [];
    list.push(t);
    byRepo.set(t.thesis.repo, list);
  }
  const out: ThesisDocument[] = [];
  for (const [repo, list] of [...byRepo].sort(([a], [b]) => a.localeCompare(b))) {
    if (list.length < MIN_THESIS_PARAGRAPHS) continue;
    const paragraphs = [...list].sort((a, b) => a.thesis!.order - b.thesis!.order).map((t) => t.text);
    const r = detector.detect(paragraphs);
    out.push({
      repo,
      paragraphs: paragraphs.length,
      chars: r.totalChars,
      aiCharRatio: r.aiCharRatio,
      probability: r.probability,
      band: r.band,
      suspectParagraphs: r.paragraphs.filter((p) => p.reliable && p.band !== 'none').length,
    });
  }
  return out;
}

function documentMetrics(detector: AigcDetector, texts: readonly string[]): DocumentMetrics {
  const docs: string[][] = [];
  for (let i = 0; i + PARAGRAPHS_PER_DOCUMENT <= texts.length; i += PARAGRAPHS_PER_DOCUMENT) {
    docs.push(texts.slice(i, i + PARAGRAPHS_PER_DOCUMENT) as string[]);
  }
  let ratio = 0;
  let chars = 0;
  let anyFlagged = 0;
  for (const doc of docs) {
    const r = detector.detect(doc);
    ratio += r.aiCharRatio;
    chars += r.totalChars;
    if (r.aiCharRatio > 0) anyFlagged++;
  }
  const n = Math.max(1, docs.length);
  return {
    documents: docs.length,
    paragraphsPerDocument: PARAGRAPHS_PER_DOCUMENT,
    meanChars: chars / n,
    meanAiCharRatio: ratio / n,
    anyFlagged: anyFlagged / n,
  };
}

/** Scores every row with `scorer`, each text once (default: the offline detector on each whole text). */
export function evaluateHeldOut(
  detector: AigcDetector,
  corpus: readonly CorpusText[],
  outOfDistribution: readonly EvaluationSet[],
  scorer: TextScorer = (t) => detector.scoreText(t),
  options: {
    documents?: boolean;
    /** Rows computed elsewhere (the benchmark's 降AIGC / 降重 outputs of held-out AI text), after the splits' rows. */
    extraRows?: ReadonlyArray<{ name: string; items: LabelledText[] }>;
    /** Our 降AIGC outputs of held-out AI text, published as their own kind. */
    rewritten?: readonly string[];
  } = {},
): HeldOutReport {
  // every academic row shares the same ~1,700 human abstracts: score each text once
  const scores = new Map<string, number>();
  const score: TextScorer = (t) => {
    let s = scores.get(t);
    if (s === undefined) {
      s = scorer(t);
      scores.set(t, s);
    }
    return s;
  };
  const listed = evaluationRows(corpus, outOfDistribution);
  // extra rows go after the splits' rows, before the evaluation-only sets (the rows with an overlap count)
  const firstOod = listed.findIndex((r) => r.overlapping !== undefined);
  listed.splice(firstOod < 0 ? listed.length : firstOod, 0, ...(options.extraRows ?? []));
  const rows = listed.map((r) => ({
    ...rowMetrics(detector, r.name, r.items, score),
    ...(r.overlapping !== undefined ? { overlapping: r.overlapping } : {}),
  }));
  const maxShort = detector.model.meta.bands?.maxShortChars ?? 300;
  const byClass = humanAcademicByClass(corpus, maxShort);
  const thesisClass = humanAcademicByClass(corpus, maxShort, 'thesis');
  const testAcademic = (label: 0 | 1) =>
    corpus
      .filter((t) => t.split === 'test' && t.register === 'academic' && t.label === label)
      .map((t) => t.text);
  const documents = options.documents ?? true;
  const none: DocumentMetrics = {
    documents: 0,
    paragraphsPerDocument: 0,
    meanChars: 0,
    meanAiCharRatio: 0,
    anyFlagged: 0,
  };
  return {
    rows,
    humanAcademic: {
      short: classFpr(detector, byClass.short, score),
      long: classFpr(detector, byClass.long, score),
      longJoined: classFpr(detector, byClass.longJoined, score),
    },
    humanThesis: {
      short: classFpr(detector, thesisClass.short, score),
      long: classFpr(detector, thesisClass.long, score),
    },
    theses: documents ? thesisDocuments(detector, corpus) : [],
    measured: [
      ...PUBLISHED_KINDS.map(({ kind, label, of }) =>
        measuredRate(
          detector,
          kind,
          label,
          corpus.filter((t) => t.split === 'test' && t.label === label && of(t)).map((t) => t.text),
          score,
        ),
      ),
      ...(options.rewritten ? [measuredRate(detector, 'ourRewrites', 1, options.rewritten, score)] : []),
    ].filter((m) => m.texts > 0),
    humanDocuments: documents ? documentMetrics(detector, testAcademic(0)) : none,
    aiDocuments: documents ? documentMetrics(detector, testAcademic(1)) : none,
  };
}
