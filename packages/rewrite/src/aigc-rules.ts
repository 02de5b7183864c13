import { type Random, seededRandom } from '@paperdesk/textkit';
import { maskRange } from './mask.ts';
import { findProtectedSpans, type ProtectedSpan, type ProtectOptions } from './protect.ts';
import { pickOne } from './random.ts';
import { replaceSome, type RuleContext } from './rules.ts';
import { tagWords } from './segment.ts';
import { inAiRegister } from './synonyms.ts';

/**
 * 降AIGC rules: change what the AIGC detector measures (packages/aigc: template connectives and the share of
 * sentences opening with one, stock academic phrases, uniform sentence length, semicolon-chained enumerations)
 * without changing what the text says. Like the 降重 rules they run on text whose protected spans (numbers,
 * citations, formulas, terms, the reference list) are masked as single placeholder characters, so no rule can cut
 * into one. Each rule keeps the facts, negations, numbers and the order of the claims.
 */
export interface DeAigcOptions extends ProtectOptions {
  /** Share of matches rewritten (0..1). Default 1. */
  rate?: number;
  seed?: number;
}

export interface DeAigcResult {
  text: string;
  /** Names of the rules that changed something. */
  rules: string[];
}

export interface ParagraphRule {
  name: string;
  /** `terms`: placeholder → text, for the placeholders that stand for document terms (not facts like numbers). */
  apply(paragraph: string, ctx: RuleContext, terms: ReadonlyMap<string, string>): string;
}

/** Start of a sentence (or of the paragraph): the openers below only go where a sentence begins. */
const SENTENCE_START = '(^|[。！？!?；;]\\s*)';

/**
 * Sentence-opening template connectives and what replaces them ('' = the opener goes, the sentence reads the
 * same without it). Only openers whose loss keeps the meaning are dropped: additive (此外), sequencing (首先) and
 * signposting ones (值得注意的是); causal and adversative ones are replaced by a plainer word of the same sense.
 */
const OPENERS: Record<string, readonly string[]> = {
  首先: [''],
  其次: [''],
  再次: [''],
  此外: [''],
  另外: [''],
  与此同时: ['', '同一时期，'],
  同时: [''],
  值得注意的是: [''],
  需要注意的是: [''],
  需要指出的是: [''],
  具体而言: [''],
  具体来说: [''],
  总体而言: ['', '整体上，'],
  整体而言: ['', '整体上，'],
  总的来说: [''],
  总而言之: [''],
  综上所述: ['', '概括起来，'],
  总之: [''],
  换句话说: ['即'],
  也就是说: ['即'],
  因此: ['所以', '因而'],
  然而: ['不过'],
  由此可见: ['可见'],
  可以看出: ['可见'],
  在此基础上: ['以此为基础'],
  基于此: ['据此'],
  鉴于此: ['为此'],
};

/** 首先，X → X; 因此，X → 所以，X; 也就是说，X → 即X (a one-character replacement takes no comma). */
const dropOpener: ParagraphRule = {
  name: 'drop-opener',
  apply(paragraph, ctx) {
    const names = Object.keys(OPENERS).sort((a, b) => b.length - a.length);
    const re = new RegExp(`${SENTENCE_START}(${names.join('|')})([，,]?)`, 'g');
    return replaceSome(
      paragraph,
      re,
      (m) => {
        const [, lead = '', opener = '', comma = ''] = m;
        const rest = paragraph.slice(m.index + m[0].length);
        // 首先要… / 同时也… : the opener is an adverb of the clause, not a sentence connective; a bare 此外 before
        // a noun phrase is rare and kept
        if (!comma && !/^(首先|其次|再次)$/.test(opener)) return undefined;
        if (/^[，,。；;]/.test(rest) || rest.length < 4) return undefined;
        const choice = pickOne(ctx.random, OPENERS[opener] ?? ['']);
        if (choice === '') return lead;
        return `${lead}${choice}${choice.endsWith('，') || choice.length === 1 ? '' : '，'}`;
      },
      ctx,
    );
  },
};

/**
 * 首先X，然后Y，最后Z inside a sentence (steps without commas after the markers), or 本文首先X；其次，Y；最后，Z: the
 * first marker goes (after a clause break or the author as subject), the order of the steps stays readable from
 * 然后/最后; without a later marker in the paragraph 首先 stays.
 */
const inlineEnumeration: ParagraphRule = {
  name: 'de-enumerate',
  apply(paragraph, ctx) {
    if (!/其次|再次|然后|接着|随后|最后/.test(paragraph)) return paragraph;
    return replaceSome(
      paragraph,
      /([，,；;]|本文|文中|本研究|该文|笔者|我们)首先(?=[\u4e00-\u9fff\ue000-\uf8ff])/g,
      (m) => m[1] ?? '',
      ctx,
    );
  },
};

/** Ordinal series that mark the items of a list: 一是/二是, 第一/第二, 其一/其二. */
const ORDINAL_SERIES: ReadonlyArray<(n: string) => string> = [
  (n) => `${n}是`,
  (n) => `第${n}[，,]?`,
  (n) => `其${n}[，,]?`,
];
const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/**
 * …：一是X；二是Y；三是Z。→ …：X；Y；Z。: inside one sentence that announces its list with a colon, the ordinal
 * markers go — the colon and the semicolons already say where each item starts and the order is unchanged, while a
 * 一是/二是 ladder is what generated prose leans on. Only a complete series in order (one, two, … after the colon,
 * each later one right after a semicolon), never a single marker.
 */
const colonList: ParagraphRule = {
  name: 'colon-list',
  apply(paragraph, ctx) {
    let out = paragraph;
    for (const marker of ORDINAL_SERIES) {
      const first = new RegExp(`[：:]${marker('一')}`, 'g');
      for (let m = first.exec(out); m !== null; m = first.exec(out)) {
        const sentenceEnd = out.slice(m.index).search(/[。！？!?]/);
        const end = sentenceEnd < 0 ? out.length : m.index + sentenceEnd;
        const items = out.slice(m.index + 1, end).split(/[；;]/);
        if (items.length < 2) continue;
        const stripped = items.map((item, k) => {
          const numeral = NUMERALS[k];
          const re = numeral ? new RegExp(`^${marker(numeral)}(?=[\u4e00-\u9fff\ue000-\uf8ff])`) : undefined;
          return re?.test(item) ? item.replace(re, '') : undefined;
        });
        if (stripped.some((x) => x === undefined || x.length < 4) || ctx.random() >= ctx.rate) continue;
        const separators = out.slice(m.index + 1, end).match(/[；;]/g) ?? [];
        const list = stripped.map((x, k) => `${x}${separators[k] ?? ''}`).join('');
        out = `${out.slice(0, m.index + 1)}${list}${out.slice(end)}`;
        first.lastIndex = m.index + 1;
      }
    }
    return out;
  },
};

/** Stock phrases of generated academic prose and plainer wording of the same sense. */
const STOCK: Array<[RegExp, readonly string[]]> = [
  [/具有重要(?:的)?意义/g, ['意义重大']],
  [/有助于/g, ['有利于']],
  [/旨在/g, ['意在']],
  [/提供了(?=[\u4e00-\u9fff])/g, ['提供']],
  [/发挥(?:了|着)重要(?:的)?作用/g, ['起了重要作用']],
  [/日益(?=[\u4e00-\u9fff]{2})/g, ['越来越']],
  [/在一定程度上/g, ['在某种程度上']],
  [/呈现出(?=[\u4e00-\u9fff])/g, ['呈现']],
  [/，从而(?=[\u4e00-\u9fff])/g, ['，由此', '，这样']],
  [/，进而(?=[\u4e00-\u9fff])/g, ['，再']],
  [/更重要的是，/g, ['更关键的是，']],
  [/不可忽视的是，/g, ['']],
];

const stockPhrase: ParagraphRule = {
  name: 'stock-phrase',
  apply(paragraph, ctx) {
    let out = paragraph;
    for (const [re, choices] of STOCK) {
      out = replaceSome(out, re, () => pickOne(ctx.random, choices), ctx);
    }
    return out;
  },
};

/**
 * 不断提高 → 提高, 有效提升 → 提升, 深入分析 → 分析: an intensifier that adds no fact before a verb of improvement
 * or study is the generic wording generated prose leans on. 进一步 and 持续 stay: they say something (further,
 * sustained).
 */
const dropIntensifier: ParagraphRule = {
  name: 'drop-intensifier',
  apply(paragraph, ctx) {
    return replaceSome(
      paragraph,
      /(不断|有效|深入|全面|切实|充分|大力|积极)地?(?=(提高|提升|完善|优化|加强|增强|推进|促进|改善|推动|发挥|挖掘|保障|拓展|深化|分析|探讨|理解|研究))/g,
      (m) => {
        const before = paragraph.slice(Math.max(0, m.index - 1), m.index);
        // 不能有效… / 未充分…: the adverb is under a negation or a modal, where it carries the claim
        return /[不未无没非能]/.test(before) ? undefined : '';
      },
      ctx,
    );
  },
};

/** Value phrases a generated closing sentence is made of (具有重要的理论意义和实践价值, 提供了有益的参考 …). */
const FILLER =
  /具有(?:十分|非常|极其)?重要(?:的)?(?:理论|现实|实践|应用|参考|学术)?(?:意义|价值)(?:[和与及](?:理论|现实|实践|应用|参考|学术)?(?:意义|价值))?|意义重大|提供了?(?:有益的|重要的|一定的|新的|有力的)?(?:理论|实践)?(?:参考|借鉴|依据|思路|支撑|支持|指导)(?:[和与及](?:参考|借鉴|依据|思路|支撑|支持|指导))?|奠定了?(?:良好|坚实)?的?基础|值得(?:进一步)?(?:关注|研究|探讨|推广)/g;
const SUMMARY_OPENER = /^(综上所述|综上|总之|总而言之|总的来说|总体而言|整体而言|由此可见|可见)，?/;

const hanBigrams = (text: string) => {
  const han = text.replace(/[^\u4e00-\u9fff]/g, '');
  return Array.from({ length: Math.max(0, han.length - 1) }, (_, i) => han.slice(i, i + 2));
};

/**
 * A closing sentence that only restates (综上所述，该方法具有重要意义。) goes: it must be the last of three or more
 * sentences, open with a summary marker or be made of value phrases, hold no protected span (number, term,
 * citation), and what is left once the marker and the value phrases are taken out must be either a few characters
 * or words the paragraph already said (≥ 70 % of its character bigrams occur before it).
 */
const dropRestatement: ParagraphRule = {
  name: 'drop-restatement',
  apply(paragraph, ctx, terms) {
    const parts = sentencesOf(paragraph);
    const last = parts[parts.length - 1];
    if (parts.length < 3 || last === undefined || /\d/.test(last)) return paragraph;
    const before = paragraph.slice(0, paragraph.length - last.length);
    // a term the paragraph already used may go with the sentence; any other protected span keeps it
    const termsBefore = new Set((before.match(/[\ue000-\uf8ff]/g) ?? []).map((m) => terms.get(m)));
    const marks = last.match(/[\ue000-\uf8ff]/g) ?? [];
    if (marks.some((m) => !terms.has(m) || !termsBefore.has(terms.get(m)))) return paragraph;
    const opened = SUMMARY_OPENER.test(last);
    FILLER.lastIndex = 0;
    const filled = FILLER.test(last);
    if (!opened && !filled) return paragraph;
    const rest = last.replace(SUMMARY_OPENER, '').replace(FILLER, '');
    const grams = hanBigrams(rest);
    const said = grams.filter((g) => before.includes(g)).length;
    const restates = rest.replace(/[^\u4e00-\u9fff]/g, '').length <= 8 || said >= 0.7 * grams.length;
    if (!restates || !(opened || filled) || ctx.random() >= ctx.rate) return paragraph;
    return before;
  },
};

/** Sentences of a masked paragraph with their end mark: 。！？ (a semicolon does not end one here). */
function sentencesOf(paragraph: string): string[] {
  return paragraph.match(/[^。！？!?]+[。！？!?]*|[。！？!?]+/g) ?? [];
}

/** A sentence that opens a new statement with a subject of its own (本文提出…, 结果表明…) stays apart. */
const NEW_STATEMENT =
  /^(本文|本研究|文章|文中|笔者|我们|研究|结果|分析|实验|仿真|结论|但|而|然而|不过|总之|综上)/;

/**
 * Whether a sentence continues the previous one's subject: it opens with a pronoun pointing back (该/其/这/此/二者),
 * a verb, an adverb, a preposition or a conjunction, so a comma can join it to the sentence before.
 */
function continuesSubject(sentence: string): boolean {
  const firstClause = sentence.split(/[，,；;]/)[0] ?? sentence;
  // a subject of its own anywhere in the first clause (针对这一问题，本文… / 以X为例的结果表明…) starts a new statement
  if (NEW_STATEMENT.test(sentence) || /本文|本研究|文章|文中|笔者|表明|显示/.test(firstClause)) return false;
  // a topic frame (就个人层面而言，… / 从政策来看，…) turns to a new topic, whatever its first word's tag (就 reads as an adverb)
  if (/(而言|来看|来说|看来|方面|层面)$/.test(firstClause)) return false;
  if (/^(该|其|这|此|二者|两者|它|它们)/.test(sentence)) return true;
  // a conclusion drawn from the sentence before (因此，… / 可见，…) is a statement of its own
  if (/^(因此|所以|因而|可见|由此|故|总之|于是)/.test(sentence)) return false;
  // 介绍和分析了X: a research verb with no subject reports the author's work, whatever the sentence before is about
  if (/^(介绍|分析|研究|探讨|讨论|提出|总结|阐述|论述|考察|比较|评述|综述|回顾)/.test(sentence)) return false;
  // a verb, adverb or conjunction: the previous subject goes on (a preposition opens an adverbial of a new one)
  const first = tagWords(sentence.slice(0, 8))[0];
  return first !== undefined && /^(v|d|c)$/.test(first.tag);
}

/** Longest sentence (masked characters) a merge may produce: longer ones read as run-ons. */
const MAX_MERGED = 120;

/**
 * X。Y。→ X，Y。: two neighbouring sentences become one comma-chained sentence, as human Chinese academic prose
 * often runs (the detector reads few commas per sentence and uniform sentence lengths as generated). Pairs only,
 * never a label (目的：), a quotation or a question, and never beyond MAX_MERGED characters, so lengths vary.
 */
const mergeSentences: ParagraphRule = {
  name: 'merge-sentences',
  apply(paragraph, ctx) {
    const parts = sentencesOf(paragraph);
    const out: string[] = [];
    let mergedLast = false;
    for (const part of parts) {
      const prev = out[out.length - 1];
      const canMerge =
        prev !== undefined &&
        !mergedLast &&
        /[^。]。$/.test(prev) &&
        prev.length + part.length <= MAX_MERGED &&
        // a placeholder opening the next sentence may be a label (方法：) or a number; 目的/结论 labels stay apart
        !/^[\ue000-\uf8ff“"「（(]/.test(part) &&
        !/[：:]/.test(part.slice(0, 6)) &&
        continuesSubject(part);
      if (canMerge && ctx.random() < ctx.rate) {
        out[out.length - 1] = `${prev.slice(0, -1)}，${part}`;
        mergedLast = true;
        continue;
      }
      mergedLast = false;
      out.push(part);
    }
    return out.join('');
  },
};

/** Shortest half a split may leave (masked characters): a shorter one reads as a fragment. */
const MIN_SPLIT_PART = 18;
/** Sentences at least this long are split at a semicolon (masked characters). */
const SPLIT_AT = 80;

/**
 * A long X；Y。 sentence → X。Y。 at the semicolon nearest its middle: generated prose chains clause after clause with
 * semicolons into sentences of one long length, and a split beside the merges above gives the paragraph short and
 * long sentences. Never inside a list a colon announced (…：A；B；C keeps its semicolons), never when the second half
 * opens with a pronoun pointing into the first (其/该/此/这), never leaving a part under MIN_SPLIT_PART characters.
 */
const splitSemicolon: ParagraphRule = {
  name: 'split-semicolon',
  apply(paragraph, ctx) {
    return sentencesOf(paragraph)
      .map((sentence) => {
        if (sentence.length < SPLIT_AT || /[：:]/.test(sentence)) return sentence;
        const cuts = [...sentence.matchAll(/；/g)].map((m) => m.index);
        const middle = sentence.length / 2;
        const cut = cuts
          .filter((i) => i >= MIN_SPLIT_PART && sentence.length - i - 1 >= MIN_SPLIT_PART)
          .filter((i) => !/^(其|该|此|这|它|二者|两者)/.test(sentence.slice(i + 1)))
          .sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle))[0];
        if (cut === undefined || ctx.random() >= ctx.rate) return sentence;
        return `${sentence.slice(0, cut)}。${sentence.slice(cut + 1)}`;
      })
      .join('');
  },
};

/**
 * Words of the generated academic register and plainer words of the same sense, chosen on the tuning part of
 * ai_academic_zh (the words generated abstracts use far more often than human ones). Only swaps that keep the
 * meaning in any discipline are listed: not 明显 → 显著 (statistical significance), not 表示 (表示为), not 不足
 * (不足10%), not 部分 (第一部分).
 */
const PLAIN_WORDS: Record<string, readonly string[]> = {
  本文: ['本研究', '文中'],
  通常: ['一般'],
  包括: ['包含'],
  这一: ['这个', '此'],
  较为: ['比较'],
  难以: ['很难'],
  能够: ['能'],
  以及: ['及'],
  近年来: ['近几年', '最近几年'],
  上述: ['以上', '前述'],
  若干: ['一些'],
  使用: ['利用', '运用'],
  开展: ['进行'],
  导致: ['造成', '引起'],
  推动: ['促进'],
  例如: ['比如'],
  梳理: ['整理'],
  简要: ['简单'],
  构建: ['建立'],
  缺乏: ['缺少'],
  随后: ['然后', '接着'],
  结果显示: ['结果表明'],
  日益: ['越来越'],
  之间: ['间'],
  据此: ['由此'],
  提升: ['提高'],
  往往: ['经常'],
  并: ['并且'],
};

/** Words after which the swap would not read (本文的 → 本研究的 is fine, 可能的/可能性 is a noun). */
const PLAIN_BLOCKED_NEXT: Record<string, RegExp> = {
  可能: /^(的|性|是|会|还)/,
  并: /^[不非未没无且列行存重举称入发]/,
  本文: /^(的|中|所)/,
  以及: /^[与和及同对]/,
  之间: /^(的距离)/,
  使用: /^(的|者|率|频|寿命|价值|说明)/,
  开展: /^(的)/,
};
/** Tags a word must carry for the swap (并 only as a conjunction or adverb joining two verb phrases). */
const PLAIN_TAGS: Record<string, RegExp> = { 并: /^(c|d)$/, 可能: /^(v|d)$/ };

/** 本文提出… → 本研究提出…, 能够有效… → 能有效…: whole jieba words only, never part of a longer word. */
const plainWords: ParagraphRule = {
  name: 'plain-words',
  apply(paragraph, ctx) {
    const tokens = tagWords(paragraph);
    let out = '';
    let pos = 0;
    tokens.forEach((t, i) => {
      const choices = PLAIN_WORDS[t.word];
      const next = tokens
        .slice(i + 1, i + 3)
        .map((x) => x.word)
        .join('');
      const prev = tokens[i - 1]?.word ?? '';
      const ok =
        choices !== undefined &&
        !/[不无未没非]$/.test(prev) &&
        !PLAIN_BLOCKED_NEXT[t.word]?.test(next) &&
        (PLAIN_TAGS[t.word]?.test(t.tag) ?? true) &&
        ctx.random() < ctx.rate;
      // 本文研究… → 文中研究…, never 本研究研究…; never into the AI register (a replacement the detector reads as
      // generated would undo the rule)
      const options = (t.word === '本文' && next.startsWith('研究') ? ['文中'] : choices)?.filter(
        (c) => !inAiRegister(c),
      );
      out += paragraph.slice(pos, t.start) + (ok && options?.length ? pickOne(ctx.random, options) : t.word);
      pos = t.end;
    });
    return out + paragraph.slice(pos);
  },
};

export const AIGC_RULES: readonly ParagraphRule[] = [
  dropRestatement,
  inlineEnumeration,
  colonList,
  dropOpener,
  stockPhrase,
  dropIntensifier,
  plainWords,
  mergeSentences,
  splitSemicolon,
];

/** Placeholder → text of the document terms among the spans masked in `text[start, end)` (maskRange's order). */
function termPlaceholders(
  text: string,
  start: number,
  end: number,
  spans: readonly ProtectedSpan[],
): Map<string, string> {
  const out = new Map<string, string>();
  spans
    .filter((s) => s.end > start && s.start < end)
    .forEach((s, i) => {
      if (s.kind === 'term') out.set(String.fromCharCode(0xe000 + i), text.slice(s.start, s.end));
    });
  return out;
}

/** Apply the 降AIGC rules to every paragraph of `text` ('\n'-separated), keeping every protected span. */
export function deAigc(text: string, options: DeAigcOptions = {}): DeAigcResult {
  const random: Random = seededRandom(options.seed ?? 1);
  const ctx: RuleContext = { random, rate: options.rate ?? 1 };
  const spans = findProtectedSpans(text, options);
  const applied = new Set<string>();
  const out: string[] = [];
  let offset = 0;
  for (const paragraph of text.split('\n')) {
    const start = offset;
    const end = start + paragraph.length;
    offset = end + 1;
    const mask = maskRange(text, start, end, spans);
    // the reference list is left exactly as written
    if (!mask || spans.some((s) => s.kind === 'reference' && s.start < end && s.end > start)) {
      out.push(paragraph);
      continue;
    }
    let masked = mask.masked;
    const terms = termPlaceholders(text, start, end, spans);
    for (const rule of AIGC_RULES) {
      const next = rule.apply(masked, ctx, terms);
      if (next !== masked) applied.add(rule.name);
      masked = next;
    }
    out.push(mask.unmask(masked));
  }
  return { text: out.join('\n'), rules: [...applied] };
}
