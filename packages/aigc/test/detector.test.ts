import { describe, expect, it } from 'vitest';
import { loadDetector } from '../src/detector.ts';

const detector = loadDetector();

const humanAbstract =
  '目前的智能几何软件都使用基于搜索法的定理证明器作为推理引擎，其主要缺点是不能可读地证明涉及到几何量代数运算的几何定理，这极大地限制了智能几何软件的实际应用。对一类结论为几何量多项式等式的几何定理，文中提出了一种能给出可读证明的启发式搜索算法。';
const aiParagraph =
  '随着人工智能技术的快速发展，大语言模型在自然语言处理领域展现出了巨大的潜力。首先，大语言模型能够有效提升文本生成的质量和效率；其次，它在机器翻译、智能问答等任务中也具有重要的应用价值。此外，值得注意的是，大语言模型的广泛应用也带来了一系列新的挑战。综上所述，深入研究大语言模型的发展规律，对于推动人工智能技术的进步具有重要的理论意义和现实意义。';

describe('bundled model', () => {
  it('loads once with its metadata and a sane calibration', () => {
    expect(loadDetector()).toBe(detector);
    const meta = detector.model.meta;
    expect(meta.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(meta.calibration.a).toBeGreaterThan(0);
    expect(meta.thresholds.flag).toBeGreaterThan(0);
    expect(meta.thresholds.light).toBeLessThan(meta.thresholds.flag);
    expect(detector.model.classifier.weights.length).toBe(detector.model.extractor.dimension);
  });

  it('scores deterministically and separates a typical LLM paragraph from a journal abstract', () => {
    const a = detector.detect(aiParagraph);
    const b = detector.detect(aiParagraph);
    expect(b).toEqual(a);
    expect(a.reliable).toBe(true);
    expect(a.probability).toBeGreaterThan(detector.detect(humanAbstract).probability);
  });

  it('marks empty, whitespace and very short input as unreliable without crashing', () => {
    for (const input of ['', '   \n\t  ', '你好', '本文研究了一个问题。', []]) {
      const r = detector.detect(input);
      expect(r.reliable).toBe(false);
      expect(r.aiCharRatio).toBe(0);
      expect(r.note).toBeTruthy();
      expect(r.probability).toBeGreaterThanOrEqual(0);
      expect(r.probability).toBeLessThanOrEqual(1);
    }
  });

  it('reports paragraphs, sentences and windows whose offsets index the input', () => {
    const paragraphs = ['第一章 绪论', humanAbstract, aiParagraph.repeat(3), '参考文献'];
    const text = paragraphs.join('\n');
    const r = detector.detect(paragraphs);
    expect(r.paragraphs.map((p) => text.slice(p.start, p.end))).toEqual(paragraphs);
    expect(r.paragraphs.map((p) => p.index)).toEqual([0, 1, 2, 3]);
    // the heading is scored with the abstract after it, the trailing heading with the paragraph before it
    expect(r.paragraphs.every((p) => p.reliable)).toBe(true);
    expect(r.scoredChars).toBe(r.totalChars);
    // the sentences tile each paragraph (only whitespace between them)
    for (const p of r.paragraphs) {
      const own = r.sentences.filter((s) => s.paragraph === p.index);
      expect(own[0]!.start).toBe(p.start);
      expect(own.at(-1)!.end).toBe(p.end);
      for (let k = 1; k < own.length; k++) expect(text.slice(own[k - 1]!.end, own[k]!.start).trim()).toBe('');
    }
    expect(r.windows.filter((w) => w.paragraph === 2).length).toBeGreaterThan(1);
    for (const w of r.windows) expect(w.end).toBeGreaterThan(w.start);
    expect(r.aiCharRatio).toBeGreaterThanOrEqual(0);
    expect(r.aiCharRatio).toBeLessThanOrEqual(1);
  });

  it('scores hard-wrapped text (short lines, as pasted from a PDF) like the unwrapped paragraph', () => {
    const lines = aiParagraph.match(/.{1,30}/g)!;
    const wrapped = detector.detect(lines.join('\n'));
    const whole = detector.detect(aiParagraph);
    expect(wrapped.reliable).toBe(true);
    expect(wrapped.paragraphs).toHaveLength(lines.length);
    expect(Math.abs(wrapped.probability - whole.probability)).toBeLessThan(0.1);
  });

  it('handles a 300,000-character input', () => {
    const paragraphs: string[] = [];
    let length = 0;
    for (let i = 0; length < 300_000; i++) {
      const p = i % 2 === 0 ? humanAbstract : aiParagraph;
      paragraphs.push(p);
      length += p.length + 1;
    }
    const r = detector.detect(paragraphs.join('\n'));
    expect(r.reliable).toBe(true);
    expect(r.paragraphs.length).toBe(paragraphs.length);
    expect(r.totalChars).toBeGreaterThan(290_000);
    expect(r.probability).toBeGreaterThan(0);
    expect(r.probability).toBeLessThan(1);
  });
});
