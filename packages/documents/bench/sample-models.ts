import type { Deck } from '../src/deck/index.ts';
import type { PaperDocument } from '../src/paper-docx.ts';
import type { RewriteDocument } from '../src/rewrite-docx.ts';

/** Realistic sample models shared by the tests and the sample/bench script. */

const P = [
  '近年来，随着深度学习技术的快速发展，卷积神经网络在图像识别、目标检测和语义分割等任务中取得了显著的进展。然而，在实际应用场景中，模型往往面临样本不足、类别不均衡以及计算资源受限等问题，这些问题严重制约了算法的落地效果。',
  '本文以校园安防监控为研究对象，针对小样本条件下的行人重识别问题，提出了一种融合注意力机制与度量学习的轻量化识别方法。该方法在保证识别精度的同时，将模型参数量压缩至原来的三分之一，能够部署在边缘计算设备上运行。',
  '实验部分在 Market-1501 和 DukeMTMC-reID 两个公开数据集上进行，结果表明，所提方法的 Rank-1 准确率分别达到 94.2% 和 87.6%，平均精度均值（mAP）较基线模型提升 3.1 个百分点，推理速度达到每秒 45 帧。',
];

export function sampleThesis(): PaperDocument {
  return {
    kind: 'thesis',
    title: '基于注意力机制的小样本行人重识别方法研究',
    cover: {
      school: '华东示范大学',
      degree: '本科毕业论文（设计）',
      college: '计算机科学与技术学院',
      major: '软件工程',
      className: '软件2101班',
      student: '李明',
      studentId: '2021123456',
      supervisor: '王芳 副教授',
      date: '二〇二六年五月',
    },
    abstract: `${P[0]}\n${P[1]}`,
    keywords: ['行人重识别', '注意力机制', '小样本学习', '度量学习'],
    abstractEn:
      'With the rapid development of deep learning, convolutional neural networks have achieved remarkable progress in image recognition. This thesis proposes a lightweight person re-identification method that fuses an attention mechanism with metric learning for few-shot scenarios.',
    keywordsEn: ['person re-identification', 'attention mechanism', 'few-shot learning'],
    sections: [
      {
        heading: '绪论',
        paragraphs: [P[0]!],
        children: [
          { heading: '研究背景与意义', paragraphs: [P[0]!, P[1]!] },
          {
            heading: '1.2 国内外研究现状',
            paragraphs: [P[2]!],
            children: [
              { heading: '传统特征方法', paragraphs: [P[0]!] },
              { heading: '深度学习方法', paragraphs: [P[1]!] },
            ],
          },
          { heading: '本文主要工作', paragraphs: [P[1]!] },
        ],
      },
      {
        heading: '第二章 相关理论与技术',
        children: [
          { heading: '卷积神经网络', paragraphs: [P[0]!, P[2]!] },
          { heading: '注意力机制', paragraphs: [P[1]!] },
        ],
      },
      {
        heading: '实验与分析',
        paragraphs: [P[2]!],
        children: [{ heading: '实验设置', paragraphs: [P[2]!, P[0]!] }],
      },
      { heading: '总结与展望', paragraphs: [P[1]!, P[2]!] },
    ],
    references: [
      '[1] 何凯明, 张祥雨. 深度残差学习在图像识别中的应用[J]. 计算机学报, 2017, 40(6): 1201-1215.',
      'Vaswani A, Shazeer N, Parmar N, et al. Attention is all you need[C]//Advances in Neural Information Processing Systems. 2017: 5998-6008.',
      '周志华. 机器学习[M]. 北京: 清华大学出版社, 2016.',
      '李航. 统计学习方法[M]. 2版. 北京: 清华大学出版社, 2019.',
    ],
    acknowledgements:
      '时光荏苒，四年的大学生活即将结束。在论文完成之际，衷心感谢我的指导教师王芳副教授，从选题、实验到论文撰写，王老师都给予了悉心的指导。\n同时感谢实验室的同学们在学习和生活中给予的帮助，感谢家人一直以来的支持与鼓励。',
  };
}

const REWRITTEN = [
  '近些年，深度学习技术发展迅速，卷积神经网络在图像识别、目标检测以及语义分割等任务上进展显著。不过在真实的应用场景里，模型常常遇到样本不足、类别不均衡和计算资源有限等困难，这些困难在很大程度上限制了算法的实际效果。',
  '本文把校园安防监控作为研究对象，围绕小样本条件下的行人重识别问题，给出了一种将注意力机制与度量学习相结合的轻量化识别方法。该方法在保持识别精度的前提下，把模型参数量压缩到原先的三分之一，可以部署到边缘计算设备上运行。',
] as const;

/** Rewrites of the thesis's body paragraphs (as a 降重 pass would write them), for rewriteDocx samples and tests. */
export const THESIS_REWRITES: ReadonlyArray<[string, string]> = [
  [P[0]!, REWRITTEN[0]],
  [P[1]!, REWRITTEN[1]],
];

/** One edit per block of the thesis as textkit reads it: rewritten where THESIS_REWRITES says, unchanged elsewhere. */
export function sampleThesisEdits(
  blocks: ReadonlyArray<{ text: string }>,
): { original: string; text: string }[] {
  return blocks.map((b) => ({
    original: b.text,
    text: THESIS_REWRITES.find(([from]) => from === b.text)?.[1] ?? b.text,
  }));
}

export function samplePaper(): PaperDocument {
  const thesis = sampleThesis();
  return {
    ...thesis,
    kind: 'paper',
    title: '小样本条件下行人重识别方法综述',
    subtitle: '',
    cover: { student: '李明', school: '华东示范大学', college: '计算机科学与技术学院' },
    sections: thesis.sections.slice(0, 2),
    acknowledgements: undefined,
    toc: false,
  };
}

export function sampleRewrite(): RewriteDocument {
  return {
    title: '基于注意力机制的小样本行人重识别方法研究',
    mode: 'dedup',
    before: 0.386,
    after: 0.072,
    createdAt: '2026-05-20T08:30:00Z',
    paragraphs: [
      {
        original: P[0]!,
        rewritten:
          '近些年，深度学习技术发展迅速，卷积神经网络已在图像识别、目标检测及语义分割等任务上取得明显突破。但在真实应用中，模型常常受到样本匮乏、类别分布不均和算力有限等因素的影响，这在很大程度上限制了算法的实际效果。',
      },
      {
        original: P[1]!,
        rewritten:
          '本文以校园安防监控为研究对象，围绕小样本条件下的行人重识别问题，设计了一种将注意力机制与度量学习相结合的轻量级识别方法。该方法在维持识别精度的前提下，把模型参数量降低到原来的三分之一，可以部署在边缘计算设备上运行。',
      },
      { original: '实验结果见表 3-2。', rewritten: '实验结果见表 3-2。' },
    ],
  };
}

export function sampleDeck(): Deck {
  return {
    title: '基于注意力机制的小样本行人重识别方法研究',
    subtitle: '本科毕业论文答辩',
    author: '答辩人：李明　指导教师：王芳 副教授',
    date: '2026年5月',
    slides: [
      { kind: 'title' },
      { kind: 'agenda', items: ['研究背景与意义', '国内外研究现状', '方法设计', '实验与分析', '总结与展望'] },
      { kind: 'section', title: '研究背景与意义', subtitle: '为什么小样本条件下的行人重识别值得研究' },
      {
        kind: 'bullets',
        title: '研究背景',
        bullets: [
          '校园安防监控摄像头数量多、视角差异大，跨镜头追踪依赖行人重识别技术',
          {
            text: '实际场景中标注数据稀缺',
            sub: ['新部署的摄像头往往只有少量带标签样本', '人工标注成本高、周期长'],
          },
          '边缘设备算力有限，大模型难以直接部署',
          '现有方法在小样本条件下精度下降明显',
        ],
        notes: '这一页讲清楚三个痛点：数据少、算力少、精度掉。',
      },
      {
        kind: 'bullets',
        title: '传统方法与深度学习方法对比',
        leftTitle: '传统特征方法',
        rightTitle: '深度学习方法',
        bullets: ['颜色直方图、LBP 等手工特征', '计算量小，可解释性强', '对光照、姿态变化敏感'],
        right: ['卷积神经网络自动学习特征', '精度高，泛化能力强', '依赖大规模标注数据'],
      },
      {
        kind: 'highlight',
        title: '主要实验结果',
        text: '在 Market-1501 数据集上，所提方法的 Rank-1 准确率达到 94.2%，mAP 较基线模型提升 3.1 个百分点。\n模型参数量压缩至原来的三分之一，在 Jetson Nano 上推理速度达到每秒 45 帧，满足实时监控需求。',
        figure: { value: '94.2%', label: 'Market-1501 Rank-1 准确率' },
      },
      {
        kind: 'table',
        title: '与主流方法的对比',
        header: ['方法', 'Rank-1 (%)', 'mAP (%)', '参数量 (M)', '速度 (FPS)'],
        rows: [
          ['ResNet-50 基线', '88.1', '71.5', '25.6', '18'],
          ['PCB', '92.3', '77.4', '27.2', '15'],
          ['OSNet', '93.6', '81.0', '2.2', '38'],
          ['本文方法', '94.2', '82.6', '8.3', '45'],
        ],
        note: '注：速度在 Jetson Nano 上以 batch=1 测得。',
      },
      {
        kind: 'highlight',
        title: '研究启示',
        text: '注意力机制让模型把有限的样本用在最有区分度的身体部位上，是小样本条件下提升精度的关键。',
        quote: { text: '少量高质量的标注，配合合适的归纳偏置，胜过大量低质量的数据。', source: '实验总结' },
      },
      { kind: 'closing', title: '谢谢', subtitle: '恳请各位老师批评指正' },
    ],
  };
}

/** Content that must be fitted and split: long titles, 40 bullets, a long paragraph, a wide long table. */
export function stressDeck(): Deck {
  const sentence = '模型在小样本条件下的泛化能力取决于特征的区分度与度量空间的结构。';
  return {
    title: '一个非常非常长的演示标题，用来检查标题在各个模板中能否自动缩小并且不会超出边界或者与装饰重叠',
    subtitle: '副标题也可以很长很长，用来检查换行与缩放是否正常工作，并且在所有模板中都能完整显示',
    author: '汇报人：某某某',
    date: '2026年5月',
    slides: [
      { kind: 'title' },
      {
        kind: 'bullets',
        title: '四十条要点的列表会被拆成几页，每一页的字号保持一致',
        bullets: Array.from(
          { length: 40 },
          (_, i) => `第 ${i + 1} 条：${sentence.slice(0, 12 + (i % 5) * 4)}`,
        ),
      },
      {
        kind: 'highlight',
        title: '长段落',
        text: sentence.repeat(30),
        quote: { text: sentence, source: '某论文' },
      },
      {
        kind: 'table',
        title: '宽表格',
        header: ['编号', '方法名称', '数据集', '指标一', '指标二', '指标三', '说明'],
        rows: Array.from({ length: 25 }, (_, i) => [
          `${i + 1}`,
          `方法 ${i + 1}`,
          'Market-1501',
          '90.1',
          '80.2',
          '70.3',
          i % 4 === 0 ? sentence : '—',
        ]),
      },
    ],
  };
}
