import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export const LOGIN = '/api/base/login_api';
const HAN = /[\u4e00-\u9fff]/;

let ipCounter = 0;
/** A distinct client address per call, so per-IP limits of one test don't leak into the next. */
export const freshIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  result: T;
}

export const bodyOf = <T = unknown>(res: LightMyRequestResponse) => res.json() as Envelope<T>;

/** Every failure: the given status, `{code, message, result: null}` only, a Chinese message, no stack. */
export function expectError(res: LightMyRequestResponse, status: number): Envelope<null> {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const body = bodyOf<null>(res);
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'result']);
  expect(body.code).toBe(status);
  expect(body.result).toBeNull();
  expect(body.message).toMatch(HAN);
  expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+|Error:|stack/i);
  return body;
}

export async function register(
  app: FastifyInstance,
  username: string,
  password = 'correct-horse-1',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `${LOGIN}/f/register`,
    remoteAddress: freshIp(),
    payload: { username, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return bodyOf<{ access_token: string }>(res).result.access_token;
}

export async function login(app: FastifyInstance, username: string, password: string, ip = freshIp()) {
  return app.inject({
    method: 'POST',
    url: `${LOGIN}/f/login?username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}`,
    remoteAddress: ip,
  });
}

export async function current(app: FastifyInstance, token?: string) {
  return app.inject({
    method: 'POST',
    url: `${LOGIN}/current`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** The `pd_bid` browser cookie set by `f/login_qr_code`, as a Cookie header value. */
export function browserCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'pd_bid');
  if (!c) throw new Error('no pd_bid cookie was set');
  return `pd_bid=${c.value}`;
}
