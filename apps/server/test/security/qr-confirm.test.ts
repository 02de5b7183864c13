import type { QrRequestInfo } from '@paperdesk/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/http/app.ts';
import { bodyOf, LOGIN, register } from '../auth/helpers.ts';
import { describeEachDatabase } from '../support/databases.ts';

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/**
 * The phishing path of issue 22: someone starts a login QR in their own browser and sends the link to a victim,
 * whose phone confirms it and signs the sender in as the victim. The phone now sees where and when the sign-in was
 * requested before it confirms (and must tick a box to), and an id is confirmed once in its lifetime.
 */
describeEachDatabase('QR confirm shows the requesting computer', (getCtx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(getCtx());
  });
  afterAll(() => app.close());

  const post = (path: string, token: string | undefined, payload: object) =>
    app.inject({
      method: 'POST',
      url: `${LOGIN}/${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload,
    });

  it('the phone reads when, from which network and which browser the sign-in was requested; one confirmation only', async () => {
    const started = await app.inject({
      method: 'POST',
      url: `${LOGIN}/f/login_qr_code`,
      remoteAddress: '203.0.113.77',
      headers: { 'user-agent': DESKTOP_UA },
    });
    const { id } = bodyOf<{ id: string }>(started).result;
    const victim = await register(app, `victim${Date.now() % 100000}`);
    const other = await register(app, `other${Date.now() % 100000}`);

    expect((await post('qr_request', undefined, { id })).statusCode).toBe(401);
    const seen = await post('qr_request', victim, { id });
    expect(seen.statusCode, seen.body).toBe(200);
    const info = bodyOf<QrRequestInfo>(seen).result;
    expect(info).toMatchObject({ network: '203.0.113.*', browser: 'Chrome · Windows' });
    expect(Date.now() - Date.parse(info.requestedAt)).toBeLessThan(60_000);
    expect(info.expiresIn).toBeGreaterThan(200);

    const page = await app.inject({ method: 'GET', url: `/m/qr/${id}` });
    for (const part of ['请求时间', '请求网络', '浏览器', 'id="ack"', 'qr_request', 'disabled>确认登录'])
      expect(page.body).toContain(part);

    expect((await post('qr_confirm', victim, { id })).statusCode).toBe(200);
    expect((await post('qr_confirm', other, { id })).statusCode).toBe(409);
    expect((await post('qr_confirm', victim, { id })).statusCode).toBe(409);
    // confirmed: nothing left to show a phone
    expect((await post('qr_request', other, { id })).statusCode).toBe(404);
  });
});
