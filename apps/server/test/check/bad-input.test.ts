import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckRecord, WordCountResult } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildDocx, encodeGbk, imageOnlyPdf } from './fixtures.ts';
import { buildApp } from '../../src/http/app.ts';
import { credit, makeUser } from '../billing/helpers.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { call, chargeRows, multipart, paragraph, postFile } from './support.ts';

const API = '/api/base/check_api';

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

describeEachDatabase('check_api bad input', (getCtx) => {
  let app: FastifyInstance;
  let user: { id: number; token: string };
  const paper = [paragraph(31, 6), paragraph(32, 6)].join('\n');

  beforeAll(async () => {
    app = await buildApp(getCtx());
    user = await makeUser(getCtx());
    await credit(getCtx(), user.id, 'balance', 1_000_000);
  });
  afterAll(async () => {
    await app.close();
  });

  const upload = (
    name: string,
    data: Uint8Array | Buffer,
    fields: Record<string, string> = { title: '上传的论文' },
  ) => postFile<CheckRecord>(app, `${API}/check_init`, user.token, { name, data }, fields);

  /** Every rejection leaves no record and no charge behind. */
  async function expectNothingStored() {
    const rows = await getCtx()
      .db.selectFrom('checkRecords')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
    expect(await chargeRows(getCtx(), user.id)).toHaveLength(0);
  }

  it('empty text: missing, blank, or punctuation only', async () => {
    const empty = await call(app, 'POST', `${API}/check_init`, {
      token: user.token,
      body: { title: '空', text: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('请粘贴论文内容或上传文件');
    for (const text of ['   \n\n  ', '。。。，，——……']) {
      const r = await call(app, 'POST', `${API}/check_init`, {
        token: user.token,
        body: { title: '空', text },
      });
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('文档中没有可识别的文字');
    }
    const noFile = multipart({ title: '空表单' });
    const r = await call(app, 'POST', `${API}/check_init`, {
      token: user.token,
      payload: noFile.payload,
      headers: noFile.headers,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请上传论文文件或粘贴论文内容');
    await expectNothingStored();
  });

  it('an image-only (scanned) PDF says it has no text layer', async () => {
    const r = await upload('扫描件.pdf', imageOnlyPdf(2));
    expect(r.status).toBe(422);
    expect(r.body.message).toContain('没有文字层');
    await expectNothingStored();
  });

  it('encrypted or corrupt .pdf and .docx are refused as unreadable', async () => {
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
    await expectNothingStored();
  });

  it('wrong extensions are 415 whatever the content', async () => {
    for (const name of ['论文.doc', '论文.exe', '论文.md', '无扩展名']) {
      const r = await upload(name, Buffer.from(paper));
      expect(r.status, name).toBe(415);
      expect(r.body.message).toBe('仅支持 .docx、.pdf、.txt 文件');
    }
    const wc = multipart({}, { name: 'a.rtf', data: Buffer.from(paper) });
    const r = await call(app, 'POST', `${API}/word_count`, { payload: wc.payload, headers: wc.headers });
    expect(r.status).toBe(415);
    await expectNothingStored();
  });

  it('a 50 MB upload is refused with 413 from its announced length', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 0x41);
    const m = multipart({ title: '超大文件' }, { name: 'big.txt', data: big });
    const r = await call(app, 'POST', `${API}/check_init`, {
      token: user.token,
      payload: m.payload,
      headers: m.headers,
    });
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('文件超过 20 MB 的上限，请压缩图片或删去附录后再上传');
    await expectNothingStored();
  });

  it('413 comes before the body is read: the server answers while the client has sent only headers', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const started = Date.now();
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `${API}/check_init`,
        headers: {
          authorization: `Bearer ${user.token}`,
          'content-type': 'multipart/form-data; boundary=xyz',
          'content-length': String(50 * 1024 * 1024),
        },
      });
      req.on('response', (resp) => {
        let body = '';
        resp.on('data', (c) => {
          body += c;
        });
        resp.on('end', () => {
          req.destroy(); // the client gives up on its (never sent) body
          resolve({ status: resp.statusCode ?? 0, body });
        });
      });
      req.on('error', reject);
      req.flushHeaders(); // headers only; not one byte of the 50 MB body is ever sent
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toContain('20 MB');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a streamed upload without a length is cut off at the limit (413)', async () => {
    const ctx = getCtx();
    await ctx.sysConfig.set('limit.check.maxUploadMb', 1);
    try {
      const big = Buffer.alloc(3 * 1024 * 1024, 0x41);
      const m = multipart({ title: '分块上传' }, { name: 'big.txt', data: big });
      const { port } = app.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}${API}/check_init`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, ...m.headers },
        // a stream body is sent chunked: the limit is enforced while reading
        body: new ReadableStream({
          start(c) {
            for (let i = 0; i < m.payload.length; i += 65536) c.enqueue(m.payload.subarray(i, i + 65536));
            c.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { message: string }).message).toContain('1 MB');
    } finally {
      await ctx.sysConfig.set('limit.check.maxUploadMb', 20);
    }
    await expectNothingStored();
  });

  it('a 500,000-character paper is refused with the configured limit in the message', async () => {
    const long = Array.from({ length: 60 }, (_, i) => paragraph(1000 + i, 300))
      .join('\n')
      .slice(0, 500_000);
    expect(long.length).toBe(500_000);
    const r = await call(app, 'POST', `${API}/check_init`, {
      token: user.token,
      body: { title: '超长论文', text: long },
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/超过单篇 300,000 字符的上限/);
    const wc = await call(app, 'POST', `${API}/word_count`, { body: { text: long } });
    expect(wc.status).toBe(422);
    // a too-short paper has its own message
    const short = await call(app, 'POST', `${API}/check_init`, {
      token: user.token,
      body: { title: '太短', text: '本文研究城市治理问题。' },
    });
    expect(short.status).toBe(422);
    expect(short.body.message).toMatch(/至少需要 200 字符/);
    await expectNothingStored();
  });

  it('GBK text files are detected and read (then stored, still uncharged)', async () => {
    const text = `城市治理研究\n${paper}`;
    const wc = multipart({}, { name: '国标编码.txt', data: encodeGbk(text) });
    const count = await call<WordCountResult>(app, 'POST', `${API}/word_count`, {
      payload: wc.payload,
      headers: wc.headers,
    });
    expect(count.status).toBe(200);
    expect(count.body.result.characters).toBe(text.replace(/\n/g, '').length);
    expect(count.body.result.title).toBe('城市治理研究');
    const r = await upload('国标编码.txt', encodeGbk(text), { title: 'GBK 论文', edition: 'professional' });
    expect(r.status).toBe(200);
    expect(r.body.result.fileName).toBe('国标编码.txt');
    expect(r.body.result.edition).toBe('professional');
    const row = await getCtx()
      .db.selectFrom('checkRecords')
      .select('document')
      .where('id', '=', r.body.result.id)
      .executeTakeFirstOrThrow();
    expect(row.document).toContain(paper.slice(0, 40));
    expect(await chargeRows(getCtx(), user.id)).toHaveLength(0);
    await getCtx().db.deleteFrom('checkRecords').where('id', '=', r.body.result.id).execute();
  });

  it('a real .docx with a Chinese name is accepted, headings kept', async () => {
    const docx = await buildDocx([
      { text: '城市治理研究', style: 'Title' },
      { text: '第一章 绪论', style: 'Heading1' },
      { text: paper.split('\n')[0]! },
      { text: '第二章 方法', style: 'Heading1' },
      { text: paper.split('\n')[1]! },
    ]);
    const r = await upload('我的论文（终稿）.docx', docx, {
      title: '城市治理研究',
      author: '张三',
      addToLibrary: 'true',
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.result).toMatchObject({
      fileName: '我的论文（终稿）.docx',
      author: '张三',
      addToLibrary: true,
      status: 'created',
    });
    await getCtx().db.deleteFrom('checkRecords').where('id', '=', r.body.result.id).execute();
  });

  it('bad fields are 400 with the field named', async () => {
    const r = await call(app, 'POST', `${API}/check_init`, {
      token: user.token,
      body: { title: '', text: paper },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('请填写论文题目');
    const e = await call(app, 'POST', `${API}/check_init`, {
      token: user.token,
      body: { title: 'x', text: paper, edition: 'gold' },
    });
    expect(e.status).toBe(400);
    expect(e.body.message).toMatch(/^edition/);
    await expectNothingStored();
  });

  it('reading documents is rate limited per client (429 with a Chinese message)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 65; i++) {
      const r = await call(app, 'POST', `${API}/word_count`, { body: { text: paper } });
      statuses.push(r.status);
      if (r.status === 429) {
        expect(r.body.message).toMatch(/请求过于频繁/);
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(40);
  });
});
