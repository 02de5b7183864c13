import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DomainError, statusOf } from '../../src/http/errors.ts';
import { PARSES_PER_CLIENT, parseSlot } from '../../src/http/upload.ts';

/**
 * parseSlot on its own: two routes that "parse" until the test lets them finish, a signed-in user taken from a
 * header, and the app's answer to a domain error.
 */
function testApp() {
  const app = Fastify();
  const pending: (() => void)[] = [];
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (req) => {
    const id = Number(req.headers['x-user'] ?? 0);
    req.user = id
      ? { id, username: `u${id}`, avatar: '', role: 'user', loginMethods: [], tokenId: id }
      : null;
  });
  app.setErrorHandler((err, _req, reply) => {
    const status = err instanceof DomainError ? statusOf(err) : 500;
    return reply.status(status).send({ code: status, message: String((err as Error).message), result: null });
  });
  for (const route of ['/a/word_count', '/b/read_source']) {
    app.post(route, { preHandler: [parseSlot] }, async () => {
      await new Promise<void>((resolve) => pending.push(resolve));
      return { code: 200, message: 'ok', result: null };
    });
  }
  /** Finishes every request waiting in a handler. */
  const finish = () => {
    for (const f of pending.splice(0)) f();
  };
  return { app, pending, finish };
}

const post = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers, remoteAddress: headers['x-ip'] ?? '10.0.0.1' });

/** Waits until `n` requests sit in handlers. */
async function inHandlers(pending: unknown[], n: number) {
  for (let i = 0; i < 200 && pending.length < n; i++) await new Promise((r) => setTimeout(r, 5));
  expect(pending).toHaveLength(n);
}

describe('parseSlot: parses in flight per client', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('answers the third concurrent parse of one IP with 429, across routes, and frees slots when answered', async () => {
    const t = testApp();
    app = t.app;
    expect(PARSES_PER_CLIENT).toBe(2);
    const first = post(t.app, '/a/word_count');
    const second = post(t.app, '/b/read_source');
    await inHandlers(t.pending, 2);
    const third = await post(t.app, '/a/word_count');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ code: 429, message: '同时解析的文件过多，请稍候再试', result: null });
    // another address is another client
    const elsewhere = post(t.app, '/a/word_count', { 'x-ip': '10.0.0.2' });
    await inHandlers(t.pending, 3);
    t.finish();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect((await elsewhere).statusCode).toBe(200);
    // the slots came back
    const again = post(t.app, '/a/word_count');
    await inHandlers(t.pending, 1);
    t.finish();
    expect((await again).statusCode).toBe(200);
  });

  it('keys signed-in users by user id, not by address', async () => {
    const t = testApp();
    app = t.app;
    const userA = [
      post(t.app, '/a/word_count', { 'x-user': '7' }),
      post(t.app, '/a/word_count', { 'x-user': '7' }),
    ];
    // the same address, a different user: own slots
    const userB = post(t.app, '/b/read_source', { 'x-user': '8' });
    await inHandlers(t.pending, 3);
    // user 7 from another address is still user 7
    const third = await post(t.app, '/b/read_source', { 'x-user': '7', 'x-ip': '10.9.9.9' });
    expect(third.statusCode).toBe(429);
    t.finish();
    for (const r of await Promise.all([...userA, userB])) expect(r.statusCode).toBe(200);
  });
});
