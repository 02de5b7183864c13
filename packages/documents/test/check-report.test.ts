import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { beijingTime, percent, renderCheckReportHtml, renderCheckReportPdf, segments } from '../src/index.ts';
import { sampleReport } from './fixture.ts';

async function pdfText(buf: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(buf));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, ''), pages: totalPages };
}

describe('check report PDF', () => {
  it('简洁报告 embeds the Chinese font: its text reads back through a PDF parser', async () => {
    const report = sampleReport();
    const buf = await renderCheckReportPdf(report, { variant: 'simple' });
    expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
    // a subset of Noto Sans SC is embedded, not referenced
    expect(buf.toString('latin1')).toMatch(/FontFile2/);
    expect(buf.toString('latin1')).toMatch(/NotoSansSC/);
    const { text } = await pdfText(buf);
    for (const s of [
      '文本复制检测报告单',
      '简洁报告',
      report.title,
      '总文字复制比',
      percent(report.metrics.totalRatio),
      '去除引用文献复制比',
      '图像识别研究综述',
      '第一章绪论',
      '公共比对库：1,200篇，3,400,000字（检测时）',
    ]) {
      expect(text).toContain(s.replace(/\s+/g, ''));
    }
    // the simple report has no side-by-side source text
    expect(text).not.toContain('相似内容来源');
  });

  it('全文对照报告 prints every paragraph and each copied run beside its source', async () => {
    const report = sampleReport();
    const buf = await renderCheckReportPdf(report, { variant: 'full' });
    const { text } = await pdfText(buf);
    expect(text).toContain('全文对照');
    expect(text).toContain('相似内容来源');
    expect(text).toContain('本研究的数据来源于公开的实验记录');
    expect(text).toContain('知识就是力量');
    // the copied run appears in the paragraph, in the left column and as source text
    const copied = '深度学习方法在图像识别领域取得了显著的进展';
    expect(text.split(copied).length - 1).toBeGreaterThanOrEqual(3);
  });

  it('a long paper flows over many pages with page numbers and stays fast', async () => {
    const base = sampleReport();
    const para = base.paragraphs[1]!;
    const paragraphs = Array.from({ length: 400 }, (_, i) => ({ ...para, index: i, chapter: 0 }));
    const t0 = performance.now();
    const buf = await renderCheckReportPdf(
      { ...base, paragraphs, chapters: [base.chapters[0]!] },
      { variant: 'full' },
    );
    const ms = performance.now() - t0;
    const { text, pages } = await pdfText(buf);
    expect(pages).toBeGreaterThan(20);
    expect(text).toContain(`第1页/共${pages}页`);
    expect(text).toContain(`第${pages}页/共${pages}页`);
    expect(ms).toBeLessThan(15_000);
  });

  it('survives an empty report (no sources, no spans)', async () => {
    const base = sampleReport();
    const empty = {
      ...base,
      sources: [],
      metrics: {
        ...base.metrics,
        totalRatio: 0,
        excludingOwnRatio: 0,
        excludingQuotesRatio: 0,
        maxSingleRatio: 0,
        maxSingleSource: null,
        overlapChars: 0,
        suspectParagraphCount: 0,
        sourceCount: 0,
      },
      paragraphs: base.paragraphs.map((p) => ({ ...p, spans: [], overlapChars: 0, ratio: 0 })),
    };
    for (const variant of ['simple', 'full'] as const) {
      const { text } = await pdfText(await renderCheckReportPdf(empty, { variant }));
      expect(text).toContain('0.0%');
      expect(text).toContain('未发现相似文献');
    }
  });
});

describe('check report HTML', () => {
  it('marks copied runs red and quoted runs yellow, escapes the text, and pairs each run with its source', () => {
    const report = sampleReport({ title: '<script>alert(1)</script> 标题' });
    const html = renderCheckReportHtml(report);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<mark class="copy">深度学习方法在图像识别领域取得了显著的进展</mark>');
    expect(html).toContain('<mark class="quote">“知识就是力量”</mark>');
    expect(html).toContain('《图像识别研究综述》 李四 · 计算机学报 · 2019');
    expect(html).toContain(percent(report.metrics.totalRatio));
    expect(html).toContain('公共比对库：1,200 篇，3,400,000 字（检测时）');
  });
});

describe('format helpers', () => {
  it('segments clip overlapping and out-of-range spans without repeating text', () => {
    const text = 'abcdefghij';
    const span = {
      kind: 'copy' as const,
      source: 0,
      sourceStart: 0,
      sourceEnd: 0,
      sourceText: '',
      similarity: 1,
    };
    const segs = segments(text, [
      { ...span, start: 2, end: 6 },
      { ...span, start: 4, end: 8, kind: 'quote' },
      { ...span, start: 9, end: 40 },
    ]);
    expect(segs.map((s) => s.text).join('')).toBe(text);
    expect(segs.map((s) => `${s.kind}:${s.text}`)).toEqual([
      'plain:ab',
      'copy:cdef',
      'quote:gh',
      'plain:i',
      'copy:j',
    ]);
  });
  it('prints Beijing time and one-decimal percentages', () => {
    expect(beijingTime('2025-03-01T20:03:04.000Z')).toBe('2025-03-02 04:03:04');
    expect(percent(0.12345)).toBe('12.3%');
    expect(percent(1)).toBe('100.0%');
  });
});

describe('check report flags (疑似字符替换, 隐藏文字, cited sources)', () => {
  const flagged = () => {
    const report = sampleReport();
    const para = report.paragraphs.findIndex((p) => p.kind === 'paragraph');
    report.sources[0] = { ...report.sources[0]!, cited: true };
    report.integrity = {
      substitutedChars: 3,
      invisibleChars: 12,
      tricks: [{ paragraph: para, start: 2, end: 3, kind: 'radical', reads: '人' }],
      hiddenChars: 8,
      hiddenReasons: ['white', 'vanish'],
      hiddenSamples: ['隐藏的干扰字'],
    };
    return { report, para };
  };

  it('the PDF names what was found and where', async () => {
    const { report, para } = flagged();
    const { text } = await pdfText(await renderCheckReportPdf(report, { variant: 'simple' }));
    for (const s of [
      '检测提示',
      '疑似字符替换',
      '3个形近替换字符',
      '12个夹在文字间的不可见字符',
      `第${para + 1}段（康熙部首，实为“人”）`,
      '隐藏文字',
      '8字以白色字体、隐藏格式写入',
      '隐藏的干扰字',
      '参考文献已列，计为引用',
    ])
      expect(text).toContain(s);
    // a clean report has no such section
    expect(
      (await pdfText(await renderCheckReportPdf(sampleReport(), { variant: 'simple' }))).text,
    ).not.toContain('检测提示');
  });

  it('the HTML report shows the same lines', () => {
    const html = renderCheckReportHtml(flagged().report);
    expect(html).toContain('检测提示');
    expect(html).toContain('疑似字符替换');
    expect(html).toContain('隐藏文字');
    expect(renderCheckReportHtml(sampleReport())).not.toContain('检测提示');
  });
});

describe('the small-library warning (issue 26 item 5)', () => {
  it('a report against a small library says so in the PDF and the HTML, as the report page does', async () => {
    const report = sampleReport();
    const small = { ...report, library: { ...report.library, documents: 7946, characters: 1_660_000 } };
    const { text } = await pdfText(await renderCheckReportPdf(small, { variant: 'simple' }));
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain('本站比对库仅7,946篇，复制比偏低不代表学校系统的结果也低');
    expect(flat).toContain('低复制比可能只是因为比对库小');
    expect(renderCheckReportHtml(small)).toContain('本站比对库仅 7,946 篇');
    // a library of the size schools use carries no such warning
    const large = { ...report, library: { ...report.library, documents: 5_000_000 } };
    expect((await pdfText(await renderCheckReportPdf(large, { variant: 'simple' }))).text).not.toContain(
      '比对库仅',
    );
  });
});
