import { describe, expect, it } from 'vitest';
import { RULES, type SentenceRule, splitLongRule } from '../src/index.ts';

/** Rate 1 and a random source that always picks the first alternative: each rule's output is fixed. */
const always = { random: () => 0, rate: 1 };
const never = { random: () => 0, rate: 0 };

function apply(rule: SentenceRule, sentence: string): string {
  return rule.apply(sentence, always);
}

describe('sentence rules', () => {
  it('connective: swaps clause-initial connectives, with or without a comma', () => {
    expect(apply(RULES.connective, '但是，该方法计算量大。')).toBe('然而，该方法计算量大。');
    expect(apply(RULES.connective, '样本量较小，因此结论需要验证。')).toBe('样本量较小，所以结论需要验证。');
    expect(apply(RULES.connective, '首先对数据进行清洗。')).toBe('首先对数据进行清洗。');
    // sequence markers stay: the rule sees one sentence, and 第一…再者…最后 mixed two series
    expect(apply(RULES.connective, '首先，对数据进行清洗。')).toBe('首先，对数据进行清洗。');
    expect(apply(RULES.connective, '其次，对数据进行清洗。')).toBe('其次，对数据进行清洗。');
  });

  it('dui-jinxing: 对X进行(了)Y → Y(了)X, only for a preposition 对 and a listed verb', () => {
    expect(apply(RULES.duiJinxing, '本文对我国城市居民的消费结构进行了分析。')).toBe(
      '本文分析了我国城市居民的消费结构。',
    );
    expect(apply(RULES.duiJinxing, '采用SPSS软件对数据进行统计分析。')).toBe('采用SPSS软件统计分析数据。');
    expect(apply(RULES.duiJinxing, '两者相对进行了分析。')).toBe('两者相对进行了分析。');
    expect(apply(RULES.duiJinxing, '对数据进行了大量的工作。')).toBe('对数据进行了大量的工作。');
  });

  it('dui-jinxing: a clause opening with a listed verb gains the construction (Y了X → 对X进行了Y)', () => {
    expect(apply(RULES.duiJinxing, '首先，分析了城镇居民信息消费的差异性。')).toBe(
      '首先，对城镇居民信息消费的差异性进行了分析。',
    );
    expect(apply(RULES.duiJinxing, '本文详细讨论了SHIFT通信的优化。')).toBe(
      '本文对SHIFT通信的优化进行了详细讨论。',
    );
    // 分析法 is not the verb 分析; an object with its own 对 stays
    expect(apply(RULES.duiJinxing, '分析法是常用方法。')).toBe('分析法是常用方法。');
    expect(apply(RULES.duiJinxing, '考察了资本结构对公司业绩的影响。')).toBe(
      '考察了资本结构对公司业绩的影响。',
    );
  });

  it('yi-wei: 以X为参照 → 将X作为参照, but not 以X为主', () => {
    expect(apply(RULES.yiWei, '以阿司匹林为对照，观察其影响。')).toBe('将阿司匹林作为对照，观察其影响。');
    expect(apply(RULES.yiWei, '以精氨酸为主。')).toBe('以精氨酸为主。');
    expect(apply(RULES.yiWei, '对以壳寡糖为载体的胶束有影响。')).toBe('对以壳寡糖为载体的胶束有影响。');
    // the frame is 以…为题材: the 为 of 作为 further on is not its 为 (was 把…为题材的小说作作为研究对象)
    const nested = '选取以回族生活为题材的小说作为研究对象。';
    expect(apply(RULES.yiWei, nested)).toBe(nested);
  });

  it('cause-effect: 由于A，B → B，这是因为A; a subjectless B keeps the order', () => {
    expect(apply(RULES.causeEffect, '由于样本量较小，该结论仍需进一步验证。')).toBe(
      '该结论仍需进一步验证，这是因为样本量较小。',
    );
    expect(apply(RULES.causeEffect, '由于计算量小，可以用于实时处理。')).toBe(
      '鉴于计算量小，可以用于实时处理。',
    );
    // 其 would point forward if moved in front of its antecedent
    expect(apply(RULES.causeEffect, '由于中药成分复杂，其研究难度大。')).toBe(
      '鉴于中药成分复杂，其研究难度大。',
    );
  });

  it('purpose-move: 为了V…，B。→ B，以V…。 only for a verb phrase', () => {
    expect(apply(RULES.purposeMove, '为了提高识别精度，本文提出了一种新算法。')).toBe(
      '本文提出了一种新算法，以提高识别精度。',
    );
    expect(apply(RULES.purposeMove, '为企业发展和社会进步，政府出台了政策。')).toBe(
      '为企业发展和社会进步，政府出台了政策。',
    );
  });

  it('adverbial-move: 通过X，本文V… ⇄ 本文通过X，V… for a noun-phrase adverbial and the author as subject', () => {
    expect(apply(RULES.adverbialMove, '通过问卷调查，本文分析了大学生的消费行为。')).toBe(
      '本文通过问卷调查分析了大学生的消费行为。',
    );
    expect(apply(RULES.adverbialMove, '本文基于面板数据，估计了区域创新的溢出效应。')).toBe(
      '基于面板数据，本文估计了区域创新的溢出效应。',
    );
    for (const kept of [
      // a verb phrase may be the predicate's first half; a second subject; 本文的 is no subject of a verb
      '本文通过举例说明研究语法既要研究规律，又要研究用法。',
      '本文通过实验，我们发现了新的规律。',
      '根据调查结果，本文的结论是收入影响消费。',
      // the main clause opens with another adverbial: two in a row read heavy
      '针对这一问题，本文通过实验比较论证了结论。',
    ])
      expect(apply(RULES.adverbialMove, kept)).toBe(kept);
  });

  it('by-means: 通过A来V → 借助A来V', () => {
    expect(apply(RULES.byMeans, '通过优化参数来提高识别精度。')).toBe('借助优化参数来提高识别精度。');
    expect(apply(RULES.byMeans, '该方案通过了审核。')).toBe('该方案通过了审核。');
    // 来 only where it was; an 应用 phrase is already a means (利用应用… reads doubled)
    expect(apply(RULES.byMeans, '能通过较小的通信量有效地实现预测。')).toMatch(
      /^能(借助|利用)较小的通信量有效地实现预测。$/,
    );
    expect(apply(RULES.byMeans, '通过应用回归分析方法来构建模型。')).toBe('通过应用回归分析方法来构建模型。');
  });

  it('zai-zhong: clause-initial 在X中，', () => {
    expect(apply(RULES.zaiZhong, '在实验中，该方法表现稳定。')).toBe('实验中，该方法表现稳定。');
    expect(apply(RULES.zaiZhong, '该方法在实验中表现稳定。')).toBe('该方法在实验中表现稳定。');
  });

  it('passive: X被广泛应用于Y → X在Y中得到了广泛应用', () => {
    expect(apply(RULES.passive, '深度学习被广泛应用于图像识别领域。')).toBe(
      '深度学习在图像识别领域中得到了广泛应用。',
    );
  });

  it('phrase: stock collocations', () => {
    expect(apply(RULES.phrase, '该研究具有重要意义。')).toBe('该研究有着重要的意义。');
    expect(apply(RULES.phrase, '在前人研究的基础上，本文提出了一种新算法。')).toBe(
      '以前人研究为基础，本文给出了一种新算法。',
    );
    expect(apply(RULES.phrase, '与传统方法相比，新方法更快。')).toBe('相较于传统方法，新方法更快。');
  });

  it('coordinate-swap: a symmetric relation of two words reads the same in either order', () => {
    expect(apply(RULES.coordinateSwap, '本文分析了收入与消费之间的关系。')).toBe(
      '本文分析了消费与收入之间的关系。',
    );
    expect(apply(RULES.coordinateSwap, '本文分析了收入与消费的变化。')).toBe('本文分析了收入与消费的变化。');
  });

  it('list-rotate: an enumeration of three or more single words is rotated, two plain nouns swap', () => {
    expect(apply(RULES.listRotate, '以精氨酸、丙氨酸和脯氨酸为主。')).toBe('以丙氨酸、脯氨酸和精氨酸为主。');
    expect(apply(RULES.listRotate, '以精氨酸和丙氨酸为主。')).toBe('以精氨酸和丙氨酸为主。');
    // two plain nouns swap; a pair with an order of its own (术前和术后, 输入和输出) or a ranked pair does not
    expect(apply(RULES.listRotate, '观察泼尼松对肺纤维化的疗效和安全性。')).toBe(
      '观察泼尼松对肺纤维化的安全性和疗效。',
    );
    expect(apply(RULES.listRotate, '教师和学生均参与。')).toBe('学生和教师均参与。');
    for (const fixed of [
      '比较术前和术后的指标。',
      '系统的输入和输出均为向量。',
      '分别测定甲醇和乙醇的含量。',
      // a pair inside a longer enumeration: 电力及蒸汽、热水生产和供应业 is one industry's name
      '选定电力及蒸汽、热水生产和供应业等产业。',
    ])
      expect(apply(RULES.listRotate, fixed)).toBe(fixed);
    // the steps of a procedure keep their order
    for (const steps of ['完成了数据的采集、处理和传输。', '研究了系统的设计、实现和测试。'])
      expect(apply(RULES.listRotate, steps)).toBe(steps);
    // 分别 ties the order to the values
    const respectively = '水杨酸钠、安替比林、咖啡因的线性范围分别为A、B、C。';
    expect(apply(RULES.listRotate, respectively)).toBe(respectively);
  });

  it('split-long: a long sentence is split before a connective clause', () => {
    const long = '该方法在多个公开数据集上取得了较好的效果，因此具有一定的推广价值和应用前景。';
    expect(apply(splitLongRule(30), long)).toBe(
      '该方法在多个公开数据集上取得了较好的效果。因此，具有一定的推广价值和应用前景。',
    );
    expect(apply(splitLongRule(60), long)).toBe(long);
  });

  it('based-on: a clause-initial 基于X， becomes 以X为基础， (not 基于此, not inside a clause)', () => {
    expect(apply(RULES.basedOn, '基于面板数据，本文构建了向量自回归模型。')).toBe(
      '以面板数据为基础，本文构建了向量自回归模型。',
    );
    expect(RULES.basedOn.apply('基于面板数据，本文构建了模型。', { random: () => 0.9, rate: 1 })).toBe(
      '在面板数据的基础上，本文构建了模型。',
    );
    expect(apply(RULES.basedOn, '基于此，本文构建了模型。')).toBe('基于此，本文构建了模型。');
    expect(apply(RULES.basedOn, '提出了一种基于资料的推理方法。')).toBe('提出了一种基于资料的推理方法。');
    const list = '给出了体系结构，基于iptables的实现方法，以及接口构建等关键技术。';
    expect(apply(RULES.basedOn, list)).toBe(list);
  });

  it('phrase: 对X的影响 → 对X产生的影响, not after 相对/针对 and not in 影响因素', () => {
    expect(apply(RULES.phrase, '观察阿司匹林对血栓形成的影响。')).toBe('观察阿司匹林对血栓形成产生的影响。');
    expect(apply(RULES.phrase, '分析对收入的影响因素。')).toBe('分析对收入的影响因素。');
    expect(apply(RULES.phrase, '针对企业的影响进行评估。')).toBe('针对企业的影响进行评估。');
    expect(apply(RULES.phrase, '探讨温度对产物的的作用机制。')).toBe('探讨温度对产物的的作用机制。');
  });

  it('rate 0 changes nothing', () => {
    for (const rule of Object.values(RULES))
      expect(rule.apply('但是，本文对数据进行了分析，该研究具有重要意义。', never)).toBe(
        '但是，本文对数据进行了分析，该研究具有重要意义。',
      );
  });
});
