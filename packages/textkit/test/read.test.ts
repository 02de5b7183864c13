import { describe, expect, it } from 'vitest';
import { decodeText, readDocument, readPastedText, TextkitError } from '../src/index.ts';
import { buildDocx, buildPdf, encodeGbk, layoutPdf } from './fixtures.ts';

async function errorCode(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
  } catch (e) {
    if (e instanceof TextkitError) return e.code;
    throw e;
  }
  return undefined;
}

const PARA1 =
  '本文研究了中文学术论文的文本复用检测问题，提出一种基于字符指纹与句子相似度的两阶段方法，在公开数据上取得了较好的效果。';
const PARA2 = '实验结果表明，该方法能够发现逐字复制、轻度改写以及语序调整等多种抄袭形式。';

describe('readDocument: docx', () => {
  it('reads title, styled headings, unstyled numbered headings and paragraphs', async () => {
    const buf = await buildDocx([
      { text: '中文论文查重方法研究', style: 'Title' },
      { text: '第一章 绪论', style: 'Heading1' },
      { text: PARA1 },
      { text: '1.1 研究背景' },
      { text: 'Tom & Jerry <test>' },
      { text: '研究方法', style: 'Heading2' },
      { text: PARA2 },
    ]);
    const doc = await readDocument(buf, '论文.DOCX');
    expect(doc.title).toBe('中文论文查重方法研究');
    expect(doc.blocks).toEqual([
      { kind: 'heading', level: 0, text: '中文论文查重方法研究' },
      { kind: 'heading', level: 1, text: '第一章 绪论' },
      { kind: 'paragraph', text: PARA1 },
      { kind: 'heading', level: 2, text: '1.1 研究背景' },
      { kind: 'paragraph', text: 'Tom & Jerry <test>' },
      { kind: 'heading', level: 2, text: '研究方法' },
      { kind: 'paragraph', text: PARA2 },
    ]);
  });

  it('rejects a corrupt or encrypted docx and an empty one', async () => {
    const garbage = new Uint8Array(2048).map((_, i) => (i * 7919) % 251);
    expect(await errorCode(readDocument(garbage, 'x.docx'))).toBe('UNREADABLE_FILE');
    const empty = await buildDocx([{ text: '   ' }]);
    expect(await errorCode(readDocument(empty, 'x.docx'))).toBe('EMPTY_TEXT');
  });
});

describe('readDocument: pdf', () => {
  it('extracts Chinese text (CID font through the CJK CMaps) and merges lines into paragraphs', async () => {
    const pdf = layoutPdf([{ text: '第一章 绪论', heading: true }, { text: PARA1 }, { text: PARA2 }], 20);
    const doc = await readDocument(pdf, 'a.pdf');
    expect(doc.blocks).toEqual([
      { kind: 'heading', level: 1, text: '第一章 绪论' },
      { kind: 'paragraph', text: PARA1 },
      { kind: 'paragraph', text: PARA2 },
    ]);
  });

  it('extracts English text and joins wrapped lines with spaces', async () => {
    const text =
      'Text reuse detection finds passages that were copied from earlier sources, even when the wording was lightly changed by the writer.';
    const doc = await readDocument(layoutPdf([{ text }]), 'en.pdf');
    expect(doc.blocks).toEqual([{ kind: 'paragraph', text }]);
  });

  it('drops page numbers and continues a paragraph across pages', async () => {
    const pdf = buildPdf([
      {
        lines: [
          { text: '跨页的段落从第一页开始', x: 96, y: 100 },
          { text: '1', x: 290, y: 40 },
        ],
      },
      {
        lines: [
          { text: '并在第二页结束。', x: 72, y: 780 },
          { text: '2', x: 290, y: 40 },
        ],
      },
    ]);
    const doc = await readDocument(pdf, 'p.pdf');
    expect(doc.blocks.map((b) => b.text)).toEqual(['跨页的段落从第一页开始并在第二页结束。']);
  });

  it('reports an image-only PDF as a scan, and corrupt data as unreadable', async () => {
    expect(await errorCode(readDocument(buildPdf([{ image: true }, { image: true }]), 'scan.pdf'))).toBe(
      'IMAGE_ONLY_PDF',
    );
    expect(await errorCode(readDocument(new TextEncoder().encode('%PDF-1.4 garbage'), 'bad.pdf'))).toBe(
      'UNREADABLE_FILE',
    );
    expect(await errorCode(readDocument(buildPdf([{}]), 'blank.pdf'))).toBe('EMPTY_TEXT');
  });
});

describe('readDocument: txt and pasted text', () => {
  const txt = `论文题目\n\n一、引言\n${PARA1}\n1.2 方法\n${PARA2}\n`;

  it('reads UTF-8 (with or without BOM) and GBK', async () => {
    const utf8 = new TextEncoder().encode(txt);
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    const gbk = encodeGbk(txt);
    expect(decodeText(gbk).encoding).toBe('gbk');
    for (const bytes of [utf8, bom, gbk]) {
      const doc = await readDocument(bytes, 'a.txt');
      expect(doc.title).toBe('论文题目');
      expect(doc.blocks).toEqual([
        { kind: 'heading', level: 0, text: '论文题目' },
        { kind: 'heading', level: 1, text: '一、引言' },
        { kind: 'paragraph', text: PARA1 },
        { kind: 'heading', level: 2, text: '1.2 方法' },
        { kind: 'paragraph', text: PARA2 },
      ]);
    }
  });

  it('reads UTF-16 with a BOM', async () => {
    const body = '第一段。\n第二段。';
    const bytes = new Uint8Array(2 + body.length * 2);
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    for (let i = 0; i < body.length; i++) {
      bytes[2 + i * 2] = body.charCodeAt(i) & 0xff;
      bytes[3 + i * 2] = body.charCodeAt(i) >> 8;
    }
    expect((await readDocument(bytes, 'u.txt')).blocks.map((b) => b.text)).toEqual(['第一段。', '第二段。']);
  });

  it('refuses empty text, binary data and other extensions', async () => {
    expect(await errorCode(readDocument(new TextEncoder().encode(' \n\t\n'), 'a.txt'))).toBe('EMPTY_TEXT');
    expect(await errorCode(readDocument(new Uint8Array([0x50, 0x4b, 0, 1, 2, 3, 0, 0, 9]), 'a.txt'))).toBe(
      'UNREADABLE_FILE',
    );
    expect(await errorCode(readDocument(new Uint8Array([1]), 'a.doc'))).toBe('UNSUPPORTED_TYPE');
    const err = await readDocument(new Uint8Array([1]), 'a.wps').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TextkitError);
    expect((err as TextkitError).message).toBe('仅支持 .docx、.pdf、.txt 文件');
  });

  it('pasted text uses the same rules', () => {
    const doc = readPastedText(`第二章 相关工作\r\n${PARA2}`);
    expect(doc.blocks).toEqual([
      { kind: 'heading', level: 1, text: '第二章 相关工作' },
      { kind: 'paragraph', text: PARA2 },
    ]);
    expect(() => readPastedText('   ')).toThrow('文档中没有可识别的文字');
  });
});
