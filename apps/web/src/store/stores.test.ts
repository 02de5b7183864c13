import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Each test imports the stores afresh so their initial state is read from cookies and storage again. */
async function fresh<T>(path: string): Promise<T> {
  vi.resetModules();
  return (await import(path)) as T;
}

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

const cookie = (name: string) =>
  document.cookie
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === name)?.[1];

beforeEach(() => {
  clearCookies();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('app store', () => {
  type M = typeof import('./app.ts');

  it('starts with the sidebar open and size medium when no cookie is set', async () => {
    const { useAppStore } = await fresh<M>('./app.ts');
    expect(useAppStore.getState().sidebar.opened).toBe(true);
    expect(useAppStore.getState().size).toBe('medium');
    expect(useAppStore.getState().device).toBe('desktop');
  });

  it('reads sidebarStatus "0" and a saved size from cookies', async () => {
    document.cookie = 'sidebarStatus=0; path=/';
    document.cookie = 'size=mini; path=/';
    const { useAppStore } = await fresh<M>('./app.ts');
    expect(useAppStore.getState().sidebar.opened).toBe(false);
    expect(useAppStore.getState().size).toBe('mini');
  });

  it('ignores an unknown size cookie', async () => {
    document.cookie = 'size=huge; path=/';
    const { useAppStore } = await fresh<M>('./app.ts');
    expect(useAppStore.getState().size).toBe('medium');
  });

  it('writes sidebarStatus "1"/"0" and size to cookies', async () => {
    const { useAppStore, CONTROL_HEIGHT } = await fresh<M>('./app.ts');
    useAppStore.getState().toggleSideBar();
    expect(cookie('sidebarStatus')).toBe('0');
    useAppStore.getState().toggleSideBar();
    expect(cookie('sidebarStatus')).toBe('1');
    useAppStore.getState().closeSideBar({ withoutAnimation: true });
    expect(useAppStore.getState().sidebar).toEqual({ opened: false, withoutAnimation: true });
    expect(cookie('sidebarStatus')).toBe('0');
    useAppStore.getState().toggleSideBar();
    expect(cookie('sidebarStatus')).toBe('1');
    // Mobile: the overlay opens and closes without changing the remembered desktop state.
    useAppStore.getState().toggleDevice('mobile');
    useAppStore.getState().closeSideBar({ withoutAnimation: true });
    expect(useAppStore.getState().sidebar.opened).toBe(false);
    useAppStore.getState().toggleSideBar();
    useAppStore.getState().toggleSideBar();
    expect(cookie('sidebarStatus')).toBe('1');
    useAppStore.getState().toggleDevice('desktop');
    expect(useAppStore.getState().sidebar.opened).toBe(true);
    useAppStore.getState().setSize('small');
    expect(cookie('size')).toBe('small');
    expect(CONTROL_HEIGHT).toEqual({ default: 40, medium: 36, small: 32, mini: 28 });
  });
});

describe('settings store', () => {
  type M = typeof import('./settings.ts');

  it('defaults to #409EFF with tags view, fixed header and sidebar logo on', async () => {
    const { useSettingsStore } = await fresh<M>('./settings.ts');
    const s = useSettingsStore.getState();
    expect([s.theme, s.tagsView, s.fixedHeader, s.sidebarLogo]).toEqual(['#409EFF', true, true, true]);
  });

  it('persists changes across a reload', async () => {
    const first = await fresh<M>('./settings.ts');
    first.useSettingsStore.getState().change('theme', '#11a983');
    first.useSettingsStore.getState().change('tagsView', false);
    expect(JSON.parse(localStorage.getItem(first.SETTINGS_STORAGE_KEY) ?? '{}').state.theme).toBe('#11a983');
    const second = await fresh<M>('./settings.ts');
    expect(second.useSettingsStore.getState().theme).toBe('#11a983');
    expect(second.useSettingsStore.getState().tagsView).toBe(false);
    expect(second.useSettingsStore.getState().fixedHeader).toBe(true);
  });
});

describe('tagsView store', () => {
  type M = typeof import('./tagsView.ts');
  const home = { path: '/home', fullPath: '/home', title: 'route:home', affix: true, cache: true };
  const a = { path: '/a', fullPath: '/a?x=1', title: 'a', cache: true };
  const b = { path: '/b', fullPath: '/b', title: 'b' };

  it('adds each path once and caches only pages that allow it', async () => {
    const { useTagsViewStore: s } = await fresh<M>('./tagsView.ts');
    s.getState().addView(home);
    s.getState().addView(a);
    s.getState().addView(a);
    s.getState().addView(b);
    expect(s.getState().visitedViews.map((v) => v.path)).toEqual(['/home', '/a', '/b']);
    expect(s.getState().cachedViews).toEqual(['/home', '/a']);
  });

  it('closes one, the others (keeping affix tags) or all (keeping affix tags)', async () => {
    const { useTagsViewStore: s } = await fresh<M>('./tagsView.ts');
    for (const v of [home, a, b]) s.getState().addView(v);
    s.getState().delView(a);
    expect(s.getState().visitedViews.map((v) => v.path)).toEqual(['/home', '/b']);
    expect(s.getState().cachedViews).toEqual(['/home']);
    s.getState().addView(a);
    s.getState().delOthersViews(b);
    expect(s.getState().visitedViews.map((v) => v.path)).toEqual(['/home', '/b']);
    expect(s.getState().cachedViews).toEqual([]);
    s.getState().addView(a);
    s.getState().delAllViews();
    expect(s.getState().visitedViews.map((v) => v.path)).toEqual(['/home']);
    expect(s.getState().cachedViews).toEqual([]);
  });

  it('drops a cached view for a refresh and updates a visited one', async () => {
    const { useTagsViewStore: s } = await fresh<M>('./tagsView.ts');
    s.getState().addView(a);
    s.getState().delCachedView(a);
    expect(s.getState().cachedViews).toEqual([]);
    expect(s.getState().visitedViews).toHaveLength(1);
    s.getState().updateVisitedView({ ...a, fullPath: '/a?x=2' });
    expect(s.getState().visitedViews[0]?.fullPath).toBe('/a?x=2');
  });
});

describe('errorLog store', () => {
  type M = typeof import('./errorLog.ts');

  it('records newest first, keeps at most 100 and clears', async () => {
    const { useErrorLogStore: s } = await fresh<M>('./errorLog.ts');
    for (let i = 0; i < 105; i++)
      s.getState().addErrorLog({ kind: 'runtime', message: `e${i}`, detail: '', url: '/home' });
    expect(s.getState().logs).toHaveLength(100);
    expect(s.getState().logs[0]?.message).toBe('e104');
    s.getState().clearErrorLog();
    expect(s.getState().logs).toEqual([]);
  });

  it('is enabled in production builds only (spec §9)', async () => {
    const { errorLogEnabled } = await fresh<M>('./errorLog.ts');
    expect(errorLogEnabled({ PROD: true })).toBe(true);
    expect(errorLogEnabled({ PROD: false })).toBe(false);
  });
});

describe('user store', () => {
  type M = typeof import('./user.ts');
  const envelope = (result: unknown, status = 200, message = 'ok') =>
    new Response(JSON.stringify({ code: status, message, result }), {
      status,
      headers: { 'content-type': 'application/json' },
    });

  it('reads the token from localStorage under Admin-Token', async () => {
    localStorage.setItem('Admin-Token', 'tok-1');
    const { useUserStore } = await fresh<M>('./user.ts');
    expect(useUserStore.getState().token).toBe('tok-1');
    expect(useUserStore.getState().roles).toEqual([]);
  });

  it('logs in with the trimmed username in the query and stores the token', async () => {
    const fetchMock = vi.fn(async () => envelope({ access_token: 'tok-2' }));
    vi.stubGlobal('fetch', fetchMock);
    const { useUserStore } = await fresh<M>('./user.ts');
    await useUserStore.getState().login({ username: '  alice ', password: 'p w' });
    const url = new URL(String((fetchMock.mock.calls[0] as unknown[])[0]), 'http://x');
    expect(url.pathname).toBe('/api/base/login_api/f/login');
    expect(url.searchParams.get('username')).toBe('alice');
    expect(url.searchParams.get('password')).toBe('p w');
    expect(localStorage.getItem('Admin-Token')).toBe('tok-2');
    expect(useUserStore.getState().token).toBe('tok-2');
  });

  it('gives every signed-in user the role admin, and fails on an empty current user', async () => {
    localStorage.setItem('Admin-Token', 'tok-3');
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(
          envelope({ id: 7, loginName: 'bob', avatar: '', roles: ['user'], loginMethods: ['password'] }),
        )
        .mockResolvedValueOnce(envelope(null)),
    );
    const { useUserStore } = await fresh<M>('./user.ts');
    await useUserStore.getState().getInfo();
    expect(useUserStore.getState()).toMatchObject({ id: 7, name: 'bob', roles: ['admin'] });
    await expect(useUserStore.getState().getInfo()).rejects.toThrow('验证失败，请重新登录。');
  });

  it('makes a guest with role admin', async () => {
    const { useUserStore } = await fresh<M>('./user.ts');
    useUserStore.getState().becomeGuest();
    expect(useUserStore.getState().roles).toEqual(['admin']);
    expect(useUserStore.getState().token).toBeNull();
  });

  it('logs out by calling current then logout, then clears the session even if the server fails', async () => {
    localStorage.setItem('Admin-Token', 'tok-4');
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        calls.push(new URL(input, 'http://x').pathname);
        return envelope(true);
      }),
    );
    const { useUserStore } = await fresh<M>('./user.ts');
    await useUserStore.getState().logout();
    expect(calls).toEqual(['/api/base/login_api/current', '/api/base/login_api/logout']);
    expect(localStorage.getItem('Admin-Token')).toBeNull();
    expect(useUserStore.getState()).toMatchObject({ token: null, id: null, roles: [] });

    localStorage.setItem('Admin-Token', 'tok-5');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('network'))),
    );
    const again = await fresh<M>('./user.ts');
    await again.useUserStore.getState().logout();
    expect(localStorage.getItem('Admin-Token')).toBeNull();
  });
});
