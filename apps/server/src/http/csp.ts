import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/** Nonces cut from one random draw: a draw per response cost ~8 % of the API thread under the upload storm. */
const NONCE_BYTES = 16;
const DRAW = NONCE_BYTES * 256;
let random = randomBytes(DRAW);
let used = 0;

function freshNonce(): string {
  if (used + NONCE_BYTES > DRAW) {
    random = randomBytes(DRAW);
    used = 0;
  }
  const nonce = random.toString('base64', used, used + NONCE_BYTES);
  used += NONCE_BYTES;
  return nonce;
}

/** One nonce per response, made on first use (the CSP header asks for it before any handler runs). */
const nonces = new WeakMap<ServerResponse, string>();

export function responseNonce(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = freshNonce();
    nonces.set(res, nonce);
  }
  return nonce;
}

/**
 * The nonce a server-rendered page puts on its one inline `<script nonce="…">`: the policy allows
 * scripts from this origin and this response's nonce only, so an injected script cannot run.
 */
export const scriptNonce = (reply: FastifyReply): string => responseNonce(reply.raw);

/** Where the response's nonce goes in the policy (security-headers.ts writes the policy once around it). */
export const NONCE_SLOT = 'PAPERDESK-NONCE-SLOT';

/**
 * The Content-Security-Policy of every answer (see app.ts). `style-src` keeps 'unsafe-inline':
 * antd's CSS-in-JS inserts `<style>` tags at run time, React and Swagger UI set `style` attributes,
 * and the phone pages carry their own `<style>` block. Scripts get no such allowance.
 */
export const cspDirectives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'", `'nonce-${NONCE_SLOT}'`],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
};
