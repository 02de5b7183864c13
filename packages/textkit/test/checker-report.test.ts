/**
 * Checker reports as the four third-party checkers are publicly known to lay them out. These are modelled, not
 * captured: no real report is committed (see the README). PaperDesk's own reports are round-tripped in
 * packages/documents/test/checker-report-roundtrip.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  matchReportToPaper,
  parseCheckerReportHtml,
  readCheckerReport,
  TextkitError,
  textkitMessage,
} from '../src/index.ts';
import { buildDocx, encodeGbk, layoutPdf } from './fixtures.ts';

const PAPER = [
  '基于特征融合的图像识别方法研究',
  '第一章 绪论',
  '随着计算能力的提升，深度学习方法在图像识别领域取得了显著的进展，卷积神经网络已经成为视觉任务的主流模型。',
  '然而在小样本条件下，模型容易过拟合，本文在此基础上提出一种新的特征融合框架，并在三个公开数据集上验证了其有效性。',
  '第二章 相关工作',
  '注意力机制通过为不同位置分配权重来突出关键区域，残差结构则缓解了深层网络训练中的梯度消失问题。',
];
const COPY_1 = '深度学习方法在图像识别领域取得了显著的进展';
const COPY_2 = '注意力机制通过为不同位置分配权重来突出关键区域';
const COPY_3 = '残差结构则缓解了深层网络训练中的梯度消失问题';

const red = (s: string) => `<span style="color:#FF0000">${s}</span>`;

/** 知网 全文对照 HTML (GBK, as the downloaded 报告单 is), red copied text, green cited text, per-section 复制比. */
function cnkiHtml(): Uint8Array {
  const html = `<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312">
<title>文本复制检测报告单(全文对照)</title><style>.t{color:red}</style></head><body>
<div class="head"><h2>文本复制检测报告单(全文对照)</h2><p>№：ADBD2025R_20250301102033577</p>
<p>检测时间：2025-03-01 10:20:33</p><p>检测文献：基于特征融合的图像识别方法研究　作者：张三</p>
<p>检测范围：中国学术期刊网络出版总库　中国博士学位论文全文数据库　大学生论文联合比对库　互联网资源</p></div>
<table><tr><td>去除本人文献复制比：<b>12.3%</b></td><td>去除引用文献复制比：<b>10.5%</b></td>
<td>总文字复制比：${red('12.3%')}</td></tr><tr><td>单篇最大文字复制比：3.2%（图像识别研究综述）</td></tr>
<tr><td>重复字数：[1234]</td><td>总段落数：[2]</td><td>总字数：[10032]</td><td>疑似段落数：[2]</td></tr></table>
<h3>1. 第一章 绪论　总字数：3255</h3><p>相似文献列表　去除本人文献复制比：8.1%(263)　文字复制比：8.1%(263)　疑似剽窃观点：(0)</p>
<p>1　图像识别研究综述　李四 - 《计算机学报》- 2019-03-15　是否引证：否　3.2%（104）</p>
<p>原文内容</p><p>随着计算能力的提升，${red(COPY_1)}，<span style="color:#008000">卷积神经网络已经成为视觉任务的主流模型</span>。</p>
<h3>2. 第二章 相关工作　总字数：2870</h3><p>文字复制比：15.6%(448)</p>
<p>${red('注意力机制通过为不同位置分配权重')}<span style="color:red">来突出关键区域</span>，${red(COPY_3)}。</p>
<p class="foot">说明：1.总文字复制比：被检测论文总重合字数在总字数中所占的比例　http://check.cnki.net/</p>
</body></html>`;
  return encodeGbk(html);
}

/** 维普 (VPCS) HTML: 总相似比 / 引用率 / 复写率 / 自写率, copied text in <font color>. */
function vipHtml(): Uint8Array {
  return new TextEncoder().encode(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>维普论文检测报告</title></head>
<body><h1>维普论文检测系统 VPCS 检测报告</h1><p>报告编号：VP-20250301-88231</p>
<table><tr><th>总相似比</th><td>15.32%</td><th>引用率</th><td>2.10%</td><th>复写率</th><td>13.22%</td><th>自写率</th><td>84.68%</td></tr></table>
<h2>原文对照</h2><p>随着计算能力的提升，<font color="#FF0000">${COPY_1}</font>，卷积神经网络已经成为视觉任务的主流模型。</p>
<p><font color="red">${COPY_2}</font>，残差结构则缓解了深层网络训练中的梯度消失问题。</p></body></html>`);
}

/** 万方 文献相似性检测报告 PDF: 相似片段 with 相似比 and 相似来源. */
function wanfangPdf(): Uint8Array {
  return layoutPdf([
    { text: '万方数据 文献相似性检测报告', heading: true },
    { text: '报告编号：WF20250301A0012　检测时间：2025-03-01' },
    { text: '总相似比：18.25%　参考文献相似比：1.02%　排除参考文献相似比：17.23%' },
    { text: '相似片段 1　相似比：85.2%' },
    { text: COPY_1 },
    { text: '相似来源：《图像识别研究综述》李四，计算机学报，2019' },
    { text: '相似片段 2　相似比：78.0%' },
    { text: COPY_3 },
    { text: '相似来源：《深度残差网络综述》王五，软件学报，2020' },
  ]);
}

/** PaperPass 检测报告 PDF: 相似比 at the top, 原文片段 / 相似来源 pairs. */
function paperpassPdf(): Uint8Array {
  return layoutPdf([
    { text: 'PaperPass 论文检测报告', heading: true },
    { text: '检测版本：旗舰版　相似比：21%' },
    { text: `原文片段：${COPY_2}` },
    { text: '相似来源：《注意力机制研究进展》' },
  ]);
}

/** 知网 全文对照 PDF (text layer): "此处有 N 字相似", the passage, then 相似内容来源. */
function cnkiPdf(): Uint8Array {
  return layoutPdf([
    { text: '文本复制检测报告单(全文对照)', heading: true },
    { text: '检测范围：中国学术期刊网络出版总库　大学生论文联合比对库' },
    { text: '去除本人文献复制比：12.3%　去除引用文献复制比：10.5%　总文字复制比：12.3%' },
    { text: '1. 第一章 绪论　总字数：3255' },
    { text: '文字复制比：8.1%(263)' },
    { text: '此处有 21 字相似' },
    { text: `随着计算能力的提升，${COPY_1}，卷积神经网络已经成为视觉任务的主流模型。` },
    { text: '相似内容来源' },
    { text: '图像识别研究综述 李四 -《计算机学报》- 2019' },
  ]);
}

const code = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return (e as TextkitError).code;
  }
  return 'no error';
};

describe('readCheckerReport', () => {
  it('reads a 知网 HTML report: vendor, 总文字复制比, red passages joined, section ratios, cited text left out', async () => {
    const report = await readCheckerReport(cnkiHtml(), '全文对照报告单.html');
    expect(report).toEqual({
      vendor: 'cnki',
      overall: 0.123,
      spans: [
        { text: COPY_1, ratio: 0.081 },
        { text: COPY_2, ratio: 0.156 },
        { text: COPY_3, ratio: 0.156 },
      ],
    });
  });

  it('reads a 维普 HTML report (总相似比) and its <font color> passages', async () => {
    const report = await readCheckerReport(vipHtml(), 'vip.htm');
    expect(report).toEqual({ vendor: 'vip', overall: 0.1532, spans: [{ text: COPY_1 }, { text: COPY_2 }] });
  });

  it('reads 万方, PaperPass and 知网 PDF reports from their text layer', async () => {
    const wanfang = await readCheckerReport(wanfangPdf(), 'wf.pdf');
    expect(wanfang).toEqual({
      vendor: 'wanfang',
      overall: 0.1825,
      spans: [
        { text: COPY_1, ratio: 0.852, source: '图像识别研究综述' },
        { text: COPY_3, ratio: 0.78, source: '深度残差网络综述' },
      ],
    });
    const paperpass = await readCheckerReport(paperpassPdf(), 'pp.pdf');
    expect(paperpass).toEqual({
      vendor: 'paperpass',
      overall: 0.21,
      spans: [{ text: COPY_2, source: '注意力机制研究进展' }],
    });
    const cnki = await readCheckerReport(cnkiPdf(), 'cnki.pdf');
    expect(cnki.vendor).toBe('cnki');
    expect(cnki.overall).toBe(0.123);
    expect(cnki.spans).toHaveLength(1);
    expect(cnki.spans[0]).toMatchObject({ ratio: 0.081, source: '计算机学报' });
    expect(cnki.spans[0]!.text).toContain(COPY_1);
  });

  it('refuses what is not a checker report with NOT_A_REPORT and a Chinese message', async () => {
    const paperPdf = layoutPdf(PAPER.map((text) => ({ text })));
    expect(await code(readCheckerReport(paperPdf, 'paper.pdf'))).toBe('NOT_A_REPORT');
    const docx = await buildDocx([{ text: '总文字复制比：12.3%' }]);
    expect(await code(readCheckerReport(docx, 'report.docx'))).toBe('NOT_A_REPORT');
    // a paper that talks about 知网 is still not a report
    const essay = `<html><body><p>本文讨论知网、维普等查重系统的原理。</p>${PAPER.map((p) => `<p>${p}</p>`).join('')}</body></html>`;
    expect(() => parseCheckerReportHtml(essay)).toThrow(TextkitError);
    expect(await code(readCheckerReport(new TextEncoder().encode(essay), 'a.html'))).toBe('NOT_A_REPORT');
    expect(textkitMessage('NOT_A_REPORT')).toBe(
      '这不是查重报告，请上传知网、维普、万方或 PaperPass 的检测报告（PDF/HTML）',
    );
    expect(new TextkitError('NOT_A_REPORT').kind).toBe('unreadable');
  });
});

describe('hostile report files', () => {
  it('parses markup bombs in linear time and refuses them', () => {
    // each of these is quadratic for a tag pattern that may run past the next '<' or the end of the input
    for (const unit of ['<!--', '<a "', '<a b', '<![CDATA[', '<!x', '<span style="color:red">']) {
      const html = unit.repeat(Math.ceil(500_000 / unit.length));
      const started = performance.now();
      expect(() => parseCheckerReportHtml(html)).toThrow(expect.objectContaining({ code: 'NOT_A_REPORT' }));
      // linear work is well under a second here; a quadratic scan of 500 KB takes minutes
      expect(performance.now() - started).toBeLessThan(5000);
    }
  });
});

describe('matchReportToPaper', () => {
  it('finds the flagged passages in the paper, across punctuation and width differences', async () => {
    const report = await readCheckerReport(cnkiHtml(), 'r.html');
    const match = matchReportToPaper(report, PAPER);
    expect(match.matchRate).toBe(1);
    expect(match.paragraphs).toEqual([2, 5]);
    expect(match.ranges.map((r) => PAPER[r.paragraph]!.slice(r.start, r.end))).toEqual([
      COPY_1,
      COPY_2,
      COPY_3,
    ]);
    expect(match.unmatchedSpans).toEqual([]);
  });

  it('splits a passage that runs over two paragraphs into a range in each', () => {
    const across = `${PAPER[2]!.slice(-12)}${PAPER[3]!.slice(0, 10)}`;
    const match = matchReportToPaper({ spans: [{ text: across }] }, PAPER);
    expect(match.ranges.map((r) => PAPER[r.paragraph]!.slice(r.start, r.end))).toEqual([
      // punctuation at either end is not part of the match (matching form is letters and digits)
      PAPER[2]!.slice(-12, -1),
      PAPER[3]!.slice(0, 9),
    ]);
    expect(match.paragraphs).toEqual([2, 3]);
  });

  it('places a passage the PDF extraction garbled, and refuses a report of another paper', () => {
    // a dropped character and a running header in the middle, as a PDF text layer gives them
    const garbled =
      '然而在小样本条件下，模型容易过拟合，本文在此基础上提出一种新的特征融框架，第3页 并在三个公开数据集上验证了其有效性';
    const match = matchReportToPaper({ spans: [{ text: garbled }] }, PAPER);
    expect(match.paragraphs).toEqual([3]);
    expect(match.matchRate).toBeGreaterThan(0.6);
    const range = match.ranges[0]!;
    expect(PAPER[3]!.slice(range.start, range.end)).toContain('本文在此基础上提出一种新的特征融合框架');

    const other = { spans: [{ text: '黄河流域的农业灌溉制度在明清两代经历了显著变迁' }, { text: COPY_1 }] };
    expect(() => matchReportToPaper(other, PAPER, { minMatchRate: 0.8 })).toThrow(
      expect.objectContaining({ code: 'REPORT_MISMATCH' }),
    );
    expect(matchReportToPaper(other, PAPER, { minMatchRate: 0.3 }).unmatchedSpans).toEqual([0]);
  });
});
