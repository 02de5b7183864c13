import type { Random } from '@paperdesk/textkit';
import { pickOne } from './random.ts';
import { hasPlaceholder } from './mask.ts';
import { type Token, tagWords } from './segment.ts';

/**
 * Sentence-level rewriting rules. They run on a sentence whose protected spans are masked as single private-use
 * characters, so no pattern can cut into a number, a citation or a term; every rule keeps the meaning and only
 * changes wording or order. Each match is rewritten with probability `rate` (the strength).
 */
export interface RuleContext {
  random: Random;
  rate: number;
}

export interface SentenceRule {
  name: string;
  apply(sentence: string, ctx: RuleContext): string;
}

/** A clause starts at the sentence start or after a comma, semicolon or colon. */
const CLAUSE_START = '(^|[，,；;：:])';
/**
 * A clause's words: anything but clause punctuation (masked spans are single characters, so they count too; a
 * '.' left after masking numbers and Latin is a full stop).
 */
const CLAUSE_BODY = '[^，,。；;：:！？!?、.]';

type Replacer = (match: RegExpExecArray) => string | undefined;

/** Replace matches of `re` (global) by `replacer`, each with probability ctx.rate; undefined keeps the match. */
export function replaceSome(sentence: string, re: RegExp, replacer: Replacer, ctx: RuleContext): string {
  let out = '';
  let last = 0;
  re.lastIndex = 0;
  for (let m = re.exec(sentence); m !== null; m = re.exec(sentence)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const replacement = ctx.random() < ctx.rate ? replacer(m) : undefined;
    if (replacement === undefined) continue;
    out += sentence.slice(last, m.index) + replacement;
    last = m.index + m[0].length;
  }
  return last === 0 ? sentence : out + sentence.slice(last);
}

/** Clause-initial connectives and stock openers and their equivalents. */
const CONNECTIVES: Record<string, readonly string[]> = {
  因此: ['所以', '因而'],
  所以: ['因此', '因而'],
  但是: ['然而', '不过'],
  然而: ['但是', '不过'],
  此外: ['另外', '除此之外'],
  另外: ['此外', '除此之外'],
  同时: ['与此同时', '此外'],
  总之: ['综上所述', '总而言之'],
  综上所述: ['总而言之', '综上可知'],
  结果表明: ['结果显示', '研究结果说明'],
  研究表明: ['研究显示', '已有研究发现'],
  实验表明: ['实验结果显示', '实验证明'],
  近年来: ['近些年来', '最近几年'],
  目前: ['当前', '现阶段'],
  // not 首先/其次: the rule sees one sentence, so 首先…其次…最后 came out as 第一…再者…最后
};

const RUNS_INTO_CLAUSE = new Set(['所以', '因此', '因而', '然而', '不过', '但是', '当前', '现阶段']);

const connective: SentenceRule = {
  name: 'connective',
  apply(sentence, ctx) {
    const words = Object.keys(CONNECTIVES).join('|');
    const re = new RegExp(`${CLAUSE_START}(${words})([，,：:\\s]?)`, 'g');
    return replaceSome(
      sentence,
      re,
      (m) => {
        const [, lead = '', word = '', comma = ''] = m;
        // without a comma after it the connective runs into its clause: only a plain conjunction or adverb fits
        const options = (CONNECTIVES[word] ?? []).filter((o) => comma !== '' || RUNS_INTO_CLAUSE.has(o));
        return options.length === 0 ? undefined : `${lead}${pickOne(ctx.random, options)}${comma}`;
      },
      ctx,
    );
  },
};

/** Verbs that follow 进行 in 对X进行Y; optional adverbial prefixes (深入分析). */
const JINXING_VERBS =
  '分析|研究|探讨|讨论|评价|评估|调查|总结|比较|对比|验证|测试|检测|优化|改进|设计|预测|分类|统计|阐述|论述|描述|归纳|梳理|考察|检验|计算|模拟|仿真|测定|观察|处理|修正|整合|探究|解析|剖析|概括|识别|鉴别|筛选|监测|改造|完善|规范|调整|治疗|干预|定位|重构|建模|求解';
const JINXING_PREFIX = '深入|系统|全面|初步|详细|综合|定量|定性|统计|比较|实证|理论|对比|回顾性|进一步';
/** Verbs that collocate with 展开 (就X展开了分析). */
const ZHANKAI_VERBS = new Set(['分析', '研究', '探讨', '讨论', '调查', '论述', '考察', '探究']);

/** 对X进行(了)Y → Y(了)X | 将X加以Y | 就X展开(了)Y, when 对 is the preposition word (not 对策/对于/相对). */
function fromJinxing(clause: string, ctx: RuleContext): string {
  const prepositions = new Set(
    tagWords(clause)
      .filter((t) => (t.word === '对' || t.word === '针对') && t.tag === 'p')
      .map((t) => t.start),
  );
  const re = new RegExp(
    `(针对|对)(${CLAUSE_BODY}{1,18}?)进行(了?)((?:${JINXING_PREFIX})?)(${JINXING_VERBS})$`,
    'g',
  );
  return replaceSome(
    clause,
    re,
    (m) => {
      const [, , object = '', le = '', prefix = '', verb = ''] = m;
      if (!prepositions.has(m.index) || /进行|对|的$|[也都均还又已亦]$/.test(object)) return undefined;
      const options = [`${prefix}${verb}${le}${object}`, `将${object}加以${prefix}${verb}`];
      if (ZHANKAI_VERBS.has(verb)) options.push(`就${object}展开${le}${prefix}${verb}`);
      return pickOne(ctx.random, options);
    },
    ctx,
  );
}

/** Subjects that may open a clause before its verb (本文分析了X → 本文对X进行了分析). */
const CLAUSE_SUBJECTS = '本文|本研究|该文|文中|笔者|我们|该研究|研究|实验|论文|本论文';

const REPORTING_VERBS = /表明|显示|说明|发现|证明|提示|认为|指出|可以|能够|可|能/;

/** Y(了)X → 对X进行(了)Y: a listed verb opening its clause, its object running to the clause end. */
function toJinxing(clause: string, ctx: RuleContext): string {
  const re = new RegExp(
    `^((?:${CLAUSE_SUBJECTS})?(?:首先|然后|最后|进而|并|又|还|也|再|分别)?)((?:${JINXING_PREFIX}|详细|深入)?)(${JINXING_VERBS})(了?)(${CLAUSE_BODY}{2,25})$`,
    'g',
  );
  return replaceSome(
    clause,
    re,
    (m) => {
      const [, lead = '', prefix = '', verb = '', le = '', object = ''] = m;
      if (/^了|进行|对|将|把|被|了|的$/.test(object) || REPORTING_VERBS.test(object)) return undefined;
      // a bare verb opening a clause is often a noun modifier (研究结果表明): want 了, a subject or an adverb
      if (le === '' && lead === '' && prefix === '') return undefined;
      // the verb must be a word of its own (分析法 is not 分析) and the object must end in a noun
      const tokens = tagWords(clause);
      const verbStart = lead.length + prefix.length;
      const last = tokens[tokens.length - 1];
      if (!tokens.some((t) => t.start === verbStart && t.word === verb)) return undefined;
      if (!last || !/^(n|vn|nz|x|j|l|an)/.test(last.tag)) return undefined;
      return `${lead}对${object}进行${le}${prefix}${verb}`;
    },
    ctx,
  );
}

/**
 * 对X进行了分析 ⇄ 分析了X, clause by clause: a clause with the 进行 construction loses it, a clause opening
 * with a listed verb gains it, so one pass never undoes the other.
 */
const duiJinxing: SentenceRule = {
  name: 'dui-jinxing',
  apply(sentence, ctx) {
    return sentence
      .split(/([，,；;：:。！？!?.])/)
      .map((clause) => {
        const reduced = fromJinxing(clause, ctx);
        return reduced !== clause ? reduced : toJinxing(clause, ctx);
      })
      .join('');
  },
};

/** 以X为参照 → 将X作为参照: the 以…为 frame becomes 将…作为 for role nouns. */
const YI_WEI_ROLES =
  '对象|研究对象|参照|对照|指标|核心|主线|目标|切入点|出发点|重点|依据|载体|手段|导向|中心|代表|样本|内标|标准';

const yiWei: SentenceRule = {
  name: 'yi-wei',
  apply(sentence, ctx) {
    // only a frame that closes its clause: 以X为载体的纳米胶束 (attributive) stays
    const re = new RegExp(`以(${CLAUSE_BODY}{1,15}?)为(${YI_WEI_ROLES})(?=[，,；;。！？!?]|$)`, 'g');
    return replaceSome(
      sentence,
      re,
      // X holds no 为 of its own: in 以回族生活为题材的小说作为研究对象 the frame is 以…为题材, and the lazy match
      // would otherwise run on to the 为 of 作为 (把回族生活为题材的小说作作为研究对象)
      (m) =>
        /[以为]/.test(m[1] ?? '') ? undefined : `${pickOne(ctx.random, ['将', '把'])}${m[1]}作为${m[2]}`,
      ctx,
    );
  },
};

/** A clause that cannot stand first without its subject (it continues the 由于 clause's subject). */
const SUBJECTLESS_START =
  /^(可|能|使|会|需|应|要|将|便|就|才|也|都|均|又|还|并|而|且|则|导致|造成|引起|出现|产生|具有|存在|有|得|被|对|在|为|从|把|以|通过|针对|随着|一直|始终)/;

/** Words opening a subject that can move before its 由于 clause (该结论…, 本文…), unlike 其/它. */
const DEMONSTRATIVE_SUBJECTS = new Set(['该', '此', '这', '这些', '这种', '本文', '本研究', '我们', '笔者']);

const causeEffect: SentenceRule = {
  name: 'cause-effect',
  apply(sentence, ctx) {
    const re = new RegExp(
      `^(?:由于|因为)(${CLAUSE_BODY}{2,40})，(?:因此|所以|因而|故)?，?([^。！？!?]{4,})([。！？!?]?)$`,
      'g',
    );
    return replaceSome(
      sentence,
      re,
      (m) => {
        const [, cause = '', effect = '', end = ''] = m;
        // a second causal link inside the effect would end up on the wrong side of 这是因为
        if (/由于|因此|所以|因而/.test(effect)) return undefined;
        // B moves first only when it opens with its own subject and is a single short chain of clauses;
        // otherwise (提出一种…, 其研究…, a cause that runs on past its comma) the order stays: 鉴于A，B
        const first = tagWords(effect)[0];
        const ownSubject =
          first !== undefined &&
          (/^(n|nr|ns|nt|nz|j|x)/.test(first.tag) || DEMONSTRATIVE_SUBJECTS.has(first.word)) &&
          !/^[其它他]/.test(effect);
        const clauses = effect.match(/[，,]/g)?.length ?? 0;
        if (SUBJECTLESS_START.test(effect) || !ownSubject || clauses > 1)
          return `鉴于${cause}，${effect}${end}`;
        return `${effect}，这是因为${cause}${end}`;
      },
      ctx,
    );
  },
};

/** 为了提高X，本文提出了Y。→ 本文提出了Y，以提高X。: a purpose clause opening the sentence moves behind it. */
const purposeMove: SentenceRule = {
  name: 'purpose-move',
  apply(sentence, ctx) {
    const re = new RegExp(`^为了?(${CLAUSE_BODY}{4,40})，([^。！？!?]{6,50})([。！？!?]?)$`, 'g');
    return replaceSome(
      sentence,
      re,
      (m) => {
        const [, purpose = '', main = '', end = ''] = m;
        // 为 must introduce a verb phrase (为提高效率), not a beneficiary (为企业发展 means "for")
        if (tagWords(purpose)[0]?.tag !== 'v' || /^(能够|可以|能|可)/.test(purpose)) return undefined;
        // a main clause that only reports an event (出现了Y) does not carry a purpose after it
        if (/为了?|由于|因此|所以/.test(main) || /^(出现|产生|发生)/.test(main)) return undefined;
        // behind a long chain of clauses 以X would attach to the last one only
        if ((main.match(/[，,]/g)?.length ?? 0) > 1) return undefined;
        return `${main}，以${purpose}${end}`;
      },
      ctx,
    );
  },
};

/** Subjects a research sentence opens with, which an adverbial of means or basis may stand before or after. */
const REPORT_SUBJECTS = '本文|本研究|文章|论文|文中|笔者|作者|我们|该文';
/** Prepositions of means, basis or target that head a movable adverbial (通过X，本文… ⇄ 本文通过X，…). */
const ADVERBIAL_HEADS = '通过|针对|根据|基于|利用|采用|结合|借助|依据|按照|运用';

/**
 * 通过问卷调查，本文分析了X → 本文通过问卷调查分析了X, and the other way: 本文基于面板数据，估计了Y → 基于面板数据，本文
 * 估计了Y. Where the adverbial of means or basis stands is free in Chinese when the subject is the author; moving it
 * changes the clause order (and every seam around it) without touching a word. Only a short adverbial (2–20
 * characters), one of the author subjects, and a main clause that opens with a verb or an adverb.
 */
const adverbialMove: SentenceRule = {
  name: 'adverbial-move',
  apply(sentence, ctx) {
    const fronted = new RegExp(
      `^(${ADVERBIAL_HEADS})(${CLAUSE_BODY}{2,20})，(${REPORT_SUBJECTS})(?!的)`,
      'g',
    );
    const after = new RegExp(`^(${REPORT_SUBJECTS})(${ADVERBIAL_HEADS})(${CLAUSE_BODY}{2,20})，`, 'g');
    // the main clause opens with the subject's own verb or adverb (not another adverbial: 通过X，本文针对Y…, nor 又/也
    // that continue a clause inside the adverbial)
    const opensWithVerb = (rest: string) =>
      /^(v|vn|d)$/.test(tagWords(rest.slice(0, 6))[0]?.tag ?? '') && !/^(又|也|还|才|并|而)/.test(rest);
    // the adverbial is a noun phrase (通过问卷调查, 基于面板数据), not a verb phrase that may be the predicate's first
    // half (本文通过举例说明X既…，又…)
    const nominal = (phrase: string) =>
      tagWords(phrase).every(
        (t) => hasPlaceholder(t.word) || NOMINAL_BASIS.test(t.tag) || /^(r|l)$/.test(t.tag),
      );
    const moved = replaceSome(
      sentence,
      fronted,
      (m) => {
        const rest = sentence.slice(m.index + m[0].length);
        return opensWithVerb(rest) && nominal(m[2] ?? '') ? `${m[3]}${m[1]}${m[2]}` : undefined;
      },
      ctx,
    );
    if (moved !== sentence) return moved;
    return replaceSome(
      sentence,
      after,
      (m) => {
        const rest = sentence.slice(m.index + m[0].length);
        // the main clause after the comma must be the subject's own verb phrase (not a new subject)
        return opensWithVerb(rest) && nominal(m[3] ?? '') && !new RegExp(`^(${REPORT_SUBJECTS})`).test(rest)
          ? `${m[2]}${m[3]}，${m[1]}`
          : undefined;
      },
      ctx,
    );
  },
};

const MEANS_VERBS = '实现|提高|提升|降低|达到|完成|获得|构建|建立|揭示|改善|增强|促进|减少|保证|确保|解决';

const byMeans: SentenceRule = {
  name: 'by-means',
  apply(sentence, ctx) {
    const re = new RegExp(`通过(${CLAUSE_BODY}{1,12}?)(?:来)?(${MEANS_VERBS})`, 'g');
    return replaceSome(
      sentence,
      re,
      (m) =>
        // A must be a plain means: not a 使用/采用 phrase (借助使用X) nor a causative or disposal frame
        /^(使用|采用|利用|运用|应用|借助)|[使让令把将被]/.test(m[1] ?? '')
          ? undefined
          : // 来 only where the source had it (有效地实现 ↛ 有效地来实现)
            `${pickOne(ctx.random, ['借助', '利用'])}${m[1]}${m[0].includes('来') ? '来' : ''}${m[2]}`,
      ctx,
    );
  },
};

const zaiZhong: SentenceRule = {
  name: 'zai-zhong',
  apply(sentence, ctx) {
    const re = new RegExp(`${CLAUSE_START}在(${CLAUSE_BODY}{2,14}?)(之中|中|下)(?=[，,])`, 'g');
    return replaceSome(
      sentence,
      re,
      (m) => {
        const [, lead = '', inner = '', locative = ''] = m;
        if (inner.endsWith('的') || inner.includes('在')) return undefined;
        // 在X下， opens a clause of condition (这种情况下，); 在政府的支持下 keeps its 在 (excluded above by 的)
        if (locative === '下' && !/(条件|情况|情形|背景|前提|环境|状态)$/.test(inner)) return undefined;
        // not 于X中 (literary) nor 在X当中 (reads stiff, and 当中 is the generated register): the 在 goes
        return `${lead}${inner}${locative === '下' ? '下' : '中'}`;
      },
      ctx,
    );
  },
};

/** X被(广泛)应用于Y → X在Y中得到了(广泛)应用: the passive with 被 becomes the 得到 construction. */
const passive: SentenceRule = {
  name: 'passive',
  apply(sentence, ctx) {
    const re = new RegExp(
      `${CLAUSE_START}(${CLAUSE_BODY}{2,20}?)被(广泛|普遍|大量)?(?:应用|运用|用)于(${CLAUSE_BODY}{2,20}?)(?=[，,。；;！？!?]|$)`,
      'g',
    );
    return replaceSome(
      sentence,
      re,
      (m) => {
        const [, lead = '', subject = '', degree = '', domain = ''] = m;
        return `${lead}${subject}在${domain}中得到了${degree}应用`;
      },
      ctx,
    );
  },
};

/** Fixed collocations of academic prose and equivalent phrasings. */
const PHRASES: Array<[RegExp, (m: RegExpExecArray, random: Random) => string | undefined]> = [
  [/具有(重要|重大)(?:的)?意义/g, (m, r) => pickOne(r, [`有着${m[1]}的意义`, '意义重大'])],
  [/(?:起到|起)(了|着)?(重要|关键|积极)(?:的)?作用/g, (m) => `发挥${m[1] ?? ''}${m[2]}作用`],
  [
    /发挥(了|着)?(重要|关键|积极)(?:的)?作用/g,
    (m) => `起到${m[1] === '着' ? '了' : (m[1] ?? '')}${m[2]}作用`,
  ],
  // 对X的影响 → 对X产生的影响 (对 the preposition, not 相对/针对; not 影响因素, 作用机制)
  [
    new RegExp(`(?<![相针绝反核应面配一])对(${CLAUSE_BODY}{1,15}?)的(影响|作用)(?![因机研])`, 'g'),
    (m, r) => (m[1]?.includes('的') ? undefined : `对${m[1]}${pickOne(r, ['产生的', '所产生的'])}${m[2]}`),
  ],
  [/越来越多的/g, () => '日益增多的'],
  [/越来越(受到|得到|引起)/g, (m) => `日益${m[1]}`],
  // not 设计了一种: proposing a method is not designing it
  [/提出了?一种/g, () => '给出了一种'],
  [
    // 在 the preposition, not the end of 存在 / 现在 / 所在 (是否存在X的基础上 is no 在…的基础上 frame)
    new RegExp(`(?<![存现所实正潜内外自好])在(${CLAUSE_BODY}{1,15}?)的基础上`, 'g'),
    (m) => (m[1]?.includes('在') ? undefined : `以${m[1]}为基础`),
  ],
  [
    new RegExp(`与(${CLAUSE_BODY}{1,12}?)相比`, 'g'),
    (m, r) => pickOne(r, [`相较于${m[1]}`, `和${m[1]}相比`]),
  ],
  [/得到了?(广泛|普遍)的?应用/g, (m) => `获得了${m[1]}应用`],
  [/引起(了)?(广泛|普遍|高度)?的?(关注|重视)/g, (m) => `受到${m[1] ?? ''}${m[2] ?? ''}${m[3]}`],
  [new RegExp(`是(${CLAUSE_BODY}{1,12}?)的重要组成部分`, 'g'), (m) => `构成${m[1]}的重要部分`],
  [/在一定程度上/g, () => '在某种程度上'],
  [/旨在/g, () => '意在'],
  [new RegExp(`以(${CLAUSE_BODY}{1,10}?)为例(?=[，,。；;：:！？!?]|$)`, 'g'), (m) => `以${m[1]}为案例`],
  [/是指/g, () => '指的是'],
];

const phrase: SentenceRule = {
  name: 'phrase',
  apply(sentence, ctx) {
    let out = sentence;
    for (const [re, make] of PHRASES) out = replaceSome(out, re, (m) => make(m, ctx.random), ctx);
    return out;
  },
};

/** X与Y之间的关系 → Y与X之间的关系: a symmetric relation of two nouns reads the same in either order. */
const SYMMETRIC_HEADS = new Set(['关系', '关联', '相关性', '差异', '区别', '联系', '相关关系']);
/** jieba tags nouns like 收入 as verbs, so content words of either kind may be the pair. */
const CONTENT_TAG = /^(n|v|j|l)/;

const coordinateSwap: SentenceRule = {
  name: 'coordinate-swap',
  apply(sentence, ctx) {
    const tokens = tagWords(sentence);
    for (let i = 1; i + 3 < tokens.length; i++) {
      const [a, and, b] = [tokens[i - 1], tokens[i], tokens[i + 1]];
      if (!a || !and || !b || (and.word !== '与' && and.word !== '和')) continue;
      if (!CONTENT_TAG.test(a.tag) || !CONTENT_TAG.test(b.tag) || a.word.length < 2 || b.word.length < 2)
        continue;
      let j = i + 2;
      if (tokens[j]?.word === '之间') j++;
      if (tokens[j]?.word !== '的' || !SYMMETRIC_HEADS.has(tokens[j + 1]?.word ?? '')) continue;
      // the first word must not be the head of a longer phrase (城镇居民收入与消费: 城镇居民 modifies 收入 only)
      const before = tokens[i - 2];
      if (before && (before.word === '的' || before.word === '、' || CONTENT_TAG.test(before.tag))) continue;
      if (ctx.random() >= ctx.rate) continue;
      return sentence.slice(0, a.start) + b.word + and.word + a.word + sentence.slice(b.end);
    }
    return sentence;
  },
};

/** Noun-like tags of list items (single jieba words) that may be reordered. */
const LIST_ITEM_TAGS = new Set(['n', 'nz', 'vn', 'v', 'nr', 'ns', 'nt', 'j', 'an']);

/** Tags of the two nouns of a pair that may swap (疗效和安全性 → 安全性和疗效): nouns, not verbs or names of steps. */
const PAIR_ITEM_TAGS = new Set(['n', 'nz', 'vn', 'an', 'j', 'nt', 'nr']);
/** Words whose pair has an order of its own: time, sequence, direction, cause and effect, input and output. */
const ORDERED_PAIR = /[前后初末首尾始终先上下左右内外输入出因果早晚新旧原一二三四五甲乙]|第/;

/** What may follow a list for it to be reorderable: not an object of its last verb (计算染色体的适应度). */
const LIST_CLOSERS = /^(等|为|是|的|均|都|之间|方面|中|上|在|与|和)/;

function closesList(after: Token | undefined): boolean {
  return (
    after === undefined || LIST_CLOSERS.test(after.word) || /^[，。；：、,.;:！？!?）)]$/.test(after.word)
  );
}

/**
 * 精氨酸、丙氨酸和脯氨酸 → 丙氨酸、脯氨酸和精氨酸: rotate an enumeration of single-word items (3 or more, joined by
 * 、 and a final 和/及/与/以及); the set is unchanged, only the order, which moves every item boundary. Two nouns
 * joined by 和/与/及 swap (疗效和安全性 → 安全性和疗效) unless their order is a sequence (术前和术后).
 */
const listRotate: SentenceRule = {
  name: 'list-rotate',
  apply(sentence, ctx) {
    // 分别/依次 pair the items with something else in order: the order is meaning
    if (/分别|依次|各自|先后|respectively/.test(sentence)) return sentence;
    const tokens = tagWords(sentence);
    let out = '';
    let pos = 0;
    for (let i = 0; i < tokens.length; ) {
      const items: Token[] = [];
      const joins: string[] = [];
      let j = i;
      for (;;) {
        const item = tokens[j];
        if (!item || !LIST_ITEM_TAGS.has(item.tag) || item.word.length < 2) break;
        items.push(item);
        const sep = tokens[j + 1];
        const lastJoin = joins[joins.length - 1];
        if (
          !sep ||
          !['、', '和', '及', '与', '以及'].includes(sep.word) ||
          (lastJoin !== undefined && lastJoin !== '、')
        )
          break;
        joins.push(sep.word);
        j += 2;
      }
      // joins has one separator per item but the last; a dangling separator means the last item failed
      if (joins.length === items.length) joins.pop();
      const first = items[0];
      const last = items[items.length - 1];
      const after = last ? tokens[tokens.indexOf(last) + 1] : undefined;
      // the first item must not be the tail of a compound (文本原型、传承 → 文本传承 would change the terms)
      const before = first ? tokens[tokens.indexOf(first) - 1] : undefined;
      const opensList = !before || !/^(n|vn|nz|ng|j)/.test(before.tag);
      // a pair inside a longer enumeration (电力及蒸汽、热水生产和供应业 is one industry's name) stays
      const inEnumeration = [before?.word, after?.word].some((w) => w === '、' || w === '和' || w === '及');
      // two items swap only when both are plain nouns with no order of their own (术前和术后, 输入和输出 keep it)
      const swappablePair =
        items.length === 2 &&
        joins[0] !== '、' &&
        items.every((t) => PAIR_ITEM_TAGS.has(t.tag) && !ORDERED_PAIR.test(t.word)) &&
        // 以A和B为主 / A和B居多 may rank the two
        !/^(为主|居多|占)/.test(sentence.slice(last?.end ?? 0));
      // a list of actions (采集、处理和传输; 设计、实现和测试) is a procedure: its order is meaning
      const actions = items.some((t) => t.tag === 'v' || t.tag === 'vn');
      if (
        ((items.length >= 3 && !actions) || (swappablePair && !inEnumeration)) &&
        first &&
        last &&
        opensList &&
        closesList(after) &&
        ctx.random() < ctx.rate
      ) {
        const rotated = [...items.slice(1), first].map((t) => t.word);
        const text = rotated.map((w, k) => w + (joins[k] ?? '')).join('');
        out += sentence.slice(pos, first.start) + text;
        pos = last.end;
        i = tokens.indexOf(last) + 1;
      } else i++;
    }
    return pos === 0 ? sentence : out + sentence.slice(pos);
  },
};

/** Split a long sentence before a clause that opens with a connective: "A，因此B。" → "A。因此，B。" */
const SPLIT_CONNECTIVES: Record<string, string> = {
  因此: '因此，',
  同时: '同时，',
  此外: '此外，',
  另外: '另外，',
  然而: '然而，',
  但是: '但是，',
};

export function splitLongRule(minChars: number): SentenceRule {
  return {
    name: 'split-long',
    apply(sentence, ctx) {
      if (sentence.length < minChars) return sentence;
      const re = new RegExp(`[，,](${Object.keys(SPLIT_CONNECTIVES).join('|')})[，,]?`, 'g');
      for (let m = re.exec(sentence); m !== null; m = re.exec(sentence)) {
        const before = m.index;
        const after = sentence.length - (m.index + m[0].length);
        // a correlative opened before the comma (不仅…而且, 虽然…但是, 由于…因此) needs its second half in the sentence
        if (
          before < 15 ||
          after < 15 ||
          /由于|不仅|不但|既|虽然|尽管|如果|只有|只要/.test(sentence.slice(0, before))
        )
          continue;
        if (ctx.random() >= ctx.rate) return sentence;
        return `${sentence.slice(0, before)}。${SPLIT_CONNECTIVES[m[1] ?? '']}${sentence.slice(m.index + m[0].length)}`;
      }
      return sentence;
    },
  };
}

/** 基于X，B → 以X为基础，B / 在X的基础上，B: a clause-initial 基于 phrase that is a whole clause, not a list item. */
const basedOn: SentenceRule = {
  name: 'based-on',
  apply(sentence, ctx) {
    const re = new RegExp(`${CLAUSE_START}基于(${CLAUSE_BODY}{2,20}?)(?=[，,](?!以及|和|及|与|等))`, 'g');
    return replaceSome(
      sentence,
      re,
      (m) => {
        const [, lead = '', basis = ''] = m;
        // 基于此 / 基于以上: a bare pronoun reads badly inside 以…为基础; 基于X的Y is a noun phrase (a method based on
        // X, often an item of a list), not a clause about the basis
        if (/^(此|这|以上|上述)$/.test(basis) || basis.includes('的')) return undefined;
        return `${lead}${pickOne(ctx.random, [`以${basis}为基础`, `在${basis}的基础上`])}`;
      },
      ctx,
    );
  },
};

/** Verbs that end a relative clause (基于X构建的): the 的 then belongs to the clause, not to 基于X. */
const PREDICATE_VERBS = new RegExp(
  `^(${JINXING_VERBS}|构建|建立|提出|开发|得到|获得|采用|使用|利用|实现|生成|训练|构造|形成|改进|提取|选择|确定|进行|开展)$`,
);

/** Tags a basis of 以X为基础 may hold: nouns, names, abbreviations, attributes, masked spans, and/or. */
const NOMINAL_BASIS = /^(n|nz|nr|ns|nt|vn|j|x|b|a|an|m|q|c|f)$/;

/**
 * 基于X的Y → 以X为基础的Y: an attributive 基于 phrase (基于小波变换的去噪方法). X must be a noun phrase: not 此/上述, not
 * 对X的分析 (the 的 belongs to 对), not a verb phrase (基于用户数据构建的模型), no 的 of its own.
 */
const basedOnAttributive: SentenceRule = {
  name: 'based-on-attributive',
  apply(sentence, ctx) {
    const re = new RegExp(`基于(${CLAUSE_BODY}{2,16}?)的(?=[\u4e00-\u9fff\ue000-\uf8ff])`, 'g');
    return replaceSome(
      sentence,
      re,
      (m) => {
        const basis = m[1] ?? '';
        if (/^(此|这|该|以上|上述|对|在|从|将|把|以)/.test(basis) || /[以为]/.test(basis)) return undefined;
        // jieba tags the nouns of many method names as verbs (学习, 变换, 满意), so a verb is refused only as a
        // predicate ending the phrase (基于用户数据构建的模型: X构建 is a clause) or when an adverb or preposition shows one
        // (基于…估算路段上数据传递的延迟: a verb with an object inside X makes it a clause, so a verb may only end
        // X or stand right before a verbal noun, as in 满意优化)
        const tokens = tagWords(basis);
        const last = tokens[tokens.length - 1];
        const nominal = tokens.every(
          (t, k) =>
            hasPlaceholder(t.word) ||
            NOMINAL_BASIS.test(t.tag) ||
            (t.tag === 'v' && (t === last || tokens[k + 1]?.tag === 'vn')),
        );
        if (!nominal || (last?.tag === 'v' && PREDICATE_VERBS.test(last.word))) return undefined;
        return `以${basis}为基础的`;
      },
      ctx,
    );
  },
};

export const RULES = {
  basedOn,
  basedOnAttributive,
  connective,
  duiJinxing,
  yiWei,
  causeEffect,
  purposeMove,
  adverbialMove,
  byMeans,
  zaiZhong,
  passive,
  phrase,
  coordinateSwap,
  listRotate,
};
