import { describe, expect, it } from 'vitest';
import {
  CITATION_NEEDED,
  formatRecord,
  ImportError,
  importRecords,
  numberCitations,
  RecordIndex,
  repairCitations,
} from '../src/index.ts';

describe('importRecords', () => {
  it('reads BibTeX through @retorquere/bibtex-parser', () => {
    const [r] = importRecords(
      '@article{lecun2015,\n  author = {LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey},\n  title = {Deep learning},\n  journal = {Nature},\n  year = {2015}, volume = {521}, number = {7553}, pages = {436--444}, doi = {10.1038/nature14539}\n}',
      'up',
    );
    expect(r).toMatchObject({
      title: 'Deep learning',
      year: '2015',
      container: 'Nature',
      volume: '521',
      issue: '7553',
      pages: '436-444',
      type: 'J',
    });
    expect(r?.authors).toHaveLength(3);
  });

  it.each([
    [
      'RIS',
      'TY  - JOUR\nAU  - 刘知远\nAU  - 孙茂松\nTI  - 知识表示学习研究进展\nJO  - 计算机研究与发展\nPY  - 2016\nVL  - 53\nIS  - 2\nSP  - 247\nEP  - 261\nER  - \n',
      { title: '知识表示学习研究进展', authors: ['刘知远', '孙茂松'], pages: '247-261', type: 'J' },
    ],
    [
      'EndNote XML',
      '<?xml version="1.0"?><xml><records><record><ref-type name="Journal Article">17</ref-type><contributors><authors><author><style>LeCun, Y.</style></author><author>Bengio, Y.</author></authors></contributors><titles><title><style>Deep learning</style></title><secondary-title>Nature</secondary-title></titles><dates><year>2015</year></dates><volume>521</volume></record></records></xml>',
      {
        title: 'Deep learning',
        authors: ['LeCun, Y.', 'Bengio, Y.'],
        year: '2015',
        container: 'Nature',
        type: 'J',
      },
    ],
    [
      'NoteExpress',
      '{Reference Type}: Journal Article\n{Title}: 卷积神经网络研究综述\n{Author}: 周飞燕;金林鹏;董军;\n{Journal}: 计算机学报\n{Year}: 2017\n{Volume}: 40\n{Issue}: 6\n{Pages}: 1229-1251\n',
      { title: '卷积神经网络研究综述', authors: ['周飞燕', '金林鹏', '董军'], container: '计算机学报' },
    ],
    [
      'the CNKI E-Study export',
      'SrcDatabase-来源库: 期刊\nTitle-题名: 深度学习研究综述\nAuthor-作者: 孙志军;薛磊;许阳明;\nSource-刊名: 计算机应用研究\nYear-年: 2012\nPeriod-期: 08\nPageCount-页码: 2806-2810\n',
      { title: '深度学习研究综述', year: '2012', issue: '08', type: 'J' },
    ],
    [
      'the CNKI RefWorks export',
      'RT Journal Article\nA1 温忠麟;叶宝娟\nT1 中介效应分析：方法和模型发展\nJF 心理科学进展\nYR 2014\nVO 22\nIS 5\nSP 731\nOP 745\n',
      { authors: ['温忠麟', '叶宝娟'], pages: '731-745' },
    ],
    ['the CNKI Refer export', '%0 Journal Article\n%A 周志华\n%T 机器学习\n%D 2016\n', { title: '机器学习' }],
  ])('reads %s', (_format, text, fields) => {
    expect(importRecords(text, 'up')[0]).toMatchObject(fields);
  });

  it('writes exported "Surname, Given" names in GB/T form, particles kept', () => {
    const [book] = importRecords(
      '@book{b, author = {Li, Lei and Smith, John A. and van der Berg, Anna}, title = {Digital Governance of Cities}, publisher = {Springer}, address = {Cham}, year = {2019}}',
      'upload',
    );
    expect(formatRecord(book!, '2015')).toBe(
      'Li L, Smith J A, van der Berg A. Digital Governance of Cities[M]. Cham: Springer, 2019.',
    );
  });

  it('a file in none of the formats raises a Chinese ImportError', () => {
    expect(() => importRecords('just some notes\nnothing here', 'up')).toThrow(ImportError);
    expect(() => importRecords('just some notes', 'up')).toThrow(/文件不是可识别的文献导出格式/);
    expect(() => importRecords('TY  - JOUR\nER  - \n', 'up')).toThrow(/没有可读取的文献条目/);
  });
});

describe('citations in model-written text', () => {
  it('keeps given ids, drops invented ones and counts them, keeping the sentence', () => {
    const r = repairCitations(
      '深度学习发展迅速[R1, R9]。另有研究[12]表明效果显著(Smith et al., 2020)。',
      new Set(['R1', 'R2']),
    );
    expect(r).toEqual({ text: '深度学习发展迅速[R1]。另有研究表明效果显著。', cited: ['R1'], repairs: 3 });
  });

  it('with no records each citation becomes 【此处需引用】', () => {
    expect(repairCitations('已有研究[1]指出（张三，2020）。', new Set()).text).toBe(
      `已有研究${CITATION_NEEDED}指出${CITATION_NEEDED}。`,
    );
  });

  it('numbers records in order of first citation across sections', () => {
    const keyToId = [
      new Map([
        ['R1', 'a'],
        ['R2', 'b'],
      ]),
      new Map([
        ['R1', 'c'],
        ['R2', 'a'],
      ]),
    ];
    const out = numberCitations(['见[R2]与[R1]。', '又见[R1,R2]。'], keyToId);
    expect(out.order).toEqual(['b', 'a', 'c']);
    expect(out.sections).toEqual(['见[1]与[2]。', '又见[2,3]。']);
  });

  it('writes an anonymous (seed) record without authors', () => {
    expect(
      formatRecord(
        {
          id: 's',
          origin: '比对库',
          title: '某题名',
          authors: ['佚名作者'],
          year: '2019',
          container: '某学报',
          anonymous: true,
        },
        '2015',
      ),
    ).toBe('某题名[J]. 某学报, 2019.');
  });

  it('retrieves Chinese records by character bigrams', () => {
    const index = new RecordIndex([
      { id: 'a', origin: 'x', title: '卷积神经网络研究综述', authors: [], year: '2017' },
      { id: 'b', origin: 'x', title: '中介效应分析：方法和模型发展', authors: [], year: '2014' },
    ]);
    expect(index.find('神经网络的发展')[0]?.id).toBe('a');
    expect(index.find('中介效应')[0]?.id).toBe('b');
  });
});
