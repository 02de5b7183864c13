/**
 * Test material written for these tests (no third-party text): an academic-register passage with the
 * constructions 降重 rewrites (connectives, 对X进行Y, 由于A，B, 通过A来B, 被广泛应用于, 具有重要意义 …) and
 * the spans it must keep (numbers with units, percentages, citation markers, Latin abbreviations).
 */
export const SOURCE_PARAGRAPHS = [
  '近年来，随着数字经济的快速发展，平台企业被广泛应用于城市公共服务领域，并引起了广泛关注[1]。由于传统治理模式难以适应数据驱动的管理需求，地方政府开始探索新的协同机制。因此，本文对城市数字治理的运行机制进行了系统分析，并在已有研究的基础上提出了一个整合框架。',
  '在实证研究中，本文选取了2015年至2022年间的286个地级市作为样本，通过构建双重差分模型来检验政策效果。结果表明，数字治理试点使公共服务满意度平均提高了12.5%，并且这一效应在东部地区更加显著[2]。与传统的回归方法相比，DID模型能够更好地控制不可观测因素的影响。',
  '此外，本文对影响机制进行了深入讨论。研究发现，信息共享程度和部门协同水平是影响治理绩效的重要因素，具有重要的理论意义和实践价值。但是，由于样本数据存在一定的局限性，部分结论仍然需要进一步验证。在今后的研究中，可以通过扩大样本范围来提高结论的稳健性。',
  '综上所述，数字技术为城市治理提供了新的工具和思路，但是技术本身并不能自动带来治理效能的提升。因此，地方政府应当加强制度建设，通过完善数据开放机制来促进多元主体的协同参与，从而实现治理能力的现代化[3]。',
];

export const SOURCE_TEXT = SOURCE_PARAGRAPHS.join('\n');

/** What must survive any rewrite of SOURCE_TEXT. */
export const PROTECTED = ['[1]', '[2]', '[3]', '2015', '2022', '286', '12.5%', 'DID'];

/** A paragraph of the author's own (not in any library), for papers that mix copied and own text. */
export const OWN_PARAGRAPH =
  '笔者在调研中还注意到，不同城市的基层工作人员对数字平台的接受程度差别较大，年龄结构和培训投入是两个常被提及的原因。这一观察来自访谈记录，尚需更大范围的问卷加以确认。';

/** The passage the engine's prompt asks a model to rewrite (the text after 原文：). */
export const passageOf = (userMessage: string) => userMessage.split('原文：\n')[1] ?? '';

/** What the fake model answers: other words, every number and citation kept. */
export const fakeModelRewrite = (text: string) =>
  text
    .replaceAll('本文', '本研究')
    .replaceAll('因此', '所以')
    .replaceAll('研究', '探究')
    .replaceAll('显著', '明显')
    .replaceAll('提高', '提升')
    .replaceAll('治理', '管理')
    .replaceAll('近年来', '最近几年');
