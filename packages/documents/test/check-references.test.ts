import { checkPastedList } from '@paperdesk/references';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderCheckReportHtml, renderCheckReportPdf } from '../src/index.ts';
import { sampleReport } from './fixture.ts';

async function withReferences() {
  const references = await checkPastedList(
    '[1] 周志华. 机器学习. 北京: 清华大学出版社, 2016.\n[2] LeCun Y, Bengio Y, Hinton G. Deep learning[J]. Nature, 2015, 521(7553): 436-444.',
  );
  return sampleReport({ references: { ...references, searched: ['比对库'] } });
}

describe('参考文献核查 chapter', () => {
  it('the PDF prints the summary, each entry, its problem, the corrected entry and the verdict', async () => {
    const pdf = await renderCheckReportPdf(await withReferences(), { variant: 'simple' });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain('参考文献核查');
    expect(flat).toContain('“未能核实”只表示');
    expect(flat).toContain('缺少文献类型标识');
    expect(flat).toContain('改正：[1]周志华.机器学习[M].北京:清华大学出版社,2016.');
  });

  it('the HTML shows the same; a paper with no list says so, and an old report has no chapter', async () => {
    const html = renderCheckReportHtml(await withReferences());
    expect(html).toContain('<h2>参考文献核查</h2>');
    expect(html).toContain('检索范围：比对库');
    const none = sampleReport({
      references: {
        ...(await checkPastedList('')),
        found: false,
        message: '未在文中找到“参考文献”列表，本章未核查。',
      },
    });
    expect(renderCheckReportHtml(none)).toContain('未在文中找到');
    expect(renderCheckReportHtml(sampleReport())).not.toContain('参考文献核查');
  });
});
