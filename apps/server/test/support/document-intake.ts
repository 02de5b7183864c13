import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import { expect, it } from 'vitest';
import { buildDocx, imageOnlyPdf } from '../check/fixtures.ts';
import { call, multipart, paragraph, postFile } from '../check/support.ts';

/** A service that takes a paper as pasted text or an uploaded file (查重 check_init, AIGC machine_init). */
export interface DocumentIntake {
  /** The service's API prefix, e.g. `/api/base/check_api`. */
  api: string;
  /** The call that creates a record from a paper. */
  init: string;
  app: () => FastifyInstance;
  token: () => string;
  /** A valid paper of a few paragraphs. */
  paper: string;
  /** Asserts that the user has no record and no charge: every refusal must leave none. */
  expectNothingStored: () => Promise<void>;
  /** Extra form fields for the accepted .docx upload and what the record must show for them. */
  docxFields: Record<string, string>;
  docxRecord: Record<string, unknown>;
  /** Removes an accepted record so later tests start from nothing stored. */
  forget: (id: number) => Promise<void>;
}

async function encryptedPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ userPassword: 'secret', ownerPassword: 'owner' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => doc.on('end', r));
  doc.text('This document is encrypted with a password.');
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * The refusals and acceptances every paper-taking service shares: they read documents through the same
 * intake, so each must answer bad input alike (statuses and messages the pages show as they are).
 */
export function itReadsDocumentsLikeEveryService(s: DocumentIntake): void {
  const init = (body: unknown) => call(s.app(), 'POST', `${s.api}/${s.init}`, { token: s.token(), body });
  const upload = (
    name: string,
    data: Uint8Array | Buffer,
    fields: Record<string, string> = { title: '上传' },
  ) => postFile<{ id: number }>(s.app(), `${s.api}/${s.init}`, s.token(), { name, data }, fields);
  const wordCount = (text: string) => call(s.app(), 'POST', `${s.api}/word_count`, { body: { text } });

  it('empty text: missing, blank or punctuation only, or a form with neither text nor file', async () => {
    const empty = await init({ title: '空', text: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('请粘贴论文内容或上传文件');
    for (const text of ['   \n\n  ', '。。。，，——……']) {
      const r = await init({ title: '空', text });
      expect(r.status, text).toBe(422);
      expect(r.body.message, text).toBe('文档中没有可识别的文字');
    }
    const noFile = multipart({ title: '空表单' });
    const r = await call(s.app(), 'POST', `${s.api}/${s.init}`, {
      token: s.token(),
      ...noFile,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请上传论文文件或粘贴论文内容');
    await s.expectNothingStored();
  });

  it('too short and too long papers are refused with the configured limits in the message, word counts too', async () => {
    const manyParagraphs = Array.from({ length: 60 }, (_, i) => paragraph(1000 + i, 300))
      .join('\n')
      .slice(0, 500_000);
    expect(manyParagraphs.length).toBe(500_000);
    for (const long of [manyParagraphs, '研究'.repeat(160_000)]) {
      const r = await init({ title: '超长论文', text: long });
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(/超过单篇 300,000 字符的上限/);
      expect((await wordCount(long)).status).toBe(422);
    }
    for (const short of ['本文研究城市治理问题。', '人工智能正在改变写作。']) {
      const r = await init({ title: '太短', text: short });
      expect(r.status, short).toBe(422);
      expect(r.body.message).toMatch(/至少需要 200 字符/);
      expect((await wordCount(short)).status).toBe(422);
    }
    await s.expectNothingStored();
  });

  it('a missing or empty title is 400 with the field named', async () => {
    const untitled = await init({ title: '', text: s.paper });
    expect(untitled.status).toBe(400);
    expect(untitled.body.message).toContain('请填写论文题目');
    const noTitle = await init({ text: s.paper });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toMatch(/./);
    await s.expectNothingStored();
  });

  it('wrong extensions are 415 whatever the content', async () => {
    for (const name of ['论文.doc', '论文.exe', '论文.md', '无扩展名']) {
      const r = await upload(name, Buffer.from(s.paper));
      expect(r.status, name).toBe(415);
      expect(r.body.message).toBe('仅支持 .docx、.pdf、.txt 文件');
    }
    const wc = multipart({}, { name: 'a.rtf', data: Buffer.from(s.paper) });
    const r = await call(s.app(), 'POST', `${s.api}/word_count`, {
      ...wc,
    });
    expect(r.status).toBe(415);
    await s.expectNothingStored();
  });

  it('encrypted or corrupt .pdf and .docx are refused as unreadable; a scanned PDF has no text layer', async () => {
    const cases: [string, Uint8Array | Buffer][] = [
      ['加密.pdf', await encryptedPdf()],
      ['损坏.pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage without xref')],
      ['损坏.docx', Buffer.from('PK\u0003\u0004 this is not really a zip archive at all')],
      // Word encrypts .docx into an OLE compound file (not a zip): same answer
      ['加密.docx', Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096)])],
    ];
    for (const [name, data] of cases) {
      const r = await upload(name, data);
      expect(r.status, name).toBe(422);
      expect(r.body.message, name).toBe('文件已损坏或已加密，无法读取');
    }
    for (const pages of [1, 2]) {
      const scanned = await upload('扫描件.pdf', imageOnlyPdf(pages));
      expect(scanned.status, `${pages} pages`).toBe(422);
      expect(scanned.body.message).toContain('没有文字层');
    }
    await s.expectNothingStored();
  });

  it('a real .docx with a Chinese name is read with its headings, and so is a .txt', async () => {
    const [first, second] = s.paper.split('\n');
    const docx = await buildDocx([
      { text: '城市治理研究', style: 'Title' },
      { text: '第一章 绪论', style: 'Heading1' },
      { text: first! },
      { text: '第二章 方法', style: 'Heading1' },
      { text: second! },
    ]);
    const r = await upload('我的论文（终稿）.docx', docx, {
      title: '城市治理研究',
      author: '张三',
      ...s.docxFields,
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.result).toMatchObject({
      fileName: '我的论文（终稿）.docx',
      author: '张三',
      status: 'created',
      ...s.docxRecord,
    });
    const txt = await upload('论文.txt', Buffer.from(s.paper));
    expect(txt.status, txt.body.message).toBe(200);
    for (const id of [r.body.result.id, txt.body.result.id]) await s.forget(id);
    await s.expectNothingStored();
  });
}
