import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { cspDirectives, NONCE_SLOT, responseNonce } from './csp.ts';

/**
 * helmet's headers as app.ts configures them: the policy of csp.ts, no page may be framed (DENY matches
 * frame-ancestors 'none'), other sites get only our origin as referrer, never a record's URL.
 */
const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
};

/** helmet run once on a stand-in response: the headers it sets, and those it removes. */
function helmetHeaders(options: HelmetOptions) {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const stand = {
    setHeader: (name: string, value: unknown) => set.set(name, String(value)),
    removeHeader: (name: string) => removed.push(name),
  };
  helmet(options)({} as never, stand as never, () => {});
  return { set, removed };
}

/**
 * Security headers on every answer, errors and the 404/SPA fallback included, set by the first onRequest hook on
 * the raw response (a hijacked stream keeps them too). helmet computes them once here: @fastify/helmet built a
 * helmet middleware (options, directives) for every request, about 5 % of the API thread under the upload storm.
 * Only the policy's nonce changes per response.
 */
export function securityHeaders(app: FastifyInstance): void {
  const { set, removed } = helmetHeaders(OPTIONS);
  const policy = set.get('Content-Security-Policy');
  const [beforeNonce, afterNonce, ...rest] = policy?.split(NONCE_SLOT) ?? [];
  if (beforeNonce === undefined || afterNonce === undefined || rest.length)
    throw new Error('Content-Security-Policy: the nonce slot is not in the policy once');
  set.delete('Content-Security-Policy');
  const fixed = [...set];
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of fixed) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', beforeNonce + responseNonce(res) + afterNonce);
    done();
  });
}
