import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckRecord, WordCountResult } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeGbk } from './fixtures.ts';
import { buildApp } from '../../src/http/app.ts';
import { credit, makeUser } from '../billing/helpers.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { itReadsDocumentsLikeEveryService } from '../support/document-intake.ts';
import { call, chargeRows, multipart, paragraph, postFile } from './support.ts';

const API = '/api/base/check_api';

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
  const forget = async (id: number) => {
    await getCtx().db.deleteFrom('checkRecords').where('id', '=', id).execute();
  };

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

  itReadsDocumentsLikeEveryService({
    api: API,
    init: 'check_init',
    app: () => app,
    token: () => user.token,
    paper,
    expectNothingStored,
    docxFields: { addToLibrary: 'true' },
    docxRecord: { addToLibrary: true },
    forget,
  });

  it('a 50 MB upload is refused with 413 from its announced length', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 0x41);
    const m = multipart({ title: '超大文件' }, { name: 'big.txt', data: big });
    const r = await call(app, 'POST', `${API}/check_init`, {
      token: user.token,
      ...m,
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

  it('GBK text files are detected and read (then stored, still uncharged)', async () => {
    const text = `城市治理研究\n${paper}`;
    const wc = multipart({}, { name: '国标编码.txt', data: encodeGbk(text) });
    const count = await call<WordCountResult>(app, 'POST', `${API}/word_count`, {
      ...wc,
    });
    expect(count.status).toBe(200);
    expect(count.body.result.characters).toBe(text.replace(/\n/g, '').length);
    expect(count.body.result.title).toBe('城市治理研究');
    const r = await upload('国标编码.txt', encodeGbk(text), { title: 'GBK 论文', edition: 'professional' });
    expect(r.status).toBe(200);
    expect(r.body.result.fileName).toBe('国标编码.txt');
    expect(r.body.result.edition).toBe('professional');
    const row = await getCtx()
      .db.selectFrom('checkDocuments')
      .select('document')
      .where('recordId', '=', r.body.result.id)
      .executeTakeFirstOrThrow();
    expect(row.document).toContain(paper.slice(0, 40));
    expect(await chargeRows(getCtx(), user.id)).toHaveLength(0);
    await forget(r.body.result.id);
  });

  it('an unknown edition is 400 with the field named', async () => {
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
