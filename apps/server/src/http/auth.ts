import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import type { AuthUser } from '../services/accounts.ts';
import { forbidden, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const bearerToken = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim() || null;
};

/** Resolves the bearer token (if any) on every request; routes then ask for the user they need. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (req) => {
    const token = bearerToken(req);
    req.user = token ? await opts.ctx.accounts.resolveToken(token) : null;
  });
});

export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

export function requireAdmin(req: FastifyRequest): AuthUser {
  const user = requireUser(req);
  if (user.role !== 'admin') throw forbidden('仅管理员可执行此操作');
  return user;
}

/**
 * A route hook that answers 401/403 before the body is validated, so a non-admin learns nothing about an
 * admin call's input (and a walk over the admin routes sees 401/403, never 400). The handler still calls
 * requireAdmin.
 */
export const adminFirst =
  (ctx: AppContext) =>
  async (req: FastifyRequest): Promise<void> => {
    const token = bearerToken(req);
    req.user = token ? await ctx.accounts.resolveToken(token) : null;
    requireAdmin(req);
  };
