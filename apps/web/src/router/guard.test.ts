import { describe, expect, it } from 'vitest';
import { decideGuard, guardedPath, loginRedirect, safeRedirect, WHITE_LIST } from './guard.ts';

const guest = (path: string, search = '') =>
  decideGuard({ path, fullPath: path + search, hasToken: false, hasRoles: false });

describe('route guard (spec §4)', () => {
  it('whitelists exactly the spec paths', () => {
    expect([...WHITE_LIST].sort()).toEqual(
      [
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
      ].sort(),
    );
  });

  it('lets a guest through on every whitelisted path', () => {
    for (const path of WHITE_LIST) expect(guest(path)).toEqual({ action: 'guest' });
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
    expect(
      decideGuard({ path: '/login', fullPath: '/login?redirect=/x', hasToken: true, hasRoles: true }),
    ).toEqual({
      action: 'redirect',
      to: '/',
    });
    expect(decideGuard({ path: '/login', fullPath: '/login', hasToken: true, hasRoles: false })).toEqual({
      action: 'redirect',
      to: '/',
    });
  });

  it('proceeds with roles and loads the user without them', () => {
    expect(
      decideGuard({ path: '/order/account', fullPath: '/order/account', hasToken: true, hasRoles: true }),
    ).toEqual({
      action: 'proceed',
    });
    expect(
      decideGuard({ path: '/order/account', fullPath: '/order/account', hasToken: true, hasRoles: false }),
    ).toEqual({
      action: 'load-user',
    });
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
