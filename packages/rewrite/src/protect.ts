import { findReferences } from '@paperdesk/textkit';
import { tagWords } from './segment.ts';
import { isSynonymWord } from './synonyms.ts';

/** Why a span must survive a rewrite unchanged. */
export type ProtectedKind =
  | 'number'
  | 'latin'
  | 'formula'
  | 'citation'
  | 'quote'
  | 'title'
  | 'label'
  | 'reference'
  | 'keep-term'
  | 'term';

export interface ProtectedSpan {
  start: number;
  end: number;
  kind: ProtectedKind;
  text: string;
}

export interface ProtectOptions {
  /** Words the user wants kept verbatim (every occurrence). */
  keepTerms?: readonly string[];
  /** Nouns found by the segmenter at least this often count as technical terms and are kept. Default 3; 0 = off. */
  termMinCount?: number;
}

const DIGIT = '[0-9０-９]';
const UNIT =
  '(?:[%％‰℃°′″]|[a-zA-Zμµ]+(?:/[a-zA-Z]+)?|[万亿千百]?(?:个|名|例|位|人次|人|次|年|月|日|天|周|小时|分钟|秒|岁|倍|篇|家|种|项|组|份|元|千米|公里|米|千克|克|吨|台|套|条|所|座|株|只|头|层|级|类|批|户|床|枚|片|粒|支|张|部|首|章|节|册|亩|公顷|度))';
const NUMBER = `${DIGIT}+(?:[.．。]${DIGIT}+|,${DIGIT}{3})*`;

/** Pattern per kind; overlapping hits are merged into one span (the earlier one's kind wins). */
const PATTERNS: Array<[ProtectedKind, RegExp]> = [
  // structured-abstract labels: 目的：… 方法：… and, without a colon, 目的 方法 结果 结论 opening a sentence
  [
    'label',
    /(?<=^|[。；;\n]\s*)(?:(?:目的|方法|结果|结论|背景|对象|意义|目标|摘要|关键词)\s*[:：]|(?:目的|方法|结果|结论)(?![:：]))/g,
  ],
  ['citation', /[[［【]\s*\d{1,4}(?:\s*[,，、\-–—~～]\s*\d{1,4})*\s*[\]］】]/g],
  ['citation', /[（(][^（）()\n]{1,40}?[,，\s]\s*(?:19|20)\d{2}[a-z]?(?:\s*[:：]\s*\d+(?:-\d+)?)?[）)]/g],
  ['quote', /“[^”\n]{1,1000}”|「[^」\n]{1,1000}」|『[^』\n]{1,1000}』|"[^"\n]{1,1000}"/g],
  ['title', /《[^》\n]{1,100}》/g],
  [
    'formula',
    /[A-Za-zα-ωΑ-Ω0-9][A-Za-z0-9α-ωΑ-Ω_.．²³]*\s*[=＝<>＜＞≤≥≈]\s*[-−]?[A-Za-z0-9α-ωΑ-Ω.．。]+(?:\s*[%％])?/g,
  ],
  // fixed formulas of medical and statistical reporting, kept as written
  [
    'term',
    /差异(?:均|也|并|亦)?(?:有|无|没有|具有)(?:显著性?|统计学)?(?:意义|差异)|统计学意义|显著性差异|可持续/g,
  ],
  ['number', new RegExp(`[-−+±]?${NUMBER}(?:\\s*[~～\\-–—至到]\\s*[-−+]?${NUMBER})?(?:\\s*${UNIT})?`, 'g')],
  [
    'latin',
    /[A-Za-zＡ-Ｚａ-ｚα-ωΑ-Ω][A-Za-z0-9Ａ-Ｚａ-ｚ０-９α-ωΑ-Ω\-_+.'’&/]*(?:[ \t]+[A-Za-z0-9][A-Za-z0-9\-_+.'’&/]*)*/g,
  ],
];

/** Tags of jieba nouns that can be technical terms (not idioms `l` or verbs). */
const TERM_TAGS = new Set(['n', 'nz', 'nt', 'ns', 'nr', 'nrt', 'j']);
/** Tags of the two words of a repeated compound term (特征/n 识别/v, 防护/vn 措施/n). */
const PAIR_TAGS = /^(n|vn|v|j)/;

interface RawSpan {
  start: number;
  end: number;
  kind: ProtectedKind;
}

/**
 * Everything a rewrite must keep: numbers with units, formulas, Latin words, citation markers, quotations,
 * titles in 《》, the reference list, the user's keep-terms and the document's own technical terms.
 * Sorted, non-overlapping; offsets refer to `text`.
 */
export function findProtectedSpans(text: string, options: ProtectOptions = {}): ProtectedSpan[] {
  const raw: RawSpan[] = [];
  const refs = findReferences(text);
  if (refs) raw.push({ start: refs.headingStart ?? refs.start, end: refs.end, kind: 'reference' });
  for (const [kind, re] of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      const trimmed = m[0].replace(/[\s.．。]+$/, '');
      if (trimmed.length > 0) raw.push({ start: m.index, end: m.index + trimmed.length, kind });
    }
  }
  for (const term of options.keepTerms ?? []) pushAll(raw, text, term, 'keep-term');
  const minCount = options.termMinCount ?? 3;
  if (minCount > 0) for (const term of documentTerms(text, minCount)) pushAll(raw, text, term, 'term');
  return mergeSpans(raw).map((s) => ({ ...s, text: text.slice(s.start, s.end) }));
}

function pushAll(raw: RawSpan[], text: string, word: string, kind: ProtectedKind): void {
  if (word.length === 0) return;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length))
    raw.push({ start: at, end: at + word.length, kind });
}

/**
 * Document terms: nouns of two or more characters, and pairs of adjacent content words (特征 识别), that occur
 * at least `minCount` times and are not general vocabulary on their own.
 */
export function documentTerms(text: string, minCount: number): string[] {
  const counts = new Map<string, number>();
  const bump = (w: string) => counts.set(w, (counts.get(w) ?? 0) + 1);
  const tokens = tagWords(text);
  tokens.forEach((t, i) => {
    if (!isContentWord(t.word)) return;
    if (TERM_TAGS.has(t.tag) && !isSynonymWord(t.word)) bump(t.word);
    const next = tokens[i + 1];
    // a pair with a word of general vocabulary (水平 进行, 结果 显示) is no term: chained with its neighbours' pairs it
    // protected whole clauses (区域科技发展水平进行, 方法学验证结果显示) and the words around them
    if (
      next &&
      isContentWord(next.word) &&
      PAIR_TAGS.test(t.tag) &&
      PAIR_TAGS.test(next.tag) &&
      !isSynonymWord(t.word) &&
      !isSynonymWord(next.word)
    )
      bump(t.word + next.word);
  });
  return [...counts].filter(([, n]) => n >= minCount).map(([w]) => w);
}

/** Latin and digits are protected anyway; single characters are never replaced. */
function isContentWord(word: string): boolean {
  return word.length >= 2 && /^[\u4e00-\u9fff]+$/.test(word);
}

function mergeSpans(raw: RawSpan[]): RawSpan[] {
  // kind order in PATTERNS is priority order; stable sort by start keeps it for equal starts
  raw.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: RawSpan[] = [];
  for (const s of raw) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}
