import { AigcReport, CheckReport, envelope } from '@paperdesk/contracts';
import { renderAigcReportPdf, renderCheckReportHtml, renderCheckReportPdf } from '@paperdesk/documents';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { computePool } from '../../src/compute/pool.ts';
import { creditAigcQuota, initPaste, waitForFinished } from '../aigc/support.ts';
import { credit, makeUser } from '../billing/helpers.ts';
import { freshApp } from '../support/databases.ts';
import { adminToken, call, checkPaper, documentText, importLibrary, paragraph } from './support.ts';

/**
 * Issue 27: opening a report and downloading it never hold the API's thread with the report's bulk. A report is
 * answered as its stored JSON (no parse, validation or serialisation of it there), and its files are drawn in the
 * compute pool; what the user gets is what they got before.
 */

const CHECK = '/api/base/check_api';
const AIGC = '/api/base/paper_aigc_api';

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

/**
 * Calls of JSON.parse and JSON.stringify during `request` that touched the report: a parse of text holding its
 * paragraphs, a stringify of an object that has them (the report or an envelope around it).
 */
async function reportCodecCalls(marker: string, request: () => Promise<unknown>) {
  const parse = vi.spyOn(JSON, 'parse');
  const stringify = vi.spyOn(JSON, 'stringify');
  try {
    await request();
    const holdsReport = (v: unknown): boolean =>
      typeof v === 'object' &&
      v !== null &&
      ('paragraphs' in v || ('result' in v && holdsReport((v as { result: unknown }).result)));
    return {
      parses: parse.mock.calls.filter(([text]) => typeof text === 'string' && text.includes(marker)).length,
      stringifies: stringify.mock.calls.filter(([value]) => holdsReport(value)).length,
    };
  } finally {
    parse.mockRestore();
    stringify.mockRestore();
  }
}

describe('reports answered as stored, files drawn in the compute pool [sqlite]', () => {
  const s = freshApp('sqlite', {}, { app: true, ready: (ctx) => ctx.jobs.startWorkers() });
  let app: FastifyInstance;
  let token: string;
  let userId: number;
  let checkId: number;
  let aigcId: number;
  const libraryText = documentText(31, 4, 5);
  const copied = libraryText.split('\n')[1]!;

  beforeAll(async () => {
    app = s.app();
    const ctx = s.ctx();
    await importLibrary(app, await adminToken(ctx), [
      { title: '基层治理的数字化转型', author: '李四', source: '管理世界', year: 2021, text: libraryText },
    ]);
    const user = await makeUser(ctx);
    token = user.token;
    userId = user.id;
    await credit(ctx, user.id, 'balance', 100_000);
    const paper = ['第一章 绪论', paragraph(931, 4), copied, '第二章 方法', paragraph(932, 5)].join('\n');
    checkId = (await checkPaper(app, token, { title: '报告原样返回', edition: 'professional', text: paper }))
      .id;
    await creditAigcQuota(ctx, user.id, 1);
    const rec = await initPaste(app, token, paper, '报告原样返回');
    const submit = await call(app, 'POST', `${AIGC}/submit_check?id=${rec.id}&pay=quota`, { token });
    expect(submit.status, submit.body.message).toBe(200);
    aigcId = (await waitForFinished(app, token, rec.id)).id;
  }, 120_000);
  afterEach(() => vi.restoreAllMocks());

  const get = (url: string, method: 'GET' | 'POST' = 'GET') =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

  it('report_paragraphs: the stored report, as the schema describes it, neither parsed nor serialised again', async () => {
    let res: Awaited<ReturnType<typeof get>> | undefined;
    const calls = await reportCodecCalls(copied.slice(0, 20), async () => {
      res = await get(`${CHECK}/report_paragraphs?id=${checkId}`);
    });
    expect(res!.statusCode).toBe(200);
    expect(res!.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res!.json();
    // what the schema-validating serializer answered before: the same value, nothing more, nothing less
    expect(body).toEqual(envelope(CheckReport).parse(body));
    expect(body).toEqual({
      code: 200,
      message: '成功',
      result: await s.ctx().checks.report(userId, checkId),
    });
    expect(body.result.paragraphs.some((p: { text: string }) => p.text === copied)).toBe(true);
    expect(calls).toEqual({ parses: 0, stringifies: 0 });
  });

  it('load_content_by_id: the stored AIGC report, as the schema describes it, neither parsed nor serialised again', async () => {
    let res: Awaited<ReturnType<typeof get>> | undefined;
    const calls = await reportCodecCalls(copied.slice(0, 20), async () => {
      res = await get(`${AIGC}/load_content_by_id?id=${aigcId}`, 'POST');
    });
    expect(res!.statusCode).toBe(200);
    const body = res!.json();
    expect(body).toEqual(envelope(AigcReport).parse(body));
    expect(body.result.paragraphs.some((p: { text: string }) => p.text === copied)).toBe(true);
    expect(calls).toEqual({ parses: 0, stringifies: 0 });
  });

  it('someone else asking for the report gets 404, and an unfinished one 409, as before', async () => {
    const other = await makeUser(s.ctx());
    const res = await app.inject({
      method: 'GET',
      url: `${CHECK}/report_paragraphs?id=${checkId}`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
    const created = await call<{ id: number }>(app, 'POST', `${CHECK}/check_init`, {
      token,
      body: { title: '未提交', edition: 'standard', text: paragraph(933, 12) },
    });
    const pending = await get(`${CHECK}/report_paragraphs?id=${created.body.result.id}`);
    expect(pending.statusCode).toBe(409);
  });

  it('downloads are drawn in the compute pool and say what the API thread drew before', async () => {
    const render = vi.spyOn(computePool(), 'renderFile');
    const report = (await get(`${CHECK}/report_paragraphs?id=${checkId}`)).json().result as CheckReport;
    for (const type of ['simple', 'full'] as const) {
      const res = await get(`${CHECK}/download_report?id=${checkId}&type=${type}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(await pdfText(res.rawPayload)).toBe(
        await pdfText(await renderCheckReportPdf(report, { variant: type })),
      );
    }
    const html = await get(`${CHECK}/download_report?id=${checkId}&type=html`);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toBe(renderCheckReportHtml(report));

    const aigcReport = (await get(`${AIGC}/load_content_by_id?id=${aigcId}`, 'POST')).json()
      .result as AigcReport;
    const aigcPdf = await get(`${AIGC}/download_report?id=${aigcId}`);
    expect(aigcPdf.statusCode).toBe(200);
    expect(await pdfText(aigcPdf.rawPayload)).toBe(await pdfText(await renderAigcReportPdf(aigcReport)));

    expect(
      render.mock.calls.map(([file]) => (file.kind === 'check' ? `check ${file.type}` : file.kind)),
    ).toEqual(['check simple', 'check full', 'check html', 'aigc']);
  });
});
