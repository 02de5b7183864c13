import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/** One nonce per response, made on first use (the CSP header asks for it before any handler runs). */
const nonces = new WeakMap<ServerResponse, string>();

export function responseNonce(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(res, nonce);
  }
  return nonce;
}

/**
 * The nonce a server-rendered page puts on its one inline `<script nonce="…">`: the policy allows
 * scripts from this origin and this response's nonce only, so an injected script cannot run.
 */
export const scriptNonce = (reply: FastifyReply): string => responseNonce(reply.raw);

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
  scriptSrc: ["'self'", (_req: unknown, res: ServerResponse) => `'nonce-${responseNonce(res)}'`],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
};
