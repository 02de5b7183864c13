import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnedRecords, type SecurityApp, startSecurityApp } from './records.ts';

/**
 * Security headers on every kind of answer: JSON, each error envelope (also those raised before a
 * route is found, and Node's own client errors), static files and the SPA fallback, Swagger UI,
 * downloads, the SSE stream and the server-rendered phone pages. One database suffices: headers do
 * not depend on storage.
 */

const NONCE = /^'nonce-[A-Za-z0-9+/]{22}=='$/;

/** The policy as directive → sources. */
function parseCsp(header: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

/** The policy of JSON answers written before any hook runs (a URL the router cannot decode). */
const BARE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The helmet headers, the policy of csp.ts and, with HTML, the nonce the page's scripts carry. */
function expectSecurityHeaders(
  label: string,
  headers: Record<string, unknown>,
  opts: { body?: string; bare?: boolean } = {},
) {
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], label).toBe('DENY');
  expect(headers['strict-transport-security'], label).toMatch(/max-age=\d+/);
  if (opts.bare) {
    expect(headers['content-security-policy'], label).toBe(BARE_POLICY);
    return;
  }
  const csp = parseCsp(String(headers['content-security-policy'] ?? ''));
  const { 'script-src': scriptSrc = [], ...rest } = csp;
  expect(rest, label).toEqual({
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'object-src': ["'none'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
  });
  expect(scriptSrc[0], label).toBe("'self'");
  expect(scriptSrc[1], label).toMatch(NONCE);
  expect(scriptSrc, label).toHaveLength(2);
  const { body } = opts;
  if (body !== undefined) {
    // Every inline script of the page carries this response's nonce; scripts with src are same-origin.
    const nonce = scriptSrc[1]?.slice(7, -1);
    for (const tag of body.match(/<script\b[^>]*>/g) ?? []) {
      if (/\bsrc=/.test(tag)) expect(tag, label).not.toMatch(/src="(https?:)?\/\//);
      else expect(tag, label).toContain(`nonce="${nonce}"`);
    }
  }
}

describe('security headers on every answer [sqlite]', () => {
  let security: SecurityApp;
  let app: FastifyInstance;
  let A: OwnedRecords;

  beforeAll(async () => {
    security = await startSecurityApp({
      seeds: [21],
      env: (dataDir) => {
        // A built web app of our own: static files and the SPA fallback without depending on a Vite build.
        const webDist = path.join(dataDir, 'web');
        fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
        fs.writeFileSync(
          path.join(webDist, 'index.html'),
          '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="app"></div></body></html>',
        );
        fs.writeFileSync(path.join(webDist, 'assets/index.js'), 'document.title = "PaperDesk";');
        fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
        return { WEB_DIST: webDist };
      },
      // An unexpected exception in a handler: the 500 envelope must carry the headers too.
      routes: (built) =>
        built.get('/api/test/boom', { schema: { hide: true } }, async () => {
          throw new Error('boom');
        }),
    });
    app = security.app;
    [A] = security.owners as [OwnedRecords];
  }, 180_000);
  afterAll(() => security?.close());

  const auth = () => ({ authorization: `Bearer ${A.owner.token}` });
  /** A raw register request: the body as sent, under its content type. */
  const register = (contentType: string, payload: string): InjectOptions => ({
    method: 'POST',
    url: '/api/base/login_api/f/register',
    headers: { 'content-type': contentType },
    payload,
  });

  it('JSON answers and every error envelope', async () => {
    const cases: Array<[string, InjectOptions, number]> = [
      ['health', { method: 'GET', url: '/healthz' }, 200],
      ['signed-in JSON', { method: 'POST', url: '/api/base/login_api/current', headers: auth() }, 200],
      ['guest JSON', { method: 'POST', url: '/api/base/product_package_api/query_list', payload: {} }, 200],
      ['401', { method: 'POST', url: '/api/order/order_info_api/query_list', payload: {} }, 401],
      [
        '400 schema',
        { method: 'POST', url: '/api/base/login_api/f/register', payload: { username: 1 } },
        400,
      ],
      ['400 malformed JSON', register('application/json', '{"username":'), 400],
      ['400 bad URL (before routing)', { method: 'GET', url: '/api/base/%E0%A4%A' }, 400],
      [
        '414 over-long path parameter (before routing)',
        { method: 'GET', url: `/m/qr/${'a'.repeat(150)}` },
        414,
      ],
      ['404 API', { method: 'POST', url: '/api/base/nothing_here' }, 404],
      [
        '404 record',
        { method: 'POST', url: '/api/base/check_api/load_by_id?id=999999', headers: auth() },
        404,
      ],
      ['unknown method', { method: 'DELETE', url: '/api/base/login_api/current' }, 404],
      ['413', register('application/json', JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024) })), 413],
      ['415', register('text/x-nope', 'x'), 415],
      ['500', { method: 'GET', url: '/api/test/boom' }, 500],
    ];
    for (const [label, request, status] of cases) {
      const res = await app.inject(request);
      expect(res.statusCode, label).toBe(status);
      if (label !== 'health') expect(res.json().code, label).toBe(status);
      expectSecurityHeaders(label, res.headers, { bare: label.endsWith('(before routing)') });
    }
  });

  it('429 from the rate limiter', async () => {
    let last = 0;
    for (let i = 0; i < 15 && last !== 429; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/base/login_api/f/register',
        headers: { 'x-forwarded-for': '203.0.113.9' },
        payload: { username: `limit_${i}_${Date.now() % 100000}`, password: 'password-123' },
      });
      last = res.statusCode;
      if (last === 429) {
        expect(res.json().code).toBe(429);
        expectSecurityHeaders('429', res.headers);
      }
    }
    expect(last).toBe(429);
  });

  it('static files, the SPA history fallback and Swagger UI', async () => {
    const pages: Array<[string, string, string]> = [
      ['SPA fallback', '/home', 'text/html'],
      ['SPA deep link', '/paper/check/list', 'text/html'],
      ['index.html', '/index.html', 'text/html'],
      ['asset', '/assets/index.js', 'javascript'],
      ['favicon', '/favicon.svg', 'image/svg+xml'],
      ['missing asset (fallback)', '/assets/gone.js', 'text/html'],
      ['swagger UI', '/api/docs', 'text/html'],
      ['swagger UI (slash)', '/api/docs/', 'text/html'],
      ['swagger bundle', '/api/docs/static/swagger-ui-bundle.js', 'javascript'],
      ['swagger initializer', '/api/docs/static/swagger-initializer.js', 'javascript'],
      ['OpenAPI JSON', '/api/docs/json', 'application/json'],
    ];
    for (const [label, url, type] of pages) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, label).toBe(200);
      expect(res.headers['content-type'], label).toContain(type);
      expectSecurityHeaders(label, res.headers, { body: type === 'text/html' ? res.body : undefined });
    }
    const redirect = await app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(redirect.statusCode).toBe(302);
    expectSecurityHeaders('docs redirect', redirect.headers);
  });

  it('downloads: PDF reports, the paper .docx and the .pptx', async () => {
    const downloads: Array<[string, string, string]> = [
      ['check PDF', `/api/base/check_api/download_report?id=${A.ids.check}`, 'application/pdf'],
      ['AIGC PDF', `/api/base/paper_aigc_api/download_report?id=${A.ids.aigc}`, 'application/pdf'],
      ['降重 report', `/api/base/machine_api/download_report?id=${A.ids.machine}`, ''],
      ['paper .docx', `/api/base/paper_info_api/download?id=${A.ids.paper}`, 'wordprocessingml'],
      ['.pptx', `/api/base/ai_ppt_info_api/download?id=${A.ids.ppt}`, 'presentationml'],
    ];
    for (const [label, url, type] of downloads) {
      const res = await app.inject({ method: 'GET', url, headers: auth() });
      expect(res.statusCode, label).toBe(200);
      expect(res.headers['content-disposition'], label).toMatch(/^attachment;/);
      expect(res.headers['content-type'], label).toContain(type);
      expectSecurityHeaders(label, res.headers);
    }
  });

  it('the chat SSE stream', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/base/chat_gpt_api/completions',
      headers: auth(),
      payload: { conversationId: A.ids.chat, message: '再说说研究方法' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expectSecurityHeaders('SSE', res.headers);
  });

  it('the phone pages: their one inline script runs by this response’s nonce, which changes per answer', async () => {
    const nonces = new Set<string>();
    for (const [label, url, status] of [
      ['sandbox pay page', `/m/pay/${A.orderNo}`, 200],
      ['sandbox pay page again', `/m/pay/${A.orderNo}`, 200],
      ['sandbox pay page, unknown order', '/m/pay/PD0000', 404],
      ['QR login page', `/m/qr/${A.qrId}`, 200],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, label).toBe(status);
      expectSecurityHeaders(label, res.headers, { body: res.body });
      if (status === 200) expect(res.body, label).toMatch(/<script nonce="[^"]+">/);
      nonces.add(String(res.headers['content-security-policy']));
    }
    expect(nonces.size).toBe(4);
  });

  it('Node’s own client errors (before Fastify): still nosniff, no framing, no referrer leaks', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `GET /api/base/login_api/current HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        );
      });
      let data = '';
      socket.on('data', (d) => {
        data += d.toString();
      });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 413 /);
    expect(raw).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
    expect(raw).toMatch(/\r\nReferrer-Policy: strict-origin-when-cross-origin\r\n/i);
    expect(raw).toMatch(/\r\nX-Frame-Options: DENY\r\n/i);
    expect(raw).toMatch(/\r\nContent-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n/i);
  });
});
