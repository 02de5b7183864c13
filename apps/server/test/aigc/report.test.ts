import { countsInAiShare, loadDetector } from '@paperdesk/aigc';
import { aigcRatioBand } from '@paperdesk/contracts';
import { describe, expect, it } from 'vitest';
import { detectDocument } from '../../src/services/aigc/report.ts';
import { paragraph } from '../check/support.ts';

describe('detectDocument', () => {
  const detector = loadDetector();
  const texts = Array.from({ length: 40 }, (_, i) => paragraph(700 + i, 4 + (i % 5)));

  it('scores in batches exactly as the detector scores the whole document', async () => {
    const blocks = [
      { kind: 'heading' as const, level: 0, text: '论文题目' },
      { kind: 'heading' as const, level: 1, text: '第一章 引言' },
      ...texts.slice(0, 20).map((text) => ({ kind: 'paragraph' as const, text })),
      { kind: 'heading' as const, level: 1, text: '第二章 讨论' },
      ...texts.slice(20).map((text) => ({ kind: 'paragraph' as const, text })),
      { kind: 'paragraph' as const, text: '短段落。' },
    ];
    const progress: number[] = [];
    const r = await detectDocument(detector, { blocks }, { onProgress: (f) => progress.push(f) });
    const whole = detector.detect([...texts, '短段落。']);
    expect(progress.length).toBeGreaterThan(1); // more than one batch
    expect(progress.at(-1)).toBeCloseTo(1, 6);
    expect(r.metrics.probability).toBeCloseTo(whole.probability, 9);
    expect(r.metrics.aiCharRatio).toBeCloseTo(whole.aiCharRatio, 9);
    // the conclusion is the band of the headline figure (总体疑似度), never the mean probability's
    expect(r.metrics.band).toBe(aigcRatioBand(whole.aiCharRatio, whole.reliable));
    for (const c of r.chapters) expect(c.band).toBe(aigcRatioBand(c.aiCharRatio));
    expect(r.metrics.totalChars).toBe(whole.totalChars);
    expect(r.metrics.scoredChars).toBe(whole.scoredChars);
    const body = r.paragraphs.filter((p) => p.kind === 'paragraph');
    expect(body.map((p) => p.probability)).toEqual(whole.paragraphs.map((p) => p.probability));
    // the short tail is scored with the paragraph before it, as the detector does
    expect(body.map((p) => p.reliable)).toEqual(whole.paragraphs.map((p) => p.reliable));
    // the title is kept as a level-0 heading, not a chapter
    expect(r.paragraphs[0]).toMatchObject({ kind: 'heading', level: 0, probability: null });
    expect(r.chapters.map((c) => [c.title, c.chars])).toEqual([
      ['第一章 引言', whole.paragraphs.slice(0, 20).reduce((s, p) => s + p.chars, 0)],
      ['第二章 讨论', whole.paragraphs.slice(20).reduce((s, p) => s + p.chars, 0)],
    ]);
    // spans are the non-'none' sentences, moved into paragraph coordinates
    const first = body[0]!;
    const sentences = whole.sentences.filter((s) => s.paragraph === 0 && s.band !== 'none');
    expect(first.spans.map((s) => first.text.slice(s.start, s.end))).toEqual(
      sentences.map((s) => texts[0]!.slice(s.start, s.end)),
    );
  });

  it('leaves a reference list and headings unscored and says when nothing could be judged', async () => {
    const refs = [
      '参考文献',
      '[1] 王五. 城市治理研究[J]. 管理世界, 2020, 36(2): 1-10.',
      '[2] 赵六. 区域经济的空间格局[J]. 经济研究, 2018, 53(4): 20-31.',
      '[3] 钱七. 数字平台与公共服务[M]. 北京: 人民出版社, 2019.',
    ];
    const blocks = [
      { kind: 'paragraph' as const, text: texts[0]! },
      { kind: 'heading' as const, level: 1, text: refs[0]! },
      ...refs.slice(1).map((text) => ({ kind: 'paragraph' as const, text })),
    ];
    const r = await detectDocument(detector, { blocks });
    expect(r.paragraphs.map((p) => p.kind)).toEqual([
      'paragraph',
      'heading',
      'reference',
      'reference',
      'reference',
    ]);
    expect(r.paragraphs.slice(2).every((p) => p.probability === null)).toBe(true);

    const short = await detectDocument(detector, {
      blocks: [{ kind: 'paragraph', text: '人工智能正在改变写作。' }],
    });
    expect(short.metrics.reliable).toBe(false);
    expect(short.metrics.band).toBe('none');
    expect(short.note).toMatch(/仅供参考/);
  });

  it('shows captions and formulas unscored, counts only 显著 sentences and explains flagged paragraphs', async () => {
    // an AI-written thesis paragraph of ai_academic_zh/thesis-body2 (ours): model 1.6 reads the older templated
    // 首先/其次/此外/综上所述 paragraph as human, since students' pre-2022 theses open with 首先 as often as AI does
    const templated =
      '点云语义分割方法按照数据表示方式大致可分为基于投影、基于体素和基于点的三类。基于投影的方法将三维点云投影为多视角图像或球面距离图后借助二维卷积处理，如Wu等（2018）提出的SqueezeSeg，运行速度快，但投影过程不可避免地造成几何信息损失。基于体素的方法将点云规则化为三维网格，Choy等（2019）利用稀疏卷积有效降低了计算开销。基于点的方法直接以原始点为输入，Qi等（2017）提出的PointNet及其改进版PointNet++开创了这一方向，此后Hu等（2020）提出的RandLA-Net通过随机采样与局部特征聚合实现了大规模场景的高效分割。国内学者亦开展了相关探索，杨帆等（2022）针对城市道路场景中细小目标分割精度不足的问题引入了多尺度注意力模块。总体而言，如何在精度与效率之间取得平衡仍是该领域的核心问题。';
    const blocks = [
      { kind: 'paragraph' as const, text: templated },
      { kind: 'paragraph' as const, text: '图 3-1 系统总体结构' },
      { kind: 'paragraph' as const, text: 'y = Σ w_i x_i + b    (3-2)' },
      { kind: 'paragraph' as const, text: texts[1]! },
    ];
    const r = await detectDocument(detector, { blocks });
    expect(r.paragraphs.map((p) => p.unscored)).toEqual([null, 'caption', 'formula', null]);
    expect(r.paragraphs[1]!.probability).toBeNull();
    const whole = detector.detect([templated, texts[1]!]);
    expect(r.metrics.aiCharRatio).toBeCloseTo(whole.aiCharRatio, 9);
    // sentences at 疑似 or above that do not count (countsInAiShare) are counted apart, never in aiChars
    const paragraphBand = (i: number) => whole.paragraphs.find((p) => p.index === i)!.band;
    const apart = whole.sentences.filter(
      (s) => s.band !== 'none' && !countsInAiShare(s.band, paragraphBand(s.paragraph)),
    );
    const apartChars = apart.reduce((n, s) => n + (s.end - s.start), 0);
    expect(r.metrics.suspectChars).toBe(apartChars);
    const first = r.paragraphs[0]!;
    expect(first.band).not.toBe('none');
    expect(first.hints?.length).toBeGreaterThan(0);
    expect(r.model.errorRates?.short.significantFpr).toBeLessThanOrEqual(0.01);
  });
});
