import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { sampleDeck, samplePaper, sampleRewrite, sampleThesis } from '../bench/sample-models.ts';
import { listDeckTemplates, renderDeck, renderPaperDocx, renderRewriteDocx } from '../src/index.ts';
import { convertWithSoffice, hasSoffice, SOFFICE_TIMEOUT_MS } from './libreoffice.ts';

/**
 * Every .docx and .pptx the product writes, opened by LibreOffice (what many students' machines and WPS-like
 * readers do): the text comes back out, and every slide of every deck template is there. The in-place
 * rewrite of an uploaded .docx has its own round trip in docx-rewrite.test.ts.
 */
describe.skipIf(!hasSoffice)('LibreOffice round trip', () => {
  it(
    'opens the 论文写作 and 降重/降AIGC .docx files with their text',
    async () => {
      const thesis = sampleThesis();
      const paper = samplePaper();
      const rewrite = sampleRewrite();
      const texts = await convertWithSoffice(
        {
          'thesis.docx': await renderPaperDocx(thesis),
          'paper.docx': await renderPaperDocx(paper),
          'rewrite.docx': await renderRewriteDocx(rewrite),
        },
        'txt:Text (encoded):UTF8',
      );
      const text = (name: string) => texts.get(name)?.toString('utf8') ?? '';
      expect(text('thesis.docx')).toContain(thesis.title);
      // the last part of the thesis too: the whole body came through
      const thanks = thesis.acknowledgements?.split('\n')[0]?.trim() ?? '';
      expect(thanks.length).toBeGreaterThan(10);
      expect(text('thesis.docx')).toContain(thanks);
      expect(text('paper.docx')).toContain(paper.title);
      expect(text('rewrite.docx')).toContain(rewrite.title);
      for (const p of rewrite.paragraphs) expect(text('rewrite.docx')).toContain(p.rewritten);
    },
    SOFFICE_TIMEOUT_MS,
  );

  it(
    'opens the PPT生成 .pptx of every template with all its slides',
    async () => {
      const deck = sampleDeck();
      const templates = listDeckTemplates();
      const files: Record<string, Buffer> = {};
      for (const t of templates) files[`${t.id}.pptx`] = await renderDeck(deck, t.id);
      const converted = await convertWithSoffice(files, 'odp');
      for (const t of templates) {
        const zip = await JSZip.loadAsync(converted.get(`${t.id}.pptx`) ?? Buffer.alloc(0));
        const content = (await zip.file('content.xml')?.async('string')) ?? '';
        const pages = content.match(/<draw:page /g)?.length ?? 0;
        expect(pages, t.id).toBe(deck.slides.length);
        expect(content, t.id).toContain('主要实验结果');
        expect(content, t.id).toContain('Market-1501');
      }
    },
    SOFFICE_TIMEOUT_MS,
  );
});
