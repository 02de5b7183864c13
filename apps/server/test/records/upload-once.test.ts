import type {
  AigcRecord,
  CheckRecord,
  MachineRecord,
  ReduceRecord,
  ReduceWordCount,
  WordCountResult,
} from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { makeUser } from '../billing/helpers.ts';
import { buildDocx } from '../check/fixtures.ts';
import { bearer, call, documentText, multipart } from '../check/support.ts';
import { describeEachDatabase } from '../support/databases.ts';

/** A paper is sent and read once: word_count keeps the read file, *_init names it instead of uploading again. */
describeEachDatabase('upload once', (getCtx) => {
  let app: FastifyInstance;
  const paper = documentText(31, 3, 4).split('\n');
  let docx: Buffer;

  beforeAll(async () => {
    app = await buildApp(getCtx());
    docx = await buildDocx([{ text: '城市治理研究', style: 'Title' }, ...paper.map((text) => ({ text }))]);
  });

  async function countFile(base: string, opts: { token?: string; ip?: string } = {}) {
    const form = multipart({}, { name: '论文.docx', data: docx });
    const res = await app.inject({
      method: 'POST',
      url: `${base}/word_count`,
      payload: form.payload,
      headers: { ...form.headers, ...(opts.token ? bearer(opts.token) : {}) },
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as WordCountResult;
  }

  it('check: the counted file becomes the record, only for its owner', async () => {
    const ctx = getCtx();
    const a = await makeUser(ctx);
    const b = await makeUser(ctx);
    const counted = await countFile('/api/base/check_api', { token: a.token });
    expect(counted.uploadId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const stored = await ctx.db.selectFrom('uploadedSources').selectAll().executeTakeFirstOrThrow();
    expect(stored.data).not.toBeNull(); // a .docx keeps its bytes (a rewrite can be written back into it)
    // the count is kept with the upload, and the record takes it instead of counting again: a kept count that
    // differs from the paper's (as no real upload would) is the one the record gets
    expect(Number(stored.characters)).toBe(counted.characters);
    const kept = counted.characters - 7;
    await ctx.db
      .updateTable('uploadedSources')
      .set({ characters: kept })
      .where('id', '=', stored.id)
      .execute();

    const body = { uploadId: counted.uploadId, title: '我的论文', author: '张三', edition: 'standard' };
    const other = await call<CheckRecord>(app, 'POST', '/api/base/check_api/check_init', {
      token: b.token,
      body,
    });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('上传的文件已过期或不存在，请重新上传');

    const r = await call<CheckRecord>(app, 'POST', '/api/base/check_api/check_init', {
      token: a.token,
      body,
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.result.characters).toBe(kept);
    expect(r.body.result.fileName).toBe('论文.docx');
    // the record holds the paper now: the upload is released, and naming it again finds nothing
    const left = await ctx.db
      .selectFrom('uploadedSources')
      .select('id')
      .where('id', '=', counted.uploadId ?? '');
    expect(await left.execute()).toEqual([]);
  });

  it('aigc and 降重 take a counted upload too; pasted text keeps nothing', async () => {
    const ctx = getCtx();
    const a = await makeUser(ctx);
    const aigc = await countFile('/api/base/paper_aigc_api', { token: a.token });
    const r1 = await call<AigcRecord>(app, 'POST', '/api/base/paper_aigc_api/machine_init', {
      token: a.token,
      body: { uploadId: aigc.uploadId, title: '检测', author: '张三' },
    });
    expect(r1.status, r1.body.message).toBe(200);
    expect(r1.body.result.characters).toBe(aigc.characters);

    const machine = await countFile('/api/base/machine_api', { token: a.token });
    const r2 = await call<MachineRecord>(app, 'POST', '/api/base/machine_api/machine_init', {
      token: a.token,
      body: { uploadId: machine.uploadId, title: '降重' },
    });
    expect(r2.status, r2.body.message).toBe(200);
    expect(r2.body.result.origin).toBe('upload');

    const pasted = await call<WordCountResult>(app, 'POST', '/api/base/check_api/word_count', {
      body: { text: paper.join('\n') },
    });
    expect(pasted.body.result.uploadId).toBeNull();
  });

  it('全文降重 takes a counted upload as JSON or beside a report, and keeps the .docx for the download', async () => {
    const ctx = getCtx();
    const a = await makeUser(ctx);
    const base = '/api/base/paper_machine_api';
    const counted = (await countFile(base, { token: a.token })) as unknown as ReduceWordCount;
    expect(counted.uploadId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const r = await call<ReduceRecord>(app, 'POST', `${base}/machine_init`, {
      token: a.token,
      body: { uploadId: counted.uploadId, title: '降重', kind: 'similarity' },
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.result.origin).toBe('upload');
    expect(r.body.result.fileName).toBe('论文.docx');
    expect(r.body.result.characters).toBe(counted.characters);
    const kept = await ctx.db
      .selectFrom('reduceFiles')
      .select('size')
      .where('recordId', '=', r.body.result.id)
      .executeTakeFirst();
    expect(Number(kept?.size)).toBe(docx.length);

    // /papermachine/cnki: the report is uploaded beside a paper counted earlier (multipart field uploadId)
    const again = (await countFile(base, { token: a.token })) as unknown as ReduceWordCount;
    const form = multipart(
      { uploadId: again.uploadId ?? '' },
      { name: 'report.html', data: Buffer.from('<html><body>我的读书笔记</body></html>'), field: 'report' },
    );
    const res = await app.inject({
      method: 'POST',
      url: `${base}/machine_init`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(a.token) },
    });
    // the paper was found by its id: what is refused is the report (no checker's report), not a missing paper
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toContain('这不是查重报告');
  });

  it('a file counted before signing in belongs to its address; a made-up id is refused', async () => {
    const ctx = getCtx();
    const a = await makeUser(ctx);
    const counted = await countFile('/api/base/check_api', { ip: '203.0.113.7' });
    const init = (ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/base/check_api/check_init',
        headers: bearer(a.token),
        remoteAddress: ip,
        payload: { uploadId: counted.uploadId, title: '论文', author: '张三' },
      });
    expect((await init('198.51.100.9')).statusCode).toBe(404);
    expect((await init('203.0.113.7')).statusCode).toBe(200);

    const bad = await call(app, 'POST', '/api/base/check_api/check_init', {
      token: a.token,
      body: { uploadId: 'x', title: '论文', author: '张三' },
    });
    expect(bad.status).toBe(400);
  });
});
