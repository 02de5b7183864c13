import { describe, expect, it } from 'vitest';
import { checkFormat, parseEntry } from '../src/index.ts';

const kinds = (raw: string, standard: '2015' | '2025' = '2015') =>
  checkFormat(parseEntry(raw), standard).problems.map((p) => p.kind);

describe('parseEntry', () => {
  it('reads a numbered Chinese journal article with 等', () => {
    const e = parseEntry(
      '[1] 刘知远, 孙茂松, 林衍凯, 等. 知识表示学习研究进展[J]. 计算机研究与发展, 2016, 53(2): 247-261.',
    );
    expect(e.number).toBe(1);
    expect(e.lang).toBe('zh');
    expect(e.fields).toMatchObject({
      authors: ['刘知远', '孙茂松', '林衍凯'],
      etAl: true,
      title: '知识表示学习研究进展',
      type: 'J',
      container: '计算机研究与发展',
      year: '2016',
      volume: '53',
      issue: '2',
      pages: '247-261',
    });
  });

  it.each([
    [
      'an English conference paper with a host after //',
      '[4] He K, Zhang X, Ren S, et al. Deep residual learning for image recognition[C]//Proceedings of the IEEE Conference on Computer Vision and Pattern Recognition. Las Vegas: IEEE, 2016: 770-778.',
      {
        type: 'C',
        container: 'Proceedings of the IEEE Conference on Computer Vision and Pattern Recognition',
        place: 'Las Vegas',
        publisher: 'IEEE',
        year: '2016',
        pages: '770-778',
      },
    ],
    [
      'a book with an edition',
      '宗成庆. 统计自然语言处理[M]. 2版. 北京: 清华大学出版社, 2013.',
      { edition: '2版', place: '北京', publisher: '清华大学出版社', year: '2013' },
    ],
    [
      'a thesis',
      '[9] 张三. 基于深度学习的文本分类研究[D]. 北京: 清华大学, 2019.',
      { type: 'D', publisher: '清华大学' },
    ],
    [
      'a web page',
      '[10] 国家统计局. 统计公报[EB/OL]. (2021-02-28)[2021-03-01]. http://www.stats.gov.cn/a.html.',
      {
        type: 'EB',
        carrier: 'OL',
        date: '2021-02-28',
        cited: '2021-03-01',
        url: 'http://www.stats.gov.cn/a.html',
      },
    ],
    [
      'a DOI',
      'LeCun Y, Bengio Y, Hinton G. Deep learning[J]. Nature, 2015, 521(7553): 436-444. DOI:10.1038/nature14539.',
      { doi: '10.1038/nature14539' },
    ],
  ])('reads %s', (_kind, raw, fields) => {
    expect(parseEntry(raw).fields).toMatchObject(fields);
  });

  it.each([
    ['王五，城市治理的数字化转型［J］．管理世界，2020，36（5）：1-12．', ['王五'], '城市治理的数字化转型'],
    [
      '[3] 王五, 李雷, 城市治理的数字化转型[J]. 管理世界, 2020, 36(5): 1-12.',
      ['王五', '李雷'],
      '城市治理的数字化转型',
    ],
    ['欧阳修远，王五，等，城市治理［J］．管理世界，2020，36（5）：1-12．', ['欧阳修远', '王五'], '城市治理'],
    [
      'Smith J, Deep learning for cities[J]. Nature, 2020, 5(2): 1-3.',
      ['Smith J'],
      'Deep learning for cities',
    ],
  ])('reads the authors of an entry whose authors end in a comma: %s', (raw, authors, title) => {
    const e = parseEntry(raw);
    expect(e.fields.authors).toEqual(authors);
    expect(e.fields.title).toBe(title);
    expect(e.fields).toMatchObject({ type: 'J', year: '2020' });
    // the comma is the full stop's place: a punctuation problem, corrected to "Authors. Title[J]."
    const f = checkFormat(e, '2015');
    expect(f.problems.map((p) => p.kind)).toContain('punctuation');
    expect(f.corrected).toContain(`. ${title}[J]. `);
  });

  it('keeps a comma inside a title with no authors before it', () => {
    const e = parseEntry('城市治理，数字化与转型[J]. 管理世界, 2020, 36(5): 1-12.');
    expect(e.fields.authors).toEqual([]);
    expect(e.fields.title).toBe('城市治理，数字化与转型');
  });

  it('reads author-year entries: GB 著者-出版年制 and APA', () => {
    const gb = parseEntry(
      'Blei D M, Ng A Y, Jordan M I, 2003. Latent Dirichlet allocation[J]. Journal of Machine Learning Research, 3: 993-1022.',
    );
    expect(gb.authorYear).toBe(true);
    expect(gb.fields).toMatchObject({
      authors: ['Blei D M', 'Ng A Y', 'Jordan M I'],
      year: '2003',
      container: 'Journal of Machine Learning Research',
      volume: '3',
      pages: '993-1022',
    });
    const apa = parseEntry(
      'LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444.',
    );
    expect(apa.fields).toMatchObject({
      title: 'Deep learning',
      year: '2015',
      container: 'Nature',
      volume: '521',
      issue: '7553',
      pages: '436-444',
    });
    expect(apa.fields.authors).toHaveLength(3);
  });

  it('survives control characters, zero-width marks and an endless line', () => {
    const e = parseEntry('[3]\u0000 周志华\u200b. 机器学习\u0007[M]. 北京: 清华大学出版社, 2016.');
    expect(e.fields).toMatchObject({ authors: ['周志华'], title: '机器学习', year: '2016' });
    expect(() => parseEntry('x'.repeat(100_000))).not.toThrow();
  });
});

describe('checkFormat (GB/T 7714-2015)', () => {
  it('finds nothing wrong in a correct entry', () => {
    expect(kinds('[3] 周志华. 机器学习[M]. 北京: 清华大学出版社, 2016.')).toEqual([]);
    expect(
      kinds('[2] LeCun Y, Bengio Y, Hinton G. Deep learning[J]. Nature, 2015, 521(7553): 436-444.'),
    ).toEqual([]);
  });

  it('names each kind of problem and writes the corrected entry', () => {
    const many = checkFormat(
      parseEntry(
        '[12] Srivastava N, Hinton G, Krizhevsky A, Sutskever I. Dropout[J]. Journal of Machine Learning Research, 2014, 15(1): 1929-1958.',
      ),
      '2015',
    );
    expect(many.problems.map((p) => p.kind)).toEqual(['et_al']);
    expect(many.corrected).toBe(
      '[12] Srivastava N, Hinton G, Krizhevsky A, et al. Dropout[J]. Journal of Machine Learning Research, 2014, 15(1): 1929-1958.',
    );
    expect(
      kinds(
        '[11] Hinton G. E., Salakhutdinov R. R. Reducing the dimensionality of data[J]. Science, 2006, 313(5786): 504-507.',
      ),
    ).toEqual(['author_form']);
    expect(kinds('[13] 周志华. 机器学习. 北京: 清华大学出版社, 2016.')).toEqual(['type_code']);
    expect(
      kinds('[14] 孟小峰, 慈祥. 大数据管理: 概念、技术与挑战[J]. 计算机研究与发展, 2013, 50(1).'),
    ).toEqual(['missing_element']);
    expect(
      kinds('温忠麟，叶宝娟．中介效应分析：方法和模型发展［J］．心理科学进展，2014，22（5）：731－745．'),
    ).toEqual(['width']);
    expect(
      kinds('[2] LeCun Y, Bengio Y, Hinton G. Deep learning[J]. Nature, 521(7553): 436-444, 2015.'),
    ).toEqual(['punctuation']);
  });

  it('marks where a missing element goes in the corrected entry, inventing nothing', () => {
    const f = checkFormat(
      parseEntry('[14] 孟小峰, 慈祥. 大数据管理: 概念、技术与挑战[J]. 计算机研究与发展, 2013, 50(1).'),
      '2015',
    );
    expect(f.corrected).toBe(
      '[14] 孟小峰, 慈祥. 大数据管理: 概念、技术与挑战[J]. 计算机研究与发展, 2013, 50(1): 【页码】.',
    );
    expect(checkFormat(parseEntry('周志华. 机器学习[M]. 2016.'), '2015').corrected).toBe(
      '周志华. 机器学习[M]. 【出版地】: 【出版者】, 2016.',
    );
  });

  it('keeps a Chinese title as written in the corrected entry', () => {
    expect(
      checkFormat(
        parseEntry(
          '[14] 孟小峰, 慈祥. 大数据管理: 概念、技术与挑战[J]. 计算机研究与发展, 2013, 50(1): 146-169.',
        ),
        '2015',
      ).corrected,
    ).toContain('概念、技术与挑战');
  });

  it('knows what the 2025 edition changed: preprints, no access date for print', () => {
    expect(kinds('[1] 王五. 一种新方法[PP]. arXiv, 2024.', '2015')).toContain('type_code');
    expect(kinds('[1] 王五. 一种新方法[PP]. arXiv, 2024.', '2025')).not.toContain('type_code');
    expect(kinds('[3] 周志华. 机器学习[M]. 北京: 清华大学出版社, 2016[2020-01-01].', '2025')).toContain(
      'access_date',
    );
  });
});
