import type { AigcRecord } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { makeUser } from '../billing/helpers.ts';
import { buildDocx, imageOnlyPdf } from '../check/fixtures.ts';
import { call, multipart, paragraph, postFile } from '../check/support.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { API, creditAigcQuota, footprint, initPaste } from './support.ts';

describeEachDatabase('paper_aigc_api bad input', (getCtx) => {
  let app: FastifyInstance;
  let user: { id: number; token: string };
  const paper = [paragraph(41, 6), paragraph(42, 6)].join('\n');

  beforeAll(async () => {
    app = await buildApp(getCtx());
    user = await makeUser(getCtx());
    await creditAigcQuota(getCtx(), user.id, 10);
  });
  afterAll(async () => {
    await app?.close();
  });

  const upload = (
    name: string,
    data: Uint8Array | Buffer,
    fields: Record<string, string> = { title: '上传' },
  ) => postFile<AigcRecord>(app, `${API}/machine_init`, user.token, { name, data }, fields);

  /** Every rejection leaves no record and no ledger row behind. */
  async function expectNothingStored() {
    expect(await footprint(getCtx(), user.id)).toEqual({ records: 0, ledger: 0 });
  }

  it('empty, blank, too short and too long text are refused with a clear message', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ title: '空', text: '' }, 400, /请粘贴论文内容或上传文件/],
      [{ title: '空', text: '   \n\n ' }, 422, /没有可识别的文字/],
      [{ title: '短', text: '人工智能正在改变写作。' }, 422, /至少需要 200 字符/],
      [{ title: '长', text: '研究'.repeat(160_000) }, 422, /超过单篇 300,000 字符的上限/],
      [{ title: '', text: paper }, 400, /请填写论文题目/],
      [{ text: paper }, 400, /./],
    ];
    for (const [body, status, message] of cases) {
      const r = await call(app, 'POST', `${API}/machine_init`, { token: user.token, body });
      expect(r.status, JSON.stringify(body).slice(0, 40)).toBe(status);
      expect(r.body.message).toMatch(message);
    }
    const wc = await call(app, 'POST', `${API}/word_count`, { body: { text: '太短了' } });
    expect(wc.status).toBe(422);
    const noFile = multipart({ title: '空表单' });
    const r = await call(app, 'POST', `${API}/machine_init`, {
      token: user.token,
      payload: noFile.payload,
      headers: noFile.headers,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请上传论文文件或粘贴论文内容');
    await expectNothingStored();
  });

  it('wrong file types are 415; corrupt or scanned files 422', async () => {
    for (const name of ['论文.doc', '论文.exe', '无扩展名']) {
      const r = await upload(name, Buffer.from(paper));
      expect(r.status, name).toBe(415);
      expect(r.body.message).toBe('仅支持 .docx、.pdf、.txt 文件');
    }
    const corrupt = await upload('损坏.docx', Buffer.from('PK\u0003\u0004 not really a zip'));
    expect(corrupt.status).toBe(422);
    expect(corrupt.body.message).toBe('文件已损坏或已加密，无法读取');
    const scanned = await upload('扫描件.pdf', imageOnlyPdf(1));
    expect(scanned.status).toBe(422);
    expect(scanned.body.message).toContain('没有文字层');
    await expectNothingStored();
  });

  it('a .docx upload is read with its headings, then a .txt one', async () => {
    const docx = await buildDocx([
      { text: '基于深度学习的图像识别研究', style: 'Title' },
      { text: '第一章 绪论', style: 'Heading1' },
      { text: paragraph(43, 6) },
      { text: paragraph(44, 6) },
    ]);
    const r = await upload('论文.docx', docx, { title: '图像识别', author: '王五' });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.result).toMatchObject({ fileName: '论文.docx', author: '王五', status: 'created' });
    const txt = await upload('论文.txt', Buffer.from(paper));
    expect(txt.status).toBe(200);
    for (const id of [r.body.result.id, txt.body.result.id])
      await call(app, 'POST', `${API}/delete?id=${id}`, { token: user.token });
  });

  it('no token is 401; bad ids are 400; unknown ids 404', async () => {
    expect(
      (await call(app, 'POST', `${API}/machine_init`, { body: { title: 'x', text: paper } })).status,
    ).toBe(401);
    expect((await call(app, 'POST', `${API}/query_list`, { body: {} })).status).toBe(401);
    for (const url of ['load_by_id?id=abc', 'submit_check?id=-1', 'delete', 'check_order_id?id=1']) {
      const r = await call(app, 'POST', `${API}/${url}`, { token: user.token });
      expect(r.status, url).toBe(400);
    }
    expect((await call(app, 'POST', `${API}/submit_check?id=424242`, { token: user.token })).status).toBe(
      404,
    );
    await expectNothingStored();
  });

  it('unpaid records: no report, no reload, no download', async () => {
    const rec = await initPaste(app, user.token, paper);
    for (const url of [`load_content_by_id?id=${rec.id}`, `reload?id=${rec.id}`]) {
      const r = await call(app, 'POST', `${API}/${url}`, { token: user.token });
      expect(r.status, url).toBe(409);
    }
    const dl = await app.inject({
      method: 'GET',
      url: `${API}/download_report?id=${rec.id}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(dl.statusCode).toBe(409);
    await call(app, 'POST', `${API}/delete?id=${rec.id}`, { token: user.token });
    await expectNothingStored();
  });

  it('documents every paper_aigc_api call of spec §7 in the OpenAPI description', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const name of [
      'query_list',
      'query_content_list',
      'delete',
      'load_by_id',
      'load_content_by_id',
      'word_count',
      'machine_init',
      'machine_submit',
      'check_order_id',
      'reload',
      'download_report',
      'submit_check',
      'aigc_machine_submit',
    ])
      expect(paths, name).toContain(`${API}/${name}`);
  });

  it('降AIGC calls before the detection is done, or with a detection id where a 降AIGC record is meant: nothing stored or charged', async () => {
    const rec = await initPaste(app, user.token, paper);
    // 一键降AIGC needs a finished report
    const early = await call(app, 'POST', `${API}/aigc_machine_submit?id=${rec.id}`, { token: user.token });
    expect(early.status).toBe(409);
    // machine_submit and query_content_list name 降AIGC records (paper_machine_api), not this detection record
    for (const name of ['machine_submit', 'query_content_list']) {
      const r = await call(app, 'POST', `${API}/${name}?id=${rec.id}`, { token: user.token, body: {} });
      expect(r.status, name).toBe(404);
    }
    expect(await getCtx().db.selectFrom('reduceRecords').select('id').execute()).toEqual([]);
    const after = await call<AigcRecord>(app, 'POST', `${API}/load_by_id?id=${rec.id}`, {
      token: user.token,
    });
    expect(after.body.result.status).toBe('created');
    await call(app, 'POST', `${API}/delete?id=${rec.id}`, { token: user.token });
    await expectNothingStored();
  });
});
