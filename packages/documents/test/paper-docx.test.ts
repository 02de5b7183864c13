import { describe, expect, it } from 'vitest';
import { docxParagraphs, ooxmlParts } from '../bench/ooxml.ts';
import { samplePaper, sampleThesis } from '../bench/sample-models.ts';
import { type PaperDocument, renderPaperDocx } from '../src/index.ts';

async function render(paper: PaperDocument) {
  const parts = await ooxmlParts(await renderPaperDocx(paper));
  const document = parts.get('word/document.xml') ?? '';
  return {
    parts,
    document,
    paragraphs: docxParagraphs(document),
    styles: parts.get('word/styles.xml') ?? '',
  };
}

/** Paragraphs carrying a given paragraph style, as text. */
function styled(document: string, style: string): string[] {
  return docxParagraphs(
    [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
      .map((m) => m[0])
      .filter((p) => p.includes(`<w:pStyle w:val="${style}"/>`))
      .join(''),
  );
}

describe('renderPaperDocx', () => {
  it('lays out a thesis: cover, abstracts, TOC field, numbered chapters, references, 致谢', async () => {
    const thesis = sampleThesis();
    const { document, paragraphs } = await render(thesis);
    const text = paragraphs.join('\n');
    for (const s of [
      thesis.title,
      '华东示范大学',
      '本科毕业论文（设计）',
      '指导教师',
      '王芳 副教授',
      '二〇二六年五月',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).toContain('摘　要');
    expect(text).toContain('ABSTRACT');
    expect(text).toMatch(/关键词：行人重识别；注意力机制；小样本学习；度量学习/);
    expect(text).toMatch(/Key words: person re-identification; attention mechanism/);

    // headings numbered from the tree, typed numbering (“1.2 ”, “第二章 ”) replaced, heading styles applied
    expect(styled(document, 'Heading1')).toEqual([
      '第1章　绪论',
      '第2章　相关理论与技术',
      '第3章　实验与分析',
      '第4章　总结与展望',
      '参考文献',
      '致　谢',
    ]);
    expect(styled(document, 'Heading2')).toEqual([
      '1.1 研究背景与意义',
      '1.2 国内外研究现状',
      '1.3 本文主要工作',
      '2.1 卷积神经网络',
      '2.2 注意力机制',
      '3.1 实验设置',
    ]);
    expect(styled(document, 'Heading3')).toEqual(['1.2.1 传统特征方法', '1.2.2 深度学习方法']);

    // a real TOC field over heading levels 1-3, pre-filled with the headings, plus the update note
    expect(document).toMatch(
      /<w:instrText xml:space="preserve"> TOC \\o &quot;1-3&quot; \\h \\z \\u <\/w:instrText>/,
    );
    expect(document).toMatch(/w:fldCharType="begin" w:dirty="true"/);
    expect(styled(document, 'TOC1')).toContain('第1章　绪论');
    expect(styled(document, 'TOC3')).toContain('1.2.2 深度学习方法');
    expect(text).toContain('更新域');

    // references renumbered [1]..[n] in order, a typed “[1] ” removed
    const refs = styled(document, 'Reference');
    expect(refs).toHaveLength(thesis.references.length);
    refs.forEach((r, i) => {
      expect(r.startsWith(`[${i + 1}]\u00a0`)).toBe(true);
    });
    expect(refs[0]).toBe(
      '[1]\u00a0何凯明, 张祥雨. 深度残差学习在图像识别中的应用[J]. 计算机学报, 2017, 40(6): 1201-1215.',
    );
    expect(text).toContain('衷心感谢我的指导教师');
  });

  it('sets Chinese fonts, 小四 body at 1.5 lines with a two-character indent, and footer page numbers', async () => {
    const { parts, styles, document } = await render(sampleThesis());
    expect(styles).toMatch(/w:eastAsia="宋体"/);
    expect(styles).toMatch(/w:eastAsia="黑体"/);
    expect(styles).toMatch(/w:ascii="Times New Roman"/);
    const body = styles.match(/<w:style [^>]*w:styleId="PaperBody"[\s\S]*?<\/w:style>/)?.[0] ?? '';
    expect(body).toMatch(/w:firstLineChars="200"/);
    expect(body).toMatch(/<w:spacing [^>]*w:line="360"/);
    expect(body).toMatch(/<w:sz w:val="24"\/>/);
    const heading1 = styles.match(/<w:style [^>]*w:styleId="Heading1"[\s\S]*?<\/w:style>/)?.[0] ?? '';
    expect(heading1).toMatch(/w:eastAsia="黑体"/);
    const footers = [...parts.entries()]
      .filter(([name]) => /^word\/footer\d*\.xml$/.test(name))
      .map(([, xml]) => xml);
    expect(footers.length).toBeGreaterThan(0);
    expect(footers.some((f) => /<w:instrText[^>]*>\s*PAGE\s*<\/w:instrText>/.test(f))).toBe(true);
    // front matter in roman numerals, the body restarts at 1
    expect(document).toMatch(/<w:pgNumType w:start="1" w:fmt="upperRoman"\/>/);
    expect(document).toMatch(/<w:pgNumType w:start="1" w:fmt="decimal"\/>/);
  });

  it('a journal-style paper has no cover, an inline abstract and 1 / 1.1 headings', async () => {
    const paper = samplePaper();
    const { document, paragraphs } = await render(paper);
    expect(paragraphs[0]).toBe(paper.title);
    expect(paragraphs.join('\n')).not.toContain('指导教师');
    expect(paragraphs.some((p) => p.startsWith('摘　要：近年来'))).toBe(true);
    expect(styled(document, 'Heading1')[0]).toBe('1 绪论');
    expect(document).not.toContain('TOC \\o');
  });

  it('survives bad input: empty title and sections, control characters, a 10,000-character paragraph', async () => {
    const long = '这是一个很长的段落。'.repeat(1000);
    const { document, paragraphs } = await render({
      kind: 'thesis',
      title: '  ',
      abstract: '',
      keywords: [],
      sections: [{ heading: '', paragraphs: [`含有控制字符\u0000\u0007的文本`, long] }],
      references: ['', '  '],
    });
    expect(paragraphs).toContain('未命名论文');
    expect(paragraphs).toContain('含有控制字符的文本');
    expect(paragraphs).toContain(long);
    expect(styled(document, 'Heading1')).toEqual(['第1章']);
    expect(document).not.toContain('参考文献');

    const empty = await render({
      kind: 'paper',
      title: '空论文',
      abstract: '',
      keywords: [],
      sections: [],
      references: [],
    });
    expect(empty.paragraphs[0]).toBe('空论文');
  });
});
