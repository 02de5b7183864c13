import type { AigcParagraph, AigcReport } from '@paperdesk/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { aigcRuns, percent, renderAigcReportPdf } from '../src/index.ts';

async function pdfText(buf: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(buf));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, ''), pages: totalPages };
}

const AI_SENTENCE = '综上所述，本研究构建的模型在多个维度上均展现出显著优势，为相关领域提供了有益参考。';
const HUMAN_SENTENCE = '我们在三所学校各找了两个班，前后跟了一个学期，有些数据因为学生转学缺了几周。';

function para(index: number, chapter: number, over: Partial<AigcParagraph> = {}): AigcParagraph {
  const text = `${HUMAN_SENTENCE}${AI_SENTENCE}`;
  return {
    index,
    kind: 'paragraph',
    level: null,
    chapter,
    text,
    chars: text.length,
    probability: 0.93,
    band: 'high',
    reliable: true,
    aiChars: AI_SENTENCE.length,
    spans: [{ start: HUMAN_SENTENCE.length, end: text.length, probability: 0.97, band: 'high' }],
    ...over,
  };
}

function sampleReport(): AigcReport {
  return {
    recordId: 42,
    title: '数字化转型背景下企业创新绩效研究',
    author: '李明',
    checkedAt: '2026-03-01T08:00:00.000Z',
    metrics: {
      aiCharRatio: 0.4567,
      probability: 0.61,
      band: 'medium',
      reliable: true,
      totalChars: 300,
      scoredChars: 240,
      aiChars: 110,
      paragraphCount: 3,
      bandCounts: { high: 1, medium: 0, light: 1, none: 1 },
      modelVersion: 'aigc-zh-test',
    },
    model: { version: 'aigc-zh-test', flagThreshold: 0.6 },
    note: null,
    chapters: [
      {
        index: 0,
        title: '第一章 绪论',
        chars: 300,
        scoredChars: 240,
        aiChars: 110,
        aiCharRatio: 0.4583,
        probability: 0.61,
        band: 'medium',
      },
    ],
    paragraphs: [
      {
        index: 0,
        kind: 'heading',
        level: 1,
        chapter: 0,
        text: '第一章 绪论',
        chars: 5,
        probability: null,
        band: null,
        reliable: false,
        aiChars: 0,
        spans: [],
      },
      para(1, 0),
      para(2, 0, { band: 'light', probability: 0.35, aiChars: 0, spans: [] }),
      para(3, 0, { text: HUMAN_SENTENCE, band: 'none', probability: 0.05, aiChars: 0, spans: [] }),
    ],
    elapsedMs: 120,
  };
}

describe('AIGC report PDF', () => {
  it('prints the headline figures, bands, the flagged sentence and the honest note in the embedded font', async () => {
    const report = sampleReport();
    const buf = await renderAigcReportPdf(report);
    expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(buf.toString('latin1')).toMatch(/NotoSansSC/);
    const { text } = await pdfText(buf);
    for (const s of [
      'AIGC检测报告单',
      report.title,
      'AIGC总体疑似度',
      percent(report.metrics.aiCharRatio),
      // the other percentages are named as detail, so none reads as a second headline
      '全文平均AI概率（明细）',
      '中度疑似',
      '高度疑似',
      '第一章绪论',
      AI_SENTENCE,
      '不是证据',
      'aigc-zh-test',
    ]) {
      expect(text).toContain(s.replace(/\s+/g, ''));
    }
  });

  it('prints the conclusion of the 总体疑似度 it shows, not a stored band taken from the mean probability', async () => {
    // as a report stored before the bands followed the figure: 34.5 % overall under a 轻度疑似 from a 54.9 % mean
    const report = sampleReport();
    report.metrics = { ...report.metrics, aiCharRatio: 0.345, probability: 0.549, band: 'light' };
    report.chapters[0] = { ...report.chapters[0]!, aiCharRatio: 0.03, probability: 0.7, band: 'high' };
    const { text } = await pdfText(await renderAigcReportPdf(report));
    expect(text).toContain('34.5%');
    // the figure grid prints each label over its value
    expect(text).toMatch(/全文结论中度疑似/);
    expect(text).not.toMatch(/全文结论轻度疑似/);
    // the chapter row: its 3.0 % is 轻度疑似, not the stored 高度疑似
    expect(text).toMatch(/3\.0%轻度疑似/);
  });

  it('states the measured error rates, prints the hints of a flagged paragraph and leaves a caption unscored', async () => {
    const report = sampleReport();
    const rates = { significantFpr: 0.0098, suspectFpr: 0.049, humanTexts: 900 };
    report.model = {
      ...report.model,
      suspectThreshold: 0.3,
      errorRates: {
        maxShortChars: 300,
        short: { significant: 0.6, suspect: 0.3, ...rates },
        long: { significant: 0.62, suspect: 0.4, ...rates, humanTexts: 150 },
      },
      zeroShot: null,
    };
    report.metrics = { ...report.metrics, suspectChars: 37, suspectCharRatio: 37 / 240 };
    report.paragraphs[1] = para(1, 0, {
      hints: [{ kind: 'connectives', weight: 0.8, examples: ['综上所述'] }],
    });
    report.paragraphs.push(
      para(4, 0, {
        text: '图 3-1 系统结构',
        probability: null,
        band: null,
        reliable: false,
        spans: [],
        unscored: 'caption',
      }),
    );
    const { text } = await pdfText(await renderAigcReportPdf(report));
    for (const s of [
      '在人工撰写的学术文本上，约1%会被判为显著疑似，约5%会被判为疑似及以上',
      '可能原因：模板化连接词偏多（综上所述）',
      '疑似字数（不计入）',
      '题注不计',
    ]) {
      expect(text).toContain(s);
    }
  });

  it('says why a short text is only indicative', async () => {
    const report = { ...sampleReport(), note: '文本过短（少于50字的段落无法可靠判断），结果仅供参考' };
    const { text } = await pdfText(await renderAigcReportPdf(report));
    expect(text).toContain('结果仅供参考');
  });

  it('a long paper flows over pages with page numbers', async () => {
    const base = sampleReport();
    const paragraphs = Array.from({ length: 300 }, (_, i) => para(i, 0));
    const { text, pages } = await pdfText(await renderAigcReportPdf({ ...base, paragraphs }));
    expect(pages).toBeGreaterThan(5);
    expect(text).toContain(`第${pages}页/共${pages}页`);
  });

  it('a paragraph that flows onto the next page keeps its 10 pt body size, not the 8 pt page header', async () => {
    const base = sampleReport();
    const long = `${'这是一段很长的正文，用来跨过分页。'.repeat(120)}结尾标记在这里。`;
    const paragraphs = [para(1, 0, { text: long, spans: [], band: 'none', probability: 0.05 })];
    const pdf = await getDocumentProxy(new Uint8Array(await renderAigcReportPdf({ ...base, paragraphs })));
    const sizes: number[] = [];
    for (let n = 2; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      for (const item of content.items)
        if ('str' in item && item.str.includes('跨过分页')) sizes.push(Math.abs(item.transform[0] as number));
    }
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.min(...sizes)).toBeCloseTo(10, 0);
  });

  it('cuts paragraphs into plain and flagged runs, surviving out-of-range spans', () => {
    const text = 'abcdefghij';
    const runs = aigcRuns(text, [
      { start: 6, end: 99, probability: 0.5, band: 'light' },
      { start: 2, end: 4, probability: 0.95, band: 'high' },
      { start: 3, end: 5, probability: 0.7, band: 'medium' },
    ]);
    expect(runs.map((r) => r.text).join('')).toBe(text);
    expect(runs).toEqual([
      { text: 'ab', band: null },
      { text: 'cd', band: 'high' },
      { text: 'e', band: 'medium' },
      { text: 'f', band: null },
      { text: 'ghij', band: 'light' },
    ]);
  });
});
