import { readDocument, readMainDocumentPart, replaceZipEntry, resolveLimits } from '@paperdesk/textkit';
import {
  Document,
  ExternalHyperlink,
  FootnoteReferenceRun,
  Footer,
  Header,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { docxDeepNesting, docxEntityExpansion, docxZipBomb, writeZip } from '@paperdesk/textkit/fuzz/bombs';
import { sampleThesis, sampleThesisEdits, THESIS_REWRITES } from '../bench/sample-models.ts';
import { renderPaperDocx, rewriteDocx } from '../src/index.ts';
import { topLevelParagraphs } from '../src/docx-rewrite/xml.ts';
import { convertWithSoffice, hasSoffice, SOFFICE_TIMEOUT_MS } from './libreoffice.ts';

const P1 = ['随着计算能力的提升，', '深度学习', '方法在图像识别领域取得了显著的进展', '。'];
const P1_NEW = '随着算力的不断增强，深度学习方法在图像识别方面获得了明显突破[1]。';
const CELL = '实验数据来源于公开的数据集，经过清洗后用于训练。';
const CELL_NEW = '实验所用数据取自公开数据集，清洗之后才用于模型训练。';
const PLAIN = '本文在此基础上提出一种新的特征融合框架，并在三个数据集上验证了其有效性。';
const PLAIN_NEW = '在此基础上，本文提出了一个新的特征融合框架，并用三个数据集检验了它的效果。';

/** A thesis-like .docx: title, headings, a multi-run paragraph with a footnote, a table, a link, header/footer. */
async function thesisDocx(): Promise<Buffer> {
  const doc = new Document({
    footnotes: { 1: { children: [new Paragraph('此处数据引自国家统计局2023年公报。')] } },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('某某大学本科毕业论文')] }) },
        footers: { default: new Footer({ children: [new Paragraph('第 1 页')] }) },
        children: [
          new Paragraph({ text: '基于特征融合的图像识别方法研究', heading: HeadingLevel.TITLE }),
          new Paragraph({ text: '第一章 绪论', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun(P1[0]!),
              new TextRun({ text: P1[1]!, bold: true }),
              new TextRun({ text: P1[2]!, italics: true }),
              new FootnoteReferenceRun(1),
              new TextRun(P1[3]!),
            ],
          }),
          new Paragraph({ children: [new TextRun(`　　${PLAIN}`)] }),
          new Table({
            rows: [
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph('数据说明')] }),
                  new TableCell({ children: [new Paragraph(CELL)] }),
                ],
              }),
            ],
          }),
          new Paragraph({
            children: [
              new TextRun('代码见'),
              new ExternalHyperlink({
                link: 'https://example.org/code',
                children: [new TextRun('项目主页')],
              }),
              new TextRun('，欢迎复现。'),
            ],
          }),
          new Paragraph({ text: '参考文献', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('[1] 李四. 图像识别研究综述[J]. 计算机学报, 2019, 42(3): 1-20.'),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

async function zipFiles(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  const zip = await JSZip.loadAsync(bytes);
  const out = new Map<string, Uint8Array>();
  for (const f of Object.values(zip.files)) if (!f.dir) out.set(f.name, await f.async('uint8array'));
  return out;
}

const documentXml = (bytes: Uint8Array) =>
  readMainDocumentPart(Buffer.from(bytes), resolveLimits(undefined)).xml;

const texts = async (bytes: Uint8Array) => (await readDocument(bytes, 'x.docx')).blocks.map((b) => b.text);

/** What Word shows after 拒绝所有修订: insertions dropped, deletions restored. */
function rejectAll(bytes: Uint8Array): Buffer {
  const buf = Buffer.from(bytes);
  const { entries, name, xml } = readMainDocumentPart(buf, resolveLimits(undefined));
  const rejected = xml
    .replace(/<w:ins [^>]*>[\s\S]*?<\/w:ins>/g, '')
    .replace(/<w:del [^>]*>([\s\S]*?)<\/w:del>/g, '$1')
    .replace(/<(\/?)w:delText/g, '<$1w:t');
  return replaceZipEntry(buf, entries, name, Buffer.from(rejected));
}

async function editsFor(bytes: Uint8Array) {
  const blocks = await texts(bytes);
  const find = (needle: string) => blocks.find((t) => t.includes(needle)) ?? '';
  return {
    blocks,
    edits: [
      { original: find('计算能力'), text: P1_NEW },
      { original: find('特征融合框架'), text: PLAIN_NEW },
      { original: find('清洗'), text: CELL_NEW },
    ],
  };
}

describe('rewriteDocx', () => {
  it('replaces the paragraphs and leaves headings, tables, notes and every other part as they were', async () => {
    const original = await thesisDocx();
    const { blocks, edits } = await editsFor(original);
    // mammoth reads the footnote reference as [1]: the edit's original carries it
    expect(edits[0]!.original).toBe(`${P1.slice(0, 3).join('')}[1]。`);
    const result = await rewriteDocx(original, [
      ...edits,
      { original: '这一段在文档里并不存在。', text: '无' },
    ]);
    expect(result.applied).toBe(3);
    expect(result.unmatched).toEqual([3]);

    const after = await texts(result.bytes);
    const expected = blocks.map((t) =>
      t === edits[0]!.original ? P1_NEW : t === edits[1]!.original ? PLAIN_NEW : t === CELL ? CELL_NEW : t,
    );
    expect(after).toEqual(expected);
    const doc = await readDocument(result.bytes, 'x.docx');
    expect(doc.title).toBe('基于特征融合的图像识别方法研究');
    expect(doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      '基于特征融合的图像识别方法研究',
      '第一章 绪论',
      '参考文献',
    ]);

    const before = await zipFiles(original);
    const now = await zipFiles(result.bytes);
    expect([...now.keys()]).toEqual([...before.keys()]);
    for (const [name, data] of before) {
      if (name !== 'word/document.xml')
        expect(Buffer.from(now.get(name)!).equals(Buffer.from(data)), name).toBe(true);
    }

    // only the three edited paragraphs differ; the footnote reference, the bold run and the typed indent stay
    const oldXml = documentXml(original);
    const newXml = documentXml(result.bytes);
    const oldPs = topLevelParagraphs(oldXml).map((s) => oldXml.slice(s.start, s.end));
    const newPs = topLevelParagraphs(newXml).map((s) => newXml.slice(s.start, s.end));
    expect(newPs).toHaveLength(oldPs.length);
    const changed = oldPs.flatMap((p, i) => (p === newPs[i] ? [] : [i]));
    expect(changed).toHaveLength(3);
    const p1 = newPs[changed[0]!]!;
    expect(p1).toContain('<w:footnoteReference w:id="1"/>');
    expect(p1).toMatch(/<w:b\/>[\s\S]*?深度学习/);
    expect(newPs[changed[1]!]).toContain('　　');
    expect(newXml).not.toMatch(/<w:(ins|del) /);
    // the table is still a table holding the new cell text
    expect(newXml).toMatch(/<w:tc>[\s\S]*实验所用数据取自公开数据集[\s\S]*?<\/w:tc>/);
  });

  it('writes tracked revisions that accept to the new text and reject to the old', async () => {
    const original = await thesisDocx();
    const { blocks, edits } = await editsFor(original);
    const date = new Date('2026-03-01T08:00:00.000Z');
    const result = await rewriteDocx(original, edits, { track: true, author: '张三 & PaperDesk', date });
    expect(result.applied).toBe(3);
    const xml = documentXml(result.bytes);
    const revisions = [...xml.matchAll(/<w:(ins|del) w:id="(\d+)" w:author="([^"]*)" w:date="([^"]*)">/g)];
    expect(revisions.filter((r) => r[1] === 'ins').length).toBeGreaterThan(2);
    expect(revisions.filter((r) => r[1] === 'del').length).toBeGreaterThan(2);
    expect(new Set(revisions.map((r) => r[2])).size).toBe(revisions.length);
    expect(new Set(revisions.map((r) => `${r[3]}|${r[4]}`))).toEqual(
      new Set(['张三 &amp; PaperDesk|2026-03-01T08:00:00Z']),
    );
    // structure the schema asks for: revisions hold runs only, deleted text only inside deletions
    for (const m of xml.matchAll(/<w:(ins|del) [^>]*>([\s\S]*?)<\/w:\1>/g)) {
      expect(m[2]).toMatch(/^(<w:r>|<w:r [^>]*>)[\s\S]*<\/w:r>$/);
      expect(m[2]!.match(/<w:r[ >]/g)).toHaveLength(1);
      if (m[1] === 'ins') expect(m[2]).not.toContain('w:delText');
      else expect(m[2]).not.toMatch(/<w:t[ >]/);
    }
    expect(xml.replace(/<w:del [^>]*>[\s\S]*?<\/w:del>/g, '')).not.toContain('w:delText');
    // word/phrase granularity: unchanged stretches stay outside any revision
    expect(xml).toMatch(/<w:t xml:space="preserve">深度学习<\/w:t>/);
    expect(xml).not.toMatch(/<w:del [^>]*>(?:(?!<\/w:del>)[\s\S])*<w:t[ >]/);

    // textkit (mammoth) reads insertions and skips deletions: the accepted view
    const accepted = await texts(result.bytes);
    expect(accepted).toContain(P1_NEW);
    expect(accepted).toContain(CELL_NEW);
    expect(await texts(rejectAll(result.bytes))).toEqual(blocks);
  });

  it('keeps each kept character in its own run formatting across a multi-run paragraph', async () => {
    const original = await thesisDocx();
    const { edits } = await editsFor(original);
    // only the italic part changes: the bold run is kept whole, the new words take the italic look
    const text = `${P1[0]}${P1[1]}方法在图像识别领域获得了明显的突破[1]${P1[3]}`;
    const result = await rewriteDocx(original, [{ original: edits[0]!.original, text }]);
    const xml = documentXml(result.bytes);
    expect(await texts(result.bytes)).toContain(text);
    expect(xml).toMatch(
      /<w:r><w:rPr><w:i\/><w:iCs\/><\/w:rPr><w:t xml:space="preserve">方法在图像识别领域获得了明显的突破<\/w:t><\/w:r>/,
    );
    expect(xml).toMatch(/<w:rPr><w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">深度学习<\/w:t>/);
  });

  it('reads through the noise Word writes: split runs, rsids, proofing marks, bookmarks, rendered page breaks', async () => {
    const original = await thesisDocx();
    const buf = Buffer.from(original);
    const { entries, name, xml } = readMainDocumentPart(buf, resolveLimits(undefined));
    const [a, b, c] = [PLAIN.slice(0, 9), PLAIN.slice(9, 12), PLAIN.slice(12)];
    const wordy =
      `<w:r w:rsidR="00A1B2C3"><w:rPr><w:rFonts w:hint="eastAsia"/></w:rPr><w:t>　　${a}</w:t></w:r>` +
      '<w:proofErr w:type="spellStart"/><w:bookmarkStart w:id="0" w:name="_Toc1"/>' +
      `<w:r w:rsidRPr="00D4E5F6"><w:rPr><w:rFonts w:hint="eastAsia"/></w:rPr><w:lastRenderedPageBreak/><w:t>${b}</w:t></w:r>` +
      '<w:bookmarkEnd w:id="0"/><w:proofErr w:type="spellEnd"/>' +
      `<w:r><w:rPr><w:rFonts w:hint="eastAsia"/></w:rPr><w:t>${c}</w:t></w:r>`;
    const plainRun = `<w:r><w:t xml:space="preserve">　　${PLAIN}</w:t></w:r>`;
    expect(xml).toContain(plainRun);
    const doc = replaceZipEntry(buf, entries, name, Buffer.from(xml.replace(plainRun, wordy)));
    expect(await texts(doc)).toContain(PLAIN);
    const result = await rewriteDocx(doc, [{ original: PLAIN, text: PLAIN_NEW }]);
    expect(result.applied).toBe(1);
    expect(await texts(result.bytes)).toContain(PLAIN_NEW);
    const out = documentXml(result.bytes);
    expect(out).toContain('<w:bookmarkStart w:id="0" w:name="_Toc1"/>');
    expect(out).toContain('<w:bookmarkEnd w:id="0"/>');
    expect(out).toContain('　　');
  });

  it('drops a hyperlink whose words are all rewritten away, or marks its runs deleted when tracking', async () => {
    const original = await thesisDocx();
    const edit = { original: '代码见项目主页，欢迎复现。', text: '代码已经公开，欢迎复现。' };
    const plain = await rewriteDocx(original, [edit]);
    expect(await texts(plain.bytes)).toContain(edit.text);
    expect(documentXml(plain.bytes)).not.toContain('<w:hyperlink');
    const tracked = await rewriteDocx(original, [edit], { track: true });
    const xml = documentXml(tracked.bytes);
    expect(xml).toMatch(
      /<w:hyperlink [^>]*><w:del w:id="\d+" [^>]*><w:r><w:delText xml:space="preserve">项目主页<\/w:delText><\/w:r><\/w:del><\/w:hyperlink>/,
    );
    expect(await texts(tracked.bytes)).toContain(edit.text);
    expect(await texts(rejectAll(tracked.bytes))).toContain(edit.original);
  });

  it('moves a note reference with the words it follows, never typing a literal [1]', async () => {
    const original = await thesisDocx();
    const { edits } = await editsFor(original);
    const moved = '深度学习方法[1]在图像识别领域进展显著，这得益于计算能力的提升。';
    const plain = await rewriteDocx(original, [{ original: edits[0]!.original, text: moved }]);
    expect(await texts(plain.bytes)).toContain(moved);
    const edited = (bytes: Uint8Array) => {
      const xml = documentXml(bytes);
      return topLevelParagraphs(xml)
        .map((p) => xml.slice(p.start, p.end))
        .find((p) => p.includes('深度学习'))!;
    };
    const xml = edited(plain.bytes);
    expect(xml.match(/<w:footnoteReference /g)).toHaveLength(1);
    expect(xml).not.toMatch(/<w:t[^>]*>[^<]*\[1\]/);
    // tracked: the reference stays where it was (it cannot be deleted and re-inserted), still no typed copy
    const tracked = await rewriteDocx(original, [{ original: edits[0]!.original, text: moved }], {
      track: true,
    });
    const trackedXml = edited(tracked.bytes);
    expect(trackedXml.match(/<w:footnoteReference /g)).toHaveLength(1);
    expect(trackedXml).not.toMatch(/<w:t[^>]*>[^<]*\[1\]/);
    expect(await texts(rejectAll(tracked.bytes))).toContain(edits[0]!.original);
  });

  it('refuses a file that is not a .docx, and rewrites nothing when no edit matches', async () => {
    await expect(rewriteDocx(new TextEncoder().encode('not a zip'), [])).rejects.toMatchObject({
      code: 'UNREADABLE_FILE',
    });
    const original = await thesisDocx();
    const result = await rewriteDocx(original, [{ original: '不存在的段落', text: '新' }]);
    expect(result).toMatchObject({ applied: 0, unmatched: [0] });
    expect(Buffer.from(result.bytes).equals(original)).toBe(true);
  });

  it('rewrites a whole thesis given every block (cover table, TOC field, repeated paragraphs) in document order', async () => {
    const thesis = await renderPaperDocx(sampleThesis());
    const blocks = (await readDocument(thesis, 'thesis.docx')).blocks;
    const edits = sampleThesisEdits(blocks);
    const rewritten = edits.filter((e) => e.text !== e.original).length;
    expect(rewritten).toBeGreaterThan(6); // P[0] and P[1] recur in several chapters
    const result = await rewriteDocx(thesis, edits);
    expect(result).toMatchObject({ applied: blocks.length, unmatched: [] });
    const after = (await readDocument(result.bytes, 'thesis.docx')).blocks;
    expect(after.map((b) => b.text)).toEqual(edits.map((e) => e.text));
    expect(after.map((b) => b.kind)).toEqual(blocks.map((b) => b.kind));
    // the TOC is still a field Word refreshes, its entries untouched
    const xml = documentXml(result.bytes);
    expect(xml).toContain('TOC \\o &quot;1-3&quot; \\h \\z \\u');
    expect(xml.match(/w:fldCharType="begin"/g)?.length).toBe(
      documentXml(thesis).match(/w:fldCharType="begin"/g)?.length,
    );

    // only the second occurrence of a repeated paragraph: the first is passed unchanged
    const [from, to] = THESIS_REWRITES[0]!;
    const second = await rewriteDocx(thesis, [
      { original: from, text: from },
      { original: from, text: to },
    ]);
    const texts2 = (await readDocument(second.bytes, 'thesis.docx')).blocks.map((b) => b.text);
    const firstAt = blocks.findIndex((b) => b.text === from);
    const secondAt = blocks.findIndex((b, i) => i > firstAt && b.text === from);
    expect(texts2[firstAt]).toBe(from);
    expect(texts2[secondAt]).toBe(to);
  });

  it('keeps a citation field and a simple field whole', async () => {
    const original = await thesisDocx();
    const buf = Buffer.from(original);
    const { entries, name, xml } = readMainDocumentPart(buf, resolveLimits(undefined));
    // an EndNote-style citation field after the cell text: begin, instruction, separate, result [2], end
    const field =
      '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ADDIN EN.CITE </w:instrText></w:r>' +
      '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:t>[2]</w:t></w:r>' +
      '<w:r><w:fldChar w:fldCharType="end"/></w:r>';
    // and a simple field, whose text mammoth (so textkit) does not read
    const simple = '<w:fldSimple w:instr=" SEQ 表 \\* ARABIC "><w:r><w:t>7</w:t></w:r></w:fldSimple>';
    const withField = xml.replace(`${CELL}</w:t></w:r>`, `${CELL}</w:t></w:r>${field}${simple}`);
    expect(withField).not.toBe(xml);
    const doc = replaceZipEntry(buf, entries, name, Buffer.from(withField));
    const cell = (await texts(doc)).find((t) => t.startsWith('实验数据'))!;
    expect(cell).toBe(`${CELL}[2]`);
    const result = await rewriteDocx(doc, [{ original: cell, text: `${CELL_NEW}[2]` }], { track: true });
    const out = documentXml(result.bytes);
    expect(out).toContain(field + simple);
    expect(await texts(rejectAll(result.bytes))).toContain(cell);
    expect(await texts(result.bytes)).toContain(`${CELL_NEW}[2]`);
  });

  it('refuses hostile packages with textkit’s codes before anything large is inflated', async () => {
    expect(await rewriteDocx(await docxZipBomb(), []).catch((e) => e.code)).toBe('INFLATED_TOO_LARGE');
    expect(await rewriteDocx(await docxDeepNesting(), []).catch((e) => e.code)).toBe('UNREADABLE_FILE');
    expect(await rewriteDocx(await docxEntityExpansion(), []).catch((e) => e.code)).toBe('UNREADABLE_FILE');
    expect(
      await rewriteDocx(writeZip([{ name: 'a.txt', data: Buffer.from('x') }]), []).catch((e) => e.code),
    ).toBe('UNREADABLE_FILE');
  });

  it.skipIf(!hasSoffice)(
    'opens in LibreOffice with the new wording (plain and tracked)',
    async () => {
      const original = await thesisDocx();
      const { edits } = await editsFor(original);
      const plain = await rewriteDocx(original, edits);
      const tracked = await rewriteDocx(original, edits, { track: true });
      const texts = await convertWithSoffice(
        { 'plain.docx': plain.bytes, 'tracked.docx': tracked.bytes },
        'txt:Text (encoded):UTF8',
      );
      const plainText = texts.get('plain.docx')?.toString('utf8') ?? '';
      expect(plainText).toContain(CELL_NEW);
      expect(plainText).toContain(PLAIN_NEW);
      expect(plainText).not.toContain(CELL);
      // LibreOffice opens the tracked file; its text export shows the document with the revisions in it
      const trackedText = texts.get('tracked.docx')?.toString('utf8') ?? '';
      expect(trackedText).toContain('实验');
      expect(trackedText).toContain('数据集');
    },
    SOFFICE_TIMEOUT_MS,
  );
});
