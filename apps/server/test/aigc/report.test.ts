import { countsInAiShare, loadDetector } from '@paperdesk/aigc';
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
    expect(r.metrics.band).toBe(whole.band);
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
    const templated =
      '随着人工智能技术的快速发展，大语言模型在自然语言处理领域展现出了巨大的潜力。首先，大语言模型能够有效提升文本生成的质量和效率；其次，它在机器翻译、智能问答等任务中也具有重要的应用价值。此外，值得注意的是，大语言模型的广泛应用也带来了一系列新的挑战。综上所述，深入研究大语言模型的发展规律，对于推动人工智能技术的进步具有重要的理论意义和现实意义。';
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
