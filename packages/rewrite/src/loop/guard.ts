import { checkRewriteOutput } from '../prompts.ts';
import type { ProtectOptions } from '../protect.ts';
import { tagWords } from '../segment.ts';

export interface GuardResult {
  ok: boolean;
  /** Why the candidate was rejected (Chinese, shown to the user in the round log). */
  reasons: string[];
}

export interface GuardOptions extends ProtectOptions {
  /** Accepted candidate/original length ratio (characters without whitespace). Default [0.6, 1.6]. */
  minLengthRatio?: number;
  maxLengthRatio?: number;
}

/** Negation morphemes: 不 没 未 无 非 否 勿 莫 别 (别 only before a verb is rare in academic prose, left out). */
const NEGATION = /[不没未无非否勿莫]/g;
/** Words that contain a negation character but do not negate (不断 = continuously, 非常 = very, 是否 = whether). */
const NON_NEGATING =
  /不断|不仅|不只|不单|不但|不光|不论|不管|不过|不少|不久|不然|不言而喻|无论|非常|是否|否则|无疑|莫大|与否|除非|莫过于|无不|不外乎|并非仅|无一不|未来|无线|无机|非线性/g;
/** Numerals before a classifier (三种, 两个, 十余项): a number written in characters. */
const HAN_NUMBER =
  /[零一二两三四五六七八九十百千万亿]+(?:余|多)?(?=[种个类项组次名例位篇条年月天周倍部章节层级方面点大阶])/g;
/** A number and the unit right after it (5 mg, 30%, 12例, 3.5倍). */
const NUMBER_WITH_UNIT =
  /(\d+(?:[.．。]\d+)?)\s*([%％‰℃°]|mg|g|kg|μg|ng|ml|mL|L|mmol|mol|cm|mm|m|km|nm|μm|h|min|s|d|Hz|kHz|MHz|GHz|kb|Mb|Gb|V|mV|kV|W|kW|A|mA|Pa|kPa|MPa|个|名|例|位|人次|人|次|年|月|日|天|周|小时|分钟|秒|岁|倍|篇|家|种|项|组|份|元|万元|亿元|千米|公里|米|千克|克|吨|台|套|条|所|亩|公顷|度)?/g;
/**
 * jieba tags of places and organisations. People's names (nr) are left out: jieba's HMM tags unknown words as nr
 * (非常明显/nr), which would reject harmless rewrites.
 */
const ENTITY_TAGS = new Set(['ns', 'nt']);
/** Words jieba's dictionary tags as places though they are not names (重大意义/ns). */
const NOT_A_NAME = /意义|作用|问题|方法|研究|发展|影响|价值/;
/** Generic tails of a place name: 北京地区 → 北京 is what must stay. */
const PLACE_TAIL = /(?:地区|地带|一带|流域|沿岸|周边)$/;

/**
 * The meaning guard for any candidate rewrite (rules' or a model's): the protected spans of the input kept and no
 * number invented (checkRewriteOutput), no negation dropped or added, no number changed (digits or a numeral
 * before a classifier), no unit changed, no named entity lost, length within bounds.
 */
export function meaningGuard(original: string, candidate: string, options: GuardOptions = {}): GuardResult {
  const reasons: string[] = [];
  const output = checkRewriteOutput(original, candidate, options);
  for (const m of output.missing) reasons.push(`保护内容丢失：${m.text}`);
  for (const n of output.addedNumbers) reasons.push(`新增数字：${n}`);
  const minRatio = options.minLengthRatio ?? 0.6;
  const maxRatio = options.maxLengthRatio ?? 1.6;
  if (output.lengthRatio < minRatio || output.lengthRatio > maxRatio)
    reasons.push(`长度比${output.lengthRatio.toFixed(2)}超出${minRatio}–${maxRatio}`);
  const negBefore = negations(original);
  const negAfter = negations(candidate);
  if (negAfter < negBefore) reasons.push(`否定词减少：${negBefore} → ${negAfter}`);
  if (negAfter > negBefore) reasons.push(`否定词增加：${negBefore} → ${negAfter}`);
  for (const n of lost(numbersOf(original), numbersOf(candidate))) reasons.push(`数字改变或丢失：${n}`);
  for (const n of lost(hanNumbersOf(original), hanNumbersOf(candidate))) reasons.push(`数量改变：${n}`);
  for (const u of lost(unitsOf(original), unitsOf(candidate))) reasons.push(`单位改变：${u}`);
  for (const e of entitiesOf(original)) if (!candidate.includes(e)) reasons.push(`专名丢失：${e}`);
  return { ok: reasons.length === 0, reasons: [...new Set(reasons)] };
}

function negations(text: string): number {
  const plain = text.replace(NON_NEGATING, '');
  return plain.match(NEGATION)?.length ?? 0;
}

function normaliseNumber(n: string): string {
  return n.replace(/[．。]/g, '.');
}

function numbersOf(text: string): string[] {
  return [...text.matchAll(/\d+(?:[.．。]\d+)*/g)].map((m) => normaliseNumber(m[0]));
}

function hanNumbersOf(text: string): string[] {
  // 一种/一个 are articles more than counts (一种新方法 ↔ 新的方法): only numerals other than a bare 一 count
  return [...text.matchAll(HAN_NUMBER)].map((m) => m[0].replace(/两/g, '二')).filter((n) => n !== '一');
}

function unitsOf(text: string): string[] {
  return [...text.matchAll(NUMBER_WITH_UNIT)]
    .filter((m) => m[2])
    .map((m) => `${normaliseNumber(m[1] ?? '')}${m[2]}`);
}

/** Items of `before` (a multiset) missing from `after`. */
function lost(before: readonly string[], after: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const x of after) left.set(x, (left.get(x) ?? 0) + 1);
  const out: string[] = [];
  for (const x of before) {
    const n = left.get(x) ?? 0;
    if (n > 0) left.set(x, n - 1);
    else out.push(x);
  }
  return out;
}

const entityCache = new Map<string, string[]>();
/** Names of two or more characters jieba tags as people, places or organisations (cached per text). */
function entitiesOf(text: string): string[] {
  const cached = entityCache.get(text);
  if (cached) return cached;
  const names = [
    ...new Set(
      tagWords(text)
        .filter(
          (t) =>
            ENTITY_TAGS.has(t.tag) &&
            t.word.length >= 2 &&
            /^[\u4e00-\u9fff]+$/.test(t.word) &&
            !NOT_A_NAME.test(t.word),
        )
        .map((t) => (t.word.replace(PLACE_TAIL, '').length >= 2 ? t.word.replace(PLACE_TAIL, '') : t.word)),
    ),
  ];
  if (entityCache.size > 256) entityCache.clear();
  entityCache.set(text, names);
  return names;
}
