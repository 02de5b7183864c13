import { describe, expect, it } from 'vitest';
import {
  docxDeepNesting,
  docxEntityExpansion,
  docxLyingSizes,
  docxManyParagraphs,
  docxMissingDocument,
  docxNestedZip,
  docxParts,
  docxZipBomb,
  oleEncryptedDocx,
  pdfEncrypted,
  pdfFlateBomb,
  pdfManyPages,
  validDocx,
  writeZip,
} from '../fuzz/bombs.ts';
import { patchPdfWorkerSource, readPdfWorkerSource } from '../src/pdfjs-worker.ts';
import {
  DEFAULT_READ_LIMITS,
  isTextkitErrorCode,
  type ReadLimits,
  readDocument,
  TEXTKIT_ERROR_CODES,
  TextkitError,
  type TextkitErrorKind,
  textkitMessage,
} from '../src/index.ts';
import { buildDocx, layoutPdf } from './fixtures.ts';

const MiB = 1024 * 1024;
const BODY = '本文研究了中文学术论文的文本复用检测问题，提出一种基于字符指纹与句子相似度的两阶段方法。';

async function codeOf(bytes: Uint8Array, filename: string, limits?: Partial<ReadLimits>): Promise<string> {
  try {
    await readDocument(bytes, filename, limits);
    return 'ok';
  } catch (e) {
    if (e instanceof TextkitError) return e.code;
    throw e;
  }
}

describe('TextkitError codes', () => {
  it('carries the Chinese message and a kind for every code', () => {
    expect(textkitMessage('INFLATED_TOO_LARGE')).toBe('文件解压后过大，可能不是正常的论文文档');
    expect(textkitMessage('TOO_MANY_BLOCKS')).toBe('文档段落过多，可能不是正常的论文文档');
    expect(textkitMessage('TOO_LONG')).toBe('文档文字过多，超出可处理的上限');
    expect(textkitMessage('PARSE_TIMEOUT')).toBe('文件解析超时，可能不是正常的论文文档');
    // the kind decides the HTTP answer: too-large 413, unsupported 415, unreadable 422
    const codesOfKind = (kind: TextkitErrorKind) =>
      TEXTKIT_ERROR_CODES.filter((c) => new TextkitError(c).kind === kind);
    expect(codesOfKind('too-large')).toEqual([
      'INFLATED_TOO_LARGE',
      'TOO_MANY_BLOCKS',
      'TOO_MANY_PAGES',
      'TOO_LONG',
    ]);
    expect(codesOfKind('unsupported')).toEqual(['UNSUPPORTED_TYPE']);
    expect(codesOfKind('unreadable')).toEqual([
      'EMPTY_TEXT',
      'IMAGE_ONLY_PDF',
      'UNREADABLE_FILE',
      'PARSE_TIMEOUT',
      'NOT_A_REPORT',
      'REPORT_MISMATCH',
    ]);
    for (const code of TEXTKIT_ERROR_CODES) expect(new TextkitError(code).message).toBe(textkitMessage(code));
    expect(isTextkitErrorCode('TOO_LONG')).toBe(true);
    expect(isTextkitErrorCode('toString')).toBe(false);
  });
});

describe('docx caps', () => {
  it('refuses a bomb from its directory alone: declared size past the ratio cap', async () => {
    expect(await codeOf(await docxZipBomb(8 * MiB), 'b.docx')).toBe('INFLATED_TOO_LARGE');
  });

  it('refuses a bomb whose directory lies about sizes while inflating it, under a hard bound', async () => {
    expect(await codeOf(await docxLyingSizes(8 * MiB), 'b.docx')).toBe('INFLATED_TOO_LARGE');
  });

  it('refuses a directory whose size claim differs from the real one', async () => {
    const parts = await docxParts();
    const files = [...parts].map(([name, data]) => ({
      name,
      data,
      declaredSize: name === 'word/document.xml' ? data.length - 1 : undefined,
    }));
    expect(await codeOf(writeZip(files), 'x.docx')).toBe('UNREADABLE_FILE');
  });

  it('caps the sum inflated, each entry, and the number of entries', async () => {
    const docx = await validDocx();
    expect(await codeOf(docx, 'x.docx')).toBe('ok');
    expect(await codeOf(docx, 'x.docx', { maxInflatedBytes: 1500 })).toBe('INFLATED_TOO_LARGE');
    expect(await codeOf(docx, 'x.docx', { maxEntryBytes: 500 })).toBe('INFLATED_TOO_LARGE');
    expect(await codeOf(docx, 'x.docx', { maxZipEntries: 3 })).toBe('INFLATED_TOO_LARGE');
  });

  it('counts paragraphs and XML elements before mammoth parses anything', async () => {
    const paras = await docxManyParagraphs(3000);
    expect(await codeOf(paras, 'p.docx', { maxBlocks: 2999 })).toBe('TOO_MANY_BLOCKS');
    expect((await readDocument(paras, 'p.docx', { maxBlocks: 3000 })).blocks).toHaveLength(3000);
    expect(await codeOf(paras, 'p.docx', { maxXmlElements: 5000 })).toBe('TOO_MANY_BLOCKS');
    expect(await codeOf(await docxManyParagraphs(), 'p.docx')).toBe('TOO_MANY_BLOCKS');
  });

  it('caps the characters', async () => {
    const docx = await buildDocx([{ text: BODY }, { text: BODY }]);
    expect(await codeOf(docx, 'x.docx', { maxChars: BODY.length * 2 })).toBe('ok');
    expect(await codeOf(docx, 'x.docx', { maxChars: BODY.length * 2 - 1 })).toBe('TOO_LONG');
  });

  it('gives defined answers to nesting, entities, encryption, a missing body and an embedded bomb', async () => {
    expect(await codeOf(await docxDeepNesting(), 'd.docx')).toBe('UNREADABLE_FILE');
    expect(await codeOf(await docxEntityExpansion(), 'l.docx')).toBe('UNREADABLE_FILE');
    expect(await codeOf(oleEncryptedDocx(), 'e.docx')).toBe('UNREADABLE_FILE');
    expect(await codeOf(await docxMissingDocument(), 'm.docx')).toBe('UNREADABLE_FILE');
    // the embedded package is never opened: the document reads as if it were not there
    const nested = await readDocument(await docxNestedZip(), 'n.docx');
    expect(nested).toEqual(await readDocument(await validDocx(), 'v.docx'));
  });

  it('keeps what mammoth reads besides the body: footnotes still come through', async () => {
    const parts = await docxParts();
    const rels = new TextDecoder()
      .decode(parts.get('word/_rels/document.xml.rels'))
      .replace(
        '</Relationships>',
        '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="notes/fn.xml"/></Relationships>',
      );
    const w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
    const notes = `<?xml version="1.0" encoding="UTF-8"?><w:footnotes ${w}><w:footnote w:id="1"><w:p><w:r><w:t>脚注的文字</w:t></w:r></w:p></w:footnote></w:footnotes>`;
    const doc = `<?xml version="1.0" encoding="UTF-8"?><w:document ${w}><w:body><w:p><w:r><w:t>正文有脚注</w:t></w:r><w:r><w:footnoteReference w:id="1"/></w:r></w:p></w:body></w:document>`;
    parts.set('word/_rels/document.xml.rels', new TextEncoder().encode(rels));
    parts.set('word/notes/fn.xml', new TextEncoder().encode(notes));
    parts.set('word/document.xml', new TextEncoder().encode(doc));
    const read = await readDocument(writeZip([...parts].map(([name, data]) => ({ name, data }))), 'f.docx');
    expect(read.blocks.map((b) => b.text).join('|')).toMatch(/正文有脚注.*\|脚注的文字/);
  });
});

describe('pdf caps', () => {
  it('refuses too many pages before walking them', async () => {
    expect(await codeOf(pdfManyPages(40), 'p.pdf', { maxPdfPages: 39 })).toBe('TOO_MANY_PAGES');
    // at the cap every page is walked: the same line on all 40 pages is a running header, dropped
    expect(await codeOf(pdfManyPages(40), 'p.pdf', { maxPdfPages: 40 })).toBe('EMPTY_TEXT');
  });

  it('refuses a Flate stream that inflates past the caps before pdfjs sees it', async () => {
    expect(await codeOf(await pdfFlateBomb(8 * MiB), 'b.pdf')).toBe('INFLATED_TOO_LARGE');
    expect(await codeOf(await pdfFlateBomb(64 * 1024), 'b.pdf', { maxInflatedBytes: 32 * 1024 })).toBe(
      'INFLATED_TOO_LARGE',
    );
  });

  it('stops the walk at the character cap and caps the blocks', async () => {
    const pdf = layoutPdf([{ text: BODY }, { text: BODY }, { text: BODY }], 20);
    expect(await codeOf(pdf, 'a.pdf')).toBe('ok');
    expect(await codeOf(pdf, 'a.pdf', { maxChars: BODY.length })).toBe('TOO_LONG');
    expect(await codeOf(pdf, 'a.pdf', { maxBlocks: 2 })).toBe('TOO_MANY_BLOCKS');
  });

  it('honours an abort between pages with PARSE_TIMEOUT', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await codeOf(pdfManyPages(5), 'p.pdf', { signal: controller.signal })).toBe('PARSE_TIMEOUT');
    const midway = new AbortController();
    const reading = codeOf(pdfManyPages(1500), 'p.pdf', { signal: midway.signal });
    setTimeout(() => midway.abort(), 50);
    expect(await reading).toBe('PARSE_TIMEOUT');
  });

  it('refuses an encrypted PDF as unreadable', async () => {
    expect(await codeOf(pdfEncrypted(), 's.pdf')).toBe('UNREADABLE_FILE');
  });

  it('runs pdfjs from a worker copy that handles its page prefetches (upgrade check)', async () => {
    const patched = patchPdfWorkerSource(await readPdfWorkerSource());
    expect(patched).toContain('prefetch.catch(() => {})');
  });
});

describe('txt caps and aborts', () => {
  it('caps bytes, characters and lines', async () => {
    const text = new TextEncoder().encode(`${BODY}\n`.repeat(10));
    expect(await codeOf(text, 'a.txt')).toBe('ok');
    expect(await codeOf(text, 'a.txt', { maxChars: BODY.length * 10 - 1 })).toBe('TOO_LONG');
    expect(await codeOf(new Uint8Array(41).fill(0x61), 'a.txt', { maxChars: 10 })).toBe('TOO_LONG');
    expect(await codeOf(text, 'a.txt', { maxBlocks: 9 })).toBe('TOO_MANY_BLOCKS');
  });

  it('answers PARSE_TIMEOUT for an aborted read of any format', async () => {
    const signal = AbortSignal.abort();
    expect(await codeOf(new TextEncoder().encode(BODY), 'a.txt', { signal })).toBe('PARSE_TIMEOUT');
    expect(await codeOf(await validDocx(), 'a.docx', { signal })).toBe('PARSE_TIMEOUT');
  });

  it('exposes its defaults', () => {
    expect(DEFAULT_READ_LIMITS).toMatchObject({
      maxInflatedBytes: 50 * MiB,
      maxBlocks: 50_000,
      maxPdfPages: 2000,
    });
    expect(Object.isFrozen(DEFAULT_READ_LIMITS)).toBe(true);
  });
});
