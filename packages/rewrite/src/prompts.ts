import {
  findProtectedSpans,
  type ProtectedKind,
  type ProtectedSpan,
  type ProtectOptions,
} from './protect.ts';
import type { AigcHint, Scores, Targets } from './loop/types.ts';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface PromptOptions extends ProtectOptions {
  /** Discipline or context shown to the model (e.g. 计算机科学). */
  discipline?: string;
  /** The text's current figures and the user's targets, shown to the model so a later round knows how far to go. */
  scores?: Scores;
  targets?: Targets;
  /** Find the must-keep spans in this text instead (the original paragraph, when rewriting an earlier rewrite). */
  protectFrom?: string;
  /** What the AIGC detector says drove the text's AI score: the prompt names it so the model changes that. */
  hints?: readonly AigcHint[];
}

/** Kinds a model must reproduce character for character; `term` is advisory (the glossary is a heuristic). */
const REQUIRED_KINDS: ReadonlySet<ProtectedKind> = new Set([
  'number',
  'latin',
  'formula',
  'citation',
  'quote',
  'title',
  'label',
  'reference',
  'keep-term',
]);

const KIND_LABELS: Record<ProtectedKind, string> = {
  number: '数字',
  latin: '外文/缩写',
  formula: '公式',
  citation: '引用标注',
  quote: '引文',
  title: '书名',
  label: '栏目标签',
  reference: '参考文献',
  'keep-term': '指定保留词',
  term: '术语',
};

const COMMON_RULES = [
  '只输出改写后的正文，不要解释，不要加标题、序号或引号。',
  '保持原意、学术语体和段落结构，不增删事实，不编造数据、文献或结论。',
  '下列“必须保留”的内容要逐字保留（包括数字、单位、引用标注、公式、英文和指定术语），可以调整它们在句中的位置。',
  '不得改变否定（不、未、无、非）、数量、单位、人名、地名和机构名；参考文献列表原样保留。',
];

const SIMILARITY_TASK =
  '你是学术论文降重助手。请改写用户给出的中文学术段落，使其与原文的字面重复尽量少：替换同义词、调整语序、主动与被动互换、拆分或合并句子，避免与原文连续相同的字串（不超过 8 个字）。';
/**
 * What makes a paragraph read as generated is its shape more than its words (issue 25): uniform sentences, lists
 * standing in for argument, unhedged claims, generic wording and closing sentences that only restate. The task
 * names each so the model changes the shape, not only the words a detector named.
 */
const HUMAN_SHAPE = [
  '句子长短错落：长句与短句交替，不要每句都是同样长度、同样的“主语＋谓语＋宾语”结构。',
  '把“首先、其次、此外、最后”“一是、二是”式的罗列改成论证：先提出观点，再给出依据（文中已有的数据、对象、方法），再写由此得出的推断，用“因为、所以、但、而”这类真实的逻辑关系衔接。',
  '语气有分寸：对推断和未经检验的判断用“可能、大致、在本文样本中”等限定，已证实的结果直接陈述；不要处处“显著提升”“有效解决”。',
  '用具体代替空泛：用原文已有的对象、条件、数字和方法名替换“相关领域、各个方面、重要意义、一定程度”等套话；不得编造原文没有的事实。',
  '删去只重复前文的总结句（如“综上所述，本研究具有重要的理论意义和实践价值”），以及“值得注意的是”“不可忽视的是”等空洞的提示语。',
];
const AIGC_TASK = [
  '你是学术写作润色助手。请把用户给出的段落改写成更像研究者本人撰写的文字，改变段落的写法，而不只是替换词语：',
  ...HUMAN_SHAPE,
].join('\n');
const BOTH_TASK = [
  '你是学术论文修改助手，需要同时做到两点：一是降低与原文的字面重复（替换同义词、调整语序、拆分或合并句子，避免与原文连续相同的字串超过 8 个字）；二是让文字读起来像研究者本人所写。两点都要满足，不能为了一点牺牲另一点。第二点的做法：',
  ...HUMAN_SHAPE,
].join('\n');

/** 降重: rewrite so a fingerprint checker no longer matches, keeping meaning and every protected span. */
export function buildRewriteMessages(text: string, options: PromptOptions = {}): ChatMessage[] {
  return buildMessages(text, options, SIMILARITY_TASK);
}

/** 降AIGC: make machine-sounding text read like a human author's, with the same protected spans. */
export function buildDeAigcMessages(text: string, options: PromptOptions = {}): ChatMessage[] {
  return buildMessages(text, options, AIGC_TASK);
}

/** 降重 and 降AIGC at once (dual-target mode): less literal overlap and less template prose in one rewrite. */
export function buildBothMessages(text: string, options: PromptOptions = {}): ChatMessage[] {
  return buildMessages(text, options, BOTH_TASK);
}

function buildMessages(text: string, options: PromptOptions, task: string): ChatMessage[] {
  const spans = findProtectedSpans(options.protectFrom ?? text, options);
  const keep = uniqueTexts(spans.filter((s) => s.kind !== 'reference'));
  const lines = [task, ...COMMON_RULES];
  if (options.discipline) lines.push(`学科：${options.discipline}。`);
  const figures = figuresLine(options.scores, options.targets);
  if (figures) lines.push(figures);
  const hints = hintsLine(options.hints ?? []);
  if (hints) lines.push(hints);
  const system = lines.join('\n');
  const keepList =
    keep.length === 0 ? '（无）' : keep.map((s) => `- ${s.text}（${KIND_LABELS[s.kind]}）`).join('\n');
  const user = `必须保留：\n${keepList}\n\n原文：\n${text}`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** 当前复制比 62%，目标 ≤ 30%；… — only the figures that were measured or asked for. */
function figuresLine(scores: Scores | undefined, targets: Targets | undefined): string | null {
  const parts: string[] = [];
  const item = (label: string, now: number | null | undefined, target: number | undefined) => {
    if (now === null || now === undefined) {
      if (target !== undefined) parts.push(`${label}目标 ≤ ${pct(target)}`);
      return;
    }
    parts.push(
      target === undefined
        ? `当前${label}${pct(now)}（不得升高）`
        : `当前${label}${pct(now)}，目标 ≤ ${pct(target)}`,
    );
  };
  item('复制比', scores?.similarity, targets?.similarity);
  item('AIGC疑似度', scores?.aigc, targets?.aigc);
  return parts.length === 0 ? null : `${parts.join('；')}。`;
}

/** Per hint kind: what the detector saw and what to do about it (examples in the parentheses). */
const HINT_ADVICE: Record<AigcHint['kind'], (examples: string) => string> = {
  connectives: (e) => `模板化连接词${e}偏多：删去或换成更自然的衔接`,
  uniformSentences: () => '句子长度过于均匀：长短句交错，可以合并或拆分句子',
  stockPhrases: (e) => `常见 AI 套话措辞${e}：换成更朴素、具体的说法`,
  lowSurprisal: () => '用词过于常见、可预测：换用更具体的词语和表达',
};

/** 检测器指出的 AI 痕迹：模板化连接词（首先、其次）偏多：…；… — empty without hints. */
function hintsLine(hints: readonly AigcHint[]): string | null {
  if (hints.length === 0) return null;
  const parts = hints.map((h) =>
    HINT_ADVICE[h.kind](h.examples.length > 0 ? `（${h.examples.join('、')}）` : ''),
  );
  return `AIGC 检测器指出的 AI 痕迹，请优先修改：${parts.join('；')}。`;
}

function uniqueTexts(spans: readonly ProtectedSpan[]): ProtectedSpan[] {
  const seen = new Set<string>();
  return spans.filter((s) => !seen.has(s.text) && seen.add(s.text));
}

export interface OutputCheck {
  ok: boolean;
  /** Required spans of the input that the output lost (or has fewer times). */
  missing: Array<{ text: string; kind: ProtectedKind }>;
  /** Document terms the output lost: advisory, they do not fail the check. */
  missingTerms: string[];
  /** Numbers in the output that the input does not have (a model inventing figures). */
  addedNumbers: string[];
  /** Output length / input length (characters without whitespace). */
  lengthRatio: number;
}

export interface OutputCheckOptions extends ProtectOptions {
  /** Accepted output/input length ratio. Default [0.6, 1.6]. */
  minLengthRatio?: number;
  maxLengthRatio?: number;
}

/**
 * Verify a rewrite (a model's or the rule engine's): every required protected span of the input occurs in the
 * output at least as often, no number was invented, and the length is plausible. The server rejects model output
 * that fails.
 */
export function checkRewriteOutput(
  input: string,
  output: string,
  options: OutputCheckOptions = {},
): OutputCheck {
  const spans = findProtectedSpans(input, options);
  const missing: OutputCheck['missing'] = [];
  const missingTerms: string[] = [];
  const need = new Map<string, { kind: ProtectedKind; count: number }>();
  for (const s of spans) {
    const e = need.get(s.text);
    if (e) e.count++;
    else need.set(s.text, { kind: s.kind, count: 1 });
  }
  for (const [text, { kind, count }] of need) {
    if (countOccurrences(output, text) >= count) continue;
    if (REQUIRED_KINDS.has(kind)) missing.push({ text, kind });
    else missingTerms.push(text);
  }
  const inputNumbers = countNumbers(input);
  const addedNumbers: string[] = [];
  for (const [n, c] of countNumbers(output)) if (c > (inputNumbers.get(n) ?? 0)) addedNumbers.push(n);
  const len = (t: string) => t.replace(/\s/g, '').length;
  const lengthRatio =
    len(input) === 0 ? (len(output) === 0 ? 1 : Number.POSITIVE_INFINITY) : len(output) / len(input);
  const ok =
    missing.length === 0 &&
    addedNumbers.length === 0 &&
    lengthRatio >= (options.minLengthRatio ?? 0.6) &&
    lengthRatio <= (options.maxLengthRatio ?? 1.6);
  return { ok, missing, missingTerms, addedNumbers, lengthRatio };
}

function countOccurrences(text: string, word: string): number {
  let n = 0;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length)) n++;
  return n;
}

/** Digit runs (with decimals), counted: 12.5 and 12。5 are the same number. */
function countNumbers(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of text.matchAll(/\d+(?:[.．。]\d+)*/g)) {
    const n = m[0].replace(/[．。]/g, '.');
    out.set(n, (out.get(n) ?? 0) + 1);
  }
  return out;
}
