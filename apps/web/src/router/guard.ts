import { type ClientRole, canOpen } from '../access.ts';
import { matchAppRoute } from './lookup.ts';
import type { AppRoute, RouteMeta } from './types.ts';

/**
 * The route guard's decision (spec §4), as a pure function so it can be tested on its own. Who may enter
 * a page is its route's `meta.access`, judged by `access.ts`; the loader in guard-loader.ts applies it with
 * the stores.
 */

/**
 * The meta of the page the guard judges for `path` (the target of `/redirect/<path>`). The router matches
 * paths case-insensitively; the guard takes a static path only as written (`/HOME` is not `/home`).
 */
export function guardedMeta(routes: readonly AppRoute[], path: string): RouteMeta | undefined {
  const target = guardedPath(path);
  const route = matchAppRoute(routes, target)?.route;
  if (!route || (!/[:*]/.test(route.path) && route.path !== target)) return undefined;
  return route.meta;
}

export type GuardDecision =
  /** Leave for another path (`/` for a signed-in user on /login, /login?redirect=… for a guest). */
  | { action: 'redirect'; to: string }
  /** Signed in with roles loaded, and the page open to this account. */
  | { action: 'proceed' }
  /** Signed in without roles: load the user, build the routes, then decide again. */
  | { action: 'load-user' }
  /** No token on a guest page: allowed as the default guest (role admin). */
  | { action: 'guest' };

export interface GuardInput {
  /** Path without query. */
  path: string;
  /** Path with query, kept in the redirect parameter. */
  fullPath: string;
  /** The target page's meta (`undefined` for a path without a page: only signed-in users pass). */
  meta: RouteMeta | undefined;
  hasToken: boolean;
  /** The signed-in user's client roles (spec §6); empty until loaded. */
  roles: readonly ClientRole[];
  /** The server says the account is an administrator (`current` → roles); false until loaded. */
  admin: boolean;
}

/** `/login?redirect=<original path>`. */
export function loginRedirect(fullPath: string): string {
  return `/login?${new URLSearchParams({ redirect: fullPath }).toString()}`;
}

/**
 * `/redirect/<path>` only re-mounts `<path>` (the tags view's refresh), so the guard judges the target.
 * Every other path is judged as it is.
 */
export function guardedPath(path: string): string {
  if (path.startsWith('/redirect/')) return `/${path.slice('/redirect/'.length)}`.replace(/\/{2,}/g, '/');
  return path;
}

export function decideGuard({ path, fullPath, meta, hasToken, roles, admin }: GuardInput): GuardDecision {
  const target = guardedPath(path);
  if (hasToken) {
    if (target === '/login') return { action: 'redirect', to: '/' };
    if (roles.length === 0) return { action: 'load-user' };
    return canOpen({ signedIn: true, admin }, meta?.access)
      ? { action: 'proceed' }
      : { action: 'redirect', to: '/401' };
  }
  if (meta?.access === 'guest') return { action: 'guest' };
  return { action: 'redirect', to: loginRedirect(fullPath) };
}

/** Where to go after signing in: the redirect parameter when it is a local path, else `/`. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value === '/login' || value.startsWith('/login?')) return '/';
  return value;
}
