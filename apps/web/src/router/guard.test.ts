import { describe, expect, it } from 'vitest';
import { guestPaths } from '../access.ts';
import { decideGuard, guardedMeta, guardedPath, loginRedirect, safeRedirect } from './guard.ts';
import { matchAppRoute } from './lookup.ts';
import { routes } from './routes.tsx';
import type { AppRoute, RouteMeta } from './types.ts';

/** The meta the guard loader hands over: that of the page (or redirect) the path leads to. */
const metaOf = (path: string) => guardedMeta(routes, path);
const guest = (path: string, search = '') =>
  decideGuard({
    path,
    fullPath: path + search,
    meta: metaOf(path),
    hasToken: false,
    roles: [],
    admin: false,
  });
const signedIn = (path: string, roles: string[], meta: RouteMeta | undefined = metaOf(path), admin = false) =>
  decideGuard({ path, fullPath: path, meta, hasToken: true, roles, admin });

/** Spec §4: the paths reachable without a token, exactly as listed there. */
const SPEC_GUEST_PATHS = [
  '/home',
  '/login',
  '/auth-redirect',
  '/dashboard',
  '/papercheck',
  '/papercheck/check',
  '/papergc/gc',
  '/papermachinesubmit/papermachine',
  '/aigcdown/machine',
  '/paper/check',
  '/paper/report',
  '/paperwirte/gc',
  '/paperwirte/report',
  '/papermachine/papermachine',
  '/papermachine/list',
  '/machine/machine',
  '/machine/list',
];

describe('route guard (spec §4)', () => {
  it('reads exactly the spec’s guest list from the route tree', () => {
    expect(guestPaths(routes).sort()).toEqual([...SPEC_GUEST_PATHS].sort());
  });

  it('lets a guest through on every guest path that has a page or a redirect', () => {
    const routed = SPEC_GUEST_PATHS.filter((p) => matchAppRoute(routes, p));
    expect(routed.length).toBeGreaterThanOrEqual(9);
    for (const path of routed) expect(guest(path), path).toEqual({ action: 'guest' });
  });

  it('sends the spec’s guest paths without a page to /checkvip like any unknown path', () => {
    const unrouted = SPEC_GUEST_PATHS.filter((p) => !matchAppRoute(routes, p));
    expect(unrouted).toContain('/dashboard');
    // the loader sends a path the router does not know to /checkvip before the guard is asked
    for (const path of unrouted) expect(matchAppRoute(routes, path), path).toBeNull();
  });

  it('sends a guest elsewhere to /login with the original path (and query) as redirect', () => {
    expect(guest('/order/taocan')).toEqual({ action: 'redirect', to: '/login?redirect=%2Forder%2Ftaocan' });
    expect(guest('/paper/submit/12', '?from=list')).toEqual({
      action: 'redirect',
      to: '/login?redirect=%2Fpaper%2Fsubmit%2F12%3Ffrom%3Dlist',
    });
    for (const path of ['/checkvip', '/404', '/401', '/gpt', '/', '/home/x', '/paper/report/1']) {
      expect(guest(path).action).toBe('redirect');
    }
  });

  it('matches whitelist paths exactly, not by prefix', () => {
    expect(guest('/papercheck/check/extra').action).toBe('redirect');
    expect(guest('/HOME').action).toBe('redirect');
  });

  it('sends a signed-in user on /login to /', () => {
    expect(signedIn('/login', ['admin'])).toEqual({ action: 'redirect', to: '/' });
    expect(signedIn('/login', [])).toEqual({ action: 'redirect', to: '/' });
  });

  it('proceeds with roles and loads the user without them', () => {
    expect(signedIn('/order/account', ['admin'])).toEqual({ action: 'proceed' });
    expect(signedIn('/order/account', [])).toEqual({ action: 'load-user' });
  });

  it('lets into a console page only an account the server calls admin, whatever the client role', () => {
    expect(signedIn('/admin/users', ['admin'])).toEqual({ action: 'redirect', to: '/401' });
    expect(signedIn('/admin/users', ['admin'], metaOf('/admin/users'), true)).toEqual({ action: 'proceed' });
    expect(guest('/admin/users')).toEqual({ action: 'redirect', to: '/login?redirect=%2Fadmin%2Fusers' });
  });

  it('takes who may enter from the meta, not from the path', () => {
    const tree: AppRoute[] = [
      { path: '/open', page: async () => ({ default: () => null }), meta: { title: 'o', access: 'guest' } },
      { path: '/closed', page: async () => ({ default: () => null }), meta: { title: 'c' } },
    ];
    expect(guestPaths(tree)).toEqual(['/open']);
    const asGuest = (path: string) =>
      decideGuard({
        path,
        fullPath: path,
        meta: matchAppRoute(tree, path)?.route.meta,
        hasToken: false,
        roles: [],
        admin: false,
      }).action;
    expect(asGuest('/open')).toBe('guest');
    expect(asGuest('/closed')).toBe('redirect');
  });

  it('judges /redirect/<path> by its target', () => {
    expect(guardedPath('/redirect/home')).toBe('/home');
    expect(guardedPath('/redirect//paper/report')).toBe('/paper/report');
    expect(guest('/redirect/home')).toEqual({ action: 'guest' });
    expect(guest('/redirect/order/taocan')).toEqual({
      action: 'redirect',
      to: loginRedirect('/redirect/order/taocan'),
    });
  });

  it('only follows local redirect targets after sign-in', () => {
    expect(safeRedirect('/order/account?tab=2')).toBe('/order/account?tab=2');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example/')).toBe('/');
    expect(safeRedirect('//evil.example/')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
  });
});
