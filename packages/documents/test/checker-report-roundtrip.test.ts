import type { CheckReport, ReportParagraph } from '@paperdesk/contracts';
import { matchReportToPaper, readCheckerReport } from '@paperdesk/textkit';
import { describe, expect, it } from 'vitest';
import { flaggedSpans, renderCheckReportHtml, renderCheckReportPdf } from '../src/index.ts';
import { sampleReport } from './fixture.ts';

const A = '卷积神经网络通过局部连接与权值共享显著降低了参数规模';
const B = '注意力机制 <Attention> & 残差结构被广泛用于深层网络';
const P3 = `${A}${B}，而本文关注的是二者在小样本条件下的组合方式。`;

/** The sample report plus a red (≥ 50 %) paragraph with two adjacent copied runs, one without a source. */
function richReport(): CheckReport {
  const base = sampleReport();
  const p3: ReportParagraph = {
    index: 4,
    kind: 'paragraph',
    level: null,
    chapter: 1,
    text: P3,
    chars: P3.length,
    overlapChars: A.length + B.length,
    quotedChars: 0,
    ratio: (A.length + B.length) / P3.length,
    spans: [
      {
        start: 0,
        end: A.length,
        kind: 'copy',
        source: 0,
        sourceStart: 0,
        sourceEnd: A.length,
        sourceText: A,
        similarity: 1,
      },
      {
        start: A.length,
        end: A.length + B.length,
        kind: 'copy',
        source: null,
        sourceStart: null,
        sourceEnd: null,
        sourceText: '',
        similarity: 0.9,
      },
    ],
  };
  return { ...base, paragraphs: [...base.paragraphs, p3] };
}

describe('PaperDesk reports read back by textkit', () => {
  const report = richReport();
  const expected = {
    vendor: 'paperdesk',
    overall: Math.round(report.metrics.totalRatio * 1000) / 1000,
    spans: flaggedSpans(report),
  };

  it('lists what the report flags: every copied run, its paragraph ratio and source', () => {
    expect(expected.spans.map((s) => s.text)).toEqual(['深度学习方法在图像识别领域取得了显著的进展', A, B]);
    expect(expected.spans[0]!.source).toBe('图像识别研究综述');
    expect(expected.spans[2]!.source).toBeUndefined();
  });

  it('round-trips the HTML report exactly', async () => {
    const html = renderCheckReportHtml(report);
    const read = await readCheckerReport(new TextEncoder().encode(html), '报告.html');
    expect(read).toEqual(expected);
  });

  it('round-trips the PDF report (全文对照) exactly', async () => {
    const pdf = await renderCheckReportPdf(report, { variant: 'full' });
    expect(await readCheckerReport(pdf, 'report.pdf')).toEqual(expected);
  }, 20_000);

  it('reads our PDF (简洁) by its embedded data whatever product name it prints', async () => {
    const pdf = await renderCheckReportPdf(report, { variant: 'simple', productName: '某某大学论文中心' });
    expect(await readCheckerReport(pdf, 'report.pdf')).toEqual(expected);
  });

  it('places every flagged run in the paper it was checked from', async () => {
    const read = await readCheckerReport(new TextEncoder().encode(renderCheckReportHtml(report)), 'r.htm');
    const paper = report.paragraphs.map((p) => p.text);
    const match = matchReportToPaper(read, paper);
    expect(match.matchRate).toBe(1);
    expect(match.paragraphs).toEqual([1, 4]);
    const flagged = match.ranges.map((r) => paper[r.paragraph]!.slice(r.start, r.end));
    expect(flagged).toEqual(['深度学习方法在图像识别领域取得了显著的进展', A, B]);
    expect(() =>
      matchReportToPaper(read, ['一篇毫不相干的论文，讨论的是黄河流域的农业灌溉制度变迁。']),
    ).toThrow(expect.objectContaining({ code: 'REPORT_MISMATCH' }));
  });
});
