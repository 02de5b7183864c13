import { describe, expect, it } from 'vitest';
import { reduceContentPath, reducePaths } from '../shared/paths/reduce.ts';
import i18n, { loadEnglish } from '../locales/index.ts';
import { breadcrumbFor, flattenRoutes, hasRoute, matchAppRoute } from './lookup.ts';
import { navIndexFor, navItemAvailable, TOP_NAV } from './nav.ts';
import { routes } from './routes.tsx';
import { buildSearchPool, createRouteSearch, FUSE_OPTIONS } from './search.ts';
import type { AppRoute } from './types.ts';

const page = () => Promise.resolve({ default: () => null });

/** A table shaped like the product's, independent of which areas exist yet. */
const table: AppRoute[] = [
  { path: '/', redirect: '/home' },
  { path: '/home', page, meta: { title: 'route:home', navIndex: 1 } },
  { path: '/login', page, standalone: true, meta: { title: 'route:login', hidden: true } },
  {
    path: '/papercheck',
    redirect: '/papercheck/check',
    meta: { title: '论文查重' },
    children: [
      { path: '/papercheck/check', page, meta: { title: '提交查重' } },
      { path: '/paper/report', page, meta: { title: '查重报告' } },
      {
        path: '/paper/submit/:id',
        page,
        meta: { title: '确认提交', hidden: true, activeMenu: '/paper/report' },
      },
    ],
  },
  { path: '/aippt/ppt', page, meta: { title: 'PPT生成' } },
  { path: '/aippt/ppttype/:id', page, meta: { title: 'PPT生成', hidden: true } },
  { path: '/admin/secret', page, meta: { title: '管理', access: 'admin' } },
  { path: '/checkvip', page, meta: { title: 'route:checkvip', hidden: true } },
];

describe('route lookup', () => {
  it('matches static paths before parameters and knows unknown paths', () => {
    expect(matchAppRoute(table, '/paper/submit/42')?.params).toEqual({ id: '42' });
    expect(matchAppRoute(table, '/paper/submit/42')?.parents.map((p) => p.path)).toEqual(['/papercheck']);
    expect(matchAppRoute(table, '/aippt/ppt')?.route.path).toBe('/aippt/ppt');
    expect(matchAppRoute(table, '/aippt/ppttype/3')?.route.path).toBe('/aippt/ppttype/:id');
    expect(hasRoute(table, '/nope')).toBe(false);
    expect(matchAppRoute(table, '/')?.route.redirect).toBe('/home');
  });

  it('builds breadcrumbs from the menu group down to the page', () => {
    expect(breadcrumbFor(matchAppRoute(table, '/paper/report')).map((r) => r.meta?.title)).toEqual([
      '论文查重',
      '查重报告',
    ]);
  });

  it('puts a page under the group of the menu entry it declared (a 降AIGC record on the shared content URL)', () => {
    const content = matchAppRoute(routes, reduceContentPath(7));
    const titles = (chain: AppRoute[]) => chain.map((r) => r.meta?.title);
    expect(titles(breadcrumbFor(content))).toEqual(['reduce:route.group', 'reduce:route.content']);
    expect(titles(breadcrumbFor(content, matchAppRoute(routes, reducePaths.aigcRecords)))).toEqual([
      'reduce:route.aigcGroup',
      'reduce:route.content',
    ]);
  });
});

describe('route search (spec §9)', () => {
  const pool = buildSearchPool(table, (k) => (k === 'route:home' ? '首页' : k));
  const search = createRouteSearch(pool);

  it('uses threshold 0.4 and weights title 0.7, path 0.3', () => {
    expect(FUSE_OPTIONS.threshold).toBe(0.4);
    expect(FUSE_OPTIONS.keys).toEqual([
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ]);
  });

  it('lists visible pages without parameters, with their group titles', () => {
    expect(pool.map((e) => e.path)).toEqual([
      '/home',
      '/papercheck/check',
      '/paper/report',
      '/aippt/ppt',
      '/admin/secret',
    ]);
    expect(pool.find((e) => e.path === '/paper/report')?.title).toEqual(['论文查重', '查重报告']);
  });

  it('finds pages by Chinese title and by path', () => {
    expect(search('查重报告')[0]?.path).toBe('/paper/report');
    expect(search('首页')[0]?.path).toBe('/home');
    expect(search('PPT')[0]?.path).toBe('/aippt/ppt');
    expect(search('aippt')[0]?.path).toBe('/aippt/ppt');
    expect(search('完全无关的词语xyz')).toEqual([]);
    expect(search('  ')).toEqual([]);
  });
});

describe('top navigation (spec §1, §2)', () => {
  it('lists the items in the spec order', () => {
    expect(TOP_NAV.map((n) => i18n.t(`navbar:${n.titleKey}`, { lng: 'zh-CN' }))).toEqual([
      '首页',
      '论文写作',
      '论文降重',
      '降AIGC',
      'AIGC检测',
      '论文查重',
      '知网降重',
      'PPT生成',
      '优惠套餐',
    ]);
  });

  it('highlights by the spec indices', () => {
    const idx = (p: string) => navIndexFor(p, matchAppRoute(routes, p));
    expect(idx('/home')).toBe(1);
    expect(idx('/papercheck/check')).toBe(2);
    expect(idx('/paper/report')).toBe(2);
    expect(idx('/paper/submit/3')).toBe(2);
    expect(idx('/papergc/gc')).toBe(3);
    expect(idx('/paperwirte/report')).toBe(3);
    expect(idx('/papermachinesubmit/papermachine')).toBe(4);
    expect(idx('/papermachine/list')).toBe(4);
    expect(idx('/cnki/cnki')).toBe(5);
    expect(idx('/papermachine/cnki')).toBe(5);
    expect(idx('/aigcdown/machine')).toBe(6);
    expect(idx('/aigc/list')).toBe(6);
    expect(idx('/order/taocan')).toBe(7);
    expect(idx('/order/account')).toBe(7);
    expect(idx('/aippt/ppttype/2')).toBe(9);
    expect(idx('/aigccheck/check')).toBe(16);
    expect(idx('/checkvip')).toBeNull();
  });

  it('prefers a route’s declared navIndex', () => {
    const t: AppRoute[] = [{ path: '/special', page, meta: { title: 'x', navIndex: 9 } }];
    expect(navIndexFor('/special', matchAppRoute(t, '/special'))).toBe(9);
  });

  it('marks items available only when their page exists in the table', () => {
    const check = TOP_NAV.find((n) => n.index === 2)!;
    const write = TOP_NAV.find((n) => n.index === 3)!;
    expect(navItemAvailable(table, check)).toBe(true);
    expect(navItemAvailable(table, write)).toBe(false);
  });
});

describe('the route table', () => {
  const flat = flattenRoutes(routes).map((r) => r.route);

  it('holds the shell routes of spec §2', () => {
    for (const p of [
      '/',
      '/home',
      '/login',
      '/auth-redirect',
      '/404',
      '/401',
      '/redirect/home',
      '/checkvip',
    ]) {
      expect(hasRoute(routes, p), p).toBe(true);
    }
    expect(matchAppRoute(routes, '/')?.route.redirect).toBe('/home');
    for (const p of ['/login', '/auth-redirect', '/404', '/401'])
      expect(matchAppRoute(routes, p)?.route.standalone, p).toBe(true);
  });

  it('has absolute paths and a title in both languages for every page', async () => {
    await loadEnglish();
    for (const r of flat) {
      expect(r.path.startsWith('/'), r.path).toBe(true);
      if (!r.page) continue;
      const key = r.meta?.title ?? '';
      expect(key, r.path).not.toBe('');
      for (const lng of ['zh-CN', 'en-US'])
        expect(i18n.exists(key, { lng }), `${r.path} ${key} ${lng}`).toBe(true);
    }
  });

  it('has no duplicate paths', () => {
    const paths = flat.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
