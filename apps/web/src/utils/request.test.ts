import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatEndpoints, checkEndpoints } from '@paperdesk/contracts';
import { buildUrl, call, onRequestError, type RequestFailure, RequestError, request } from './request.ts';
import { downloadFrom, filenameFromDisposition } from './download.ts';
import { parseSseBlock, streamFrom } from './stream.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let failures: RequestFailure[] = [];
let off: () => void = () => {};
beforeEach(() => {
  localStorage.clear();
  failures = [];
  off = onRequestError((f) => failures.push(f));
});
afterEach(() => {
  off();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request client (spec §7)', () => {
  it('sends the bearer token from Admin-Token and the query params, POST by default', async () => {
    localStorage.setItem('Admin-Token', 'abc');
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      json({ code: 200, message: 'ok', result: { a: 1 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const body = await request<{ a: number }>('/api/x', {
      params: { id: 3, skip: undefined, none: null },
      data: { q: 1 },
    });
    expect(body).toEqual({ code: 200, message: 'ok', result: { a: 1 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/x?id=3');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    expect(init.body).toBe('{"q":1}');
  });

  it('calls by definition: the path and method of the contract, its query and body', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      json({ code: 200, message: '', result: null }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await call(checkEndpoints.update_title, { query: { id: 7 }, body: { title: '新题目' } });
    await call(checkEndpoints.report_paragraphs, { query: { id: 7 } });
    const [url1, init1] = fetchMock.mock.calls[0]!;
    const [url2, init2] = fetchMock.mock.calls[1]!;
    expect([url1, init1.method, init1.body]).toEqual([
      '/api/base/check_api/update_title?id=7',
      'POST',
      '{"title":"新题目"}',
    ]);
    expect([url2, init2.method, init2.body]).toEqual([
      '/api/base/check_api/report_paragraphs?id=7',
      'GET',
      undefined,
    ]);
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      json({ code: 200, message: '', result: null }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await request('/api/y', { method: 'GET' });
    expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>).Authorization).toBeUndefined();
    expect(fetchMock.mock.calls[0]![1].method).toBe('GET');
  });

  it('rejects a failed answer with the server message and announces it once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ code: 409, message: '该用户名已被注册', result: null }, 409)),
    );
    const err = await request('/api/z').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect(err).toMatchObject({ status: 409, code: 409, message: '该用户名已被注册', kind: 'http' });
    expect(failures).toHaveLength(1);
    expect(failures[0]?.error.status).toBe(409);
  });

  it('stays silent when asked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ code: 401, message: '未登录，请登录后使用！', result: null }, 401)),
    );
    await expect(request('/api/z', { silent: true })).rejects.toMatchObject({ status: 401 });
    expect(failures).toHaveLength(0);
  });

  it('falls back to a Chinese status message when the body is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    await expect(request('/api/z')).rejects.toMatchObject({
      status: 502,
      message: '服务暂不可用，请稍后重试',
    });
  });

  it('times out (15 000 ms by default) with a timeout error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    await expect(request('/api/slow', { timeout: 30 })).rejects.toMatchObject({
      kind: 'timeout',
      status: 0,
      message: '请求超时，请稍后重试',
    });
    expect(failures).toHaveLength(1);
  });

  it('reports a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request('/api/down')).rejects.toMatchObject({
      kind: 'network',
      message: '网络异常，请检查网络连接',
    });
  });

  it('builds URLs relative to the base', () => {
    expect(buildUrl('api/a', { x: 'a b', y: true })).toBe('/api/a?x=a+b&y=true');
    expect(buildUrl('/api/a?z=1', { x: 2 })).toBe('/api/a?z=1&x=2');
  });
});

describe('streaming and downloads', () => {
  it('parses SSE blocks', () => {
    expect(parseSseBlock('data: {"a":1}')).toEqual({ event: 'message', data: '{"a":1}' });
    expect(parseSseBlock('event: done\nid: 7\ndata: x\ndata: y')).toEqual({
      event: 'done',
      data: 'x\ny',
      id: '7',
    });
    expect(parseSseBlock(': keep-alive')).toBeNull();
  });

  it('streams events split across chunks', async () => {
    const encoder = new TextEncoder();
    const chunks = ['data: one\n\nda', 'ta: two\n\nevent: end\ndata: [DONE]\n\n'];
    const body = new ReadableStream({
      start(c) {
        for (const ch of chunks) c.enqueue(encoder.encode(ch));
        c.close();
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } })),
    );
    const events: string[] = [];
    await streamFrom(chatEndpoints.completions, {
      body: { message: 'hi' },
      onEvent: (e) => events.push(`${e.event}:${e.data}`),
    });
    expect(events).toEqual(['message:one', 'message:two', 'end:[DONE]']);
  });

  it('reads download names from Content-Disposition', () => {
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`)).toBe('报告.pdf');
    expect(filenameFromDisposition('attachment; filename="report.pdf"')).toBe('report.pdf');
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it('downloads with the bearer token and saves the blob under the server name', async () => {
    localStorage.setItem('Admin-Token', 'dl');
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('pdf-bytes', { headers: { 'content-disposition': 'attachment; filename="r.pdf"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    const orig = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    try {
      const name = await downloadFrom(checkEndpoints.download_report, { id: 5, type: 'simple' }, 'x.pdf');
      expect(name).toBe('r.pdf');
      expect(clicked).toEqual(['r.pdf']);
      expect(fetchMock.mock.calls[0]![0]).toBe('/api/base/check_api/download_report?id=5&type=simple');
      expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>).Authorization).toBe('Bearer dl');
    } finally {
      HTMLAnchorElement.prototype.click = orig;
    }
  });
});
