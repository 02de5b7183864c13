import { describe, expect, it } from 'vitest';
import { docxParagraphs, ooxmlParts } from '../bench/ooxml.ts';
import { sampleRewrite } from '../bench/sample-models.ts';
import { diffRewrite, type RewriteDocument, renderRewriteDocx } from '../src/index.ts';

async function render(doc: RewriteDocument) {
  const parts = await ooxmlParts(await renderRewriteDocx(doc));
  const document = parts.get('word/document.xml') ?? '';
  return { document, paragraphs: docxParagraphs(document) };
}

/** Text of the runs in one table column (0-based) over all body rows. */
function column(document: string, index: number): string[] {
  const rows = [...document.matchAll(/<w:tr>[\s\S]*?<\/w:tr>/g)].map((m) => m[0]);
  return rows.map((row) =>
    docxParagraphs([...row.matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)][index]?.[0] ?? '').join(''),
  );
}

describe('diffRewrite', () => {
  it('marks removed and inserted text and keeps both sides whole', () => {
    const d = diffRewrite('深度学习取得了显著的进展。', '深度学习取得了明显的突破。');
    expect(d.original.map((p) => p.text).join('')).toBe('深度学习取得了显著的进展。');
    expect(d.rewritten.map((p) => p.text).join('')).toBe('深度学习取得了明显的突破。');
    const changed = (pieces: { text: string; changed: boolean }[]) =>
      pieces.filter((p) => p.changed).map((p) => p.text);
    expect(changed(d.rewritten)).toEqual(['明', '突破']);
    expect(changed(d.original).join('')).toContain('进展');
    expect(d.rewritten[0]).toEqual({ text: '深度学习取得了', changed: false });
    expect(changed(diffRewrite('same text', 'same text').rewritten)).toEqual([]);
    expect(changed(diffRewrite('the quick fox', 'the slow fox').rewritten)).toEqual(['slow']);
  });

  it('diffs long paragraphs (10,000+ characters) without stalling', () => {
    const sentence = (i: number) => `这是第${i}句不同的话。`;
    const a = Array.from({ length: 1000 }, (_, i) => sentence(i)).join('');
    const b = Array.from({ length: 1000 }, (_, i) => (i % 2 ? sentence(i) : `改写后的第${i}句。`)).join('');
    const d = diffRewrite(a, b);
    expect(d.original.map((p) => p.text).join('')).toBe(a);
    expect(d.rewritten.map((p) => p.text).join('')).toBe(b);
    const changedRewritten = d.rewritten
      .filter((p) => p.changed)
      .map((p) => p.text)
      .join('');
    expect(changedRewritten).toContain('改写后的第0句。');
    expect(changedRewritten).not.toContain(sentence(1));
  });
});

describe('renderRewriteDocx', () => {
  it('prints title, summary, the clean rewritten text and a 原文 | 改写后 table with highlights', async () => {
    const doc = sampleRewrite();
    const { document, paragraphs } = await render(doc);
    expect(paragraphs[0]).toBe(doc.title);
    const summary = `${paragraphs[1]}${paragraphs[2]}`;
    expect(summary).toContain('降重结果');
    expect(summary).toContain('改写前重复率 38.6%');
    expect(summary).toContain('改写后重复率 7.2%');
    expect(summary).toContain('2026-05-20 16:30:00');
    // the clean text comes before the table, one body paragraph per rewritten paragraph
    for (const p of doc.paragraphs) expect(paragraphs).toContain(p.rewritten);

    expect(column(document, 1)).toEqual(['原文', ...doc.paragraphs.map((p) => p.original)]);
    expect(column(document, 2)).toEqual(['改写后', ...doc.paragraphs.map((p) => p.rewritten)]);
    expect(document).toMatch(/<w:tblHeader\/>/);
    const highlighted = [
      ...document.matchAll(
        /<w:r><w:rPr>(?:(?!<\/w:rPr>)[\s\S])*<w:highlight w:val="yellow"\/>[\s\S]*?<w:t[^>]*>([^<]*)<\/w:t>/g,
      ),
    ].map((m) => m[1]);
    expect(highlighted).toContain('些');
    expect(highlighted).toContain('迅速');
    expect(document).toMatch(/<w:strike\/>/);
    // an unchanged paragraph has no highlight: its row text appears only in plain runs
    const lastRow = [...document.matchAll(/<w:tr>[\s\S]*?<\/w:tr>/g)].at(-1)?.[0] ?? '';
    expect(lastRow).not.toContain('w:highlight');
  });

  it('names AIGC 概率 for 降AIGC, can leave the table out, and survives empty input', async () => {
    const aigc = await render({
      ...sampleRewrite(),
      mode: 'aigc',
      before: 0.91,
      after: 0.12,
      comparison: false,
    });
    expect(aigc.paragraphs[1]).toContain('改写前AIGC 概率 91.0%');
    expect(aigc.document).not.toContain('<w:tbl>');
    const empty = await render({ title: '', mode: 'dedup', paragraphs: [] });
    expect(empty.paragraphs[0]).toBe('未命名文档');
    expect(empty.paragraphs).toContain('（无改写内容）');
  });
});
